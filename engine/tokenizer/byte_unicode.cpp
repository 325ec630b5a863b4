#include "engine/tokenizer/byte_unicode.h"

#include "engine/tokenizer/utf8.h"

namespace inferscope {

const ByteUnicode& ByteUnicode::instance() {
  static const ByteUnicode table;
  return table;
}

ByteUnicode::ByteUnicode() {
  codepoint_to_byte_.fill(-1);
  // Printable Latin-1 bytes stand for themselves; the other 68 bytes take code points 256, 257, ...
  // in byte order (the construction in OpenAI's GPT-2 encoder).
  auto printable = [](int b) { return (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF); };
  int next = 256;
  for (int b = 0; b < 256; ++b) {
    const int cp = printable(b) ? b : next++;
    utf8::append_codepoint(byte_to_text_[b], static_cast<uint32_t>(cp));
    codepoint_to_byte_[cp] = static_cast<int16_t>(b);
  }
}

std::string ByteUnicode::encode(std::string_view bytes) const {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (char c : bytes) out += byte_to_text_[static_cast<uint8_t>(c)];
  return out;
}

std::string ByteUnicode::decode(std::string_view text) const {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const size_t n = utf8::char_length(text, i);
    const auto* p = reinterpret_cast<const unsigned char*>(text.data() + i);
    int cp = -1;
    if (n == 1 && p[0] < 0x80) cp = p[0];
    else if (n == 2 && (p[0] & 0xE0) == 0xC0) cp = ((p[0] & 0x1F) << 6) | (p[1] & 0x3F);
    if (cp >= 0 && cp < static_cast<int>(codepoint_to_byte_.size()) && codepoint_to_byte_[cp] >= 0)
      out += static_cast<char>(codepoint_to_byte_[cp]);
    else
      out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

}  // namespace inferscope
