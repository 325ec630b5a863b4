// Persistent workers woken per parallel_for. A worker that just finished spins on the generation
// counter for up to kSpinTime (the next loop of the step usually follows within microseconds), then
// sleeps on a condition variable. The caller runs chunk 0 itself and waits for the others the same way.
#include "kernels/cpu/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace inferscope::kernels {
namespace {

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// How long a waiting thread spins before it sleeps. A step runs a dozen parallel loops per layer with
// short serial work between them (K/V writes, the head's norms, sampling between steps); a sleeping worker
// costs a futex wake, which in a VM is an expensive IPI. A fixed 2000 pauses spun only a few microseconds
// on an EPYC VM: the workers slept and were woken ~95 times per decode step (strace -c -f -e futex: 13,993
// futex calls in a 16-sequence bench run, 762 with a long spin) and the 2-thread decode@16 lost ~25% to it.
// Measured in time, not iterations, because a pause takes anything from a few to ~140 cycles by CPU.
constexpr auto kSpinTime = std::chrono::microseconds(500);

// Spins until done() or kSpinTime has passed; returns done(). Every 64 pauses it reads the clock and
// yields, so that a spinning thread gives its core to runnable threads when there are more threads than
// cores (a pool larger than the machine, or other programs) instead of holding it for kSpinTime.
template <class Done>
bool spin_until(Done done) {
  const auto deadline = std::chrono::steady_clock::now() + kSpinTime;
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (done()) return true;
      cpu_relax();
    }
    if (std::chrono::steady_clock::now() >= deadline) return done();
    std::this_thread::yield();
  }
}

}  // namespace

struct ThreadPool::Impl {
  int n_threads = 1;
  std::vector<std::thread> workers;

  std::mutex mu;
  std::condition_variable cv_start;  // workers wait here for a new generation
  std::condition_variable cv_done;   // the caller waits here for pending == 0
  std::atomic<uint64_t> generation{0};
  std::atomic<int> pending{0};
  std::atomic<bool> stop{false};
  std::atomic<bool> busy{false};  // catches re-entrant or concurrent parallel_for

  // The current job. Written by the caller before the generation bump (release) and read by the
  // workers after they observe it (acquire).
  const RangeFn* fn = nullptr;
  int64_t n_items = 0;
  int64_t grain = 1;  // items per piece claimed from `next` (Split::Pieces)
  Split split = Split::Static;
  alignas(64) std::atomic<int64_t> next{0};

  // Split::Stealing: thread t's unclaimed pieces [front, back), packed in one word so that its owner
  // (taking the front) and a thief (taking the back) can never both claim the last piece.
  struct alignas(64) Share {
    std::atomic<uint64_t> front_back{0};
  };
  std::vector<Share> shares;  // one per thread, sized once

  static uint64_t pack(uint64_t front, uint64_t back) { return front | back << 32; }

  // Claims the front (owner) or back (thief) piece of a share; -1 when it is empty.
  static int64_t claim(Share& sh, bool from_front) {
    uint64_t cur = sh.front_back.load(std::memory_order_relaxed);
    for (;;) {
      const uint64_t front = cur & 0xffffffffu, back = cur >> 32;
      if (front >= back) return -1;
      const uint64_t want = from_front ? pack(front + 1, back) : pack(front, back - 1);
      if (sh.front_back.compare_exchange_weak(cur, want, std::memory_order_relaxed))
        return static_cast<int64_t>(from_front ? front : back - 1);
    }
  }

  // Runs the piece of `grain` items that starts at item `begin` (the last piece may be shorter).
  void run_piece(int64_t begin, int index) { (*fn)(begin, std::min(n_items, begin + grain), index); }

  void run_chunk(int index) {
    switch (split) {
      case Split::Static: {
        const int64_t begin = n_items * index / n_threads;
        const int64_t end = n_items * (index + 1) / n_threads;
        if (begin < end) (*fn)(begin, end, index);
        return;
      }
      case Split::Pieces:
        for (;;) {
          const int64_t begin = next.fetch_add(grain, std::memory_order_relaxed);
          if (begin >= n_items) return;
          run_piece(begin, index);
        }
      case Split::Stealing: {
        for (int64_t piece; (piece = claim(shares[size_t(index)], true)) >= 0;) run_piece(piece * grain, index);
        for (int k = 1; k < n_threads; ++k) {
          Share& victim = shares[size_t((index + k) % n_threads)];
          for (int64_t piece; (piece = claim(victim, false)) >= 0;) run_piece(piece * grain, index);
        }
        return;
      }
      case Split::Lookahead: {
        int64_t item = next.fetch_add(1, std::memory_order_relaxed);
        while (item < n_items) {
          const int64_t after = next.fetch_add(1, std::memory_order_relaxed);
          (*fn)(item, after < n_items ? after : -1, index);
          item = after;
        }
        return;
      }
    }
  }

