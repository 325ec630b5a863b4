#pragma once
// Byte-level codec of the .isrec format (docs/recording-format.md): little-endian fixed-width numbers,
// LEB128 varints (zigzag for signed values), length-prefixed strings, and CRC-32. The reader side never
// reads past its buffer and never trusts a count beyond the bytes that remain: every failure is a
// RecordingError, so a corrupt file cannot crash the reader or make it allocate without bound.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace inferscope::record {

// What the reader throws for a malformed recording; the message says what and where.
struct RecordingError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// CRC-32 (IEEE 802.3, the polynomial of zip and PNG), chainable: crc32(b, crc32(a)) == crc32(a + b).
uint32_t crc32(std::span<const uint8_t> bytes, uint32_t crc = 0);

class ByteWriter {
 public:
  std::vector<uint8_t>& bytes() { return buf_; }
  const std::vector<uint8_t>& bytes() const { return buf_; }
  size_t size() const { return buf_.size(); }
  void clear() { buf_.clear(); }

  void u8(uint8_t v) { buf_.push_back(v); }
  void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) buf_.push_back(uint8_t(v >> (8 * i)));
  }
  void u64(uint64_t v) {
    for (int i = 0; i < 8; ++i) buf_.push_back(uint8_t(v >> (8 * i)));
  }
  void uvar(uint64_t v) {
    while (v >= 0x80) {
      buf_.push_back(uint8_t(v) | 0x80);
      v >>= 7;
    }
    buf_.push_back(uint8_t(v));
  }
  void svar(int64_t v) { uvar((uint64_t(v) << 1) ^ uint64_t(v >> 63)); }
  // Exact: the IEEE bits, so a value reads back identical (NaN payloads included).
  void f64(double v) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    u64(b);
  }
  void f32(float v) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    u32(b);
  }
  void str(std::string_view s) {
    uvar(s.size());
    buf_.insert(buf_.end(), s.begin(), s.end());
  }
  void raw(std::span<const uint8_t> b) { buf_.insert(buf_.end(), b.begin(), b.end()); }

 private:
  std::vector<uint8_t> buf_;
};

class ByteReader {
 public:
  // what names the structure being read, for error messages ("steps frame at offset 1234").
  ByteReader(std::span<const uint8_t> bytes, std::string what) : b_(bytes), what_(std::move(what)) {}

  size_t remaining() const { return b_.size() - pos_; }
  size_t pos() const { return pos_; }
  bool done() const { return pos_ == b_.size(); }

  uint8_t u8() {
    need(1);
    return b_[pos_++];
  }
  uint32_t u32() {
    need(4);
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t(b_[pos_ + i]) << (8 * i);
    pos_ += 4;
    return v;
  }
  uint64_t u64() {
    need(8);
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t(b_[pos_ + i]) << (8 * i);
    pos_ += 8;
    return v;
  }
  uint64_t uvar() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const uint8_t byte = u8();
      v |= uint64_t(byte & 0x7f) << shift;
      if ((byte & 0x80) == 0) return v;
    }
    fail("varint longer than 10 bytes");
  }
  int64_t svar() {
    const uint64_t u = uvar();
    return int64_t(u >> 1) ^ -int64_t(u & 1);
  }
  double f64() {
    const uint64_t b = u64();
    double v;
    std::memcpy(&v, &b, 8);
    return v;
  }
  float f32() {
    const uint32_t b = u32();
    float v;
    std::memcpy(&v, &b, 4);
    return v;
  }
  std::string str() {
    const uint64_t n = uvar();
    need(n);
    std::string s(reinterpret_cast<const char*>(b_.data() + pos_), size_t(n));
    pos_ += size_t(n);
    return s;
  }
  // The next n bytes, in place.
  std::span<const uint8_t> bytes(uint64_t n) {
    need(n);
    const auto out = b_.subspan(pos_, size_t(n));
    pos_ += size_t(n);
    return out;
  }
  // A count of elements that each take at least min_bytes: refused when the rest of the buffer could
  // not hold them, so a forged count never sizes an allocation.
  size_t count(size_t min_bytes = 1) {
    const uint64_t n = uvar();
    if (min_bytes > 0 && n > remaining() / min_bytes) fail("count " + std::to_string(n) + " exceeds the data left");
    return size_t(n);
  }
  // Signed/unsigned varints narrowed to a range; out of range is corruption.
  int64_t svar_in(int64_t lo, int64_t hi, const char* field) {
    const int64_t v = svar();
    if (v < lo || v > hi) fail(std::string(field) + " out of range (" + std::to_string(v) + ")");
    return v;
  }
  uint64_t uvar_max(uint64_t hi, const char* field) {
    const uint64_t v = uvar();
    if (v > hi) fail(std::string(field) + " out of range (" + std::to_string(v) + ")");
    return v;
  }

  [[noreturn]] void fail(const std::string& why) const {
    throw RecordingError(what_ + ": " + why + " (at byte " + std::to_string(pos_) + ")");
  }

 private:
  void need(uint64_t n) const {
    if (n > remaining()) fail("ends early");
  }
  std::span<const uint8_t> b_;
  size_t pos_ = 0;
  std::string what_;
};

}  // namespace inferscope::record
