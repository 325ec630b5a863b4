#pragma once
// Turns logits into a token: repetition penalty, top-k, top-p, min-p, temperature, then a seeded draw
// (or argmax when greedy). The same seed and inputs always give the same token.
#include <cstdint>
#include <random>
#include <vector>

#include "engine/sample/sampling_params.h"

namespace inferscope {

// A sequence's random stream. mt19937_64's output is fixed by the C++ standard, and we turn bits into
// uniforms ourselves (std distributions differ between standard libraries).
class SamplerRng {
 public:
  explicit SamplerRng(uint64_t seed) : engine_(seed) {}
  double uniform();  // [0, 1)
 private:
  std::mt19937_64 engine_;
};

// Index of the largest logit (lowest index on ties).
int32_t argmax(const float* logits, int n);

// The distribution the sampler draws from after all filters, as a dense probability vector of n entries
// (zeros for filtered tokens). For greedy params it is one-hot on the argmax. history is the sequence's
// tokens so far (for the repetition penalty).
void sampling_distribution(const float* logits, int n, const SamplingParams& params,
                           const std::vector<int32_t>& history, std::vector<float>& probs);

// Draws from a dense distribution (sum may differ slightly from 1).
int32_t draw(const std::vector<float>& probs, SamplerRng& rng);

// True when params pick the argmax of the raw logits (greedy, no repetition penalty): sample_token then
// reads nothing but the logits, so such rows may be decided in any order or in parallel.
bool plain_greedy(const SamplingParams& params);

// One token: argmax for greedy params (after the repetition penalty), else a draw.
int32_t sample_token(const float* logits, int n, const SamplingParams& params, const std::vector<int32_t>& history,
                     SamplerRng& rng, std::vector<float>& scratch);

}  // namespace inferscope
