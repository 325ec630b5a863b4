// The matrix-vector kernel family (one warp per output, weight read in its stored block format) and
// the cuBLAS path for large row counts.
#include <cuda_bf16.h>

#include <stdexcept>
#include <string>

#include "kernels/cuda/block_formats.cuh"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/matmul.h"
#include "kernels/cuda/ops.h"

namespace inferscope::kernels::cuda {
namespace {

constexpr int kWarps = 8;      // outputs per thread block
constexpr int kRowTile = 8;    // activation rows sharing one pass over a weight row

// Lane l walks groups l, l + 32, ... of weight row o; for each group it decodes the 32 weights once
// and uses them for up to kRowTile activation rows. The per-row sums then meet in a fixed butterfly.
template <GgmlType T>
__global__ void __launch_bounds__(kWarps * 32) mmv_kernel(const uint8_t* __restrict__ W, int64_t n_in, int64_t n_out,
                                                          const float* __restrict__ X, int n_rows,
                                                          float* __restrict__ Y, int64_t ldy) {
  const int lane = threadIdx.x % 32;
  const int64_t o = int64_t(blockIdx.x) * kWarps + threadIdx.x / 32;
  if (o >= n_out) return;  // whole warps leave together: the shuffles below stay full-warp
  const int n_groups = static_cast<int>(n_in / 32);
  const uint8_t* wrow = W + o * int64_t(n_groups) * group_bytes(T);
  for (int r0 = 0; r0 < n_rows; r0 += kRowTile) {
    const int nr = n_rows - r0 < kRowTile ? n_rows - r0 : kRowTile;
    float acc[kRowTile];
#pragma unroll
    for (int r = 0; r < kRowTile; ++r) acc[r] = 0.0f;
    for (int g = lane; g < n_groups; g += 32) {
      float w[32];
      decode_group<T>(wrow + int64_t(g) * group_bytes(T), w);
#pragma unroll
      for (int r = 0; r < kRowTile; ++r) {
        if (r < nr) {
          const float4* x = reinterpret_cast<const float4*>(X + int64_t(r0 + r) * n_in + int64_t(g) * 32);
          float s = 0.0f;
#pragma unroll
          for (int i = 0; i < 8; ++i) {
            const float4 v = __ldg(x + i);
            s = __fmaf_rn(w[4 * i], v.x, s);
            s = __fmaf_rn(w[4 * i + 1], v.y, s);
            s = __fmaf_rn(w[4 * i + 2], v.z, s);
            s = __fmaf_rn(w[4 * i + 3], v.w, s);
          }
          acc[r] = __fadd_rn(acc[r], s);
        }
      }
    }
#pragma unroll
    for (int r = 0; r < kRowTile; ++r) {
      float v = acc[r];
      for (int off = 16; off > 0; off >>= 1) v = __fadd_rn(v, __shfl_xor_sync(0xffffffffu, v, off));
      if (lane == 0 && r < nr) Y[int64_t(r0 + r) * ldy + o] = v;
    }
  }
}

template <GgmlType T>
void launch(const void* W, int64_t n_in, int64_t n_out, const float* X, int n_rows, float* Y, int64_t ldy,
            cudaStream_t stream) {
  const auto blocks = static_cast<unsigned>((n_out + kWarps - 1) / kWarps);
  mmv_kernel<T><<<blocks, kWarps * 32, 0, stream>>>(static_cast<const uint8_t*>(W), n_in, n_out, X, n_rows, Y, ldy);
  INFERSCOPE_CUDA_CHECK_LAUNCH();
}

const char* cublas_status_name(cublasStatus_t s) {
  switch (s) {
    case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
    default: return "cuBLAS error";
  }
}

}  // namespace

bool mmv_supported(GgmlType t) { return group_bytes(t) > 0; }

size_t mmv_row_bytes(GgmlType t, int64_t n_in) { return size_t(n_in / 32) * size_t(group_bytes(t)); }

void mmv(GgmlType t, const void* W, int64_t n_in, int64_t n_out, const float* X, int n_rows, float* Y, int64_t ldy,
         cudaStream_t stream) {
  if (n_rows <= 0 || n_out <= 0) return;
  if (n_in % 32 != 0) throw std::invalid_argument("mmv: n_in must be a multiple of 32");
  switch (t) {
    case GgmlType::F32: return launch<GgmlType::F32>(W, n_in, n_out, X, n_rows, Y, ldy, stream);
    case GgmlType::F16: return launch<GgmlType::F16>(W, n_in, n_out, X, n_rows, Y, ldy, stream);
    case GgmlType::BF16: return launch<GgmlType::BF16>(W, n_in, n_out, X, n_rows, Y, ldy, stream);
    case GgmlType::Q4_0: return launch<GgmlType::Q4_0>(W, n_in, n_out, X, n_rows, Y, ldy, stream);
    case GgmlType::Q4_1: return launch<GgmlType::Q4_1>(W, n_in, n_out, X, n_rows, Y, ldy, stream);
    case GgmlType::Q8_0: return launch<GgmlType::Q8_0>(W, n_in, n_out, X, n_rows, Y, ldy, stream);
    default: throw std::invalid_argument(std::string("mmv: no CUDA kernel for ") + type_name(t));
  }
}

void gemm_bf16(cublasHandle_t handle, const void* W16, int64_t n_in, int64_t n_out, const float* X, int n_rows,
               void* x_bf16, float* Y, int64_t ldy, cudaStream_t stream) {
  if (n_rows <= 0 || n_out <= 0) return;
  to_bf16(X, x_bf16, int64_t(n_rows) * n_in, stream);
  // Column-major view: Y^T (n_out x n_rows, ld ldy) = op_T(W as n_in x n_out, ld n_in) * X^T (n_in x n_rows).
  const float alpha = 1.0f, beta = 0.0f;
  const cublasStatus_t s =
      cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, static_cast<int>(n_out), n_rows, static_cast<int>(n_in), &alpha,
                   W16, CUDA_R_16BF, static_cast<int>(n_in), x_bf16, CUDA_R_16BF, static_cast<int>(n_in), &beta, Y,
                   CUDA_R_32F, static_cast<int>(ldy), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  if (s != CUBLAS_STATUS_SUCCESS) throw std::runtime_error(std::string("cublasGemmEx failed: ") + cublas_status_name(s));
}

}  // namespace inferscope::kernels::cuda
