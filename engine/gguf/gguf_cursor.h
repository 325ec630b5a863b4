#pragma once
// Internal to engine/gguf: a bounds-checked little-endian reader over the file's bytes. Every read
// checks the remaining length first, so a malformed file turns into a GgufError, never an over-read.
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include "engine/gguf/gguf_file.h"

namespace inferscope::gguf::detail {

static_assert(std::endian::native == std::endian::little, "the GGUF reader assumes a little-endian host");

class Cursor {
 public:
  Cursor(const uint8_t* data, uint64_t size) : data_(data), size_(size) {}

  uint64_t pos() const { return pos_; }
  uint64_t size() const { return size_; }
  uint64_t remaining() const { return size_ - pos_; }

  // `what` names the section being read ("header", "metadata", "tensor infos") for the message.
  void need(uint64_t n, const char* what) const {
    if (n > remaining()) {
      throw GgufError(std::string("truncated ") + what + ": needs " + std::to_string(n) + " bytes at offset " +
                          std::to_string(pos_) + " but the file has " + std::to_string(size_),
                      pos_);
    }
  }

  uint8_t u8(const char* what) { return fixed<uint8_t>(what); }
  uint16_t u16(const char* what) { return fixed<uint16_t>(what); }
  uint32_t u32(const char* what) { return fixed<uint32_t>(what); }
  uint64_t u64(const char* what) { return fixed<uint64_t>(what); }

  // A GGUF string: u64 length, then that many bytes. The length is checked against the bytes that
  // are left before anything is allocated, so a forged length cannot make us allocate gigabytes.
  std::string string(const char* what) {
    const uint64_t at = pos_;
    const uint64_t len = u64(what);
    if (len > remaining()) {
      throw GgufError(std::string("string length ") + std::to_string(len) + " in " + what +
                          " runs past the end of the file (" + std::to_string(remaining()) + " bytes remain)",
                      at);
    }
    std::string s(reinterpret_cast<const char*>(data_ + pos_), static_cast<size_t>(len));
    pos_ += len;
    return s;
  }

 private:
  // GGUF is little-endian; so is every host we build for (x86-64, aarch64), so a memcpy suffices.
  template <typename T>
  T fixed(const char* what) {
    need(sizeof(T), what);
    T v;
    std::memcpy(&v, data_ + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }

  const uint8_t* data_;
  uint64_t size_;
  uint64_t pos_ = 0;
};

}  // namespace inferscope::gguf::detail
