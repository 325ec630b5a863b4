// AVX2 + FMA + F16C row kernels for paged attention (compiled with -mavx2 -mfma -mf16c; reached only
// after kv_row_best_isa() found those features). Eight elements per step; F32, F16, BF16 and INT8
// widen in registers, FP8 goes through the 256-entry decode table with a gather.
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#include "kernels/cpu/paged_attention.h"

namespace inferscope::kernels {
namespace {

// Eight stored elements starting at element i, widened to f32 (block scale not applied).
template <KvDtype D>
__m256 load8(const uint8_t* row, int i) {
  if constexpr (D == KvDtype::F32) {
    return _mm256_loadu_ps(reinterpret_cast<const float*>(row) + i);
  } else if constexpr (D == KvDtype::F16) {
    return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 2 * i)));
  } else if constexpr (D == KvDtype::BF16) {
    // bf16 is the top half of an f32: zero-extend to 32 bits and shift into place.
    const __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 2 * i)));
    return _mm256_castsi256_ps(_mm256_slli_epi32(w, 16));
  } else if constexpr (D == KvDtype::INT8) {
    return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(row + i))));
  } else {
    const __m256i idx = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(row + i)));
    return _mm256_i32gather_ps(fp8_e4m3_table(), idx, 4);
  }
}

float hsum(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}

template <KvDtype D>
float dot(const float* q, const uint8_t* row, int n) {
  // Two accumulators hide the FMA latency for the common head_dim of 64-128.
  __m256 a0 = _mm256_setzero_ps();
  __m256 a1 = _mm256_setzero_ps();
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    a0 = _mm256_fmadd_ps(_mm256_loadu_ps(q + i), load8<D>(row, i), a0);
    a1 = _mm256_fmadd_ps(_mm256_loadu_ps(q + i + 8), load8<D>(row, i + 8), a1);
  }
  for (; i + 8 <= n; i += 8) a0 = _mm256_fmadd_ps(_mm256_loadu_ps(q + i), load8<D>(row, i), a0);
  float sum = hsum(_mm256_add_ps(a0, a1));
  if (i < n) {  // tail: decode the rest through the scalar codec
    float tmp[8];
    kv_decode(D, row + i * kv_dtype_bytes(D), n - i, 1.0f, tmp);
    for (int j = 0; i + j < n; ++j) sum += q[i + j] * tmp[j];
  }
  return sum;
}

template <KvDtype D>
void axpy(float w, const uint8_t* row, int n, float* acc) {
  const __m256 vw = _mm256_set1_ps(w);
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    _mm256_storeu_ps(acc + i, _mm256_fmadd_ps(vw, load8<D>(row, i), _mm256_loadu_ps(acc + i)));
  }
  if (i < n) {
    float tmp[8];
    kv_decode(D, row + i * kv_dtype_bytes(D), n - i, 1.0f, tmp);
    for (int j = 0; i + j < n; ++j) acc[i + j] += w * tmp[j];
  }
}

}  // namespace

float kv_row_dot_avx2(KvDtype d, const float* q, const uint8_t* row, int n) {
  switch (d) {
    case KvDtype::F32: return dot<KvDtype::F32>(q, row, n);
    case KvDtype::F16: return dot<KvDtype::F16>(q, row, n);
    case KvDtype::BF16: return dot<KvDtype::BF16>(q, row, n);
    case KvDtype::FP8_E4M3: return dot<KvDtype::FP8_E4M3>(q, row, n);
    case KvDtype::INT8: return dot<KvDtype::INT8>(q, row, n);
  }
  return 0.0f;
}

void kv_row_axpy_avx2(KvDtype d, float w, const uint8_t* row, int n, float* acc) {
  switch (d) {
    case KvDtype::F32: return axpy<KvDtype::F32>(w, row, n, acc);
    case KvDtype::F16: return axpy<KvDtype::F16>(w, row, n, acc);
    case KvDtype::BF16: return axpy<KvDtype::BF16>(w, row, n, acc);
    case KvDtype::FP8_E4M3: return axpy<KvDtype::FP8_E4M3>(w, row, n, acc);
    case KvDtype::INT8: return axpy<KvDtype::INT8>(w, row, n, acc);
  }
}

}  // namespace inferscope::kernels
#endif
