// Per-row transformer operations on f32. Plain loops the compiler vectorizes (add, the scaling
// passes); the reductions accumulate in double, which makes them independent of vector width and
// as accurate as the f32 inputs allow.
#include "kernels/cpu/ops.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels/cpu/dispatch.h"

namespace inferscope::kernels {
namespace avx512 {
void silu_mul(const float* gate, const float* up, float* out, int64_t n);  // ops_avx512.cpp
void gelu_tanh_mul(const float* gate, const float* up, float* out, int64_t n);  // ops_avx512.cpp
int64_t argmax_first(const float* x, int64_t n);                                 // ops_avx512.cpp
}

namespace {
// Sum of x[i]^2 in double. Each product of two floats is exact in double; the sum runs in kLanes
// interleaved partial sums combined in a fixed order, so the compiler can vectorize it (one serial chain
// of double adds was ~4 cycles per element: 2% of a batched decode step) and the result is the same on
// every SIMD level and batch size.
double sum_squares(const float* x, int64_t n) {
  constexpr int kLanes = 16;
  double lane[kLanes] = {};
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes)
    for (int j = 0; j < kLanes; ++j) lane[j] += static_cast<double>(x[i + j]) * x[i + j];
  for (int j = 0; i < n; ++i, ++j) lane[j] += static_cast<double>(x[i]) * x[i];
  for (int w = kLanes / 2; w > 0; w /= 2)
    for (int j = 0; j < w; ++j) lane[j] += lane[j + w];
  return lane[0];
}
}  // namespace

void rms_norm(const float* x, const float* w, float* out, int64_t n, float eps) {
  const double ss = sum_squares(x, n);  // in double: n up to ~10^4, no cancellation concerns
  const float scale = static_cast<float>(1.0 / std::sqrt(ss / static_cast<double>(n) + static_cast<double>(eps)));
  for (int64_t i = 0; i < n; ++i) out[i] = x[i] * scale * w[i];
}

void rope_angles(int32_t pos, int rot_dims, float freq_base, float* cs, float* sn) {
  rope_angles_scaled(pos, rot_dims, freq_base, 1.0f, nullptr, cs, sn);
}

void rope_angles_scaled(int32_t pos, int rot_dims, float freq_base, float freq_scale, const float* freq_factors,
                        float* cs, float* sn) {
  // In double, then rounded: the angles are the same for every head and layer.
  for (int i = 0; i < rot_dims / 2; ++i) {
    double theta = static_cast<double>(pos) * static_cast<double>(freq_scale) *
                   std::pow(static_cast<double>(freq_base), -2.0 * i / static_cast<double>(rot_dims));
    if (freq_factors) theta /= static_cast<double>(freq_factors[i]);
    cs[i] = static_cast<float>(std::cos(theta));
    sn[i] = static_cast<float>(std::sin(theta));
  }
}

void rope_apply(float* x, int n_heads, int head_dim, int rot_dims, const float* cs, const float* sn, RopeStyle style) {
  const int half = rot_dims / 2;
  for (int h = 0; h < n_heads; ++h) {
    float* v = x + static_cast<int64_t>(h) * head_dim;
    for (int i = 0; i < half; ++i) {
      // Normal (llama GGUF): adjacent pairs; NeoX: element i with element i + rot_dims/2.
      const int a = style == RopeStyle::Normal ? 2 * i : i;
      const int b = style == RopeStyle::Normal ? 2 * i + 1 : i + half;
      const float x0 = v[a], x1 = v[b];
      v[a] = x0 * cs[i] - x1 * sn[i];
      v[b] = x0 * sn[i] + x1 * cs[i];
    }
  }
}

void rope(float* x, int n_heads, int head_dim, int rot_dims, int32_t pos, float freq_base, RopeStyle style) {
  std::vector<float> cs(static_cast<size_t>(rot_dims / 2)), sn(cs.size());
  rope_angles(pos, rot_dims, freq_base, cs.data(), sn.data());
  rope_apply(x, n_heads, head_dim, rot_dims, cs.data(), sn.data(), style);
}

void silu_mul(const float* gate, const float* up, float* out, int64_t n) {
  if (active_simd() >= SimdLevel::Avx512) return avx512::silu_mul(gate, up, out, n);
  for (int64_t i = 0; i < n; ++i) {
    const float g = gate[i];
    out[i] = g / (1.0f + std::exp(-g)) * up[i];
  }
}

int64_t argmax_first(const float* x, int64_t n) {
  if (active_simd() >= SimdLevel::Avx512) return avx512::argmax_first(x, n);
  // The maximum of each chunk in interleaved lanes, then the first index of the overall maximum inside the
  // first chunk that holds it. "x > lane ? x : lane" keeps the lane on a NaN and on equal values, as
  // the vector max instruction does, so both levels pick the same chunk and index.
  constexpr int64_t kChunk = 256;
  constexpr int kLanes = 16;
  float best = -INFINITY;
  int64_t best_chunk = -1;
  for (int64_t c0 = 0; c0 < n; c0 += kChunk) {
    const int64_t c1 = std::min(n, c0 + kChunk);
    float lane[kLanes];
    std::fill(lane, lane + kLanes, -INFINITY);
    int64_t i = c0;
    for (; i + kLanes <= c1; i += kLanes)
      for (int j = 0; j < kLanes; ++j) lane[j] = x[i + j] > lane[j] ? x[i + j] : lane[j];
    for (; i < c1; ++i) lane[0] = x[i] > lane[0] ? x[i] : lane[0];
    float m = lane[0];
    for (int j = 1; j < kLanes; ++j) m = lane[j] > m ? lane[j] : m;
    if (m > best) {
      best = m;
      best_chunk = c0;
    }
  }
  if (best_chunk < 0) return 0;  // no element above -inf (all -inf or NaN)
  int64_t i = best_chunk;
  while (x[i] != best) ++i;
  return i;
}

void gelu_tanh_mul(const float* gate, const float* up, float* out, int64_t n) {
  if (active_simd() >= SimdLevel::Avx512) return avx512::gelu_tanh_mul(gate, up, out, n);
  constexpr float kSqrt2OverPi = 0.79788456080286535588f;
  for (int64_t i = 0; i < n; ++i) {
    const float g = gate[i];
    out[i] = 0.5f * g * (1.0f + std::tanh(kSqrt2OverPi * g * (1.0f + 0.044715f * g * g))) * up[i];
  }
}

void scale_inplace(float* x, float s, int64_t n) {
  for (int64_t i = 0; i < n; ++i) x[i] *= s;
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
