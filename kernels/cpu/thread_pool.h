#pragma once
// A fixed pool of worker threads for the data-parallel loops inside one engine step.
// The calling thread takes part in the work, so a pool of size 1 runs everything inline.
#include <cstdint>
#include <functional>

namespace inferscope::kernels {

class ThreadPool {
 public:
  // n_threads <= 0 means one per hardware core.
  explicit ThreadPool(int n_threads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const;
  // Splits [0, n) into at most size() contiguous chunks and runs fn(begin, end, thread_index) on each,
  // returning when all chunks are done. Must not be called re-entrantly from inside fn.
  // No heap allocation per call.
  void parallel_for(int64_t n, const std::function<void(int64_t begin, int64_t end, int thread)>& fn);

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace inferscope::kernels
