#pragma once
// Internal to engine/gguf: turns the bytes of a GGUF file into metadata and tensor infos, validating
// as it goes. GgufFile owns the bytes; this only reads them.
#include <cstdint>
#include <vector>

#include "engine/gguf/gguf_file.h"

namespace inferscope::gguf::detail {

inline constexpr uint64_t kDefaultAlignment = 32;
// Real files align to 32 (ggml's default) or a page; anything beyond 1 MiB is a forged value that
// would make every writer pad each tensor by that much.
inline constexpr uint64_t kMaxAlignment = uint64_t{1} << 20;
inline constexpr int kMaxArrayDepth = 8;  // arrays inside arrays; real files use at most 1

struct ParsedFile {
  uint32_t version = 0;
  uint64_t alignment = kDefaultAlignment;
  uint64_t data_offset = 0;
  std::vector<KeyValue> metadata;
  std::vector<TensorInfo> tensors;  // data pointers point into the parsed bytes
};

ParsedFile parse_gguf(const uint8_t* data, uint64_t size);

// A tensor info as read, with the file offsets of its fields so that errors can point at them.
struct RawTensor {
  TensorInfo info;
  uint32_t type_id = 0;
  uint64_t at_name = 0, at_dims = 0, at_type = 0, at_offset = 0;
};

// gguf_tensor_check.cpp: per-tensor checks (type, shape, size, offset alignment); fills type,
// n_elements and n_bytes.
void check_tensor_shape(RawTensor& t, uint64_t alignment);
// Checks that every tensor lies inside the file and that no two overlap; sets the data pointers.
void check_tensor_layout(std::vector<RawTensor>& tensors, const uint8_t* data, uint64_t file_size,
                         uint64_t data_offset);

}  // namespace inferscope::gguf::detail
