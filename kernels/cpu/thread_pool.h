#pragma once
// A fixed pool of worker threads for the data-parallel loops inside one engine step.
// The calling thread takes part in the work, so a pool of size 1 runs everything inline.
#include <cstdint>
#include <type_traits>
#include <utility>

namespace inferscope::kernels {

// A non-owning reference to a callable fn(begin, end, thread): unlike std::function it never
// allocates, so a parallel loop costs no heap traffic however much its lambda captures. The callable
// must outlive the call it is passed to (parallel_for returns only when every chunk is done).
class RangeFn {
 public:
  template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, RangeFn>>>
  RangeFn(F&& f)  // NOLINT: implicit, like std::function
      : obj_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* o, int64_t b, int64_t e, int t) { (*static_cast<std::remove_reference_t<F>*>(o))(b, e, t); }) {}
  void operator()(int64_t b, int64_t e, int t) const { call_(obj_, b, e, t); }

 private:
  void* obj_;
  void (*call_)(void*, int64_t, int64_t, int);
};

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
  // No heap allocation, lock or thread creation per call on the fast path (workers spin briefly
  // before sleeping on a condition variable).
  void parallel_for(int64_t n, RangeFn fn);

  // Runs fn(begin, end, thread_index) over [0, n) in pieces of `grain` items (the last may be shorter),
  // each thread claiming the next unclaimed piece until none is left; returns when all are done. A thread
  // may get several pieces, or none. For loops whose items are cheap to hand out and uneven in cost, or
  // whose threads are not equally fast (a core shared with other work): nobody waits at the end while
  // work is left. thread_index identifies the running thread (per-thread scratch stays private).
  void parallel_for_dynamic(int64_t n, int64_t grain, RangeFn fn);

  // Like parallel_for_dynamic with pieces of one item, but a thread claims its next item before it runs
  // the current one, and fn is told it: fn(item, next, thread_index), next = -1 when that thread has no
  // more. Every item in [0, n) runs exactly once, and the item a call names as next is the one the same
  // thread runs next, so a call can start fetching into cache what that one will read.
  void parallel_for_lookahead(int64_t n, RangeFn fn);
  // Like parallel_for, thread i owns the i-th contiguous share of [0, n) and runs it front to back, but
  // in pieces of `grain` items (the last may be shorter); a thread done with its own share takes pieces
  // from the back of another's. Each item runs exactly once. For streaming loops whose threads should each
  // read one contiguous range (so a thread's prefetch runs ahead into its own next rows), without the
  // whole step waiting for a thread whose core is busy with other work.
  void parallel_for_stealing(int64_t n, int64_t grain, RangeFn fn);

 private:
  enum class Split : uint8_t { Static, Pieces, Lookahead, Stealing };
  void run(int64_t n, int64_t grain, Split split, RangeFn fn);
  struct Impl;
  Impl* impl_;
};

}  // namespace inferscope::kernels
