#pragma once
// The two rooflines of a GPU, measured on the device in the same run as the benchmark they bound
// (never datasheet numbers): device-memory bandwidth and the bf16 matrix rate through cuBLAS.
#include <cstddef>

namespace inferscope::kernels::cuda {

struct GpuCeilings {
  double hbm_bytes_per_s = 0;   // device-to-device copy, bytes read + bytes written per second (median)
  double bf16_flop_per_s = 0;   // cublasGemmEx bf16 x bf16 -> f32 accumulate, 2*m*n*k per second (median)
  size_t copy_bytes = 0;        // size of each copy buffer
  int gemm_size = 0;            // m = n = k
};

// Times `reps` copies of copy_bytes and `reps` products of gemm_size^3 on random data after warm-ups,
// with CUDA events. Throws std::runtime_error on a CUDA/cuBLAS failure or when no device exists.
GpuCeilings measure_gpu_ceilings(size_t copy_bytes = size_t(1) << 30, int gemm_size = 8192, int reps = 10);

}  // namespace inferscope::kernels::cuda
