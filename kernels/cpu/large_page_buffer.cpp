#include "kernels/cpu/large_page_buffer.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace inferscope::kernels {
namespace {

constexpr size_t kLargePage = size_t(2) << 20;

}  // namespace

LargePageBuffer::LargePageBuffer(size_t bytes) {
  if (bytes == 0) return;
  // Below one large page the alignment would only waste memory.
  const size_t align = bytes >= kLargePage ? kLargePage : 64;
  const size_t rounded = (bytes + align - 1) / align * align;
  data_ = static_cast<uint8_t*>(std::aligned_alloc(align, rounded));
  if (!data_) throw std::bad_alloc();
  size_ = bytes;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (align == kLargePage) madvise(data_, rounded, MADV_HUGEPAGE);  // advice only: failure is harmless
#endif
  std::memset(data_, 0, rounded);
}

LargePageBuffer::~LargePageBuffer() { std::free(data_); }

LargePageBuffer::LargePageBuffer(LargePageBuffer&& o) noexcept
    : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}

LargePageBuffer& LargePageBuffer::operator=(LargePageBuffer&& o) noexcept {
  if (this != &o) {
    std::free(data_);
    data_ = std::exchange(o.data_, nullptr);
    size_ = std::exchange(o.size_, 0);
  }
  return *this;
}

}  // namespace inferscope::kernels
