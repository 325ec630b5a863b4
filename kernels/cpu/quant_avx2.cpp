// AVX2 row dequantizers (bit-identical to the reference: the same float operations per element)
// and the activation quantizers Q8_0 / Q8_1 / Q8_K that matmul runs on every input row.
#include "kernels/cpu/avx2_entry.h"
#include "kernels/cpu/avx2_util.h"
#include "kernels/cpu/block_formats.h"
#include "kernels/cpu/fp16.h"

namespace inferscope::kernels::avx2 {
namespace {

// y[0..16) = code * d (+ off when kAdd), codes as 16 int8. Skipping the add when there is no
// offset keeps the sign of zero exactly as the reference produces it.
template <bool kAdd>
inline void store16(__m128i codes, float d, float off, float* y) {
  const __m256 vd = _mm256_set1_ps(d), voff = _mm256_set1_ps(off);
  for (int k = 0; k < 2; ++k) {
    const __m128i part = k ? _mm_srli_si128(codes, 8) : codes;
    __m256 v = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(part)), vd);
    if constexpr (kAdd) v = _mm256_add_ps(v, voff);
    _mm256_storeu_ps(y + 8 * k, v);
  }
}

template <bool kAdd>
inline void store_block(__m256i codes, float d, float off, float* y) {
  store16<kAdd>(_mm256_castsi256_si128(codes), d, off, y);
  store16<kAdd>(_mm256_extracti128_si256(codes, 1), d, off, y + 16);
}

__m256i q5_high(const uint8_t qh[4]) {
  uint32_t bits;
  std::memcpy(&bits, qh, 4);
  return _mm256_and_si256(bits_to_bytes(bits), _mm256_set1_epi8(0x10));
}

void dequant_q4_0(const block_q4_0* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK)
    store_block<false>(_mm256_sub_epi8(unpack_nibbles(b[i].qs), _mm256_set1_epi8(8)), half_to_float(b[i].d), 0, y);
}
void dequant_q4_1(const block_q4_1* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK)
    store_block<true>(unpack_nibbles(b[i].qs), half_to_float(b[i].d), half_to_float(b[i].m), y);
}
void dequant_q5_0(const block_q5_0* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK) {
    const __m256i q = _mm256_or_si256(unpack_nibbles(b[i].qs), q5_high(b[i].qh));
    store_block<false>(_mm256_sub_epi8(q, _mm256_set1_epi8(16)), half_to_float(b[i].d), 0, y);
  }
}
void dequant_q5_1(const block_q5_1* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK)
    store_block<true>(_mm256_or_si256(unpack_nibbles(b[i].qs), q5_high(b[i].qh)), half_to_float(b[i].d),
                      half_to_float(b[i].m), y);
}
void dequant_q8_0(const block_q8_0* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK) store_block<false>(load256(b[i].qs), half_to_float(b[i].d), 0, y);
}

template <bool kFive, class B>
void dequant_k_affine(const B* b, float* y, int64_t nb) {
  const __m256i low4 = _mm256_set1_epi8(0x0F), one = _mm256_set1_epi8(1);
  for (int64_t i = 0; i < nb; ++i) {
    const float d = half_to_float(b[i].d), dmin = half_to_float(b[i].dmin);
    for (int c = 0; c < 4; ++c, y += 64) {
      uint8_t sc0, m0, sc1, m1;
      k_scale_min(b[i].scales, 2 * c, sc0, m0);
      k_scale_min(b[i].scales, 2 * c + 1, sc1, m1);
      const __m256i raw = load256(b[i].qs + 32 * c);
      __m256i lo = _mm256_and_si256(raw, low4);
      __m256i hi = _mm256_and_si256(_mm256_srli_epi16(raw, 4), low4);
      if constexpr (kFive) {
        const __m256i hb = load256(b[i].qh);
        lo = _mm256_or_si256(lo, _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(hb, 2 * c), one), 4));
        hi = _mm256_or_si256(hi, _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(hb, 2 * c + 1), one), 4));
      }
      // Reference: d*sc*q - dmin*m, i.e. (d*sc)*q + (-(dmin*m)); negation is exact.
      store_block<true>(lo, d * sc0, -(dmin * m0), y);
      store_block<true>(hi, d * sc1, -(dmin * m1), y + 32);
    }
  }
}

