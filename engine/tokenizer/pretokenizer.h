#pragma once
// Pre-tokenization for byte-level BPE: splits text into the pieces BPE merges never cross, with the
// regex list llama.cpp associates with each tokenizer.ggml.pre name.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace inferscope {

class PreTokenizer {
 public:
  // Throws std::runtime_error("unsupported pre-tokenizer '<name>' ...") listing the supported names.
  explicit PreTokenizer(const std::string& pre_name);
  ~PreTokenizer();
  PreTokenizer(const PreTokenizer&) = delete;
  PreTokenizer& operator=(const PreTokenizer&) = delete;

  // Applies each regex in turn to every piece produced by the previous one; both the matches and the
  // text between matches become pieces (llama.cpp's unicode_regex_split), so no byte is ever dropped.
  std::vector<std::string_view> split(std::string_view text) const;

  // Llama-3 style vocabularies take a whole pre-token when it is in the vocabulary, ignoring merges.
  bool ignore_merges() const { return ignore_merges_; }
  static std::vector<std::string> supported_names();

 private:
  struct Regex;
  std::vector<std::unique_ptr<Regex>> regexes_;
  bool ignore_merges_ = false;
};

}  // namespace inferscope
