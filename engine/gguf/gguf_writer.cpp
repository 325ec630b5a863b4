#include "engine/gguf/gguf_writer.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

#include "engine/gguf/gguf_parser.h"

namespace inferscope::gguf {

namespace {

constexpr const char* kAlignmentKey = "general.alignment";

uint64_t align_up(uint64_t n, uint64_t a) { return n + (a - n % a) % a; }

class ByteSink {
 public:
  template <typename T>
  void put(T v) {
    // Little-endian host (asserted by the reader's cursor), so the in-memory bytes are the file's.
    append(&v, sizeof(T));
  }
  void put_string(const std::string& s) {
    put<uint64_t>(s.size());
    append(s.data(), s.size());
  }
  // resize + memcpy rather than vector::insert: GCC 12 reports false -Warray-bounds on the latter.
  void append(const void* p, size_t n) {
    if (n == 0) return;
    const size_t at = bytes.size();
    bytes.resize(at + n);
    std::memcpy(bytes.data() + at, p, n);
  }
  void pad_to(uint64_t alignment) { bytes.resize(align_up(bytes.size(), alignment), 0); }

  std::vector<uint8_t> bytes;
};

void put_value(ByteSink& out, const Value& v) {
  switch (v.type) {
    case ValueType::UINT8: out.put<uint8_t>(static_cast<uint8_t>(v.as_u64())); break;
    case ValueType::INT8: out.put<int8_t>(static_cast<int8_t>(v.as_i64())); break;
    case ValueType::UINT16: out.put<uint16_t>(static_cast<uint16_t>(v.as_u64())); break;
    case ValueType::INT16: out.put<int16_t>(static_cast<int16_t>(v.as_i64())); break;
    case ValueType::UINT32: out.put<uint32_t>(static_cast<uint32_t>(v.as_u64())); break;
    case ValueType::INT32: out.put<int32_t>(static_cast<int32_t>(v.as_i64())); break;
    case ValueType::UINT64: out.put<uint64_t>(v.as_u64()); break;
    case ValueType::INT64: out.put<int64_t>(v.as_i64()); break;
    case ValueType::FLOAT32: out.put<float>(static_cast<float>(v.as_f64())); break;
    case ValueType::FLOAT64: out.put<double>(v.as_f64()); break;
    case ValueType::BOOL: out.put<uint8_t>(v.as_bool() ? 1 : 0); break;
    case ValueType::STRING: out.put_string(v.as_string()); break;
    case ValueType::ARRAY: {
      const Array& a = v.as_array();
      out.put<uint32_t>(static_cast<uint32_t>(a.element_type));
      out.put<uint64_t>(a.items.size());
      for (const Value& item : a.items) put_value(out, item);
      break;
    }
  }
}

}  // namespace

GgufWriter::GgufWriter(uint32_t alignment) : alignment_(alignment) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) {
    throw std::invalid_argument("GGUF alignment " + std::to_string(alignment) + " is not a power of two");
  }
  if (alignment > detail::kMaxAlignment) {
    throw std::invalid_argument("GGUF alignment " + std::to_string(alignment) + " is larger than " +
                                std::to_string(detail::kMaxAlignment));
  }
  // Always written, so that readers never have to guess the default.
  kv_.push_back(KeyValue{kAlignmentKey, Value::u32(alignment)});
}

void GgufWriter::set(const std::string& key, Value value) {
  if (key == kAlignmentKey &&
      (value.type != ValueType::UINT32 || value.as_u64() != alignment_)) {
    // The data layout follows the constructor's alignment; a different key value would lie about it.
    throw std::invalid_argument("general.alignment is set by the GgufWriter constructor");
  }
  for (KeyValue& kv : kv_) {
    if (kv.key == key) {
      kv.value = std::move(value);
      return;
    }
  }
  kv_.push_back(KeyValue{key, std::move(value)});
}

void GgufWriter::add_tensor(const std::string& name, std::vector<uint64_t> ne, kernels::GgmlType type,
                            std::vector<uint8_t> bytes) {
  if (ne.empty() || ne.size() > 4) throw std::invalid_argument("tensor '" + name + "' must have 1 to 4 dimensions");
  for (const Tensor& t : tensors_) {
    if (t.name == name) throw std::invalid_argument("duplicate tensor name '" + name + "'");
  }
  const kernels::TypeTraits& traits = kernels::type_traits(type);
  const auto block = static_cast<uint64_t>(traits.block_elems);
  if (ne[0] % block != 0) {
    throw std::invalid_argument("tensor '" + name + "': ne[0] = " + std::to_string(ne[0]) +
                                " is not a multiple of the " + traits.name + " block size");
  }
  uint64_t expected = ne[0] / block * traits.block_bytes;
  for (size_t d = 1; d < ne.size(); ++d) expected *= ne[d];
  if (bytes.size() != expected) {
    throw std::invalid_argument("tensor '" + name + "' has " + std::to_string(bytes.size()) + " bytes, its shape needs " +
                                std::to_string(expected));
  }
  tensors_.push_back(Tensor{name, std::move(ne), type, std::move(bytes)});
}

std::vector<uint8_t> GgufWriter::to_bytes() const {
  ByteSink out;
  out.bytes = {'G', 'G', 'U', 'F'};
  out.put<uint32_t>(3);
  out.put<uint64_t>(tensors_.size());
  out.put<uint64_t>(kv_.size());
  for (const KeyValue& kv : kv_) {
    out.put_string(kv.key);
    out.put<uint32_t>(static_cast<uint32_t>(kv.value.type));
    put_value(out, kv.value);
  }
  uint64_t offset = 0;
  for (const Tensor& t : tensors_) {
    out.put_string(t.name);
    out.put<uint32_t>(static_cast<uint32_t>(t.ne.size()));
    for (uint64_t n : t.ne) out.put<uint64_t>(n);
    out.put<uint32_t>(static_cast<uint32_t>(t.type));
    out.put<uint64_t>(offset);
    offset = align_up(offset + t.bytes.size(), alignment_);
  }
  out.pad_to(alignment_);
  for (const Tensor& t : tensors_) {
    out.append(t.bytes.data(), t.bytes.size());
    out.pad_to(alignment_);
  }
  return std::move(out.bytes);
}

void GgufWriter::write(const std::string& path) const {
  const std::vector<uint8_t> bytes = to_bytes();
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw std::runtime_error("cannot create '" + path + "'");
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  f.close();
  if (!f) throw std::runtime_error("cannot write '" + path + "'");
}

}  // namespace inferscope::gguf
