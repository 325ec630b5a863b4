#include "engine/gguf/gguf_parser.h"

#include <cstdio>
#include <cstring>
#include <set>
#include <string>

#include "engine/gguf/gguf_cursor.h"

namespace inferscope::gguf::detail {

namespace {

constexpr uint64_t kMinKvBytes = 8 + 4 + 1;     // empty key, value type, a one-byte value
constexpr uint64_t kMinTensorInfoBytes = 8 + 4 + 8 + 4 + 8;  // empty name, n_dims, one ne, type, offset

// The fewest bytes one element of `t` can occupy in the file; counts are checked against this
// before anything is reserved, so a forged count fails fast instead of allocating.
uint64_t min_element_bytes(ValueType t) {
  switch (t) {
    case ValueType::UINT8: case ValueType::INT8: case ValueType::BOOL: return 1;
    case ValueType::UINT16: case ValueType::INT16: return 2;
    case ValueType::UINT32: case ValueType::INT32: case ValueType::FLOAT32: return 4;
    case ValueType::UINT64: case ValueType::INT64: case ValueType::FLOAT64: return 8;
    case ValueType::STRING: return 8;       // the length of an empty string
    case ValueType::ARRAY: return 4 + 8;    // element type and count of an empty array
  }
  return 1;
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

ValueType read_value_type(Cursor& c, const std::string& key) {
  const uint64_t at = c.pos();
  const uint32_t raw = c.u32("metadata");
  if (raw > static_cast<uint32_t>(ValueType::FLOAT64)) {
    throw GgufError("unknown metadata value type " + std::to_string(raw) + " for key " + quoted(key), at);
  }
  return static_cast<ValueType>(raw);
}

Value read_value(Cursor& c, ValueType t, int depth, const std::string& key);

Value read_array(Cursor& c, int depth, const std::string& key) {
  if (depth >= kMaxArrayDepth) {
    throw GgufError("arrays nested deeper than " + std::to_string(kMaxArrayDepth) + " levels in key " + quoted(key),
                    c.pos());
  }
  const ValueType element_type = read_value_type(c, key);
  const uint64_t count_at = c.pos();
  const uint64_t count = c.u64("metadata");
  const uint64_t min_bytes = min_element_bytes(element_type);
  if (count > c.remaining() / min_bytes) {
    throw GgufError("array count " + std::to_string(count) + " of " + value_type_name(element_type) + " for key " +
                        quoted(key) + " cannot fit in the " + std::to_string(c.remaining()) +
                        " bytes left in the file (past the end of file)",
                    count_at);
  }
  Array a;
  a.element_type = element_type;
  a.items.reserve(static_cast<size_t>(count));
  for (uint64_t i = 0; i < count; ++i) a.items.push_back(read_value(c, element_type, depth + 1, key));
  Value v;
  v.type = ValueType::ARRAY;
  v.data = std::move(a);
  return v;
}

template <typename T>
T read_raw(Cursor& c) {
  T v;
  if constexpr (sizeof(T) == 1) {
    const uint8_t b = c.u8("metadata");
    std::memcpy(&v, &b, 1);
  } else if constexpr (sizeof(T) == 2) {
    const uint16_t b = c.u16("metadata");
    std::memcpy(&v, &b, 2);
  } else if constexpr (sizeof(T) == 4) {
    const uint32_t b = c.u32("metadata");
    std::memcpy(&v, &b, 4);
  } else {
    const uint64_t b = c.u64("metadata");
    std::memcpy(&v, &b, 8);
  }
  return v;
}

Value read_value(Cursor& c, ValueType t, int depth, const std::string& key) {
  switch (t) {
    case ValueType::UINT8: return Value::u8(read_raw<uint8_t>(c));
    case ValueType::INT8: return Value::i8(read_raw<int8_t>(c));
    case ValueType::UINT16: return Value::u16(read_raw<uint16_t>(c));
    case ValueType::INT16: return Value::i16(read_raw<int16_t>(c));
    case ValueType::UINT32: return Value::u32(read_raw<uint32_t>(c));
    case ValueType::INT32: return Value::i32(read_raw<int32_t>(c));
    case ValueType::UINT64: return Value::u64(read_raw<uint64_t>(c));
    case ValueType::INT64: return Value::i64(read_raw<int64_t>(c));
    case ValueType::FLOAT32: return Value::f32(read_raw<float>(c));
    case ValueType::FLOAT64: return Value::f64(read_raw<double>(c));
    case ValueType::BOOL: {
      const uint64_t at = c.pos();
      const uint8_t b = c.u8("metadata");
      // Only 0 and 1 are booleans; anything else means the file is not what it claims to be.
      if (b > 1) throw GgufError("invalid BOOL byte " + std::to_string(b) + " for key " + quoted(key), at);
      return Value::boolean(b == 1);
    }
    case ValueType::STRING: return Value::str(c.string("metadata"));
    case ValueType::ARRAY: return read_array(c, depth, key);
  }
  throw GgufError("unknown metadata value type for key " + quoted(key), c.pos());
}

void read_header(Cursor& c, ParsedFile& out, uint64_t& tensor_count, uint64_t& kv_count) {
  c.need(4, "header");
  const uint32_t magic = c.u32("header");
  if (std::memcmp(&magic, "GGUF", 4) != 0) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08x", magic);
    throw GgufError(std::string("bad magic ") + hex + ": not a GGUF file (expected the bytes 'GGUF')", 0);
  }
  out.version = c.u32("header");
  if (out.version != 2 && out.version != 3) {
    std::string why = "unsupported GGUF version " + std::to_string(out.version) + " (this reader supports 2 and 3)";
    if (out.version == 0x02000000u || out.version == 0x03000000u) why += "; the file looks big-endian";
    throw GgufError(why, 4);
  }
  tensor_count = c.u64("header");
  kv_count = c.u64("header");
  // Both counts must be possible given the bytes that follow the header.
  const uint64_t rest = c.remaining();
  if (kv_count > rest / kMinKvBytes) {
    throw GgufError("absurd kv_count " + std::to_string(kv_count) + ": cannot fit in the " + std::to_string(rest) +
                        " bytes after the header (each entry needs at least " + std::to_string(kMinKvBytes) + ")",
                    16);
  }
  if (tensor_count > rest / kMinTensorInfoBytes) {
    throw GgufError("absurd tensor_count " + std::to_string(tensor_count) + ": cannot fit in the " +
                        std::to_string(rest) + " bytes after the header (each tensor info needs at least " +
                        std::to_string(kMinTensorInfoBytes) + ")",
                    8);
  }
}

void read_metadata(Cursor& c, uint64_t kv_count, ParsedFile& out) {
  std::set<std::string, std::less<>> seen;
  out.metadata.reserve(static_cast<size_t>(kv_count));
  for (uint64_t i = 0; i < kv_count; ++i) {
    const uint64_t key_at = c.pos();
    std::string key = c.string("metadata");
    if (!seen.insert(key).second) throw GgufError("duplicate metadata key " + quoted(key), key_at);
    const ValueType t = read_value_type(c, key);
    const uint64_t value_at = c.pos();
    Value v = read_value(c, t, 0, key);
    if (key == "general.alignment") {
      if (t != ValueType::UINT32) {
        throw GgufError(std::string("general.alignment must be UINT32, not ") + value_type_name(t), value_at);
      }
      const uint64_t a = v.as_u64();
      if (a == 0 || (a & (a - 1)) != 0) {
        throw GgufError("invalid general.alignment " + std::to_string(a) + ": must be a non-zero power of two",
                        value_at);
      }
      if (a > kMaxAlignment) {
        throw GgufError("absurd general.alignment " + std::to_string(a) + ": at most " +
                            std::to_string(kMaxAlignment) + " bytes is supported",
                        value_at);
      }
      out.alignment = a;
    }
    out.metadata.push_back(KeyValue{std::move(key), std::move(v)});
  }
}

std::vector<RawTensor> read_tensor_infos(Cursor& c, uint64_t tensor_count, uint64_t alignment) {
  if (tensor_count > c.remaining() / kMinTensorInfoBytes) {
    throw GgufError("truncated tensor infos: " + std::to_string(tensor_count) + " tensor infos cannot fit in the " +
                        std::to_string(c.remaining()) + " bytes left",
                    c.pos());
  }
  std::vector<RawTensor> tensors;
  tensors.reserve(static_cast<size_t>(tensor_count));
  std::set<std::string, std::less<>> names;
  for (uint64_t i = 0; i < tensor_count; ++i) {
    RawTensor t;
    t.at_name = c.pos();
    t.info.name = c.string("tensor infos");
    if (!names.insert(t.info.name).second) throw GgufError("duplicate tensor name " + quoted(t.info.name), t.at_name);
    t.at_dims = c.pos();
    const uint32_t n_dims = c.u32("tensor infos");
    if (n_dims == 0 || n_dims > 4) {
      throw GgufError("tensor " + quoted(t.info.name) + " has n_dims " + std::to_string(n_dims) + " (must be 1 to 4)",
                      t.at_dims);
    }
    t.info.ne.resize(n_dims);
    for (uint32_t d = 0; d < n_dims; ++d) t.info.ne[d] = c.u64("tensor infos");
    t.at_type = c.pos();
    t.type_id = c.u32("tensor infos");
    t.at_offset = c.pos();
    t.info.offset = c.u64("tensor infos");
    check_tensor_shape(t, alignment);
    tensors.push_back(std::move(t));
  }
  return tensors;
}

}  // namespace

ParsedFile parse_gguf(const uint8_t* data, uint64_t size) {
  Cursor c(data, size);
  ParsedFile out;
  uint64_t tensor_count = 0, kv_count = 0;
  read_header(c, out, tensor_count, kv_count);
  read_metadata(c, kv_count, out);
  std::vector<RawTensor> raw = read_tensor_infos(c, tensor_count, out.alignment);

  // The data section starts at the first aligned offset after the tensor infos. With no tensors it
  // may lie past the end of the file; nothing is read from it then.
  const uint64_t end = c.pos();
  out.data_offset = end + (out.alignment - end % out.alignment) % out.alignment;
  check_tensor_layout(raw, data, size, out.data_offset);

  out.tensors.reserve(raw.size());
  for (RawTensor& t : raw) out.tensors.push_back(std::move(t.info));
  return out;
}

}  // namespace inferscope::gguf::detail
