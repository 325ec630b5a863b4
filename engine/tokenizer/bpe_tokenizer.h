#pragma once
// Byte-level BPE ("gpt2" in GGUF): special tokens split out, pre-tokenizer regexes, GPT-2 byte mapping,
// then merges applied lowest rank first within each pre-token.
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/tokenizer/pretokenizer.h"
#include "engine/tokenizer/special_tokens.h"
#include "engine/tokenizer/tokenizer.h"

namespace inferscope {

class BpeTokenizer final : public Tokenizer {
 public:
  explicit BpeTokenizer(VocabData vocab);
  std::vector<int32_t> encode(std::string_view text, bool add_special, bool parse_special) const override;
  std::string token_to_piece(int32_t id, bool render_special = false) const override;

 private:
  // Appends the ids of one pre-token, given in its byte-mapped form.
  void encode_word(const std::string& word, std::vector<int32_t>& out) const;
  int rank(std::string_view left, std::string_view right) const;

  PreTokenizer pre_;
  SpecialTokens specials_;
  std::unordered_map<std::string, int32_t> token_ids_;
  std::unordered_map<std::string, int32_t> merge_ranks_;  // "left right" -> rank (line in the merges list)
};

}  // namespace inferscope