void dequant_q6_K(const block_q6_K* b, float* y, int64_t nb) {
  const __m256i low4 = _mm256_set1_epi8(0x0F), three = _mm256_set1_epi8(3), off = _mm256_set1_epi8(32);
  for (int64_t i = 0; i < nb; ++i) {
    const float d = half_to_float(b[i].d);
    for (int h = 0; h < 2; ++h) {
      const __m256i ql0 = load256(b[i].ql + 64 * h), ql1 = load256(b[i].ql + 64 * h + 32);
      const __m256i qh = load256(b[i].qh + 32 * h);
      auto top = [&](int shift) { return _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, shift), three), 4); };
      const __m256i q[4] = {
          _mm256_or_si256(_mm256_and_si256(ql0, low4), top(0)),
          _mm256_or_si256(_mm256_and_si256(ql1, low4), top(2)),
          _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(ql0, 4), low4), top(4)),
          _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(ql1, 4), low4), top(6)),
      };
      for (int k = 0; k < 4; ++k) {
        const int e = 128 * h + 32 * k;  // 32 elements, the halves under scales e/16 and e/16 + 1
        const __m256i codes = _mm256_sub_epi8(q[k], off);
        store16<false>(_mm256_castsi256_si128(codes), d * static_cast<float>(b[i].scales[e / 16]), 0, y + e);
        store16<false>(_mm256_extracti128_si256(codes, 1), d * static_cast<float>(b[i].scales[e / 16 + 1]), 0,
                       y + e + 16);
      }
    }
    y += QK_K;
  }
}

void dequant_f16(const uint16_t* src, float* y, int64_t n) {
  int64_t j = 0;
  for (; j + 8 <= n; j += 8)
    _mm256_storeu_ps(y + j, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + j))));
  for (; j < n; ++j) y[j] = fp16_to_fp32(src[j]);
}

// ---- activation quantizers (same arithmetic as the reference, so the blocks are identical) ----

float absmax(const float* x, int n) {
  const __m256 sign = _mm256_set1_ps(-0.0f);
  __m256 m = _mm256_setzero_ps();
  for (int j = 0; j < n; j += 8) m = _mm256_max_ps(m, _mm256_andnot_ps(sign, _mm256_loadu_ps(x + j)));
  __m128 s = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
  s = _mm_max_ps(s, _mm_movehl_ps(s, s));
  s = _mm_max_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}

// 8 floats * id, rounded half-to-even and clamped to [-127, 127], as int32.
inline __m256i codes8(const float* x, __m256 id) {
  const __m256 v = _mm256_round_ps(_mm256_mul_ps(_mm256_loadu_ps(x), id), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  const __m256i q = _mm256_cvtps_epi32(v);
  return _mm256_min_epi32(_mm256_max_epi32(q, _mm256_set1_epi32(-127)), _mm256_set1_epi32(127));
}

// Four int32x8 -> 32 int8 in element order (the packs interleave 128-bit lanes; the permute undoes it).
inline __m256i pack32(__m256i a, __m256i b, __m256i c, __m256i d) {
  const __m256i p = _mm256_packs_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
  return _mm256_permutevar8x32_epi32(p, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

// Returns the sum of the 32 codes.
int quantize_q8_32(const float* x, float id, int8_t* qs) {
  const __m256 vid = _mm256_set1_ps(id);
  const __m256i a = codes8(x, vid), b = codes8(x + 8, vid), c = codes8(x + 16, vid), d = codes8(x + 24, vid);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(qs), pack32(a, b, c, d));
  return hsum_i32(_mm256_add_epi32(_mm256_add_epi32(a, b), _mm256_add_epi32(c, d)));
}

void quant_q8_0(const float* x, block_q8_0* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK) {
    b[i].d = fp32_to_fp16(absmax(x, QK) / 127.0f);
    const float df = fp16_to_fp32(b[i].d);
    quantize_q8_32(x, df != 0.0f ? 1.0f / df : 0.0f, b[i].qs);
  }
}

void quant_q8_1(const float* x, block_q8_1* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK) {
    b[i].d = fp32_to_fp16(absmax(x, QK) / 127.0f);
    const float df = fp16_to_fp32(b[i].d);
    const int sum = quantize_q8_32(x, df != 0.0f ? 1.0f / df : 0.0f, b[i].qs);
    b[i].s = fp32_to_fp16(df * static_cast<float>(sum));
  }
}

