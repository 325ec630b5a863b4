#pragma once
// Device encode/decode of the KV storage dtypes, bit-identical to kernels/cpu/kv_codec.cpp and
// kv_fp8.cpp (same rounding: nearest even; FP8 saturates to +-448; INT8 clamps to +-127), so a KV
// block written on the GPU holds the bytes the CPU would have written from the same floats.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>

#include "kernels/cpu/kv_format.h"

namespace inferscope::kernels::cuda {

__host__ __device__ inline int kv_elem_bytes(KvDtype d) {
  return d == KvDtype::F32 ? 4 : (d == KvDtype::F16 || d == KvDtype::BF16) ? 2 : 1;
}
__host__ __device__ inline bool kv_scaled(KvDtype d) { return d == KvDtype::FP8_E4M3 || d == KvDtype::INT8; }

// The stored head vector of `head` in `slot` (kv_format.h's kv_head_row, usable on the device).
__device__ inline uint8_t* kv_row_ptr(const KvPoolView& p, int64_t slot, int head) {
  return p.data + (slot * p.kv_heads + head) * int64_t(p.head_dim) * kv_elem_bytes(p.dtype);
}

__device__ inline float kv_quant_max(KvDtype d) { return d == KvDtype::FP8_E4M3 ? 448.0f : 127.0f; }

__device__ inline uint32_t round_half_even_u(float r) {
  const auto i = static_cast<uint32_t>(r);
  const float frac = __fsub_rn(r, static_cast<float>(i));
  return (frac > 0.5f || (frac == 0.5f && (i & 1u))) ? i + 1 : i;
}

// The OCP E4M3FN encoding of x with saturation (kernels/cpu/kv_fp8.cpp's algorithm).
__device__ inline uint8_t fp8_e4m3_encode(float x) {
  const uint32_t bits = __float_as_uint(x);
  const auto sign = static_cast<uint8_t>((bits >> 24) & 0x80);
  if (isnan(x)) return sign | 0x7F;
  const float a = fabsf(x);
  if (a >= 448.0f) return sign | 0x7E;
  if (a < 1.0f / 64.0f) return sign | static_cast<uint8_t>(round_half_even_u(__fmul_rn(a, 512.0f)));
  int e = static_cast<int>((bits >> 23) & 0xFF) - 127;
  const uint32_t mant = bits & 0x7FFFFF;
  uint32_t q = mant >> 20;
  const uint32_t rest = mant & 0xFFFFF;
  if (rest > 0x80000 || (rest == 0x80000 && (q & 1u))) ++q;
  if (q == 8) {
    q = 0;
    ++e;
  }
  const uint32_t code = (static_cast<uint32_t>(e + 7) << 3) | q;
  return sign | static_cast<uint8_t>(code > 0x7E ? 0x7E : code);
}

__device__ inline float fp8_e4m3_decode(uint8_t v) {
  const int e = (v >> 3) & 0xF, m = v & 0x7;
  float mag;
  if (e == 0xF && m == 0x7) mag = __int_as_float(0x7fc00000);
  else if (e == 0) mag = ldexpf(static_cast<float>(m), -9);
  else mag = ldexpf(static_cast<float>(8 + m), e - 10);  // (1 + m/8) * 2^(e-7), exact
  return (v & 0x80) ? -mag : mag;
}

// Stores x (already the value to encode; FP8/INT8 multiply by 1/scale here) as element i of row.
__device__ inline void kv_encode_elem(KvDtype d, float x, float inv_scale, uint8_t* row, int i) {
  switch (d) {
    case KvDtype::F32: reinterpret_cast<float*>(row)[i] = x; return;
    case KvDtype::F16: reinterpret_cast<__half*>(row)[i] = __float2half_rn(x); return;
    case KvDtype::BF16: reinterpret_cast<__nv_bfloat16*>(row)[i] = __float2bfloat16_rn(x); return;
    case KvDtype::FP8_E4M3: row[i] = fp8_e4m3_encode(__fmul_rn(x, inv_scale)); return;
    case KvDtype::INT8: {
      const float y = __fmul_rn(x, inv_scale);
      int q = 0;
      if (!isnan(y)) q = __float2int_rn(y > 127.0f ? 127.0f : (y < -127.0f ? -127.0f : y));
      row[i] = static_cast<uint8_t>(static_cast<int8_t>(q));
      return;
    }
  }
}

// Element i of a stored row, decoded but NOT multiplied by the block scale.
__device__ inline float kv_decode_elem(KvDtype d, const uint8_t* row, int i) {
  switch (d) {
    case KvDtype::F32: return reinterpret_cast<const float*>(row)[i];
    case KvDtype::F16: return __half2float(reinterpret_cast<const __half*>(row)[i]);
    case KvDtype::BF16: return __bfloat162float(reinterpret_cast<const __nv_bfloat16*>(row)[i]);
    case KvDtype::FP8_E4M3: return fp8_e4m3_decode(row[i]);
    case KvDtype::INT8: return static_cast<float>(static_cast<int8_t>(row[i]));
  }
  return 0.0f;
}

}  // namespace inferscope::kernels::cuda
