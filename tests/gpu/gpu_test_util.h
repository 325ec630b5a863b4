#pragma once
// Helpers of the GPU tests: the skip when no CUDA device exists, device copies of host vectors,
// NaN poisoning of outputs, and the relative error ||out - ref|| / ||ref||.
#include <cuda_runtime.h>

#include <QtTest/QtTest>
#include <cmath>
#include <limits>
#include <vector>

#include "engine/backend/backend_kind.h"
#include "kernels/cuda/cuda_check.h"

#define INFERSCOPE_REQUIRE_CUDA_DEVICE()                                                        \
  do {                                                                                          \
    const inferscope::BackendProbe probe_ = inferscope::probe_backend(inferscope::BackendKind::Cuda); \
    if (!probe_.available) QSKIP(qPrintable("no CUDA device: " + QString::fromStdString(probe_.reason))); \
  } while (0)

namespace inferscope::test {

// A device copy of a host vector, freed with the object.
template <class T>
struct DeviceVec {
  T* p = nullptr;
  size_t n = 0;
  explicit DeviceVec(const std::vector<T>& h) : n(h.size()) {
    INFERSCOPE_CUDA_CHECK(cudaMalloc(&p, std::max<size_t>(1, n) * sizeof(T)));
    if (n) INFERSCOPE_CUDA_CHECK(cudaMemcpy(p, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  }
  // n elements filled with NaN bytes (0xFF), so an element the kernel never writes stays NaN.
  explicit DeviceVec(size_t count) : n(count) {
    INFERSCOPE_CUDA_CHECK(cudaMalloc(&p, std::max<size_t>(1, n) * sizeof(T)));
    INFERSCOPE_CUDA_CHECK(cudaMemset(p, 0xFF, n * sizeof(T)));
  }
  DeviceVec(const DeviceVec&) = delete;
  ~DeviceVec() { cudaFree(p); }
  std::vector<T> host() const {
    INFERSCOPE_CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<T> h(n);
    if (n) INFERSCOPE_CUDA_CHECK(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
};

// ||out - ref|| / ||ref||; infinity when any out element is NaN (an unwritten or broken element).
inline double rel_error(const std::vector<float>& out, const std::vector<double>& ref) {
  double num = 0, den = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    if (std::isnan(out[i])) return std::numeric_limits<double>::infinity();
    num += (out[i] - ref[i]) * (out[i] - ref[i]);
    den += ref[i] * ref[i];
  }
  return std::sqrt(num / std::max(den, 1e-300));
}

inline std::vector<double> to_double(const std::vector<float>& v) { return {v.begin(), v.end()}; }

}  // namespace inferscope::test
