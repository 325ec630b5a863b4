#pragma once
// GGUF reader: memory-maps a file (v2 or v3), validates every field before use, and exposes metadata
// and tensor infos. Malformed input throws GgufError naming the problem and its byte offset; the reader
// never reads out of bounds and never allocates more than the file's size justifies.
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/gguf/gguf_value.h"
#include "kernels/cpu/ggml_type.h"

namespace inferscope::gguf {

class GgufError : public std::runtime_error {
 public:
  GgufError(const std::string& what, uint64_t offset);
  uint64_t offset() const { return offset_; }  // byte offset in the file where the problem was found

 private:
  uint64_t offset_;
};

struct TensorInfo {
  std::string name;
  std::vector<uint64_t> ne;     // ne[0] is the contiguous (row) dimension
  kernels::GgmlType type;
  uint64_t offset = 0;          // relative to the data section
  uint64_t n_elements = 0;
  uint64_t n_bytes = 0;
  const uint8_t* data = nullptr;  // points into the mapping
};

class GgufFile {
 public:
  // Maps and validates a file. Throws GgufError (malformed) or std::runtime_error (cannot open).
  static std::unique_ptr<GgufFile> open(const std::string& path);
  // Validates a buffer held in memory (fuzzing, tests). The buffer is copied.
  static std::unique_ptr<GgufFile> from_bytes(const uint8_t* data, size_t size);
  ~GgufFile();

  uint32_t version() const;
  uint64_t alignment() const;
  uint64_t data_offset() const;  // start of the tensor data section in the file
  uint64_t file_size() const;
  const std::string& path() const;  // empty for from_bytes

  const std::vector<KeyValue>& metadata() const;  // in file order
  const Value* find(std::string_view key) const;  // nullptr when absent

  // Typed getters: nullopt when absent; throw GgufError(offset 0) naming the key when the type is wrong.
  std::optional<uint64_t> get_u64(std::string_view key) const;
  std::optional<double> get_f64(std::string_view key) const;
  std::optional<bool> get_bool(std::string_view key) const;
  std::optional<std::string> get_string(std::string_view key) const;
  // Required variants throw GgufError "missing required key '<key>'".
  uint64_t require_u64(std::string_view key) const;
  std::string require_string(std::string_view key) const;

  const std::vector<TensorInfo>& tensors() const;
  const TensorInfo* tensor(std::string_view name) const;  // nullptr when absent

 private:
  GgufFile();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace inferscope::gguf
