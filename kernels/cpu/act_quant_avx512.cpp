// Activation quantization for the packed VNNI kernels (Q8_0 / Q8_1 arithmetic, see packed_kernels.h),
// 16 blocks at a time: the per-block horizontal reductions (max |x|, sum of codes) become one
// transpose-and-reduce of 16 vectors, and the scale arithmetic (two divisions, the fp16 rounding) runs
// once for 16 blocks. Every lane does the per-block version's operations, so the bits are the same;
// done block by block it cost ~45 cycles per 32 floats, 5% of a 64-sequence decode step.
#include "kernels/cpu/avx512_intrinsics.h"

#include "kernels/cpu/packed_kernels.h"

namespace inferscope::kernels::packed {
namespace {

constexpr int kRound = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

// Input position p of a 16-way reduce holds block transposed(p): the reduction tree below leaves the
// result of input 4k + j in lane 4j + k, so feeding it the blocks in this (self-inverse) order puts
// block b's result in lane b.
constexpr int transposed(int p) { return 4 * (p % 4) + p / 4; }

// r[lane b] = op over the 16 lanes of v[transposed(b)]. op must be commutative and associative
// (max of floats, sum of int32): the result does not depend on the tree's order.
template <class Op>
__m512 reduce16(__m512 v[16], Op op) {
  for (int i = 0; i < 8; ++i)  // 256-bit halves: input 2i in 128-bit chunks 0-1, input 2i+1 in 2-3
    v[i] = op(_mm512_shuffle_f32x4(v[2 * i], v[2 * i + 1], _MM_SHUFFLE(1, 0, 1, 0)),
              _mm512_shuffle_f32x4(v[2 * i], v[2 * i + 1], _MM_SHUFFLE(3, 2, 3, 2)));
  for (int i = 0; i < 4; ++i)  // 128-bit chunk j: 4 partials of input 4i + j
    v[i] = op(_mm512_shuffle_f32x4(v[2 * i], v[2 * i + 1], _MM_SHUFFLE(2, 0, 2, 0)),
              _mm512_shuffle_f32x4(v[2 * i], v[2 * i + 1], _MM_SHUFFLE(3, 1, 3, 1)));
  for (int i = 0; i < 2; ++i)  // chunk j: 2 partials of input 8i + j, then 2 of input 8i + 4 + j
    v[i] = op(_mm512_shuffle_ps(v[2 * i], v[2 * i + 1], _MM_SHUFFLE(1, 0, 1, 0)),
              _mm512_shuffle_ps(v[2 * i], v[2 * i + 1], _MM_SHUFFLE(3, 2, 3, 2)));
  // chunk j: inputs j, 4 + j, 8 + j, 12 + j
  return op(_mm512_shuffle_ps(v[0], v[1], _MM_SHUFFLE(2, 0, 2, 0)), _mm512_shuffle_ps(v[0], v[1], _MM_SHUFFLE(3, 1, 3, 1)));
}

inline __m512 max_ps(__m512 a, __m512 b) { return _mm512_max_ps(a, b); }
inline __m512 add_epi32_as_ps(__m512 a, __m512 b) {
  return _mm512_castsi512_ps(_mm512_add_epi32(_mm512_castps_si512(a), _mm512_castps_si512(b)));
}

inline __m512 round_to_fp16(__m512 v) { return _mm512_cvtph_ps(_mm512_cvtps_ph(v, kRound)); }

// Codes of one block with inverse scale id, stored; returns their 16 pairwise int32 sums.
inline __m512i quantize_block(const float* x, __m512 id, int8_t* qs) {
  const __m512i lo = _mm512_set1_epi32(-127), hi = _mm512_set1_epi32(127);
  const __m512i q0 = _mm512_min_epi32(_mm512_max_epi32(_mm512_cvt_roundps_epi32(_mm512_mul_ps(_mm512_loadu_ps(x), id), kRound), lo), hi);
  const __m512i q1 =
      _mm512_min_epi32(_mm512_max_epi32(_mm512_cvt_roundps_epi32(_mm512_mul_ps(_mm512_loadu_ps(x + 16), id), kRound), lo), hi);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(qs), _mm512_cvtepi32_epi8(q0));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(qs + 16), _mm512_cvtepi32_epi8(q1));
  return _mm512_add_epi32(q0, q1);
}

