// Utf8StreamDecoder: tokens often end in the middle of a multi-byte character (byte-level BPE splits
// emoji and CJK across tokens), so a streaming UI must hold the partial bytes back until the rest arrive.
#include <string>
#include <string_view>

#include "engine/tokenizer/tokenizer.h"
#include "engine/tokenizer/utf8.h"

namespace inferscope {
namespace {

// Valid range of the second byte for a lead byte; this is what rules out overlong forms,
// surrogates and code points above U+10FFFF (Unicode Table 3-7).
void second_byte_range(unsigned char lead, unsigned char& lo, unsigned char& hi) {
  lo = 0x80;
  hi = 0xBF;
  if (lead == 0xE0) lo = 0xA0;
  else if (lead == 0xED) hi = 0x9F;
  else if (lead == 0xF0) lo = 0x90;
  else if (lead == 0xF4) hi = 0x8F;
}

// Appends the valid text of `in` to `out`, replacing each maximal invalid subpart with U+FFFD.
// Returns the number of bytes consumed; an incomplete but so far valid sequence at the end is left
// unconsumed unless `final` is set.
size_t decode_into(std::string_view in, std::string& out, bool final) {
  size_t i = 0;
  while (i < in.size()) {
    const auto lead = static_cast<unsigned char>(in[i]);
    if (lead < 0x80) {
      out += static_cast<char>(lead);
      ++i;
      continue;
    }
    const size_t need = utf8::sequence_length(lead);
    if (need == 1) {  // stray continuation byte or a lead byte that never starts a valid sequence
      out += utf8::kReplacementChar;
      ++i;
      continue;
    }
    size_t got = 1;
    while (got < need && i + got < in.size()) {
      const auto b = static_cast<unsigned char>(in[i + got]);
      unsigned char lo = 0x80, hi = 0xBF;
      if (got == 1) second_byte_range(lead, lo, hi);
      if (b < lo || b > hi) break;
      ++got;
    }
    if (got == need) {
      out.append(in.substr(i, need));
      i += need;
    } else if (i + got == in.size() && !final) {
      return i;  // wait for the rest of this character
    } else {
      out += utf8::kReplacementChar;  // one U+FFFD for the maximal subpart, then resume at the bad byte
      i += got;
    }
  }
  return i;
}

}  // namespace

std::string Utf8StreamDecoder::push(std::string_view bytes) {
  pending_.append(bytes);
  std::string out;
  const size_t used = decode_into(pending_, out, /*final=*/false);
  pending_.erase(0, used);
  return out;
}

std::string Utf8StreamDecoder::flush() {
  std::string out;
  decode_into(pending_, out, /*final=*/true);
  pending_.clear();
  return out;
}

}  // namespace inferscope
