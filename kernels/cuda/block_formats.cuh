#pragma once
// Device-side decoding of the ggml weight block formats the CUDA backend runs natively: F32, F16,
// BF16, Q4_0, Q4_1, Q8_0 (FACTS.md "Block formats"). Every format is read in 32-element groups so the
// matrix kernels can treat all of them alike; the decoded value of each element is exactly the
// scalar reference's (d * q or d * q + m in f32, one rounding), so only accumulation order differs.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>

#include "kernels/cpu/ggml_type.h"

namespace inferscope::kernels::cuda {

// Bytes of one 32-element group of a row in type t (a Q block, or 32 plain elements).
__host__ __device__ inline int group_bytes(GgmlType t) {
  switch (t) {
    case GgmlType::F32: return 128;
    case GgmlType::F16:
    case GgmlType::BF16: return 64;
    case GgmlType::Q4_0: return 18;
    case GgmlType::Q4_1: return 20;
    case GgmlType::Q8_0: return 34;
    default: return 0;
  }
}

__device__ inline float half_at(const uint8_t* p) {
  // Blocks are only 2-byte aligned (18- and 34-byte blocks): read the half as two bytes' worth.
  const uint16_t bits = *reinterpret_cast<const uint16_t*>(p);
  return __half2float(__ushort_as_half(bits));
}

// Decodes the 32 elements of group g (a pointer to its first byte) into w.
template <GgmlType T>
__device__ inline void decode_group(const uint8_t* g, float (&w)[32]) {
  if constexpr (T == GgmlType::F32) {
    const float4* p = reinterpret_cast<const float4*>(g);
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      const float4 v = p[i];
      w[4 * i] = v.x, w[4 * i + 1] = v.y, w[4 * i + 2] = v.z, w[4 * i + 3] = v.w;
    }
  } else if constexpr (T == GgmlType::F16 || T == GgmlType::BF16) {
    const uint4* p = reinterpret_cast<const uint4*>(g);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const uint4 v = p[i];
      const uint32_t words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const auto lo = static_cast<uint16_t>(words[k] & 0xFFFF), hi = static_cast<uint16_t>(words[k] >> 16);
        if constexpr (T == GgmlType::F16) {
          w[8 * i + 2 * k] = __half2float(__ushort_as_half(lo));
          w[8 * i + 2 * k + 1] = __half2float(__ushort_as_half(hi));
        } else {
          w[8 * i + 2 * k] = __uint_as_float(uint32_t(lo) << 16);
          w[8 * i + 2 * k + 1] = __uint_as_float(uint32_t(hi) << 16);
        }
      }
    }
  } else if constexpr (T == GgmlType::Q4_0 || T == GgmlType::Q4_1) {
    const float d = half_at(g);
    const float m = T == GgmlType::Q4_1 ? half_at(g + 2) : 0.0f;
    const uint8_t* qs = g + (T == GgmlType::Q4_1 ? 4 : 2);
#pragma unroll
    for (int j = 0; j < 16; ++j) {
      const int b = qs[j];
      if constexpr (T == GgmlType::Q4_0) {
        w[j] = __fmul_rn(static_cast<float>((b & 15) - 8), d);
        w[j + 16] = __fmul_rn(static_cast<float>((b >> 4) - 8), d);
      } else {
        w[j] = __fadd_rn(__fmul_rn(static_cast<float>(b & 15), d), m);
        w[j + 16] = __fadd_rn(__fmul_rn(static_cast<float>(b >> 4), d), m);
      }
    }
  } else if constexpr (T == GgmlType::Q8_0) {
    const float d = half_at(g);
    const int8_t* qs = reinterpret_cast<const int8_t*>(g + 2);
#pragma unroll
    for (int j = 0; j < 32; ++j) w[j] = __fmul_rn(static_cast<float>(qs[j]), d);
  }
}

// One element (index e of a row starting at row) of type t: embedding rows and weight conversion.
__device__ inline float decode_element(GgmlType t, const uint8_t* row, int64_t e) {
  const uint8_t* g = row + (e / 32) * group_bytes(t);
  const int j = static_cast<int>(e % 32);
  switch (t) {
    case GgmlType::F32: return reinterpret_cast<const float*>(g)[j];
    case GgmlType::F16: return __half2float(__ushort_as_half(reinterpret_cast<const uint16_t*>(g)[j]));
    case GgmlType::BF16: return __uint_as_float(uint32_t(reinterpret_cast<const uint16_t*>(g)[j]) << 16);
    case GgmlType::Q4_0: {
      const int b = g[2 + (j & 15)];
      return __fmul_rn(static_cast<float>((j < 16 ? (b & 15) : (b >> 4)) - 8), half_at(g));
    }
    case GgmlType::Q4_1: {
      const int b = g[4 + (j & 15)];
      return __fadd_rn(__fmul_rn(static_cast<float>(j < 16 ? (b & 15) : (b >> 4)), half_at(g)), half_at(g + 2));
    }
    case GgmlType::Q8_0:
      return __fmul_rn(static_cast<float>(reinterpret_cast<const int8_t*>(g + 2)[j]), half_at(g));
    default: return 0.0f;
  }
}

}  // namespace inferscope::kernels::cuda
