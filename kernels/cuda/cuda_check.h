#pragma once
// Error checking for CUDA runtime and cuBLAS calls: a failed call throws std::runtime_error naming the
// call, the file:line and the runtime's own message, so a device failure surfaces as one clear line.
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace inferscope::kernels::cuda {

[[noreturn]] inline void throw_cuda_error(cudaError_t e, const char* what, const char* file, int line) {
  throw std::runtime_error(std::string("CUDA error in ") + what + " (" + file + ":" + std::to_string(line) +
                           "): " + cudaGetErrorName(e) + ": " + cudaGetErrorString(e));
}

}  // namespace inferscope::kernels::cuda

#define INFERSCOPE_CUDA_CHECK(call)                                                                   \
  do {                                                                                                \
    const cudaError_t inferscope_err_ = (call);                                                       \
    if (inferscope_err_ != cudaSuccess)                                                               \
      ::inferscope::kernels::cuda::throw_cuda_error(inferscope_err_, #call, __FILE__, __LINE__);      \
  } while (0)

// After a kernel launch: configuration errors show up here, not at the next synchronizing call.
#define INFERSCOPE_CUDA_CHECK_LAUNCH() INFERSCOPE_CUDA_CHECK(cudaGetLastError())
