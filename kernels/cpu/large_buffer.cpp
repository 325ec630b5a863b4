#include "kernels/cpu/large_buffer.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <sstream>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace inferscope::kernels {

LargeBuffer::LargeBuffer(size_t bytes) : size_(bytes) {
  if (bytes == 0) return;
  const bool huge = bytes >= kHugePageBytes;
  const size_t align = huge ? kHugePageBytes : 64;
  const size_t rounded = (bytes + align - 1) / align * align;
  data_ = static_cast<uint8_t*>(std::aligned_alloc(align, rounded));
  if (!data_) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // Before the first touch, so that the zero fill below faults the region in as huge pages.
  huge_ = huge && madvise(data_, rounded, MADV_HUGEPAGE) == 0;
#endif
  std::memset(data_, 0, rounded);
}

LargeBuffer::~LargeBuffer() { std::free(data_); }

LargeBuffer::LargeBuffer(LargeBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)),
      huge_(std::exchange(other.huge_, false)) {}

LargeBuffer& LargeBuffer::operator=(LargeBuffer&& other) noexcept {
  if (this != &other) {
    std::free(data_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    huge_ = std::exchange(other.huge_, false);
  }
  return *this;
}

size_t process_huge_page_bytes() {
  std::ifstream in("/proc/self/smaps_rollup");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string key;
    size_t kib = 0;
    if (fields >> key >> kib && key == "AnonHugePages:") return kib * 1024;
  }
  return 0;
}

std::string transparent_huge_page_mode() {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  if (!std::getline(in, line)) return "unknown";
  const size_t open = line.find('['), close = line.find(']');
  return open != std::string::npos && close > open ? line.substr(open + 1, close - open - 1) : "unknown";
}

}  // namespace inferscope::kernels
