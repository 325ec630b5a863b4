// AVX2 tile kernels for the K-quants against Q8_K activations. A super-block's codes and scales
// are decoded once per tile; per activation row the work is maddubs (code x activation) then
// madd with the sub-block scale, all in int32, and one float FMA per super-block.
#include <type_traits>

#include "kernels/cpu/avx2_entry.h"
#include "kernels/cpu/avx2_util.h"
#include "kernels/cpu/block_formats.h"

namespace inferscope::kernels::avx2 {
namespace {

// Q4_K (kFive = false) and Q5_K: sum_s d*sc_s*sum(q*y) - dmin*m_s*(sum of y over sub-block s).
template <bool kFive, int NT>
void tile_k_affine(const void* wv, const void* const* acts, int64_t n, float* out) {
  using W = std::conditional_t<kFive, block_q5_K, block_q4_K>;
  const auto* w = static_cast<const W*>(wv);
  const block_q8_K* a[NT];
  __m256 acc[NT];
  float mins[NT];
  for (int t = 0; t < NT; ++t) {
    a[t] = static_cast<const block_q8_K*>(acts[t]);
    acc[t] = _mm256_setzero_ps();
    mins[t] = 0.0f;
  }
  const __m256i low4 = _mm256_set1_epi8(0x0F), one = _mm256_set1_epi8(1);
  for (int64_t i = 0; i < n / QK_K; ++i) {
    const W& b = w[i];
    uint8_t sc[8], m[8];
    for (int s = 0; s < 8; ++s) k_scale_min(b.scales, s, sc[s], m[s]);
    // Sub-block s of 32 codes; the Q8_K bsums come in 16s, two per sub-block.
    __m256i q[8], scv[8];
    for (int c = 0; c < 4; ++c) {
      const __m256i raw = load256(b.qs + 32 * c);
      __m256i lo = _mm256_and_si256(raw, low4);
      __m256i hi = _mm256_and_si256(_mm256_srli_epi16(raw, 4), low4);
      if constexpr (kFive) {
        const __m256i hb = load256(b.qh);
        lo = _mm256_or_si256(lo, _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(hb, 2 * c), one), 4));
        hi = _mm256_or_si256(hi, _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(hb, 2 * c + 1), one), 4));
      }
      q[2 * c] = lo;
      q[2 * c + 1] = hi;
    }
    for (int s = 0; s < 8; ++s) scv[s] = _mm256_set1_epi16(sc[s]);
    const __m256i mvec = _mm256_setr_epi16(m[0], m[0], m[1], m[1], m[2], m[2], m[3], m[3], m[4], m[4], m[5], m[5],
                                           m[6], m[6], m[7], m[7]);
    const float d = half_to_float(b.d), dmin = half_to_float(b.dmin);
    for (int t = 0; t < NT; ++t) {
      const block_q8_K& y = a[t][i];
      __m256i isum = _mm256_setzero_si256();
      for (int s = 0; s < 8; ++s)
        isum = _mm256_add_epi32(isum,
                                _mm256_madd_epi16(_mm256_maddubs_epi16(q[s], load256(y.qs + 32 * s)), scv[s]));
      acc[t] = _mm256_fmadd_ps(_mm256_set1_ps(d * y.d), _mm256_cvtepi32_ps(isum), acc[t]);
      const int sum_m = hsum_i32(_mm256_madd_epi16(mvec, load256(y.bsums)));
      mins[t] += dmin * y.d * static_cast<float>(sum_m);
    }
  }
  for (int t = 0; t < NT; ++t) out[t] = hsum(acc[t]) - mins[t];
}

// Q6_K: sum_s d*sc_s*sum((q-32)*y) = d*(sum_s sc_s*sum(q*y) - 32*sum_s sc_s*bsum_s).
template <int NT>
void tile_q6_K(const void* wv, const void* const* acts, int64_t n, float* out) {
  const auto* w = static_cast<const block_q6_K*>(wv);
  const block_q8_K* a[NT];
  __m256 acc[NT];
  float offs[NT];
  for (int t = 0; t < NT; ++t) {
    a[t] = static_cast<const block_q8_K*>(acts[t]);
    acc[t] = _mm256_setzero_ps();
    offs[t] = 0.0f;
  }
  const __m256i low4 = _mm256_set1_epi8(0x0F), three = _mm256_set1_epi8(3);
  for (int64_t i = 0; i < n / QK_K; ++i) {
    const block_q6_K& b = w[i];
    // q[k] holds elements 32k..32k+31 (codes 0..63); its two 16-element halves use scales 2k, 2k+1.
    __m256i q[8], scv[8];
    for (int h = 0; h < 2; ++h) {
      const __m256i ql0 = load256(b.ql + 64 * h), ql1 = load256(b.ql + 64 * h + 32);
      const __m256i qh = load256(b.qh + 32 * h);
      auto top = [&](int shift) {
        return _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, shift), three), 4);
      };
      q[4 * h + 0] = _mm256_or_si256(_mm256_and_si256(ql0, low4), top(0));
      q[4 * h + 1] = _mm256_or_si256(_mm256_and_si256(ql1, low4), top(2));
      q[4 * h + 2] = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(ql0, 4), low4), top(4));
      q[4 * h + 3] = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(ql1, 4), low4), top(6));
    }
    for (int k = 0; k < 8; ++k)
      scv[k] = _mm256_set_m128i(_mm_set1_epi16(b.scales[2 * k + 1]), _mm_set1_epi16(b.scales[2 * k]));
    const __m256i sc16 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b.scales)));
    const float d = half_to_float(b.d);
    for (int t = 0; t < NT; ++t) {
      const block_q8_K& y = a[t][i];
      __m256i isum = _mm256_setzero_si256();
      for (int k = 0; k < 8; ++k)
        isum = _mm256_add_epi32(isum,
                                _mm256_madd_epi16(_mm256_maddubs_epi16(q[k], load256(y.qs + 32 * k)), scv[k]));
      acc[t] = _mm256_fmadd_ps(_mm256_set1_ps(d * y.d), _mm256_cvtepi32_ps(isum), acc[t]);
      const int off = 32 * hsum_i32(_mm256_madd_epi16(sc16, load256(y.bsums)));
      offs[t] += d * y.d * static_cast<float>(off);
    }
  }
  for (int t = 0; t < NT; ++t) out[t] = hsum(acc[t]) - offs[t];
}

template <template <int> class K>
void tile(const void* w, const void* const* acts, int nt, int64_t n, float* out) {
  switch (nt) {
    case 1: return K<1>::run(w, acts, n, out);
    case 2: return K<2>::run(w, acts, n, out);
    case 3: return K<3>::run(w, acts, n, out);
    default: return K<4>::run(w, acts, n, out);
  }
}
template <int NT>
struct Q4K {
  static void run(const void* w, const void* const* a, int64_t n, float* o) { tile_k_affine<false, NT>(w, a, n, o); }
};
template <int NT>
struct Q5K {
  static void run(const void* w, const void* const* a, int64_t n, float* o) { tile_k_affine<true, NT>(w, a, n, o); }
};
template <int NT>
struct Q6K {
  static void run(const void* w, const void* const* a, int64_t n, float* o) { tile_q6_K<NT>(w, a, n, o); }
};

}  // namespace

detail::DotTileFn dot_tile_k(GgmlType wt) {
  switch (wt) {
    case GgmlType::Q4_K: return tile<Q4K>;
    case GgmlType::Q5_K: return tile<Q5K>;
    case GgmlType::Q6_K: return tile<Q6K>;
    default: return nullptr;
  }
}

}  // namespace inferscope::kernels::avx2
