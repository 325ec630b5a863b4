#include <immintrin.h>

#include "kernels/cpu/ceilings_simd.h"

namespace inferscope::kernels::ceilings {

uint64_t read_lines_avx512(const uint8_t* p, size_t n_lines) {
  __m512i a = _mm512_setzero_si512(), b = a, c = a, d = a;
  size_t i = 0;
  for (; i + 4 <= n_lines; i += 4) {
    a = _mm512_xor_si512(a, _mm512_load_si512(p + 64 * i));
    b = _mm512_xor_si512(b, _mm512_load_si512(p + 64 * (i + 1)));
    c = _mm512_xor_si512(c, _mm512_load_si512(p + 64 * (i + 2)));
    d = _mm512_xor_si512(d, _mm512_load_si512(p + 64 * (i + 3)));
  }
  for (; i < n_lines; ++i) a = _mm512_xor_si512(a, _mm512_load_si512(p + 64 * i));
  const __m512i x = _mm512_xor_si512(_mm512_xor_si512(a, b), _mm512_xor_si512(c, d));
  return static_cast<uint64_t>(_mm512_reduce_or_epi64(x));
}

float fma_burst_avx512(int64_t iters) {
  __m512 acc[kChains];
  for (int k = 0; k < kChains; ++k) acc[k] = _mm512_set1_ps(1.0f + 0.001f * k);
  const __m512 m = _mm512_set1_ps(0.999999f), a = _mm512_set1_ps(1e-7f);
  for (int64_t i = 0; i < iters; ++i)
    for (int k = 0; k < kChains; ++k) acc[k] = _mm512_fmadd_ps(acc[k], m, a);
  __m512 s = acc[0];
  for (int k = 1; k < kChains; ++k) s = _mm512_add_ps(s, acc[k]);
  return _mm512_reduce_add_ps(s);
}

int32_t vnni_burst_avx512(int64_t iters) {
  __m512i acc[kChains];
  for (int k = 0; k < kChains; ++k) acc[k] = _mm512_set1_epi32(k);
  const __m512i u = _mm512_set1_epi8(3), s = _mm512_set1_epi8(-2);
  for (int64_t i = 0; i < iters; ++i)
    for (int k = 0; k < kChains; ++k) acc[k] = _mm512_dpbusd_epi32(acc[k], u, s);
  __m512i r = acc[0];
  for (int k = 1; k < kChains; ++k) r = _mm512_add_epi32(r, acc[k]);
  return _mm512_reduce_add_epi32(r);
}

}  // namespace inferscope::kernels::ceilings
