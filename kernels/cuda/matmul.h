#pragma once
// Matrix products of the CUDA backend: Y[t][o] = dot(W row o, X row t).
//
// mmv: the decode / batched-decode kernel on the weight in its stored format (F32, F16, BF16, Q4_0,
//   Q4_1, Q8_0), f32 activations, f32 accumulation. One warp per output, rows taken 8 at a time; every
//   Y element is computed with the same arithmetic (per-lane sums in group order, then a fixed
//   butterfly) whatever n_rows is, so a row's result never depends on the rest of the batch.
// gemm_bf16: cuBLAS (cublasGemmEx, bf16 inputs, f32 accumulation and output) on a bf16 copy of the
//   weight made once at load; X is rounded to bf16 first (into x_bf16, n_rows * n_in elements).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cpu/ggml_type.h"

namespace inferscope::kernels::cuda {

// Whether mmv runs type t natively (the backend converts other types to F32 at upload).
bool mmv_supported(GgmlType t);
// Bytes of one row of n_in elements (n_in a multiple of 32) of a supported type.
size_t mmv_row_bytes(GgmlType t, int64_t n_in);

// X: n_rows rows of n_in floats (stride n_in); Y: n_rows rows of n_out floats (stride ldy >= n_out).
// n_in must be a multiple of 32. W: n_out rows of mmv_row_bytes(t, n_in) bytes, 16-byte aligned.
void mmv(GgmlType t, const void* W, int64_t n_in, int64_t n_out, const float* X, int n_rows, float* Y, int64_t ldy,
         cudaStream_t stream);

// The same product through cuBLAS on W16 (bf16, row-major [n_out][n_in]). Throws on a cuBLAS error.
void gemm_bf16(cublasHandle_t handle, const void* W16, int64_t n_in, int64_t n_out, const float* X, int n_rows,
               void* x_bf16, float* Y, int64_t ldy, cudaStream_t stream);

}  // namespace inferscope::kernels::cuda
