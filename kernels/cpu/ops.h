#pragma once
// Element-wise and per-row operations of a transformer layer, on f32 rows.
#include <cstdint>

namespace inferscope::kernels {

// out = x / sqrt(mean(x^2) + eps) * w   (out may alias x)
void rms_norm(const float* x, const float* w, float* out, int64_t n, float eps);

// Rotary position embedding, in place, on n_heads heads of head_dim floats at position pos.
// Only the first rot_dims dimensions of each head rotate. theta_i = pos * base^(-2i/rot_dims).
// Normal (llama GGUF): pairs (2i, 2i+1). NeoX (qwen2 etc.): pairs (i, i + rot_dims/2).
enum class RopeStyle { Normal, NeoX };
void rope(float* x, int n_heads, int head_dim, int rot_dims, int32_t pos, float freq_base, RopeStyle style);
// The same in two halves, so a forward pass computes each row's angles once for all layers:
// rope_angles fills cs/sn (rot_dims/2 floats each) for pos; rope_apply rotates with them. Together they
// give exactly rope()'s result.
void rope_angles(int32_t pos, int rot_dims, float freq_base, float* cs, float* sn);
// The scaled form: theta_i = pos * freq_scale * base^(-2i/rot_dims) / freq_factors[i] (freq_factors
// may be null: all 1). Linear RoPE scaling is freq_scale = 1/factor; Llama 3.x's rope_freqs.weight gives
// the per-dimension divisors. freq_scale 1 and no factors give exactly rope_angles().
void rope_angles_scaled(int32_t pos, int rot_dims, float freq_base, float freq_scale, const float* freq_factors,
                        float* cs, float* sn);
void rope_apply(float* x, int n_heads, int head_dim, int rot_dims, const float* cs, const float* sn, RopeStyle style);

// out[i] = silu(gate[i]) * up[i]   (out may alias gate)
void silu_mul(const float* gate, const float* up, float* out, int64_t n);
// out[i] = gelu(gate[i]) * up[i] with GELU's tanh form:
//   gelu(x) = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))   (out may alias gate)
void gelu_tanh_mul(const float* gate, const float* up, float* out, int64_t n);
// Index of the first largest element of x[0, n) (ties: the lowest index); NaNs never win; 0 when no element
// is above -inf. The same index on every SIMD level.
int64_t argmax_first(const float* x, int64_t n);
// x[i] += y[i]
void add_inplace(float* x, const float* y, int64_t n);
// x[i] *= s
void scale_inplace(float* x, float s, int64_t n);
// In-place softmax of n floats; returns nothing, max-subtracted for stability.
void softmax_inplace(float* x, int64_t n);

}  // namespace inferscope::kernels
