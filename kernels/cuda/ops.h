#pragma once
// Per-row transformer operations of the CUDA backend, on device buffers of f32 rows. Each launches one
// kernel on `stream` and returns at once; a bad launch throws std::runtime_error (cuda_check.h).
// Every function computes each row independently of the others (batch invariance).
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cpu/ggml_type.h"
#include "kernels/cpu/ops.h"

namespace inferscope::kernels::cuda {

// out[t] = row tokens[t] of the embedding table (n_embd elements of type `type`, rows of row_bytes).
void embed_rows(GgmlType type, const void* table, size_t row_bytes, int64_t n_embd, const int32_t* tokens, int n_rows,
                float* out, cudaStream_t stream);

// For each row t: if y, x[t] += y[t]; then, if w, out[t] = x[t] / sqrt(mean(x[t]^2) + eps) * w.
// The sum of squares is taken in double, like the CPU reference.
void add_rms_norm(float* x, const float* y, const float* w, float* out, int64_t n, float eps, int n_rows,
                  cudaStream_t stream);

// out[r] = rms_norm(x[rows[r]]) * w for r < n_out_rows (the rows whose logits are wanted).
void gather_rms_norm(const float* x, const int32_t* rows, const float* w, float* out, int64_t n, float eps,
                     int n_out_rows, cudaStream_t stream);

// Rotary embedding in place on n_rows rows of n_heads * head_dim floats (row stride = n_heads * head_dim),
// with per-row angle tables cs/sn of rot_dims/2 floats (the CPU's rope_angles, computed on the host).
void rope_rows(float* x, int n_rows, int n_heads, int head_dim, int rot_dims, const float* cs, const float* sn,
               RopeStyle style, cudaStream_t stream);

// gate[i] = silu(gate[i]) * up[i] over n elements.
void silu_mul(float* gate, const float* up, int64_t n, cudaStream_t stream);

// y[t * n + i] += bias[i] for t < n_rows.
void add_bias_rows(float* y, const float* bias, int64_t n, int n_rows, cudaStream_t stream);

// dst[i] = bf16(src[i]) (round to nearest even), n elements.
void to_bf16(const float* src, void* dst, int64_t n, cudaStream_t stream);

// The whole weight (n_out rows of n_in elements of type `type`) as bf16, row-major [n_out][n_in].
void weight_to_bf16(GgmlType type, const void* w, int64_t n_in, int64_t n_out, void* dst, cudaStream_t stream);

}  // namespace inferscope::kernels::cuda
