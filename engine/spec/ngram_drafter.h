#pragma once
// Prompt-lookup drafting (no model): find the most recent earlier occurrence of the sequence's last N
// tokens (then N-1, ..., 1) and propose the tokens that followed it. Free to run; strong on
// repetitive text and code that copies from the prompt, useless on fresh prose.
#include "engine/spec/drafter.h"

namespace inferscope::spec {

class NgramDrafter final : public Drafter {
 public:
  explicit NgramDrafter(int max_n) : max_n_(max_n) {}
  std::string name() const override { return "ngram:" + std::to_string(max_n_); }
  void propose(std::span<const DraftInput> inputs, std::vector<Draft>& out) override;

  // The lookup itself: up to k tokens continuing tokens, empty when no suffix of length <= max_n recurs.
  static std::vector<int32_t> lookup(const std::vector<int32_t>& tokens, int max_n, int k);

 private:
  int max_n_;
};

}  // namespace inferscope::spec
