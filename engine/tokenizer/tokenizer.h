#pragma once
// Tokenizers driven by GGUF tokenizer metadata: byte-level BPE ("gpt2") with the pre-tokenizer named by
// tokenizer.ggml.pre, and SentencePiece-style BPE ("llama"). Output ids match llama.cpp's.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace inferscope::gguf { class GgufFile; }

namespace inferscope {

// Token types as GGUF stores them.
enum class TokenType : int32_t { Undefined = 0, Normal = 1, Unknown = 2, Control = 3, UserDefined = 4, Unused = 5, Byte = 6 };

struct VocabData {
  std::string model;                 // "gpt2" | "llama"
  std::string pre;                   // "smollm", "llama-bpe", "default", ... (gpt2 only)
  std::vector<std::string> tokens;
  std::vector<int32_t> token_types;  // TokenType values; empty = all Normal
  std::vector<std::string> merges;   // "a b" (gpt2)
  std::vector<float> scores;         // (llama)
  int32_t bos = -1, eos = -1, eot = -1, unk = -1, pad = -1;
  bool add_bos = false, add_eos = false, add_space_prefix = false;
  std::string chat_template;
};

// Reads tokenizer.* keys; throws std::runtime_error with a clear message when they are missing or malformed.
VocabData read_vocab(const gguf::GgufFile& file);

class Tokenizer {
 public:
  // Throws std::runtime_error naming the unsupported tokenizer model or pre-tokenizer.
  static std::unique_ptr<Tokenizer> create(const VocabData& vocab);
  virtual ~Tokenizer() = default;

  // add_special: add BOS/EOS as the metadata says. parse_special: recognise control/user-defined token
  // texts (e.g. "<|im_start|>") in the input as single tokens, as llama.cpp does with special=true.
  virtual std::vector<int32_t> encode(std::string_view text, bool add_special, bool parse_special) const = 0;
  // The raw bytes a token stands for (byte tokens decoded, "Ġ"-mapping undone, "▁" -> space).
  // Control tokens give their text only when render_special is true.
  virtual std::string token_to_piece(int32_t id, bool render_special = false) const = 0;
  std::string decode(const std::vector<int32_t>& ids, bool render_special = false) const;

  const VocabData& vocab() const { return vocab_; }
  int32_t n_vocab() const { return static_cast<int32_t>(vocab_.tokens.size()); }
  int32_t bos() const { return vocab_.bos; }
  int32_t eos() const { return vocab_.eos; }
  // End of generation: EOS, EOT, or tokens llama.cpp treats as such (<|im_end|>, <|endoftext|>, <|eot_id|>).
  bool is_eog(int32_t id) const;
  // The GGUF token type (Normal when the metadata gives none or the id is out of range).
  TokenType token_type(int32_t id) const;

 protected:
  explicit Tokenizer(VocabData vocab);
  // "<0x0A>" -> "\n": the byte a byte-fallback token stands for; empty when text has another form.
  static std::string byte_token_value(std::string_view text);
  VocabData vocab_;
  std::vector<int32_t> eog_ids_;
};

// Turns a stream of token byte pieces into valid UTF-8 text: a character split over several tokens is
// held back until complete; invalid sequences become U+FFFD.
class Utf8StreamDecoder {
 public:
  std::string push(std::string_view bytes);  // returns the text that is complete so far
  std::string flush();                        // at the end: whatever is pending, invalid bytes as U+FFFD
 private:
  std::string pending_;
};

}  // namespace inferscope
