// Per-row transformer operations on f32. Plain loops the compiler vectorizes (add, the scaling
// passes); the reductions accumulate in double, which makes them independent of vector width and
// as accurate as the f32 inputs allow.
#include "kernels/cpu/ops.h"

#include <algorithm>
#include <cmath>

namespace inferscope::kernels {

void rms_norm(const float* x, const float* w, float* out, int64_t n, float eps) {
  double ss = 0.0;  // sum of squares in double: n up to ~10^4, no cancellation concerns
  for (int64_t i = 0; i < n; ++i) ss += static_cast<double>(x[i]) * x[i];
  const float scale = static_cast<float>(1.0 / std::sqrt(ss / static_cast<double>(n) + static_cast<double>(eps)));
  for (int64_t i = 0; i < n; ++i) out[i] = x[i] * scale * w[i];
}

void rope(float* x, int n_heads, int head_dim, int rot_dims, int32_t pos, float freq_base, RopeStyle style) {
  const int half = rot_dims / 2;
  // The angles are the same for every head: compute cos/sin once per pair (in double, then
  // rounded), a chunk of pairs at a time so any rot_dims works without allocating.
  constexpr int kChunk = 128;
  float cs[kChunk], sn[kChunk];
  for (int i0 = 0; i0 < half; i0 += kChunk) {
    const int i1 = std::min(half, i0 + kChunk);
    for (int i = i0; i < i1; ++i) {
      const double theta = static_cast<double>(pos) *
                           std::pow(static_cast<double>(freq_base), -2.0 * i / static_cast<double>(rot_dims));
      cs[i - i0] = static_cast<float>(std::cos(theta));
      sn[i - i0] = static_cast<float>(std::sin(theta));
    }
    for (int h = 0; h < n_heads; ++h) {
      float* v = x + static_cast<int64_t>(h) * head_dim;
      for (int i = i0; i < i1; ++i) {
        // Normal (llama GGUF): adjacent pairs; NeoX: element i with element i + rot_dims/2.
        const int a = style == RopeStyle::Normal ? 2 * i : i;
        const int b = style == RopeStyle::Normal ? 2 * i + 1 : i + half;
        const float x0 = v[a], x1 = v[b], c = cs[i - i0], s = sn[i - i0];
        v[a] = x0 * c - x1 * s;
        v[b] = x0 * s + x1 * c;
      }
    }
  }
}

void silu_mul(const float* gate, const float* up, float* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const float g = gate[i];
    out[i] = g / (1.0f + std::exp(-g)) * up[i];
  }
}

void add_inplace(float* x, const float* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) x[i] += y[i];
}

void softmax_inplace(float* x, int64_t n) {
  if (n <= 0) return;
  float mx = x[0];
  for (int64_t i = 1; i < n; ++i) mx = std::max(mx, x[i]);
  double sum = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    x[i] = std::exp(x[i] - mx);
    sum += x[i];
  }
  const float inv = static_cast<float>(1.0 / sum);
  for (int64_t i = 0; i < n; ++i) x[i] *= inv;
}

}  // namespace inferscope::kernels
