#include "engine/sample/sampler.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_set>

#include "kernels/cpu/ops.h"

namespace inferscope {

std::string SamplingParams::validate() const {
  if (!std::isfinite(temperature) || temperature < 0.0f) return "temperature must be >= 0";
  if (top_k < 0) return "top_k must be >= 0";
  if (!(top_p > 0.0f && top_p <= 1.0f)) return "top_p must be in (0, 1]";
  if (!(min_p >= 0.0f && min_p <= 1.0f)) return "min_p must be in [0, 1]";
  if (!(repetition_penalty > 0.0f)) return "repetition_penalty must be > 0";
  if (repeat_last_n < 0) return "repeat_last_n must be >= 0";
  if (max_tokens < 1) return "max_tokens must be >= 1";
  for (const auto& s : stop)
    if (s.empty()) return "stop strings must not be empty";
  return {};
}

double SamplerRng::uniform() { return static_cast<double>(engine_() >> 11) * (1.0 / 9007199254740992.0); }

int32_t argmax(const float* logits, int n) {
  // Ties go to the lowest id; the kernel's vector scan was ~5% of a 16-sequence Gemma 3 decode step as scalar code.
  return static_cast<int32_t>(kernels::argmax_first(logits, n));
}

namespace {

// Penalized copy of the logits (CTRL: divide positive logits, multiply negative ones).
void apply_penalty(const float* logits, int n, const SamplingParams& p, const std::vector<int32_t>& history,
                   std::vector<float>& out) {
  out.assign(logits, logits + n);
  if (p.repetition_penalty == 1.0f || p.repeat_last_n == 0) return;
  const size_t start = history.size() > size_t(p.repeat_last_n) ? history.size() - p.repeat_last_n : 0;
  std::unordered_set<int32_t> seen(history.begin() + start, history.end());
  for (int32_t id : seen) {
    if (id < 0 || id >= n) continue;
    out[id] = out[id] > 0 ? out[id] / p.repetition_penalty : out[id] * p.repetition_penalty;
  }
}

}  // namespace

void sampling_distribution(const float* logits, int n, const SamplingParams& p, const std::vector<int32_t>& history,
                           std::vector<float>& probs) {
  std::vector<float> z;
  apply_penalty(logits, n, p, history, z);
  probs.assign(n, 0.0f);
  if (p.greedy()) {
    probs[argmax(z.data(), n)] = 1.0f;
    return;
  }
  // Candidates sorted by logit, descending (stable: ties keep the lower id first).
  std::vector<int32_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  int keep = n;
  if (p.top_k > 0 && p.top_k < n) {
    keep = p.top_k;
    std::partial_sort(idx.begin(), idx.begin() + keep, idx.end(),
                      [&](int32_t a, int32_t b) { return z[a] > z[b] || (z[a] == z[b] && a < b); });
  } else {
    std::sort(idx.begin(), idx.end(), [&](int32_t a, int32_t b) { return z[a] > z[b] || (z[a] == z[b] && a < b); });
  }
  // Softmax at temperature over the kept candidates (filters applied on the tempered distribution).
  const double t = p.temperature;
  const double zmax = z[idx[0]];
  std::vector<double> e(keep);
  double sum = 0.0;
  for (int i = 0; i < keep; ++i) sum += e[i] = std::exp((z[idx[i]] - zmax) / t);
  // top-p: smallest prefix whose mass reaches p.
  if (p.top_p < 1.0f) {
    double acc = 0.0;
    for (int i = 0; i < keep; ++i) {
      acc += e[i] / sum;
      if (acc >= p.top_p) {
        keep = i + 1;
        break;
      }
    }
  }
  // min-p: drop candidates below min_p x the top probability.
  if (p.min_p > 0.0f) {
    int k = 1;
    while (k < keep && e[k] >= p.min_p * e[0]) ++k;
    keep = k;
  }
  double kept_sum = 0.0;
  for (int i = 0; i < keep; ++i) kept_sum += e[i];
  for (int i = 0; i < keep; ++i) probs[idx[i]] = static_cast<float>(e[i] / kept_sum);
}

int32_t draw(const std::vector<float>& probs, SamplerRng& rng) {
  double total = 0.0;
  for (float q : probs) total += q;
  const double u = rng.uniform() * total;
  double acc = 0.0;
  int32_t last_nonzero = 0;
  for (size_t i = 0; i < probs.size(); ++i) {
    if (probs[i] <= 0.0f) continue;
    acc += probs[i];
    last_nonzero = static_cast<int32_t>(i);
    if (u < acc) return last_nonzero;
  }
  return last_nonzero;
}

bool plain_greedy(const SamplingParams& p) { return p.greedy() && (p.repetition_penalty == 1.0f || p.repeat_last_n == 0); }

int32_t sample_token(const float* logits, int n, const SamplingParams& p, const std::vector<int32_t>& history,
                     SamplerRng& rng, std::vector<float>& scratch) {
  if (plain_greedy(p)) return argmax(logits, n);
  sampling_distribution(logits, n, p, history, scratch);
  if (p.greedy()) return argmax(scratch.data(), n);
  return draw(scratch, rng);
}

}  // namespace inferscope
