#pragma once
// GGUF writer (v3): metadata of any type, tensors in any supported type, aligned data section.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/gguf/gguf_value.h"
#include "kernels/cpu/ggml_type.h"

namespace inferscope::gguf {

class GgufWriter {
 public:
  explicit GgufWriter(uint32_t alignment = 32);
  void set(const std::string& key, Value value);  // replaces an existing key
  // bytes.size() must equal row_bytes(type, ne[0]) * product(ne[1..]); throws std::invalid_argument otherwise.
  void add_tensor(const std::string& name, std::vector<uint64_t> ne, kernels::GgmlType type, std::vector<uint8_t> bytes);
  std::vector<uint8_t> to_bytes() const;
  void write(const std::string& path) const;  // throws std::runtime_error on I/O failure

 private:
  struct Tensor { std::string name; std::vector<uint64_t> ne; kernels::GgmlType type; std::vector<uint8_t> bytes; };
  uint32_t alignment_;
  std::vector<KeyValue> kv_;
  std::vector<Tensor> tensors_;
};

}  // namespace inferscope::gguf