void quant_q8_K(const float* x, block_q8_K* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK_K) {
    const float amax = absmax(x, QK_K);
    b[i].d = amax / 127.0f;
    const __m256 vid = _mm256_set1_ps(amax != 0.0f ? 127.0f / amax : 0.0f);
    for (int g = 0; g < QK_K / 32; ++g) {
      const float* xg = x + 32 * g;
      const __m256i q0 = codes8(xg, vid), q1 = codes8(xg + 8, vid), q2 = codes8(xg + 16, vid), q3 = codes8(xg + 24, vid);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(b[i].qs + 32 * g), pack32(q0, q1, q2, q3));
      b[i].bsums[2 * g] = static_cast<int16_t>(hsum_i32(_mm256_add_epi32(q0, q1)));
      b[i].bsums[2 * g + 1] = static_cast<int16_t>(hsum_i32(_mm256_add_epi32(q2, q3)));
    }
  }
}

}  // namespace

bool dequantize_row(GgmlType t, const void* src, float* dst, int64_t n) {
  switch (t) {
    case GgmlType::F16: dequant_f16(static_cast<const uint16_t*>(src), dst, n); return true;
    case GgmlType::Q4_0: dequant_q4_0(static_cast<const block_q4_0*>(src), dst, n / QK); return true;
    case GgmlType::Q4_1: dequant_q4_1(static_cast<const block_q4_1*>(src), dst, n / QK); return true;
    case GgmlType::Q5_0: dequant_q5_0(static_cast<const block_q5_0*>(src), dst, n / QK); return true;
    case GgmlType::Q5_1: dequant_q5_1(static_cast<const block_q5_1*>(src), dst, n / QK); return true;
    case GgmlType::Q8_0: dequant_q8_0(static_cast<const block_q8_0*>(src), dst, n / QK); return true;
    case GgmlType::Q4_K: dequant_k_affine<false>(static_cast<const block_q4_K*>(src), dst, n / QK_K); return true;
    case GgmlType::Q5_K: dequant_k_affine<true>(static_cast<const block_q5_K*>(src), dst, n / QK_K); return true;
    case GgmlType::Q6_K: dequant_q6_K(static_cast<const block_q6_K*>(src), dst, n / QK_K); return true;
    default: return false;  // F32 and BF16 are a copy/shift: the reference is already fast
  }
}

bool quantize_row(GgmlType t, const float* src, void* dst, int64_t n) {
  switch (t) {
    case GgmlType::Q8_0: quant_q8_0(src, static_cast<block_q8_0*>(dst), n / QK); return true;
    case GgmlType::Q8_1: quant_q8_1(src, static_cast<block_q8_1*>(dst), n / QK); return true;
    case GgmlType::Q8_K: quant_q8_K(src, static_cast<block_q8_K*>(dst), n / QK_K); return true;
    default: return false;  // weight quantizers run offline; the reference serves
  }
}

}  // namespace inferscope::kernels::avx2
