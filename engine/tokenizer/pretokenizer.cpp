// PreTokenizer with PCRE2 (UTF + UCP so that \p{L}, \p{N} and \s follow Unicode, as llama.cpp's
// hand-written splitters do). Each regex is compiled once and JIT-compiled when the library supports it.
#include "engine/tokenizer/pretokenizer.h"

#include <pcre2.h>

#include <stdexcept>

#include "engine/tokenizer/utf8.h"

namespace inferscope {
namespace {

// GPT-2's pattern. The trailing `\s+` only names what the split keeps anyway: a lone whitespace
// character before a non-space would otherwise be left as text between matches.
constexpr const char* kGpt2 =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";
constexpr const char* kLlama3 =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

// Llama 3's pattern with one digit per pre-token (Qwen2) ... The contractions are spelled out per letter
// rather than with (?i:), whose Unicode case folding would also take "'ſ" (long s) and "'K" (Kelvin sign).
constexpr const char* kQwen2 =
    R"('[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD]|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
// ... and Qwen3.5's, where combining marks stay with the letters they modify.
constexpr const char* kQwen35 =
    R"('[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD]|[^\r\n\p{L}\p{N}]?[\p{L}\p{M}]+|\p{N}| ?[^\s\p{L}\p{M}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

// DeepSeek LLM: line breaks alone, then runs of cased letters (explicit ranges, not \p{L}: CJK and other
// uncased scripts are left to the CJK rule), ASCII/full-width punctuation, trailing whitespace (\z: the end
// of the piece only, not before a final newline), CJK/Hangul runs, digit runs.
const std::vector<const char*> kDeepseekLlm = {
    R"([\r\n])",
    R"(\s?[A-Za-zµÀ-ÖØ-öø-ƺƼ-ƿǄ-ʓʕ-ʯͰ-ͳͶͷͻ-ͽͿΆΈ-ΊΌΎ-ΡΣ-ϵϷ-ҁҊ-ԯԱ-ՖႠ-ჅᎠ-Ᏽᏸ-ᏽᲐ-ᲺᲽ-Ჿᴀ-ᴫᵫ-ᵷᵹ-ᶚḀ-ἕἘ-Ἕἠ-ὅὈ-Ὅὐ-ὗὙὛὝὟ-ώᾀ-ᾴᾶ-ᾼιῂ-ῄῆ-ῌῐ-ΐῖ-Ίῠ-Ῥῲ-ῴῶ-ῼℂℇℊ-ℓℕℙ-ℝℤΩℨK-ℭℯ-ℴℹℼ-ℿⅅ-ⅉⅎↃↄⰀ-ⱻⱾ-ⳤⳫ-ⳮⳲⳳꙀ-ꙭꚀ-ꚛꜢ-ꝯꝱ-ꞇꞋ-ꞎꭰ-ꮿﬀ-ﬆﬓ-ﬗＡ-Ｚａ-ｚ𐐀-𐑏𐒰-𐓓𐓘-𐓻𐲀-𐲲𐳀-𐳲𑢠-𑣟𞤀-𞥃]+)",
    R"(\s?[!-/:-~！-／：-～‘-‟　-。]+)",
    R"(\s+\z)",
    R"([一-龥ࠀ-一가-퟿]+)",
    R"(\p{N}+)",
};
// DeepSeek Coder: line breaks, letter runs, punctuation runs, CJK/Hangul runs, single digits.
const std::vector<const char*> kDeepseekCoder = {
    R"([\r\n])", R"(\s?\p{L}+)", R"(\s?\p{P}+)", R"([一-龥ࠀ-一가-퟿]+)", R"(\p{N})",
};

struct PreSpec {
  std::vector<const char*> names;
  std::vector<const char*> patterns;
  bool ignore_merges = false;
};

const std::vector<PreSpec>& specs() {
  static const std::vector<PreSpec> table = {
      // SmolLM, StarCoder & co.: every digit is its own pre-token before the GPT-2 pattern runs, so
      // "2024" is four tokens and the space before a number stays a token of its own.
      {{"smollm", "starcoder", "refact", "command-r", "codeshell"}, {R"(\p{N})", kGpt2}, false},
      {{"gpt2", "gpt-2", "mpt", "olmo"}, {kGpt2}, false},
      {{"llama3", "llama-bpe", "llama-v3"}, {kLlama3}, true},
      {{"qwen2", "stablelm2", "deepseek-r1-qwen"}, {kQwen2}, false},
      {{"qwen35"}, {kQwen35}, false},
      {{"deepseek-llm"}, kDeepseekLlm, false},
      {{"deepseek-coder"}, kDeepseekCoder, false},
      // Falcon: punctuation and symbol runs first, then GPT-2's pattern, then digits in threes.
      {{"falcon"}, {R"([\p{P}\$\+<=>\^~\|`]+)", kGpt2, R"([0-9][0-9][0-9])"}, false},
      // llama.cpp's list for vocabularies without a (known) pre name.
      {{"default"},
       {R"([\p{P}\$\+<=>\^~\|]+)", kGpt2, R"(\p{N}+)", R"([0-9][0-9][0-9])"},
       false},
  };
  return table;
}

}  // namespace

struct PreTokenizer::Regex {
  pcre2_code* code = nullptr;
  ~Regex() { pcre2_code_free(code); }
};

PreTokenizer::PreTokenizer(const std::string& pre_name) {
  const PreSpec* spec = nullptr;
  for (const PreSpec& s : specs())
    for (const char* n : s.names)
      if (pre_name == n) spec = &s;
  if (spec == nullptr) {
    std::string list;
    for (const std::string& n : supported_names()) list += (list.empty() ? "" : ", ") + n;
    throw std::runtime_error("unsupported pre-tokenizer '" + pre_name + "' (tokenizer.ggml.pre); supported: " + list);
  }
  ignore_merges_ = spec->ignore_merges;
  for (const char* pattern : spec->patterns) {
    int err = 0;
    PCRE2_SIZE err_offset = 0;
    auto re = std::make_unique<Regex>();
    // MATCH_INVALID_UTF: arbitrary bytes from users must not make matching fail; invalid bytes simply
    // never match and end up as pieces of their own.
    re->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern), PCRE2_ZERO_TERMINATED,
                             PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF, &err, &err_offset, nullptr);
    if (re->code == nullptr) {
      PCRE2_UCHAR msg[256];
      pcre2_get_error_message(err, msg, sizeof msg);
      throw std::runtime_error("pre-tokenizer regex failed to compile at " + std::to_string(err_offset) + ": " +
                               reinterpret_cast<const char*>(msg));
    }
    pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);  // optional speed-up; the interpreter is the fallback
    regexes_.push_back(std::move(re));
  }
}

