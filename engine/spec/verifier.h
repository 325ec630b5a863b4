#pragma once
// Verification of a draft against the target's logits for the k+1 positions of one pass.
//   Greedy: accept drafts while each equals the target's choice (argmax after the repetition penalty,
//   exactly what the sampler picks), then emit the target's own token: output identical to plain greedy.
//   Sampling: accept draft x with probability min(1, p(x)/q(x)); on the first rejection emit a draw from
//   normalize(max(0, p - q)); when all k are accepted emit a bonus draw from p. The emitted tokens are
//   then distributed exactly as the target's sampler would produce them (Leviathan et al. 2023).
// p is the target sampler's own distribution (engine/sample: temperature, top-k, top-p, min-p, penalty),
// q the same filters applied to the draft's logits (or one-hot when the drafter is certain).
#include <cstdint>
#include <vector>

#include "engine/sample/sampler.h"
#include "engine/spec/spec_config.h"

namespace inferscope::spec {

struct Verdict {
  std::vector<int32_t> tokens;  // the accepted drafts followed by one target token (1..k+1 tokens)
  int accepted = 0;             // drafts accepted (tokens.size() - 1)
};

// target_logits: (drafts.size() + 1) x n_vocab rows, row i scoring the position of drafts[i] (the last row
// the position after them). q: drafts.size() x n_vocab, or empty for one-hot drafts. history: the
// sequence's tokens before the drafts (for the repetition penalty).
Verdict verify(const float* target_logits, int n_vocab, const std::vector<int32_t>& drafts, const std::vector<float>& q,
               const SamplingParams& params, std::vector<int32_t> history, SamplerRng& rng,
               AcceptRule rule = AcceptRule::Exact);

}  // namespace inferscope::spec
