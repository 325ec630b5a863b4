// Scalar dot-product kernels: integer sums per block, the same decomposition the AVX2 kernels use,
// so the two differ only in the order of the float accumulation.
#include <cstring>

#include "kernels/cpu/block_formats.h"
#include "kernels/cpu/fp16.h"
#include "kernels/cpu/vec_dot.h"

namespace inferscope::kernels::detail {
namespace {

uint32_t load_qh(const uint8_t qh[4]) {
  uint32_t v;
  std::memcpy(&v, qh, 4);
  return v;
}

// 5-bit code of element j (0..31) of a Q5_0/Q5_1 block.
template <class B>
int q5_code(const B& b, uint32_t qh, int j) {
  const int nib = j < 16 ? (b.qs[j] & 0x0F) : (b.qs[j - 16] >> 4);
  return nib | static_cast<int>(((qh >> j) & 1u) << 4);
}

float dot_q4_0(const void* w, const void* a, int64_t n) {
  const auto* x = static_cast<const block_q4_0*>(w);
  const auto* y = static_cast<const block_q8_0*>(a);
  float acc = 0.0f;
  for (int64_t i = 0; i < n / QK; ++i) {
    int s = 0;
    for (int j = 0; j < 16; ++j)
      s += ((x[i].qs[j] & 0x0F) - 8) * y[i].qs[j] + ((x[i].qs[j] >> 4) - 8) * y[i].qs[j + 16];
    acc += fp16_to_fp32(x[i].d) * fp16_to_fp32(y[i].d) * static_cast<float>(s);
  }
  return acc;
}

float dot_q4_1(const void* w, const void* a, int64_t n) {
  const auto* x = static_cast<const block_q4_1*>(w);
  const auto* y = static_cast<const block_q8_1*>(a);
  float acc = 0.0f, mins = 0.0f;
  for (int64_t i = 0; i < n / QK; ++i) {
    int s = 0;
    for (int j = 0; j < 16; ++j) s += (x[i].qs[j] & 0x0F) * y[i].qs[j] + (x[i].qs[j] >> 4) * y[i].qs[j + 16];
    acc += fp16_to_fp32(x[i].d) * fp16_to_fp32(y[i].d) * static_cast<float>(s);
    mins += fp16_to_fp32(x[i].m) * fp16_to_fp32(y[i].s);  // m * sum(x) = m * s
  }
  return acc + mins;
}

float dot_q5_0(const void* w, const void* a, int64_t n) {
  const auto* x = static_cast<const block_q5_0*>(w);
  const auto* y = static_cast<const block_q8_0*>(a);
  float acc = 0.0f;
  for (int64_t i = 0; i < n / QK; ++i) {
    const uint32_t qh = load_qh(x[i].qh);
    int s = 0;
    for (int j = 0; j < QK; ++j) s += (q5_code(x[i], qh, j) - 16) * y[i].qs[j];
    acc += fp16_to_fp32(x[i].d) * fp16_to_fp32(y[i].d) * static_cast<float>(s);
  }
  return acc;
}

float dot_q5_1(const void* w, const void* a, int64_t n) {
  const auto* x = static_cast<const block_q5_1*>(w);
  const auto* y = static_cast<const block_q8_1*>(a);
  float acc = 0.0f, mins = 0.0f;
  for (int64_t i = 0; i < n / QK; ++i) {
    const uint32_t qh = load_qh(x[i].qh);
    int s = 0;
    for (int j = 0; j < QK; ++j) s += q5_code(x[i], qh, j) * y[i].qs[j];
    acc += fp16_to_fp32(x[i].d) * fp16_to_fp32(y[i].d) * static_cast<float>(s);
    mins += fp16_to_fp32(x[i].m) * fp16_to_fp32(y[i].s);
  }
  return acc + mins;
}

float dot_q8_0(const void* w, const void* a, int64_t n) {
  const auto* x = static_cast<const block_q8_0*>(w);
  const auto* y = static_cast<const block_q8_0*>(a);
  float acc = 0.0f;
  for (int64_t i = 0; i < n / QK; ++i) {
    int s = 0;
    for (int j = 0; j < QK; ++j) s += x[i].qs[j] * y[i].qs[j];
    acc += fp16_to_fp32(x[i].d) * fp16_to_fp32(y[i].d) * static_cast<float>(s);
  }
  return acc;
}

// Q4_K / Q5_K: sum_s d*sc_s*sum(q*y) - dmin*m_s*sum(y), the y sums from the Q8_K bsums.
template <bool kFive, class B>
float dot_k_affine(const void* w, const void* a, int64_t n) {
  const auto* x = static_cast<const B*>(w);
  const auto* y = static_cast<const block_q8_K*>(a);
  float acc = 0.0f, mins = 0.0f;
  for (int64_t i = 0; i < n / QK_K; ++i) {
    int sum_q = 0, sum_m = 0;
    for (int s = 0; s < 8; ++s) {
      uint8_t sc, m;
      k_scale_min(x[i].scales, s, sc, m);
      const int c = s / 2, hi = s % 2;  // chunk of 64, which nibble
      int sub = 0;
      for (int l = 0; l < 32; ++l) {
        int q = hi ? (x[i].qs[32 * c + l] >> 4) : (x[i].qs[32 * c + l] & 0x0F);
        if constexpr (kFive) q |= ((x[i].qh[l] >> s) & 1) << 4;
        sub += q * y[i].qs[32 * s + l];
      }
      sum_q += sc * sub;
      sum_m += m * (y[i].bsums[2 * s] + y[i].bsums[2 * s + 1]);
    }
    acc += fp16_to_fp32(x[i].d) * y[i].d * static_cast<float>(sum_q);
    mins += fp16_to_fp32(x[i].dmin) * y[i].d * static_cast<float>(sum_m);
  }
  return acc - mins;
}

float dot_q6_K(const void* w, const void* a, int64_t n) {
  const auto* x = static_cast<const block_q6_K*>(w);
  const auto* y = static_cast<const block_q8_K*>(a);
  float acc = 0.0f;
  for (int64_t i = 0; i < n / QK_K; ++i) {
    int sum = 0;
    for (int h = 0; h < 2; ++h) {
      const uint8_t* ql = x[i].ql + 64 * h;
      const uint8_t* qh = x[i].qh + 32 * h;
      for (int k = 0; k < 4; ++k) {  // 32 elements 128h + 32k + l
        const uint8_t* lo = ql + (k & 1) * 32;
        const int shift_lo = (k >> 1) * 4, shift_hi = 2 * k;
        for (int half = 0; half < 2; ++half) {  // two sub-blocks of 16
          int sub = 0;
          for (int l = 16 * half; l < 16 * half + 16; ++l) {
            const int q = ((lo[l] >> shift_lo) & 0x0F) | (((qh[l] >> shift_hi) & 3) << 4);
            sub += (q - 32) * y[i].qs[128 * h + 32 * k + l];
          }
          sum += x[i].scales[8 * h + 2 * k + half] * sub;
        }
      }
    }
    acc += fp16_to_fp32(x[i].d) * y[i].d * static_cast<float>(sum);
  }
  return acc;
}

template <float (*Load)(const void*, int64_t)>
float dot_float(const void* w, const void* a, int64_t n) {
  const auto* x = static_cast<const float*>(a);
  float acc = 0.0f;
  for (int64_t j = 0; j < n; ++j) acc += Load(w, j) * x[j];
  return acc;
}
float load_f32(const void* p, int64_t j) { return static_cast<const float*>(p)[j]; }
float load_f16(const void* p, int64_t j) { return fp16_to_fp32(static_cast<const uint16_t*>(p)[j]); }
float load_bf16(const void* p, int64_t j) { return bf16_to_fp32(static_cast<const uint16_t*>(p)[j]); }

// The scalar tile is the single-row dot repeated, which makes it batch-invariant by construction.
template <float (*Dot)(const void*, const void*, int64_t)>
void tile(const void* w, const void* const* acts, int nt, int64_t n, float* out) {
  for (int t = 0; t < nt; ++t) out[t] = Dot(w, acts[t], n);
}

}  // namespace

DotTileFn dot_tile_scalar(GgmlType wt) {
  switch (wt) {
    case GgmlType::F32: return tile<dot_float<load_f32>>;
    case GgmlType::F16: return tile<dot_float<load_f16>>;
    case GgmlType::BF16: return tile<dot_float<load_bf16>>;
    case GgmlType::Q4_0: return tile<dot_q4_0>;
    case GgmlType::Q4_1: return tile<dot_q4_1>;
    case GgmlType::Q5_0: return tile<dot_q5_0>;
    case GgmlType::Q5_1: return tile<dot_q5_1>;
    case GgmlType::Q8_0: return tile<dot_q8_0>;
    case GgmlType::Q4_K: return tile<dot_k_affine<false, block_q4_K>>;
    case GgmlType::Q5_K: return tile<dot_k_affine<true, block_q5_K>>;
    case GgmlType::Q6_K: return tile<dot_q6_K>;
    default: return nullptr;
  }
}

}  // namespace inferscope::kernels::detail