PreTokenizer::~PreTokenizer() = default;

std::vector<std::string> PreTokenizer::supported_names() {
  std::vector<std::string> out;
  for (const PreSpec& s : specs())
    for (const char* n : s.names) out.emplace_back(n);
  return out;
}

std::vector<std::string_view> PreTokenizer::split(std::string_view text) const {
  std::vector<std::string_view> pieces;
  if (text.empty()) return pieces;
  pieces.push_back(text);
  std::vector<std::string_view> next;
  for (const auto& re : regexes_) {
    pcre2_match_data* md = pcre2_match_data_create_from_pattern(re->code, nullptr);
    next.clear();
    for (std::string_view piece : pieces) {
      // Each piece is matched as a subject of its own: lookaheads must not see past the piece,
      // exactly as when llama.cpp runs the next regex on the previous one's output.
      const auto* subject = reinterpret_cast<PCRE2_SPTR>(piece.data());
      size_t pos = 0;
      while (pos < piece.size()) {
        const int rc = pcre2_match(re->code, subject, piece.size(), pos, 0, md, nullptr);
        if (rc < 0) break;  // PCRE2_ERROR_NOMATCH (or a limit): the rest is one gap piece
        const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(md);
        size_t start = ov[0], end = ov[1];
        if (end == start) end = start + utf8::char_length(piece, start);  // no pattern matches empty; be safe
        if (start > pos) next.push_back(piece.substr(pos, start - pos));
        next.push_back(piece.substr(start, end - start));
        pos = end;
      }
      if (pos < piece.size()) next.push_back(piece.substr(pos));
    }
    pcre2_match_data_free(md);
    pieces.swap(next);
  }
  return pieces;
}

}  // namespace inferscope
