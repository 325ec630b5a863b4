#pragma once
// One zero-filled, 64-byte aligned allocation that asks the kernel for 2 MiB pages where it can
// (transparent huge pages in "madvise" mode). Weights are streamed once per decoded token: with 4 KiB
// pages a 100 MB model touches ~24,000 pages per token, far more than the TLB holds, so every page
// costs a table walk; with 2 MiB pages it is ~50. Falls back to ordinary pages silently.
#include <cstddef>
#include <cstdint>

namespace inferscope::kernels {

class LargePageBuffer {
 public:
  LargePageBuffer() = default;
  // Throws std::bad_alloc when the memory cannot be had.
  explicit LargePageBuffer(size_t bytes);
  ~LargePageBuffer();
  LargePageBuffer(LargePageBuffer&& o) noexcept;
  LargePageBuffer& operator=(LargePageBuffer&& o) noexcept;
  LargePageBuffer(const LargePageBuffer&) = delete;
  LargePageBuffer& operator=(const LargePageBuffer&) = delete;

  uint8_t* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace inferscope::kernels
