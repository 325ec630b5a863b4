// AVX-512 versions of the element-wise ops that dominate prefill outside the matmuls.
#include <immintrin.h>

#include <cmath>
#include <cstdint>

#include "kernels/cpu/avx512_math.h"

namespace inferscope::kernels::avx512 {

// out = gate * sigmoid(gate) * up, 16 at a time with the vector exp (relative error ~2e-7).
void silu_mul(const float* gate, const float* up, float* out, int64_t n) {
  const __m512 one = _mm512_set1_ps(1.0f);
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512 g = _mm512_loadu_ps(gate + i);
    const __m512 e = exp_ps(_mm512_sub_ps(_mm512_setzero_ps(), g));
    _mm512_storeu_ps(out + i, _mm512_mul_ps(_mm512_div_ps(g, _mm512_add_ps(one, e)), _mm512_loadu_ps(up + i)));
  }
  for (; i < n; ++i) out[i] = gate[i] / (1.0f + std::exp(-gate[i])) * up[i];
}

}  // namespace inferscope::kernels::avx512