// One block alone (the row's last nb % 16 blocks).
void quantize_one(const float* x, bool with_s, int32_t offset, int8_t* qs, float* d, float* s, int32_t* bias) {
  const float amax = _mm512_reduce_max_ps(_mm512_max_ps(_mm512_abs_ps(_mm512_loadu_ps(x)), _mm512_abs_ps(_mm512_loadu_ps(x + 16))));
  const float df = _cvtsh_ss(_cvtss_sh(amax / 127.0f, kRound));
  const int32_t sum = _mm512_reduce_add_epi32(quantize_block(x, _mm512_set1_ps(df != 0.0f ? 1.0f / df : 0.0f), qs));
  *d = df;
  if (with_s)
    *s = _cvtsh_ss(_cvtss_sh(df * static_cast<float>(sum), kRound));
  else
    *bias = offset * sum;
}

}  // namespace

void quantize_row_avx512(const float* x, int64_t nb, bool with_s, int32_t offset, int64_t stride, int8_t* qs, float* d,
                         float* s, int32_t* bias) {
  int64_t b0 = 0;
  for (; b0 + 16 <= nb; b0 += 16) {
    const float* xg = x + 32 * b0;
    __m512 v[16];
    for (int p = 0; p < 16; ++p) {
      const float* xb = xg + 32 * transposed(p);
      v[p] = _mm512_max_ps(_mm512_abs_ps(_mm512_loadu_ps(xb)), _mm512_abs_ps(_mm512_loadu_ps(xb + 16)));
    }
    const __m512 df = round_to_fp16(_mm512_div_ps(reduce16(v, max_ps), _mm512_set1_ps(127.0f)));
    // 1/d, or 0 for an all-zero block (!= is true for NaN too, as in the per-block version).
    const __mmask16 nonzero = _mm512_cmp_ps_mask(df, _mm512_setzero_ps(), _CMP_NEQ_UQ);
    alignas(64) float id[16];
    _mm512_store_ps(id, _mm512_maskz_div_ps(nonzero, _mm512_set1_ps(1.0f), df));
    for (int p = 0; p < 16; ++p) {
      const int b = transposed(p);
      v[p] = _mm512_castsi512_ps(quantize_block(xg + 32 * b, _mm512_set1_ps(id[b]), qs + 32 * stride * (b0 + b)));
    }
    const __m512i sum = _mm512_castps_si512(reduce16(v, add_epi32_as_ps));
    // Scales (and s or bias) of the 16 blocks, one vector each, stored stride apart.
    const __m512 third = with_s ? round_to_fp16(_mm512_mul_ps(df, _mm512_cvtepi32_ps(sum)))
                                : _mm512_castsi512_ps(_mm512_mullo_epi32(_mm512_set1_epi32(offset), sum));
    float* third_out = with_s ? s : reinterpret_cast<float*>(bias);
    if (stride == 1) {
      _mm512_storeu_ps(d + b0, df);
      _mm512_storeu_ps(third_out + b0, third);
    } else {
      // Sixteen scalar stores: a vscatterdps is microcoded on Zen 4 and took a quarter of this
      // function's time in a 16-sequence decode profile.
      alignas(64) float dv[16], tv[16];
      _mm512_store_ps(dv, df);
      _mm512_store_ps(tv, third);
      for (int b = 0; b < 16; ++b) {
        d[(b0 + b) * stride] = dv[b];
        third_out[(b0 + b) * stride] = tv[b];
      }
    }
  }
  for (int64_t b = b0; b < nb; ++b)
    quantize_one(x + 32 * b, with_s, offset, qs + 32 * stride * b, d + stride * b, s + stride * b, bias + stride * b);
}

}  // namespace inferscope::kernels::packed
