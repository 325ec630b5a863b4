#pragma once
// Finds special-token texts (e.g. "<|im_start|>") in the input before BPE runs, so that they become
// single ids and BPE never merges across them.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/tokenizer/tokenizer.h"

namespace inferscope {

struct Fragment {
  std::string_view text;  // raw text to tokenize (when id < 0)
  int32_t id = -1;        // a special token found in the input
};

class SpecialTokens {
 public:
  explicit SpecialTokens(const VocabData& vocab);
  // Control and unknown tokens are recognised only with parse_special; user-defined tokens always are
  // (llama.cpp and Hugging Face both split added tokens out before the model's own pre-tokenizer).
  std::vector<Fragment> partition(std::string_view text, bool parse_special) const;

 private:
  struct Entry {
    std::string text;
    int32_t id;
    bool needs_parse_special;
  };
  std::vector<Entry> entries_;  // longest text first, so "<|im_start|>" wins over any prefix of it
};

}  // namespace inferscope
