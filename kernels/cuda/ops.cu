// Element-wise and per-row kernels. Simple on purpose: they move a few KB per row, next to matrix
// products that move megabytes, so clarity and exact agreement with the CPU reference come first.
#include <cuda_bf16.h>

#include "kernels/cuda/block_formats.cuh"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/ops.h"

namespace inferscope::kernels::cuda {
namespace {

constexpr int kThreads = 256;

int blocks_for(int64_t n, int threads = kThreads) { return static_cast<int>((n + threads - 1) / threads); }

__global__ void embed_kernel(GgmlType type, const uint8_t* table, size_t row_bytes, int64_t n_embd,
                             const int32_t* tokens, float* out) {
  const int t = blockIdx.y;
  const uint8_t* row = table + size_t(tokens[t]) * row_bytes;
  for (int64_t e = blockIdx.x * blockDim.x + threadIdx.x; e < n_embd; e += int64_t(gridDim.x) * blockDim.x)
    out[t * n_embd + e] = decode_element(type, row, e);
}

// Sum of squares of n floats over the block, in double; the same fixed tree for every row.
__device__ double block_sum_squares(const float* x, int64_t n) {
  __shared__ double partial[kThreads / 32];
  double s = 0.0;
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x) s += double(x[i]) * double(x[i]);
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = s;
  __syncthreads();
  double total = 0.0;
  for (int w = 0; w < kThreads / 32; ++w) total += partial[w];
  __syncthreads();  // partial is reused by the next call in this block
  return total;
}

__device__ void norm_row(const float* x, const float* w, float* out, int64_t n, float eps) {
  const double ss = block_sum_squares(x, n);
  const float scale = static_cast<float>(1.0 / sqrt(ss / double(n) + double(eps)));
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x) out[i] = __fmul_rn(__fmul_rn(x[i], scale), w[i]);
}

__global__ void add_rms_norm_kernel(float* x, const float* y, const float* w, float* out, int64_t n, float eps) {
  float* xr = x + blockIdx.x * n;
  if (y) {
    const float* yr = y + blockIdx.x * n;
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) xr[i] = __fadd_rn(xr[i], yr[i]);
    __syncthreads();
  }
  if (w) norm_row(xr, w, out + blockIdx.x * n, n, eps);
}

__global__ void gather_rms_norm_kernel(const float* x, const int32_t* rows, const float* w, float* out, int64_t n,
                                       float eps) {
  norm_row(x + int64_t(rows[blockIdx.x]) * n, w, out + blockIdx.x * n, n, eps);
}

__global__ void rope_kernel(float* x, int n_heads, int head_dim, int rot_dims, const float* cs, const float* sn,
                            bool neox) {
  const int t = blockIdx.x;
  const int half = rot_dims / 2;
  const float* c = cs + int64_t(t) * half;
  const float* s = sn + int64_t(t) * half;
  float* row = x + int64_t(t) * n_heads * head_dim;
  for (int idx = threadIdx.x; idx < n_heads * half; idx += blockDim.x) {
    const int h = idx / half, i = idx % half;
    float* v = row + int64_t(h) * head_dim;
    const int a = neox ? i : 2 * i;
    const int b = neox ? i + half : 2 * i + 1;
    const float x0 = v[a], x1 = v[b];
    // The CPU's x0*c - x1*s and x0*s + x1*c, each product rounded before the sum (no fused multiply-add).
    v[a] = __fsub_rn(__fmul_rn(x0, c[i]), __fmul_rn(x1, s[i]));
    v[b] = __fadd_rn(__fmul_rn(x0, s[i]), __fmul_rn(x1, c[i]));
  }
}

__global__ void silu_mul_kernel(float* gate, const float* up, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x) {
    const float g = gate[i];
    gate[i] = __fmul_rn(__fdiv_rn(g, __fadd_rn(1.0f, expf(-g))), up[i]);
  }
}

__global__ void add_bias_kernel(float* y, const float* bias, int64_t n) {
  float* row = y + int64_t(blockIdx.y) * n;
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x)
    row[i] = __fadd_rn(row[i], bias[i]);
}

__global__ void to_bf16_kernel(const float* src, __nv_bfloat16* dst, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x)
    dst[i] = __float2bfloat16_rn(src[i]);
}

