#pragma once
// A fixed pool of worker threads for the data-parallel loops inside one engine step.
// The calling thread takes part in the work, so a pool of size 1 runs everything inline.
//
// Built to share cores with other programs: every split hands its pieces out dynamically (a thread that the
// scheduler has not run keeps nobody waiting for work it has not started), a loop returns as soon as all
// its items are done (not when every worker has checked in), and the number of threads that take part
// follows what the last loops showed (ActiveThreadPolicy below). Which thread runs an item, and how [0, n)
// is cut into the calls of fn, changes from run to run: fn's result for an item must not depend on them
// (per-thread scratch indexed by thread_index is fine; a per-thread partial sum is not).
#include <cstdint>
#include <type_traits>
#include <utility>

namespace inferscope::kernels {

// A non-owning reference to a callable fn(begin, end, thread): unlike std::function it never
// allocates, so a parallel loop costs no heap traffic however much its lambda captures. The callable
// must outlive the call it is passed to (parallel_for returns only when every item is done).
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

// What a pool has done since it was made. Read at any time from any thread (each figure on its own; a
// snapshot taken while a loop runs may mix figures from before and after it).
struct ThreadPoolStats {
  int threads = 1;              // size()
  int active = 1;               // threads the policy lets take part in the next loop (the caller included)
  int min_active = 1;           // the lowest `active` so far
  int64_t loops = 0;            // loops handed out to the workers
  int64_t inline_loops = 0;     // loops the caller ran alone (size 1, one item or piece, or active == 1)
  int64_t items_caller = 0;     // items of handed-out loops that the calling thread ran
  int64_t items_workers = 0;    // ... that the workers ran
  double run_s = 0;             // the caller's time in handed-out loops, running items
  double wait_s = 0;            // ... waiting for the pieces other threads were still running
  int64_t shrinks = 0, grows = 0;  // times the policy lowered / raised `active`
};

// Decides how many threads take part in a pool's loops, from what the caller saw in the last ones: a pure
// function of its inputs (no clock, no threads), so that tests can drive it.
//
// For a window of kWindow loops run with k > 1 threads it estimates the speed-up the workers gave: the
// caller's time had it run the workers' items too (their count at the caller's own rate per item) over its
// time running items plus waiting for others' pieces. Below kMinSpeedup (the workers do little, or the
// caller mostly waits for threads the scheduler does not run), k drops by one; it also drops at once,
// mid-window, when the time waited exceeds the time the workers saved by kAbortS. Below the full size, the
// policy tries k + 1 for one window after `backoff` windows; the try stays if it beats the speed-up at k by
// kProbeMargin, else k goes back and the wait before the next try doubles (up to kMaxBackoff windows).
class ActiveThreadPolicy {
 public:
  static constexpr int kWindow = 64;
  static constexpr double kMinSpeedup = 1.10;
  static constexpr double kProbeMargin = 0.05;
  static constexpr double kAbortS = 2e-3;
  static constexpr int kMinBackoff = 4, kMaxBackoff = 512;

  // One loop run with active() threads.
  struct Loop {
    int64_t items = 0;         // all items of the loop
    int64_t items_caller = 0;  // those the caller ran
    double run_s = 0;          // the caller's time running items (claiming included)
    double wait_s = 0;         // the caller's time waiting for other threads' pieces at the end
  };

  explicit ActiveThreadPolicy(int max_threads);
  int active() const { return active_; }
  int max_threads() const { return max_; }
  // The windows to wait at this level before the next try of active() + 1.
  int backoff() const { return backoff_; }
  bool probing() const { return probing_; }
  // Records a loop that ran with active() > 1 threads; returns active() for the next loop.
  int record(const Loop& loop);
  // Records a loop that ran inline because active() == 1; returns active() for the next loop.
  int record_inline();

 private:
  void change(int to);
  int max_;
  int active_;
  int backoff_ = kMinBackoff;
  int windows_here_ = 0;     // full windows since active_ last changed
  bool probing_ = false;     // this window tries active_ (one more than the level before)
  double speedup_below_ = 1.0;  // the speed-up measured at active_ - 1 before a try
  double last_speedup_ = 1.0;   // of the last full window at active_
  int loops_ = 0;
  double saved_ = 0, run_ = 0, wait_ = 0;
};

class ThreadPool {
 public:
  // n_threads <= 0 means one per hardware core.
  explicit ThreadPool(int n_threads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // The number of threads (the caller included) that may run a loop's items; thread_index is below it.
  int size() const;
  // Runs fn(begin, end, thread_index) over contiguous pieces of [0, n), each item exactly once; returns when
  // all are done. Thread i owns the i-th share of the pieces (the caller the first) and runs it front to
  // back; a thread done with its own takes pieces from the back of another's, so nobody waits on a thread
  // that has not started. A share is a few pieces (at most n); with one piece fn gets [0, n).
  // Must not be called re-entrantly from inside fn. No heap allocation, lock or thread creation per call
  // (workers spin briefly, yielding, before they sleep).
  void parallel_for(int64_t n, RangeFn fn);

  // Runs fn(begin, end, thread_index) over [0, n) in pieces of `grain` items (the last may be shorter),
  // each thread claiming the next unclaimed piece until none is left; returns when all are done. A thread
  // may get several pieces, or none. For loops whose items are cheap to hand out and uneven in cost.
  void parallel_for_dynamic(int64_t n, int64_t grain, RangeFn fn);

  // Like parallel_for_dynamic with pieces of one item, but a thread claims its next item before it runs
  // the current one, and fn is told it: fn(item, next, thread_index), next = -1 when that thread has no
  // more. Every item in [0, n) runs exactly once, and the item a call names as next is the one the same
  // thread runs next, so a call can start fetching into cache what that one will read.
  void parallel_for_lookahead(int64_t n, RangeFn fn);
  // Like parallel_for, with pieces of `grain` items (the last may be shorter). For streaming loops whose
  // threads should each read one contiguous range (so a thread's prefetch runs ahead into its own next rows).
  void parallel_for_stealing(int64_t n, int64_t grain, RangeFn fn);

  ThreadPoolStats stats() const;
  // Off: every loop may use all size() threads, whatever the policy would say (for measuring the machine,
  // e.g. the roofline ceilings, and for tests of the split's shape). On by default. Not during a loop.
  void set_adaptive(bool on);

  // For tests: called on a worker thread right after it wakes for a new loop, before it claims anything.
  // Lets a test hold a worker back (sleep, wait for a signal) as a scheduler that does not run it would.
  // Set it while no loop runs; null (the default) for none. When set_wake_hook returns, no worker is in the
  // old hook or will call it again (a worker still waking for an earlier loop included), so its `user`
  // may be destroyed.
  using WakeHook = void (*)(int thread_index, void* user);
  void set_wake_hook(WakeHook hook, void* user);

 private:
  enum class Split : uint8_t { Static, Pieces, Lookahead, Stealing };
  void run(int64_t n, int64_t grain, Split split, RangeFn fn);
  void run_inline(int64_t n, int64_t grain, Split split, RangeFn fn);
  struct Impl;
  Impl* impl_;
};

}  // namespace inferscope::kernels
