#include "engine/spec/ngram_drafter.h"

#include <algorithm>

namespace inferscope::spec {

std::vector<int32_t> NgramDrafter::lookup(const std::vector<int32_t>& t, int max_n, int k) {
  const int n = static_cast<int>(t.size());
  for (int len = std::min(max_n, n - 1); len >= 1; --len) {
    const int32_t* suffix = t.data() + n - len;
    // Most recent match first: nearby text predicts best. The match must end before the suffix starts.
    for (int i = n - len - 1; i >= 0; --i) {
      if (!std::equal(suffix, suffix + len, t.data() + i)) continue;
      const int from = i + len, to = std::min(n, from + k);
      if (from < to) return std::vector<int32_t>(t.begin() + from, t.begin() + to);
    }
  }
  return {};
}

void NgramDrafter::propose(std::span<const DraftInput> inputs, std::vector<Draft>& out) {
  out.assign(inputs.size(), Draft{});
  for (size_t i = 0; i < inputs.size(); ++i) out[i].tokens = lookup(*inputs[i].tokens, max_n_, inputs[i].k);
}

}  // namespace inferscope::spec
