// Measured GPU ceilings for the benchmark's roofline fractions (METHOD.md: measure the two ceilings
// on the device; random data, not zeros, which can run faster than real data).
#include <cublas_v2.h>
#include <cuda_bf16.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/cuda/ceilings.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/device_buffer.h"

namespace inferscope::kernels::cuda {
namespace {

__global__ void fill_random_bf16(__nv_bfloat16* p, size_t n, uint32_t seed) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
    uint32_t h = uint32_t(i) * 2654435761u ^ seed;
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    p[i] = __float2bfloat16_rn((float(h & 0xFFFF) / 65535.0f - 0.5f) * 2.0f);
  }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

GpuCeilings measure_gpu_ceilings(size_t copy_bytes, int gemm_size, int reps) {
  GpuCeilings c;
  c.copy_bytes = copy_bytes;
  c.gemm_size = gemm_size;
  cudaEvent_t e0, e1;
  INFERSCOPE_CUDA_CHECK(cudaEventCreate(&e0));
  INFERSCOPE_CUDA_CHECK(cudaEventCreate(&e1));
  {
    DeviceBuffer a(copy_bytes), b(copy_bytes);
    fill_random_bf16<<<1024, 256>>>(a.get<__nv_bfloat16>(), copy_bytes / 2, 1u);
    INFERSCOPE_CUDA_CHECK_LAUNCH();
    std::vector<double> rates;
    for (int i = 0; i < reps + 3; ++i) {
      INFERSCOPE_CUDA_CHECK(cudaEventRecord(e0));
      INFERSCOPE_CUDA_CHECK(cudaMemcpyAsync(b.get(), a.get(), copy_bytes, cudaMemcpyDeviceToDevice));
      INFERSCOPE_CUDA_CHECK(cudaEventRecord(e1));
      INFERSCOPE_CUDA_CHECK(cudaEventSynchronize(e1));
      float ms = 0;
      INFERSCOPE_CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
      if (i >= 3) rates.push_back(2.0 * double(copy_bytes) / (ms * 1e-3));
    }
    c.hbm_bytes_per_s = median(rates);
  }
  {
    const size_t n = size_t(gemm_size) * gemm_size;
    DeviceBuffer a(n * 2), b(n * 2), d(n * 2);
    fill_random_bf16<<<1024, 256>>>(a.get<__nv_bfloat16>(), n, 2u);
    fill_random_bf16<<<1024, 256>>>(b.get<__nv_bfloat16>(), n, 3u);
    INFERSCOPE_CUDA_CHECK_LAUNCH();
    cublasHandle_t h = nullptr;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) throw std::runtime_error("cublasCreate failed");
    const float alpha = 1.0f, beta = 0.0f;
    std::vector<double> rates;
    cublasStatus_t st = CUBLAS_STATUS_SUCCESS;
    for (int i = 0; i < reps + 3 && st == CUBLAS_STATUS_SUCCESS; ++i) {
      INFERSCOPE_CUDA_CHECK(cudaEventRecord(e0));
      st = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, gemm_size, gemm_size, gemm_size, &alpha, a.get(), CUDA_R_16BF,
                        gemm_size, b.get(), CUDA_R_16BF, gemm_size, &beta, d.get(), CUDA_R_16BF, gemm_size,
                        CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
      INFERSCOPE_CUDA_CHECK(cudaEventRecord(e1));
      INFERSCOPE_CUDA_CHECK(cudaEventSynchronize(e1));
      float ms = 0;
      INFERSCOPE_CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
      if (i >= 3) rates.push_back(2.0 * double(gemm_size) * gemm_size * gemm_size / (ms * 1e-3));
    }
    cublasDestroy(h);
    if (st != CUBLAS_STATUS_SUCCESS) throw std::runtime_error("cublasGemmEx failed while measuring the bf16 rate");
    c.bf16_flop_per_s = median(rates);
  }
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  return c;
}

}  // namespace inferscope::kernels::cuda
