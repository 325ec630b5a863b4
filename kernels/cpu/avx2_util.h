#pragma once
// Small AVX2 helpers shared by the *_avx2.cpp files. Include only from those files:
// everything here needs -mavx2 -mfma -mf16c.
#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace inferscope::kernels::avx2 {

inline float half_to_float(uint16_t h) { return _cvtsh_ss(h); }  // exact, same as fp16_to_fp32

// Sum of the 8 lanes, always in the same order (a fixed tree), so results are reproducible.
inline float hsum(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}

inline int hsum_i32(__m256i v) {
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  s = _mm_add_epi32(s, _mm_unpackhi_epi64(s, s));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 1));
  return _mm_cvtsi128_si32(s);
}

// 16 bytes of packed nibbles -> 32 bytes: the low nibbles first (elements 0-15), then the high.
inline __m256i unpack_nibbles(const uint8_t* qs) {
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(qs));
  const __m256i both = _mm256_set_m128i(_mm_srli_epi16(b, 4), b);
  return _mm256_and_si256(both, _mm256_set1_epi8(0x0F));
}

// 32 bits -> 32 bytes, byte j = 0xFF when bit j is set.
inline __m256i bits_to_bytes(uint32_t bits) {
  // Byte j first takes a copy of source byte j/8, then keeps only bit j%8 of it.
  const __m256i spread = _mm256_shuffle_epi8(
      _mm256_set1_epi32(static_cast<int>(bits)),
      _mm256_set_epi64x(0x0303030303030303, 0x0202020202020202, 0x0101010101010101, 0x0000000000000000));
  const __m256i sel = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201ull));
  return _mm256_cmpeq_epi8(_mm256_and_si256(spread, sel), sel);
}

// Sum over pairs of (unsigned a) x (signed b) bytes, widened to 8 int32 lanes.
inline __m256i dot_u8_i8(__m256i a, __m256i b) {
  return _mm256_madd_epi16(_mm256_maddubs_epi16(a, b), _mm256_set1_epi16(1));
}

// Signed x signed bytes: move the sign of a onto b so maddubs can take |a| as unsigned.
// Exact as long as no pair sum exceeds int16 (|a| <= 128, |b| <= 127).
inline __m256i dot_i8_i8(__m256i a, __m256i b) {
  return dot_u8_i8(_mm256_sign_epi8(a, a), _mm256_sign_epi8(b, a));
}

inline __m256i load256(const void* p) { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }

}  // namespace inferscope::kernels::avx2
