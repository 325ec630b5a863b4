// AVX2 tile kernels for the float weight types: F32, F16 (F16C) and BF16 weights times f32
// activations, fp32 FMA. Each 8-wide weight load is used by every activation row of the tile.
#include "kernels/cpu/avx2_entry.h"
#include "kernels/cpu/avx2_util.h"
#include "kernels/cpu/fp16.h"

namespace inferscope::kernels::avx2 {
namespace {

struct F32L {
  static __m256 load8(const void* w, int64_t j) { return _mm256_loadu_ps(static_cast<const float*>(w) + j); }
  static float load1(const void* w, int64_t j) { return static_cast<const float*>(w)[j]; }
};
struct F16L {
  static __m256 load8(const void* w, int64_t j) {
    return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(static_cast<const uint16_t*>(w) + j)));
  }
  static float load1(const void* w, int64_t j) { return fp16_to_fp32(static_cast<const uint16_t*>(w)[j]); }
};
struct BF16L {
  static __m256 load8(const void* w, int64_t j) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(static_cast<const uint16_t*>(w) + j));
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
  }
  static float load1(const void* w, int64_t j) { return bf16_to_fp32(static_cast<const uint16_t*>(w)[j]); }
};

// Two accumulators per row (even and odd groups of 8) hide the FMA latency; a tail shorter than 8
// is summed in order after the vector part. The schedule depends only on n, never on NT.
template <class L, int NT>
void tile_impl(const void* w, const void* const* acts, int64_t n, float* out) {
  const float* x[NT];
  __m256 acc0[NT], acc1[NT];
  for (int t = 0; t < NT; ++t) {
    x[t] = static_cast<const float*>(acts[t]);
    acc0[t] = _mm256_setzero_ps();
    acc1[t] = _mm256_setzero_ps();
  }
  int64_t j = 0;
  for (; j + 16 <= n; j += 16) {
    const __m256 w0 = L::load8(w, j), w1 = L::load8(w, j + 8);
    for (int t = 0; t < NT; ++t) {
      acc0[t] = _mm256_fmadd_ps(w0, _mm256_loadu_ps(x[t] + j), acc0[t]);
      acc1[t] = _mm256_fmadd_ps(w1, _mm256_loadu_ps(x[t] + j + 8), acc1[t]);
    }
  }
  if (j + 8 <= n) {
    const __m256 w0 = L::load8(w, j);
    for (int t = 0; t < NT; ++t) acc0[t] = _mm256_fmadd_ps(w0, _mm256_loadu_ps(x[t] + j), acc0[t]);
    j += 8;
  }
  for (int t = 0; t < NT; ++t) {
    float s = hsum(_mm256_add_ps(acc0[t], acc1[t]));
    for (int64_t k = j; k < n; ++k) s += L::load1(w, k) * x[t][k];
    out[t] = s;
  }
}

template <class L>
void tile(const void* w, const void* const* acts, int nt, int64_t n, float* out) {
  switch (nt) {
    case 1: return tile_impl<L, 1>(w, acts, n, out);
    case 2: return tile_impl<L, 2>(w, acts, n, out);
    case 3: return tile_impl<L, 3>(w, acts, n, out);
    default: return tile_impl<L, 4>(w, acts, n, out);
  }
}

}  // namespace

detail::DotTileFn dot_tile_f(GgmlType wt) {
  switch (wt) {
    case GgmlType::F32: return tile<F32L>;
    case GgmlType::F16: return tile<F16L>;
    case GgmlType::BF16: return tile<BF16L>;
    default: return nullptr;
  }
}

}  // namespace inferscope::kernels::avx2
