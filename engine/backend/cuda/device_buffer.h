#pragma once
// Owning device (or pinned host) allocations. Grow-only: reserve() reallocates only when asked for more
// than it holds, so per-step scratch stops allocating once the largest step has been seen.
#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

#include "kernels/cuda/cuda_check.h"

namespace inferscope {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes) { reserve(bytes); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(bytes_, o.bytes_);
    return *this;
  }
  ~DeviceBuffer() { cudaFree(p_); }

  // Contents are not kept when the buffer grows.
  void reserve(size_t bytes) {
    if (bytes <= bytes_) return;
    cudaFree(p_);
    p_ = nullptr;
    bytes_ = 0;
    INFERSCOPE_CUDA_CHECK(cudaMalloc(&p_, bytes));
    bytes_ = bytes;
  }
  template <class T = void>
  T* get() const { return static_cast<T*>(p_); }
  size_t bytes() const { return bytes_; }

 private:
  void* p_ = nullptr;
  size_t bytes_ = 0;
};

// Page-locked host memory: the one staging buffer a step's metadata is uploaded from.
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  ~PinnedBuffer() { cudaFreeHost(p_); }
  void reserve(size_t bytes) {
    if (bytes <= bytes_) return;
    cudaFreeHost(p_);
    p_ = nullptr;
    bytes_ = 0;
    INFERSCOPE_CUDA_CHECK(cudaMallocHost(&p_, bytes));
    bytes_ = bytes;
  }
  unsigned char* get() const { return static_cast<unsigned char*>(p_); }

 private:
  void* p_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace inferscope
