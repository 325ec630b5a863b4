#include <immintrin.h>

#include "kernels/cpu/ceilings_simd.h"

namespace inferscope::kernels::ceilings {

uint64_t read_lines_avx2(const uint8_t* p, size_t n_lines) {
  __m256i a = _mm256_setzero_si256(), b = a, c = a, d = a;
  for (size_t i = 0; i < n_lines; ++i) {
    const uint8_t* q = p + 64 * i;
    if (i & 1) {
      c = _mm256_xor_si256(c, _mm256_load_si256(reinterpret_cast<const __m256i*>(q)));
      d = _mm256_xor_si256(d, _mm256_load_si256(reinterpret_cast<const __m256i*>(q + 32)));
    } else {
      a = _mm256_xor_si256(a, _mm256_load_si256(reinterpret_cast<const __m256i*>(q)));
      b = _mm256_xor_si256(b, _mm256_load_si256(reinterpret_cast<const __m256i*>(q + 32)));
    }
  }
  const __m256i x = _mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d));
  return static_cast<uint64_t>(_mm256_extract_epi64(x, 0) ^ _mm256_extract_epi64(x, 3));
}

float fma_burst_avx2(int64_t iters) {
  __m256 acc[kChains];
  for (int k = 0; k < kChains; ++k) acc[k] = _mm256_set1_ps(1.0f + 0.001f * k);
  const __m256 m = _mm256_set1_ps(0.999999f), a = _mm256_set1_ps(1e-7f);
  for (int64_t i = 0; i < iters; ++i)
    for (int k = 0; k < kChains; ++k) acc[k] = _mm256_fmadd_ps(acc[k], m, a);
  __m256 s = acc[0];
  for (int k = 1; k < kChains; ++k) s = _mm256_add_ps(s, acc[k]);
  float out[8];
  _mm256_storeu_ps(out, s);
  return out[0] + out[7];
}

}  // namespace inferscope::kernels::ceilings
