#pragma once
// A strict, bounds-checked reader of the protocol buffers wire format (varints, fixed 32/64-bit values,
// length-delimited fields), for decoding OTLP without a protobuf library. Qt-free.
//
// What it promises: no read past the buffer it was given; a varint longer than 10 bytes or overflowing 64
// bits, a length beyond the bytes left, a field number 0 and the deprecated group wire types (3, 4) and
// the undefined ones (6, 7) are errors, reported by throwing WireError with a one-line reason.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace inferscope::remote::pb {

struct WireError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class WireType : uint8_t { Varint = 0, Fixed64 = 1, Len = 2, Fixed32 = 5 };
const char* wire_type_name(WireType t);

struct FieldTag {
  uint32_t number = 0;
  WireType type = WireType::Varint;
};

class WireReader {
 public:
  explicit WireReader(std::string_view bytes) : b_(bytes) {}
  bool done() const { return pos_ == b_.size(); }

  // The next field's tag; throws on a malformed one.
  FieldTag tag();
  uint64_t varint();
  uint64_t fixed64();
  uint32_t fixed32();
  // A length-delimited field's bytes (a view into the buffer).
  std::string_view len();
  // Skips the value of a field of this wire type (a field this decoder does not know).
  void skip(WireType t);

 private:
  std::string_view b_;
  size_t pos_ = 0;
};

// Throws WireError("FIELD: wire type X, expected Y") unless the tag has the wire type expected.
void expect(const FieldTag& t, WireType expected, const char* field);

// Whether bytes are valid UTF-8 (protobuf's `string` must be; JSON output needs it too).
bool valid_utf8(std::string_view s);

// Writing, for the replies (google.rpc.Status) and tests: appends the encoded field to out.
void put_varint(std::string& out, uint64_t v);
void put_tag(std::string& out, uint32_t number, WireType t);
void put_len(std::string& out, uint32_t number, std::string_view bytes);
void put_fixed64(std::string& out, uint32_t number, uint64_t v);
void put_uint(std::string& out, uint32_t number, uint64_t v);

}  // namespace inferscope::remote::pb
