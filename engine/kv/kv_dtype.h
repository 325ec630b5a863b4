#pragma once
// The KV cache's storage dtype as the engine's API names it. The engine owns this vocabulary so that code
// above it (ui/, app/) configures the cache without the kernels' headers; the engine hands the kernels
// their own equal-valued enum (engine/kv/kv_dtype_kernels.h).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace inferscope {

enum class KvDtype : uint8_t { F32, F16, BF16, FP8_E4M3, INT8 };

// Every dtype, in the order the GUI and `info` list them.
inline constexpr KvDtype kKvDtypes[] = {KvDtype::F32, KvDtype::F16, KvDtype::BF16, KvDtype::FP8_E4M3, KvDtype::INT8};

const char* kv_dtype_name(KvDtype d);                          // "f32", "f16", "bf16", "fp8", "int8"
std::optional<KvDtype> kv_dtype_from_name(std::string_view s);  // case-insensitive; also "fp8_e4m3"
size_t kv_dtype_bytes(KvDtype d);                              // bytes per stored element: 4, 2, 2, 1, 1
bool kv_dtype_scaled(KvDtype d);                               // FP8 and INT8 keep per-(block, head) scales

}  // namespace inferscope
