#pragma once
// Storage formats of the paged KV cache and the layout of one layer's K (or V) pool.
//
// Layout of one layer's K pool (V is the same): [num_blocks][block_size][kv_heads][head_dim] elements
// in the storage dtype. Scaled dtypes (FP8, INT8) also keep one f32 scale per (block, kv_head):
// scales[block * kv_heads + head]. A token's slot is block * block_size + offset.
//
// What a scale means (K and V pools each have their own scales):
//   FP8_E4M3: value = fp8_e4m3_to_fp32(code) * scale, scale = amax / 448, so the largest |x| written
//             so far into that (block, head) maps to the largest finite E4M3 value.
//   INT8:     value = q * scale, q in [-127, 127], scale = amax / 127 (symmetric, no zero point).
//   amax is the max |x| over the slots of that block written so far, for that head only. A block
//   whose values are all zero has scale 0 (every code decodes to 0).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace inferscope::kernels {

enum class KvDtype : uint8_t { F32, F16, BF16, FP8_E4M3, INT8 };

const char* kv_dtype_name(KvDtype d);                          // "f32", "f16", "bf16", "fp8", "int8"
std::optional<KvDtype> kv_dtype_from_name(std::string_view s);  // case-insensitive; also "fp8_e4m3"
// Bytes per stored element. Inline: the attention kernels ask per key row.
constexpr size_t kv_dtype_bytes(KvDtype d) {
  switch (d) {
    case KvDtype::F32: return 4;
    case KvDtype::F16:
    case KvDtype::BF16: return 2;
    case KvDtype::FP8_E4M3:
    case KvDtype::INT8: return 1;
  }
  return 0;
}
// FP8 and INT8 keep per-(block, head) scales.
constexpr bool kv_dtype_scaled(KvDtype d) { return d == KvDtype::FP8_E4M3 || d == KvDtype::INT8; }

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
// Slots of a block must be written in order from offset 0 (the cache manager guarantees it); a write
// at offset 0 starts the block afresh and resets its scales. Requantized slots are rounded twice
// (old scale, then new), so their error bound is about twice a single rounding's.
void kv_write(const KvPoolView& pool, int64_t slot, const float* src);
// Reads one token's head vector back as f32 (head_dim floats).
void kv_read_head(const KvPoolView& pool, int64_t slot, int head, float* dst);

// Bytes of stored element data of one head vector (head_dim elements), scales excluded.
inline size_t kv_head_row_bytes(const KvPoolView& pool) {
  return static_cast<size_t>(pool.head_dim) * kv_dtype_bytes(pool.dtype);
}
// Address of the stored head vector of `head` in `slot`.
inline const uint8_t* kv_head_row(const KvPoolView& pool, int64_t slot, int head) {
  return pool.data + (slot * pool.kv_heads + head) * static_cast<int64_t>(kv_head_row_bytes(pool));
}
// The scale that applies to `block`/`head`: the stored one for scaled dtypes, 1 otherwise.
inline float kv_block_scale(const KvPoolView& pool, int64_t block, int head) {
  return kv_dtype_scaled(pool.dtype) ? pool.scales[block * pool.kv_heads + head] : 1.0f;
}

// Element codecs of n values. value = decoded * scale; pass scale 1 for unscaled dtypes (it is
// ignored for them). Encoding divides by scale first (scale 0 encodes zeros); FP8 saturates to
// +-448, INT8 clamps to [-127, 127]; F16 rounds to nearest even (overflow -> inf), BF16 likewise.
void kv_encode(KvDtype d, const float* src, int n, float scale, uint8_t* dst);
void kv_decode(KvDtype d, const uint8_t* src, int n, float scale, float* dst);

// FP8 E4M3 (OCP E4M3FN) conversions with saturation to +-448 (also for +-inf); NaN -> 0x7F/0xFF.
// Rounding is to nearest, ties to even mantissa.
uint8_t fp32_to_fp8_e4m3(float x);
float fp8_e4m3_to_fp32(uint8_t v);
// The 256 decoded E4M3 values, indexed by code (for table-driven decoding in kernels).
const float* fp8_e4m3_table();

}  // namespace inferscope::kernels