  void worker_loop(int index) {
    uint64_t seen = 0;
    for (;;) {
      uint64_t g = seen;
      spin_until([&] { return (g = generation.load(std::memory_order_acquire)) != seen; });
      if (g == seen) {
        std::unique_lock lk(mu);
        cv_start.wait(lk, [&] { return generation.load(std::memory_order_acquire) != seen; });
        g = generation.load(std::memory_order_acquire);
      }
      seen = g;
      if (stop.load(std::memory_order_acquire)) return;
      run_chunk(index);
      if (pending.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard lk(mu);
        cv_done.notify_one();
      }
    }
  }
};

ThreadPool::ThreadPool(int n_threads) : impl_(new Impl) {
  if (n_threads <= 0) n_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  impl_->n_threads = n_threads;
  impl_->shares = std::vector<Impl::Share>(static_cast<size_t>(n_threads));
  impl_->workers.reserve(static_cast<size_t>(n_threads - 1));
  for (int i = 1; i < n_threads; ++i) impl_->workers.emplace_back([this, i] { impl_->worker_loop(i); });
}

ThreadPool::~ThreadPool() {
  impl_->stop.store(true, std::memory_order_release);
  {
    std::lock_guard lk(impl_->mu);
    impl_->generation.fetch_add(1, std::memory_order_acq_rel);
  }
  impl_->cv_start.notify_all();
  for (std::thread& t : impl_->workers) t.join();
  delete impl_;
}

int ThreadPool::size() const { return impl_->n_threads; }

void ThreadPool::parallel_for(int64_t n, RangeFn fn) { run(n, 1, Split::Static, fn); }

void ThreadPool::parallel_for_dynamic(int64_t n, int64_t grain, RangeFn fn) {
  run(n, std::max<int64_t>(1, grain), Split::Pieces, fn);
}

void ThreadPool::parallel_for_lookahead(int64_t n, RangeFn fn) { run(n, 1, Split::Lookahead, fn); }

void ThreadPool::parallel_for_stealing(int64_t n, int64_t grain, RangeFn fn) {
  run(n, std::max<int64_t>(1, grain), Split::Stealing, fn);
}

void ThreadPool::run(int64_t n, int64_t grain, Split split, RangeFn fn) {
  Impl& p = *impl_;
  if (n <= 0) return;
  if (split == Split::Lookahead && (p.n_threads == 1 || n == 1)) {
    for (int64_t i = 0; i < n; ++i) fn(i, i + 1 < n ? i + 1 : -1, 0);
    return;
  }
  if (p.n_threads == 1 || n == 1 || ((split == Split::Pieces || split == Split::Stealing) && grain >= n)) {
    fn(0, n, 0);
    return;
  }
  [[maybe_unused]] const bool was_busy = p.busy.exchange(true, std::memory_order_acquire);
  assert(!was_busy && "ThreadPool::parallel_for is not re-entrant");

  p.fn = &fn;
  p.n_items = n;
  p.grain = grain;
  p.split = split;
  p.next.store(0, std::memory_order_relaxed);
  if (split == Split::Stealing) {
    const int64_t n_pieces = (n + grain - 1) / grain;
    assert(n_pieces < (int64_t(1) << 32));
    for (int t = 0; t < p.n_threads; ++t)
      p.shares[size_t(t)].front_back.store(
          Impl::pack(uint64_t(n_pieces * t / p.n_threads), uint64_t(n_pieces * (t + 1) / p.n_threads)),
          std::memory_order_relaxed);
  }
  p.pending.store(p.n_threads - 1, std::memory_order_relaxed);
  {
    // Bumping under the mutex closes the window between a worker's predicate check and its wait.
    std::lock_guard lk(p.mu);
    p.generation.fetch_add(1, std::memory_order_acq_rel);
  }
  p.cv_start.notify_all();

  p.run_chunk(0);

  if (!spin_until([&] { return p.pending.load(std::memory_order_acquire) == 0; })) {
    std::unique_lock lk(p.mu);
    p.cv_done.wait(lk, [&] { return p.pending.load(std::memory_order_acquire) == 0; });
  }
  p.fn = nullptr;
  p.busy.store(false, std::memory_order_release);
}

}  // namespace inferscope::kernels
