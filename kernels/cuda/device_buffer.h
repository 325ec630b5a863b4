#pragma once
// Owning device (or pinned host) allocations, freed on every exit path. Grow-only: reserve() reallocates
// only when asked for more than it holds, so per-step scratch stops allocating once the largest step has
// been seen.
#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

#include "kernels/cuda/cuda_check.h"

namespace inferscope::kernels::cuda {

namespace cuda_memory {
// Where a CudaBuffer's bytes live: how they are allocated and freed.
struct Device {
  static cudaError_t allocate(void** p, size_t bytes) { return cudaMalloc(p, bytes); }
  static void release(void* p) { cudaFree(p); }
};
// Page-locked host memory, which the copy engine reads without a staging copy of its own.
struct Pinned {
  static cudaError_t allocate(void** p, size_t bytes) { return cudaMallocHost(p, bytes); }
  static void release(void* p) { cudaFreeHost(p); }
};
}  // namespace cuda_memory

template <class Memory>
class CudaBuffer {
 public:
  CudaBuffer() = default;
  explicit CudaBuffer(size_t bytes) { reserve(bytes); }
  CudaBuffer(const CudaBuffer&) = delete;
  CudaBuffer& operator=(const CudaBuffer&) = delete;
  CudaBuffer(CudaBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  CudaBuffer& operator=(CudaBuffer&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(bytes_, o.bytes_);
    return *this;
  }
  ~CudaBuffer() { Memory::release(p_); }

  // Contents are not kept when the buffer grows. Throws (INFERSCOPE_CUDA_CHECK) when the allocation
  // fails, leaving the buffer empty.
  void reserve(size_t bytes) {
    if (bytes <= bytes_) return;
    Memory::release(p_);
    p_ = nullptr;
    bytes_ = 0;
    INFERSCOPE_CUDA_CHECK(Memory::allocate(&p_, bytes));
    bytes_ = bytes;
  }
  template <class T = void>
  T* get() const { return static_cast<T*>(p_); }
  size_t bytes() const { return bytes_; }

 private:
  void* p_ = nullptr;
  size_t bytes_ = 0;
};

using DeviceBuffer = CudaBuffer<cuda_memory::Device>;
// The one staging buffer a step's metadata is uploaded from.
using PinnedBuffer = CudaBuffer<cuda_memory::Pinned>;

}  // namespace inferscope::kernels::cuda
