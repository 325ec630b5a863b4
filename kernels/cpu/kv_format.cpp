// KV storage dtype names and sizes, and the per-token write / per-head read of a paged pool,
// including the per-(block, head) scale bookkeeping of FP8 and INT8.
#include "kernels/cpu/kv_format.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>

namespace inferscope::kernels {
namespace {

// Largest stored magnitude of a scaled dtype: the scale maps a block's amax onto it.
float quant_max(KvDtype d) { return d == KvDtype::FP8_E4M3 ? 448.0f : 127.0f; }

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

uint8_t* row_at(const KvPoolView& pool, int64_t slot, int head) { return const_cast<uint8_t*>(kv_head_row(pool, slot, head)); }

// Re-encodes one stored head vector from scale `from` to scale `to`, in place, a chunk at a time
// so no heap buffer is needed for any head_dim.
void requantize_row(const KvPoolView& pool, uint8_t* row, float from, float to) {
  constexpr int kChunk = 64;
  float tmp[kChunk];
  const size_t eb = kv_dtype_bytes(pool.dtype);
  for (int i = 0; i < pool.head_dim; i += kChunk) {
    const int n = std::min(kChunk, pool.head_dim - i);
    kv_decode(pool.dtype, row + i * eb, n, from, tmp);
    kv_encode(pool.dtype, tmp, n, to, row + i * eb);
  }
}

}  // namespace

const char* kv_dtype_name(KvDtype d) {
  switch (d) {
    case KvDtype::F32: return "f32";
    case KvDtype::F16: return "f16";
    case KvDtype::BF16: return "bf16";
    case KvDtype::FP8_E4M3: return "fp8";
    case KvDtype::INT8: return "int8";
  }
  return "?";
}

std::optional<KvDtype> kv_dtype_from_name(std::string_view s) {
  for (KvDtype d : {KvDtype::F32, KvDtype::F16, KvDtype::BF16, KvDtype::FP8_E4M3, KvDtype::INT8}) {
    if (iequals(s, kv_dtype_name(d))) return d;
  }
  if (iequals(s, "fp8_e4m3")) return KvDtype::FP8_E4M3;
  return std::nullopt;
}

void kv_write(const KvPoolView& pool, int64_t slot, const float* src) {
  const int hd = pool.head_dim;
  if (!kv_dtype_scaled(pool.dtype)) {
    for (int h = 0; h < pool.kv_heads; ++h) kv_encode(pool.dtype, src + h * hd, hd, 1.0f, row_at(pool, slot, h));
    return;
  }
  assert(pool.scales && "scaled KV dtypes need a scale array");
  const int64_t block = slot / pool.block_size;
  const int offset = static_cast<int>(slot % pool.block_size);
  const float qmax = quant_max(pool.dtype);
  for (int h = 0; h < pool.kv_heads; ++h) {
    const float* x = src + h * hd;
    float amax = 0.0f;
    for (int i = 0; i < hd; ++i) amax = std::max(amax, std::fabs(x[i]));  // NaN compares false: ignored
    float& scale = pool.scales[block * pool.kv_heads + h];
    if (offset == 0) {
      scale = amax / qmax;  // a new block: its range is this token's
    } else if (amax > scale * qmax) {
      // The block's range grows. Earlier slots were encoded against the old scale; re-encode them
      // so every slot of the block shares one scale and reads stay a single multiply.
      const float grown = amax / qmax;
      for (int o = 0; o < offset; ++o) requantize_row(pool, row_at(pool, block * pool.block_size + o, h), scale, grown);
      scale = grown;
    }
    kv_encode(pool.dtype, x, hd, scale, row_at(pool, slot, h));
  }
}

void kv_read_head(const KvPoolView& pool, int64_t slot, int head, float* dst) {
  const float scale = kv_block_scale(pool, slot / pool.block_size, head);
  kv_decode(pool.dtype, kv_head_row(pool, slot, head), pool.head_dim, scale, dst);
}

}  // namespace inferscope::kernels
