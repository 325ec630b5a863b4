#pragma once
// Tensor element types as GGUF numbers them (ggml type ids) and their block geometry.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace inferscope::kernels {

enum class GgmlType : uint32_t {
  F32 = 0,
  F16 = 1,
  Q4_0 = 2,
  Q4_1 = 3,
  Q5_0 = 6,
  Q5_1 = 7,
  Q8_0 = 8,
  Q8_1 = 9,   // activation format only (not a weight type we load)
  Q4_K = 12,
  Q5_K = 13,
  Q6_K = 14,
  Q8_K = 15,  // activation format only
  BF16 = 30,
};

struct TypeTraits {
  GgmlType type;
  const char* name;      // "Q4_1", as llama.cpp prints it
  int64_t block_elems;   // elements per block (1 for plain floats)
  size_t block_bytes;    // bytes per block
  bool weight_type;      // a weight type we load and run
};

// Traits of a ggml type id; nullptr when the id is unknown to us.
const TypeTraits* type_traits(uint32_t type_id);
const TypeTraits& type_traits(GgmlType t);
// Case-insensitive lookup by name ("q4_1", "F16"); nullopt when unknown.
std::optional<GgmlType> type_from_name(std::string_view name);
inline const char* type_name(GgmlType t) { return type_traits(t).name; }
// Bytes of a row of n elements; n must be a multiple of the block size.
size_t row_bytes(GgmlType t, int64_t n);

}  // namespace inferscope::kernels
