#pragma once
// SentencePiece-style BPE ("llama" in GGUF): spaces become "▁", pairs are merged by the highest vocabulary
// score, and characters with no token fall back to <0xXX> byte tokens.
#include <array>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/tokenizer/special_tokens.h"
#include "engine/tokenizer/tokenizer.h"

namespace inferscope {

class SpmTokenizer final : public Tokenizer {
 public:
  explicit SpmTokenizer(VocabData vocab);
  std::vector<int32_t> encode(std::string_view text, bool add_special, bool parse_special) const override;
  std::string token_to_piece(int32_t id, bool render_special = false) const override;

 private:
  // Appends the ids of one run of raw text, already escaped ("▁" for spaces).
  void encode_run(const std::string& text, std::vector<int32_t>& out) const;
  int32_t find(std::string_view text) const;

  SpecialTokens specials_;
  std::unordered_map<std::string, int32_t> token_ids_;
  std::array<int32_t, 256> byte_ids_{};  // id of <0xXX> (or of the one-byte token), -1 when absent
};

}  // namespace inferscope
