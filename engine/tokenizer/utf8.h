#pragma once
// Small UTF-8 helpers shared by the tokenizers and the stream decoder.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace inferscope::utf8 {

// Length of the sequence a lead byte announces (1 for ASCII and for invalid lead bytes, so that callers
// walking a string always make progress).
inline size_t sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 1;
}

// Length of the character starting at text[pos]. A malformed or truncated sequence counts as one
// byte, so that a stray lead byte never swallows the ASCII (or the "▁") that follows it.
inline size_t char_length(std::string_view text, size_t pos) {
  const size_t n = sequence_length(static_cast<unsigned char>(text[pos]));
  if (n > text.size() - pos) return 1;
  for (size_t i = 1; i < n; ++i)
    if ((static_cast<unsigned char>(text[pos + i]) & 0xC0) != 0x80) return 1;
  return n;
}

inline void append_codepoint(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

inline constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";  // U+FFFD

}  // namespace inferscope::utf8
