#pragma once
// Software prefetch into L2 that the compiler cannot drop.

namespace inferscope::kernels {

// Asks for the cache line holding p to be brought into L2 (prefetcht1), not L1: the callers fetch
// tens of KiB ahead of use, which in a 32 KiB L1 would evict the data in use. An asm statement, not
// __builtin_prefetch: GCC finds a function whose only effects are prefetches free of side effects and
// deletes every call to it (pure-const discovery), prefetches and all.
inline void prefetch_l2(const void* p) {
#if defined(__x86_64__) || defined(__i386__)
  asm volatile("prefetcht1 %0" : : "m"(*static_cast<const char*>(p)));
#else
  __builtin_prefetch(p, 0, 2);
#endif
}

}  // namespace inferscope::kernels
