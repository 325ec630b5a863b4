#include "engine/spec/verifier.h"

#include <algorithm>

namespace inferscope::spec {

Verdict verify(const float* target_logits, int V, const std::vector<int32_t>& drafts, const std::vector<float>& q,
               const SamplingParams& params, std::vector<int32_t> history, SamplerRng& rng, AcceptRule rule) {
  Verdict v;
  const int k = static_cast<int>(drafts.size());
  std::vector<float> p;
  for (int i = 0; i <= k; ++i) {
    const float* row = target_logits + size_t(i) * V;
    if (params.greedy()) {
      const int32_t t = sample_token(row, V, params, history, rng, p);
      if (i < k && drafts[i] == t) {
        v.tokens.push_back(t);
        history.push_back(t);
        ++v.accepted;
        continue;
      }
      v.tokens.push_back(t);
      return v;
    }
    sampling_distribution(row, V, params, history, p);
    if (i == k) {  // every draft accepted: the bonus token comes from p alone
      v.tokens.push_back(draw(p, rng));
      return v;
    }
    const int32_t x = drafts[i];
    const float* qi = q.empty() ? nullptr : q.data() + size_t(i) * V;
    const double qx = qi ? qi[x] : 1.0;
    const double px = p[x];
    bool accept;
    if (rule == AcceptRule::AcceptAllForTests) {
      accept = true;
    } else {
      const double u = rng.uniform();
      accept = qx > 0 && u * qx < px;  // u < min(1, p/q) without dividing
    }
    if (accept) {
      v.tokens.push_back(x);
      history.push_back(x);
      ++v.accepted;
      continue;
    }
    // Residual distribution max(0, p - q): the mass the draft under-proposed.
    double mass = 0;
    for (int j = 0; j < V; ++j) {
      const float qj = qi ? qi[j] : (j == x ? 1.0f : 0.0f);
      p[j] = std::max(0.0f, p[j] - qj);
      mass += p[j];
    }
    if (mass <= 0) sampling_distribution(row, V, params, history, p);  // p == q up to rounding
    v.tokens.push_back(draw(p, rng));
    return v;
  }
  return v;
}

}  // namespace inferscope::spec
