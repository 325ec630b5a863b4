#pragma once
// Storage formats of the paged KV cache and the layout of one layer's K (or V) pool.
//
// Layout of one layer's K pool (V is the same): [num_blocks][block_size][kv_heads][head_dim] elements
// in the storage dtype. Scaled dtypes (FP8, INT8) also keep one f32 scale per (block, kv_head):
// scales[block * kv_heads + head]. A token's slot is block * block_size + offset.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace inferscope::kernels {

enum class KvDtype : uint8_t { F32, F16, BF16, FP8_E4M3, INT8 };

const char* kv_dtype_name(KvDtype d);                          // "f32", "f16", "bf16", "fp8", "int8"
std::optional<KvDtype> kv_dtype_from_name(std::string_view s);  // case-insensitive; also "fp8_e4m3"
size_t kv_dtype_bytes(KvDtype d);                               // bytes per stored element
bool kv_dtype_scaled(KvDtype d);                                // FP8 and INT8 keep per-(block, head) scales

// A view of one layer's K or V pool. Not owning.
struct KvPoolView {
  KvDtype dtype;
  int block_size;
  int kv_heads;
  int head_dim;
  uint8_t* data;   // num_blocks * block_size * kv_heads * head_dim elements
  float* scales;   // num_blocks * kv_heads, only for scaled dtypes (else null)
};

// Writes one token's vectors (kv_heads * head_dim floats) into `slot`.
// Scaled dtypes: if the new values exceed the block's current scale range, the block's scale grows
// and the slots already written in that block (offsets < offset_in_block) are requantized, so a
// block's contents depend only on the tokens written into it, in order.
void kv_write(const KvPoolView& pool, int64_t slot, const float* src);
// Reads one token's head vector back as f32 (head_dim floats).
void kv_read_head(const KvPoolView& pool, int64_t slot, int head, float* dst);

// FP8 E4M3 (OCP E4M3FN) conversions with saturation to +-448.
uint8_t fp32_to_fp8_e4m3(float x);
float fp8_e4m3_to_fp32(uint8_t v);

}  // namespace inferscope::kernels
