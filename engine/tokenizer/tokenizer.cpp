// The parts shared by both tokenizer kinds: construction by model name, end-of-generation ids, decode.
#include "engine/tokenizer/tokenizer.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string_view>

#include "engine/tokenizer/bpe_tokenizer.h"
#include "engine/tokenizer/spm_tokenizer.h"

namespace inferscope {
namespace {

// Texts llama.cpp treats as end of generation whatever the metadata's EOS says: chat models end a turn
// with these while EOS marks the end of a document.
constexpr std::array<std::string_view, 5> kEogTexts = {"<|im_end|>", "<|endoftext|>", "<|eot_id|>",
                                                       "<|end_of_text|>", "</s>"};

}  // namespace

std::unique_ptr<Tokenizer> Tokenizer::create(const VocabData& vocab) {
  if (vocab.model == "gpt2") return std::make_unique<BpeTokenizer>(vocab);
  if (vocab.model == "llama") return std::make_unique<SpmTokenizer>(vocab);
  throw std::runtime_error("unsupported tokenizer model '" + vocab.model +
                           "' (tokenizer.ggml.model); supported: gpt2 (byte-level BPE), llama (SentencePiece BPE)");
}

Tokenizer::Tokenizer(VocabData vocab) : vocab_(std::move(vocab)) {
  const size_t n = vocab_.tokens.size();
  if (n == 0) throw std::runtime_error("tokenizer: the vocabulary is empty");
  if (!vocab_.token_types.empty() && vocab_.token_types.size() != n)
    throw std::runtime_error("tokenizer: " + std::to_string(vocab_.token_types.size()) + " token types for " +
                             std::to_string(n) + " tokens");
  for (int32_t* id : {&vocab_.bos, &vocab_.eos, &vocab_.eot, &vocab_.unk, &vocab_.pad})
    if (*id >= static_cast<int32_t>(n)) throw std::runtime_error("tokenizer: special token id " + std::to_string(*id) +
                                                                 " is outside the vocabulary of " + std::to_string(n));
  for (int32_t id : {vocab_.eos, vocab_.eot})
    if (id >= 0) eog_ids_.push_back(id);
  for (size_t i = 0; i < n; ++i)
    if (std::find(kEogTexts.begin(), kEogTexts.end(), vocab_.tokens[i]) != kEogTexts.end())
      eog_ids_.push_back(static_cast<int32_t>(i));
  std::sort(eog_ids_.begin(), eog_ids_.end());
  eog_ids_.erase(std::unique(eog_ids_.begin(), eog_ids_.end()), eog_ids_.end());
}

bool Tokenizer::is_eog(int32_t id) const { return std::binary_search(eog_ids_.begin(), eog_ids_.end(), id); }

TokenType Tokenizer::token_type(int32_t id) const {
  if (id < 0 || static_cast<size_t>(id) >= vocab_.token_types.size()) return TokenType::Normal;
  return static_cast<TokenType>(vocab_.token_types[id]);
}

std::string Tokenizer::byte_token_value(std::string_view text) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  if (text.size() != 6 || text.substr(0, 3) != "<0x" || text[5] != '>') return {};
  const int hi = hex(text[3]), lo = hex(text[4]);
  if (hi < 0 || lo < 0) return {};
  return std::string(1, static_cast<char>(hi * 16 + lo));
}

std::string Tokenizer::decode(const std::vector<int32_t>& ids, bool render_special) const {
  std::string out;
  // SentencePiece encoding added a "▁" in front of the text; remove that one space again so that
  // decode(encode(x)) == x. Only at the start of the text (after a leading BOS), as llama.cpp does.
  bool strip_space = vocab_.model == "llama" && vocab_.add_space_prefix;
  for (size_t i = 0; i < ids.size(); ++i) {
    std::string piece = token_to_piece(ids[i], render_special);
    if (strip_space && !(i == 0 && ids[i] == vocab_.bos)) {
      if (!piece.empty() && piece.front() == ' ') piece.erase(0, 1);
      strip_space = false;
    }
    out += piece;
  }
  return out;
}

}  // namespace inferscope
