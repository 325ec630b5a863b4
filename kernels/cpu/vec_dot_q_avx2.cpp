// AVX2 tile kernels for the 32-element formats: each weight block is decoded to 32 int8 codes once
// and multiplied with the matching Q8_0/Q8_1 block of every activation row in the tile.
#include "kernels/cpu/avx2_entry.h"
#include "kernels/cpu/avx2_util.h"
#include "kernels/cpu/block_formats.h"

namespace inferscope::kernels::avx2 {
namespace {

// Per-format policy: the weight block, the activation block, and how to get the codes.
// Signed formats yield code - offset in [-16, 15] (or the raw int8 of Q8_0); formats with a min
// yield unsigned codes and add m * s (s = d_act * sum of activation codes) per block.
struct Q4_0P {
  using W = block_q4_0;
  using A = block_q8_0;
  static constexpr bool kSigned = true, kMin = false;
  static __m256i codes(const W& b) { return _mm256_sub_epi8(unpack_nibbles(b.qs), _mm256_set1_epi8(8)); }
};
struct Q4_1P {
  using W = block_q4_1;
  using A = block_q8_1;
  static constexpr bool kSigned = false, kMin = true;
  static __m256i codes(const W& b) { return unpack_nibbles(b.qs); }
};
struct Q5_0P {
  using W = block_q5_0;
  using A = block_q8_0;
  static constexpr bool kSigned = true, kMin = false;
  static __m256i codes(const W& b) {
    uint32_t qh;
    std::memcpy(&qh, b.qh, 4);
    const __m256i hi = _mm256_and_si256(bits_to_bytes(qh), _mm256_set1_epi8(0x10));
    return _mm256_sub_epi8(_mm256_or_si256(unpack_nibbles(b.qs), hi), _mm256_set1_epi8(16));
  }
};
struct Q5_1P {
  using W = block_q5_1;
  using A = block_q8_1;
  static constexpr bool kSigned = false, kMin = true;
  static __m256i codes(const W& b) {
    uint32_t qh;
    std::memcpy(&qh, b.qh, 4);
    return _mm256_or_si256(unpack_nibbles(b.qs), _mm256_and_si256(bits_to_bytes(qh), _mm256_set1_epi8(0x10)));
  }
};
struct Q8_0P {
  using W = block_q8_0;
  using A = block_q8_0;
  static constexpr bool kSigned = true, kMin = false;
  static __m256i codes(const W& b) { return load256(b.qs); }
};

template <class P, int NT>
void tile_impl(const void* wv, const void* const* acts, int64_t n, float* out) {
  const auto* w = static_cast<const typename P::W*>(wv);
  const typename P::A* a[NT];
  __m256 acc[NT];
  float mins[NT];
  for (int t = 0; t < NT; ++t) {
    a[t] = static_cast<const typename P::A*>(acts[t]);
    acc[t] = _mm256_setzero_ps();
    mins[t] = 0.0f;
  }
  for (int64_t i = 0; i < n / QK; ++i) {
    const __m256i q = P::codes(w[i]);
    const float dw = half_to_float(w[i].d);
    // Signed codes: maddubs wants an unsigned left operand, so use |q| and move q's sign onto y.
    const __m256i left = P::kSigned ? _mm256_sign_epi8(q, q) : q;
    for (int t = 0; t < NT; ++t) {
      const __m256i y = load256(a[t][i].qs);
      const __m256i p = dot_u8_i8(left, P::kSigned ? _mm256_sign_epi8(y, q) : y);
      acc[t] = _mm256_fmadd_ps(_mm256_set1_ps(dw * half_to_float(a[t][i].d)), _mm256_cvtepi32_ps(p), acc[t]);
      if constexpr (P::kMin) mins[t] += half_to_float(w[i].m) * half_to_float(a[t][i].s);
    }
  }
  for (int t = 0; t < NT; ++t) out[t] = hsum(acc[t]) + mins[t];
}

template <class P>
void tile(const void* w, const void* const* acts, int nt, int64_t n, float* out) {
  switch (nt) {
    case 1: return tile_impl<P, 1>(w, acts, n, out);
    case 2: return tile_impl<P, 2>(w, acts, n, out);
    case 3: return tile_impl<P, 3>(w, acts, n, out);
    default: return tile_impl<P, 4>(w, acts, n, out);
  }
}

}  // namespace

detail::DotTileFn dot_tile_k(GgmlType wt);
detail::DotTileFn dot_tile_f(GgmlType wt);

detail::DotTileFn dot_tile(GgmlType wt) {
  static_assert(detail::kMaxTile == 4);
  switch (wt) {
    case GgmlType::Q4_0: return tile<Q4_0P>;
    case GgmlType::Q4_1: return tile<Q4_1P>;
    case GgmlType::Q5_0: return tile<Q5_0P>;
    case GgmlType::Q5_1: return tile<Q5_1P>;
    case GgmlType::Q8_0: return tile<Q8_0P>;
    case GgmlType::Q4_K:
    case GgmlType::Q5_K:
    case GgmlType::Q6_K: return dot_tile_k(wt);
    case GgmlType::F32:
    case GgmlType::F16:
    case GgmlType::BF16: return dot_tile_f(wt);
    default: return nullptr;
  }
}

}  // namespace inferscope::kernels::avx2
