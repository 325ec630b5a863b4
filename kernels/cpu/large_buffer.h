#pragma once
// Zero-filled memory for the buffers that every engine step streams through: the packed weights and
// the paged KV cache. A decode step touches all of them once, tens of MB spread over thousands of
// 4 KiB pages, more than the TLB covers, so each new page costs a page walk (a nested one under a
// hypervisor) in the middle of the kernels' streaming reads. Buffers of at least kHugePageBytes are
// therefore aligned to 2 MiB and offered to the kernel's transparent huge pages (madvise), which
// needs no privileges and no setup; when the system declines (THP "never", no free huge pages) the
// memory is ordinary pages and nothing else changes.
#include <cstddef>
#include <cstdint>
#include <string>

namespace inferscope::kernels {

class LargeBuffer {
 public:
  static constexpr size_t kHugePageBytes = size_t(2) << 20;

  LargeBuffer() = default;
  // bytes of zeros, 64-byte aligned (2 MiB aligned and rounded up to whole 2 MiB pages from
  // kHugePageBytes on). Throws std::bad_alloc when the memory cannot be had.
  explicit LargeBuffer(size_t bytes);
  ~LargeBuffer();
  LargeBuffer(LargeBuffer&& other) noexcept;
  LargeBuffer& operator=(LargeBuffer&& other) noexcept;
  LargeBuffer(const LargeBuffer&) = delete;
  LargeBuffer& operator=(const LargeBuffer&) = delete;

  uint8_t* data() const { return data_; }
  size_t size() const { return size_; }  // the bytes asked for
  // Whether the memory was offered for huge pages (the OS decides whether it gets them).
  bool huge_pages_requested() const { return huge_; }

 private:
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
  bool huge_ = false;
};

// Bytes of this process's memory that the OS backs with transparent huge pages now (AnonHugePages of
// /proc/self/smaps_rollup); 0 where that cannot be read (not Linux, no procfs).
size_t process_huge_page_bytes();
// The system's transparent-huge-page mode ("always", "madvise", "never"), or "unknown".
std::string transparent_huge_page_mode();

}  // namespace inferscope::kernels
