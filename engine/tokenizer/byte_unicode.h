#pragma once
// GPT-2's reversible byte <-> printable-character mapping: byte-level BPE vocabularies store every
// byte as a visible character (space is "Ġ", newline "Ċ"), so merges never see raw control bytes.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace inferscope {

class ByteUnicode {
 public:
  static const ByteUnicode& instance();
  // The UTF-8 text of the character byte b maps to.
  const std::string& encode(uint8_t b) const { return byte_to_text_[b]; }
  std::string encode(std::string_view bytes) const;
  // Undoes the mapping; characters outside it are copied through unchanged.
  std::string decode(std::string_view text) const;

 private:
  ByteUnicode();
  std::array<std::string, 256> byte_to_text_;
  std::array<int16_t, 512> codepoint_to_byte_{};  // the mapping only uses code points below 324
};

}  // namespace inferscope
