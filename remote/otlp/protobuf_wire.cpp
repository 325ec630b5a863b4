#include "remote/otlp/protobuf_wire.h"

namespace inferscope::remote::pb {

const char* wire_type_name(WireType t) {
  switch (t) {
    case WireType::Varint: return "varint";
    case WireType::Fixed64: return "fixed64";
    case WireType::Len: return "length-delimited";
    case WireType::Fixed32: return "fixed32";
  }
  return "?";
}

uint64_t WireReader::varint() {
  uint64_t v = 0;
  for (int i = 0; i < 10; ++i) {
    if (pos_ >= b_.size()) throw WireError("varint cut short at byte " + std::to_string(pos_));
    const uint8_t byte = uint8_t(b_[pos_++]);
    // The tenth byte may carry only the 64th bit.
    if (i == 9 && byte > 1) throw WireError("varint overflows 64 bits at byte " + std::to_string(pos_ - 1));
    v |= uint64_t(byte & 0x7f) << (7 * i);
    if (!(byte & 0x80)) return v;
  }
  throw WireError("varint longer than 10 bytes at byte " + std::to_string(pos_));
}

FieldTag WireReader::tag() {
  const size_t at = pos_;
  const uint64_t t = varint();
  const uint64_t number = t >> 3;
  if (number == 0 || number > 0x1fffffff) throw WireError("field number " + std::to_string(number) + " at byte " + std::to_string(at));
  const uint8_t type = uint8_t(t & 7);
  if (type != 0 && type != 1 && type != 2 && type != 5)
    throw WireError("wire type " + std::to_string(type) + " (groups or undefined) at byte " + std::to_string(at));
  return {uint32_t(number), WireType(type)};
}

uint64_t WireReader::fixed64() {
  if (b_.size() - pos_ < 8) throw WireError("fixed64 cut short at byte " + std::to_string(pos_));
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t(uint8_t(b_[pos_ + i])) << (8 * i);
  pos_ += 8;
  return v;
}

uint32_t WireReader::fixed32() {
  if (b_.size() - pos_ < 4) throw WireError("fixed32 cut short at byte " + std::to_string(pos_));
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t(uint8_t(b_[pos_ + i])) << (8 * i);
  pos_ += 4;
  return v;
}

std::string_view WireReader::len() {
  const size_t at = pos_;
  const uint64_t n = varint();
  if (n > b_.size() - pos_)
    throw WireError("length " + std::to_string(n) + " at byte " + std::to_string(at) + " runs past the end (" +
                    std::to_string(b_.size() - pos_) + " bytes left)");
  const std::string_view v = b_.substr(pos_, size_t(n));
  pos_ += size_t(n);
  return v;
}

void WireReader::skip(WireType t) {
  switch (t) {
    case WireType::Varint: varint(); return;
    case WireType::Fixed64: fixed64(); return;
    case WireType::Len: len(); return;
    case WireType::Fixed32: fixed32(); return;
  }
}

void expect(const FieldTag& t, WireType expected, const char* field) {
  if (t.type != expected)
    throw WireError(std::string(field) + ": wire type " + wire_type_name(t.type) + ", expected " + wire_type_name(expected));
}

bool valid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const uint8_t c = uint8_t(s[i]);
    size_t n;
    uint32_t cp;
    if (c < 0x80) { ++i; continue; }
    if ((c & 0xe0) == 0xc0) n = 1, cp = c & 0x1f;
    else if ((c & 0xf0) == 0xe0) n = 2, cp = c & 0x0f;
    else if ((c & 0xf8) == 0xf0) n = 3, cp = c & 0x07;
    else return false;
    if (s.size() - i <= n) return false;
    for (size_t k = 1; k <= n; ++k) {
      const uint8_t d = uint8_t(s[i + k]);
      if ((d & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3f);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
    if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10ffff ||
        (cp >= 0xd800 && cp <= 0xdfff))
      return false;
    i += n + 1;
  }
  return true;
}

void put_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(char(uint8_t(v) | 0x80));
    v >>= 7;
  }
  out.push_back(char(v));
}

void put_tag(std::string& out, uint32_t number, WireType t) { put_varint(out, (uint64_t(number) << 3) | uint8_t(t)); }

void put_len(std::string& out, uint32_t number, std::string_view bytes) {
  put_tag(out, number, WireType::Len);
  put_varint(out, bytes.size());
  out.append(bytes);
}

void put_fixed64(std::string& out, uint32_t number, uint64_t v) {
  put_tag(out, number, WireType::Fixed64);
  for (int i = 0; i < 8; ++i) out.push_back(char(uint8_t(v >> (8 * i))));
}

void put_uint(std::string& out, uint32_t number, uint64_t v) {
  put_tag(out, number, WireType::Varint);
  put_varint(out, v);
}

}  // namespace inferscope::remote::pb