__global__ void weight_to_bf16_kernel(GgmlType type, const uint8_t* w, size_t row_bytes, int64_t n_in,
                                      __nv_bfloat16* dst) {
  const int64_t r = blockIdx.y;
  const uint8_t* row = w + r * row_bytes;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < n_in; e += int64_t(gridDim.x) * blockDim.x)
    dst[r * n_in + e] = __float2bfloat16_rn(decode_element(type, row, e));
}

int grid_1d(int64_t n) { return blocks_for(n) < 4096 ? blocks_for(n) : 4096; }

}  // namespace

void embed_rows(GgmlType type, const void* table, size_t row_bytes, int64_t n_embd, const int32_t* tokens, int n_rows,
                float* out, cudaStream_t stream) {
  if (n_rows <= 0) return;
  embed_kernel<<<dim3(blocks_for(n_embd) < 8 ? blocks_for(n_embd) : 8, n_rows), kThreads, 0, stream>>>(
      type, static_cast<const uint8_t*>(table), row_bytes, n_embd, tokens, out);
  INFERSCOPE_CUDA_CHECK_LAUNCH();
}

void add_rms_norm(float* x, const float* y, const float* w, float* out, int64_t n, float eps, int n_rows,
                  cudaStream_t stream) {
  if (n_rows <= 0) return;
  add_rms_norm_kernel<<<n_rows, kThreads, 0, stream>>>(x, y, w, out, n, eps);
  INFERSCOPE_CUDA_CHECK_LAUNCH();
}

void gather_rms_norm(const float* x, const int32_t* rows, const float* w, float* out, int64_t n, float eps,
                     int n_out_rows, cudaStream_t stream) {
  if (n_out_rows <= 0) return;
  gather_rms_norm_kernel<<<n_out_rows, kThreads, 0, stream>>>(x, rows, w, out, n, eps);
  INFERSCOPE_CUDA_CHECK_LAUNCH();
}

void rope_rows(float* x, int n_rows, int n_heads, int head_dim, int rot_dims, const float* cs, const float* sn,
               RopeStyle style, cudaStream_t stream) {
  if (n_rows <= 0 || rot_dims < 2) return;
  rope_kernel<<<n_rows, 128, 0, stream>>>(x, n_heads, head_dim, rot_dims, cs, sn, style == RopeStyle::NeoX);
  INFERSCOPE_CUDA_CHECK_LAUNCH();
}

void silu_mul(float* gate, const float* up, int64_t n, cudaStream_t stream) {
  if (n <= 0) return;
  silu_mul_kernel<<<grid_1d(n), kThreads, 0, stream>>>(gate, up, n);
  INFERSCOPE_CUDA_CHECK_LAUNCH();
}

void add_bias_rows(float* y, const float* bias, int64_t n, int n_rows, cudaStream_t stream) {
  if (n_rows <= 0) return;
  add_bias_kernel<<<dim3(blocks_for(n) < 64 ? blocks_for(n) : 64, n_rows), kThreads, 0, stream>>>(y, bias, n);
  INFERSCOPE_CUDA_CHECK_LAUNCH();
}

void to_bf16(const float* src, void* dst, int64_t n, cudaStream_t stream) {
  if (n <= 0) return;
  to_bf16_kernel<<<grid_1d(n), kThreads, 0, stream>>>(src, static_cast<__nv_bfloat16*>(dst), n);
  INFERSCOPE_CUDA_CHECK_LAUNCH();
}

void weight_to_bf16(GgmlType type, const void* w, int64_t n_in, int64_t n_out, void* dst, cudaStream_t stream) {
  const size_t row_bytes = size_t(n_in / 32) * group_bytes(type);
  for (int64_t r0 = 0; r0 < n_out; r0 += 65535) {  // grid.y limit
    const int64_t rows = n_out - r0 < 65535 ? n_out - r0 : 65535;
    weight_to_bf16_kernel<<<dim3(blocks_for(n_in) < 16 ? blocks_for(n_in) : 16, unsigned(rows)), kThreads, 0, stream>>>(
        type, static_cast<const uint8_t*>(w) + r0 * row_bytes, row_bytes, n_in,
        static_cast<__nv_bfloat16*>(dst) + r0 * n_in);
    INFERSCOPE_CUDA_CHECK_LAUNCH();
  }
}

}  // namespace inferscope::kernels::cuda
