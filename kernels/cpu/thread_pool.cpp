// Persistent workers that share a loop's pieces with the calling thread.
//
// A loop is published as a set of shares: per share one 64-bit word holding its unclaimed pieces
// [front, back). Every piece is claimed by a compare-and-swap on such a word, by its owner from the front or
// by another thread from the back, and a counter of unfinished pieces tells the caller when the loop is
// done. The caller runs pieces like any worker, then waits only for the pieces others have claimed and not
// finished: a worker the scheduler has not run yet holds nothing, and when it does wake it finds every
// share empty.
//
// Why a late worker never runs a finished loop's fn: a loop ends only when all its pieces are claimed and
// done, so between loops every share is empty and no claim can succeed. A claim succeeds only on the words
// the caller wrote for the current loop (after the loop's fields, with release; the claim acquires), and
// the loop cannot end while the claimed piece is unfinished, so after a successful claim the loop's fields
// (fn, n, grain) are those of the loop the piece belongs to and stay valid until the piece is counted done.
// A worker that read a word of an older loop before it went to sleep either fails its CAS or, if the word
// holds the same value again, claims that piece of the current loop, which is just as correct.
//
// Waiting: a worker that ran out of pieces spins on the loop counter for up to kSpinTime (the next loop of
// a step usually follows within microseconds), yielding every 64 pauses, then sleeps on it (a futex). The
// caller waits for the last pieces the same way. Workers that the policy has stood down sleep on the active
// count and are not woken per loop.
#include "kernels/cpu/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

namespace inferscope::kernels {
namespace {

using Clock = std::chrono::steady_clock;

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

// Pieces per share of a parallel_for: enough that a thread done early can take over most of a slow one's
// share, few enough that claiming costs little next to a piece.
constexpr int64_t kPiecesPerShare = 8;

// Spins until done() or kSpinTime has passed; returns done(). Every 64 pauses it reads the clock and
// yields, so that a spinning thread gives its core to runnable threads when there are more threads than
// cores (a pool larger than the machine, or other programs) instead of holding it for kSpinTime.
template <class Done>
bool spin_until(Done done) {
  const auto deadline = Clock::now() + kSpinTime;
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (done()) return true;
      cpu_relax();
    }
    if (Clock::now() >= deadline) return done();
    std::this_thread::yield();
  }
}

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

}  // namespace

// ---- ActiveThreadPolicy ----

ActiveThreadPolicy::ActiveThreadPolicy(int max_threads) : max_(std::max(1, max_threads)), active_(max_) {}

void ActiveThreadPolicy::change(int to) {
  active_ = to;
  windows_here_ = 0;
  loops_ = 0;
  saved_ = run_ = wait_ = 0;
}

int ActiveThreadPolicy::record(const Loop& l) {
  if (active_ <= 1) return record_inline();
  const int64_t by_workers = std::max<int64_t>(0, l.items - l.items_caller);
  const double per_item = l.run_s / double(std::max<int64_t>(1, l.items_caller));
  saved_ += double(by_workers) * per_item;
  run_ += l.run_s;
  wait_ += l.wait_s;
  ++loops_;
  const bool abort = wait_ - saved_ > kAbortS;
  if (loops_ < kWindow && !abort) return active_;
  const double speedup = (run_ + saved_) / std::max(1e-12, run_ + wait_);
  const int here = active_;
  if (probing_) {
    probing_ = false;
    if (!abort && speedup >= speedup_below_ * (1 + kProbeMargin) && speedup >= kMinSpeedup) {
      backoff_ = std::max(kMinBackoff, backoff_ / 2);  // the try held: stay
      change(here);
      last_speedup_ = speedup;
      windows_here_ = 1;
    } else {
      backoff_ = std::min(kMaxBackoff, backoff_ * 2);
      change(here - 1);
      last_speedup_ = speedup_below_;
    }
    return active_;
  }
  if (abort || speedup < kMinSpeedup) {
    change(here - 1);
    last_speedup_ = here - 1 <= 1 ? 1.0 : 0.0;  // unknown above one thread until measured
    return active_;
  }
  last_speedup_ = speedup;
  loops_ = 0;
  saved_ = run_ = wait_ = 0;
  if (++windows_here_ >= backoff_ && active_ < max_) {
    speedup_below_ = last_speedup_;
    probing_ = true;
    change(here + 1);
  }
  return active_;
}

int ActiveThreadPolicy::record_inline() {
  if (active_ > 1) return active_;
  if (++loops_ < kWindow) return active_;
  loops_ = 0;
  if (++windows_here_ >= backoff_ && active_ < max_) {
    speedup_below_ = 1.0;
    probing_ = true;
    change(2);
  }
  return active_;
}

// ---- ThreadPool ----

struct ThreadPool::Impl {
  int n_threads = 1;
  std::vector<std::thread> workers;

  // Bumped once per handed-out loop (and at shutdown); workers wait on it.
  alignas(64) std::atomic<uint32_t> generation{0};
  std::atomic<int> sleepers{0};  // workers asleep (or about to be) on `generation`
  std::atomic<bool> stop{false};
  // How many threads take part (the caller included); workers at or above it sleep on it.
  alignas(64) std::atomic<int> n_active{1};
  std::atomic<bool> busy{false};  // catches re-entrant or concurrent parallel_for

  // The current loop, written by the caller before it fills the shares. Atomics (relaxed) because a worker
  // may read them before a claim, for the split it will claim in; what it runs it reads after a successful
  // claim, when they are the claimed piece's loop's (see the top of the file).
  alignas(64) std::atomic<const RangeFn*> fn{nullptr};
  std::atomic<int64_t> n_items{0};
  std::atomic<int64_t> grain{1};
  std::atomic<Split> split{Split::Static};
  std::atomic<int> n_shares{1};
  alignas(64) std::atomic<uint32_t> remaining{0};  // pieces not yet done
  std::atomic<bool> caller_sleeping{false};

  // A share's unclaimed pieces [front, back), packed in one word so that its owner (taking the front) and
  // a thief (taking the back) can never both claim the last piece.
  struct alignas(64) Share {
    std::atomic<uint64_t> front_back{0};
  };
  std::vector<Share> shares;  // one per thread, sized once

  // Written only by the calling thread; read by stats() from anywhere.
  struct Counters {
    std::atomic<int64_t> loops{0}, inline_loops{0}, items_caller{0}, items_workers{0}, shrinks{0}, grows{0};
    std::atomic<double> run_s{0}, wait_s{0};
    std::atomic<int> min_active{1};
  } counters;
  ActiveThreadPolicy policy{1};
  bool adaptive = true;

  // The wake hook and its user as one immutable pair, so a worker never calls one hook with another's
  // user; every pair set stays allocated until the pool goes. `hook_calls` counts workers between reading
  // the pair and leaving its hook, which set_wake_hook waits to drain. `hook_ever` keeps those counts off
  // a pool that never had a hook (set before the loop that publishes it, so a worker that sees the
  // loop's generation sees it).
  struct Hook {
    WakeHook fn;
    void* user;
  };
  std::atomic<const Hook*> wake_hook{nullptr};
  std::vector<std::unique_ptr<const Hook>> hooks_set;
  std::atomic<int> hook_calls{0};
  std::atomic<bool> hook_ever{false};

  void call_wake_hook(int index) {
    if (!hook_ever.load(std::memory_order_relaxed)) return;
    hook_calls.fetch_add(1, std::memory_order_seq_cst);
    if (const Hook* h = wake_hook.load(std::memory_order_seq_cst); h && h->fn) h->fn(index, h->user);
    hook_calls.fetch_sub(1, std::memory_order_seq_cst);
  }

  static uint64_t pack(uint64_t front, uint64_t back) { return front | back << 32; }

  // Claims the front (owner) or back (thief) piece of a share; -1 when it is empty. Acquire: a successful
  // claim sees the loop the caller published with this word.
  static int64_t claim(Share& sh, bool from_front) {
    uint64_t cur = sh.front_back.load(std::memory_order_relaxed);
    for (;;) {
      const uint64_t front = cur & 0xffffffffu, back = cur >> 32;
      if (front >= back) return -1;
      const uint64_t want = from_front ? pack(front + 1, back) : pack(front, back - 1);
      if (sh.front_back.compare_exchange_weak(cur, want, std::memory_order_acquire, std::memory_order_relaxed))
        return static_cast<int64_t>(from_front ? front : back - 1);
    }
  }

  // Claims a piece the way `split` hands them out: for Pieces and Lookahead the front of the one queue
  // (share 0); otherwise the front of the thread's own share, then the back of the others'.
  int64_t claim_next(int self, Split sp) {
    if (sp == Split::Pieces || sp == Split::Lookahead) return claim(shares[0], true);
    const int ns = n_shares.load(std::memory_order_relaxed);
    if (self < ns)
      if (const int64_t p = claim(shares[size_t(self)], true); p >= 0) return p;
    for (int k = 1; k <= ns; ++k) {
      const int victim = (self + k) % ns;
      if (victim == self) continue;
      if (const int64_t p = claim(shares[size_t(victim)], false); p >= 0) return p;
    }
    return -1;
  }

  // Counts one piece done; wakes the caller if it was the last and the caller sleeps. After this the
  // piece's loop may be over: nothing of it may be touched again.
  void piece_done() {
    if (remaining.fetch_sub(1, std::memory_order_seq_cst) == 1 && caller_sleeping.load(std::memory_order_seq_cst))
      remaining.notify_one();
  }

  // Claims and runs pieces of whatever loop is current until none is left; returns the items run.
  int64_t work(int self) {
    int64_t items = 0;
    int64_t piece = claim_next(self, split.load(std::memory_order_relaxed));
    while (piece >= 0) {
      // Claimed: the loop is pinned until piece_done().
      const Split sp = split.load(std::memory_order_relaxed);
      const RangeFn& f = *fn.load(std::memory_order_relaxed);
      const int64_t n = n_items.load(std::memory_order_relaxed);
      if (sp == Split::Lookahead) {
        // Holding `piece`, claim the next before running it, so the loop stays pinned while fn reads `next`.
        const int64_t next = claim(shares[0], true);
        f(piece, next, self);
        ++items;
        piece_done();
        piece = next;
        continue;
      }
      const int64_t g = grain.load(std::memory_order_relaxed);
      const int64_t b = piece * g, e = std::min(n, b + g);
      f(b, e, self);
      items += e - b;
      piece_done();
      piece = claim_next(self, sp);
    }
    return items;
  }

  void worker_loop(int index) {
    // From 0, not the current count: a thread that starts while the first loop runs must still join it.
    uint32_t seen = 0;
    for (;;) {
      // Stood down: sleep until the policy lets this thread take part again (or the pool stops).
      for (int a; (a = n_active.load(std::memory_order_acquire)) <= index;) {
        if (stop.load(std::memory_order_acquire)) return;
        n_active.wait(a, std::memory_order_acquire);
      }
      // `stop` is checked before each sleep too: a thread that starts (and reads `seen`) only after the
      // destructor's last bump would otherwise sleep for good.
      uint32_t g = seen;
      if (!spin_until([&] { return (g = generation.load(std::memory_order_acquire)) != seen || stop.load(std::memory_order_relaxed); })) {
        sleepers.fetch_add(1, std::memory_order_seq_cst);
        while ((g = generation.load(std::memory_order_seq_cst)) == seen && n_active.load(std::memory_order_seq_cst) > index &&
               !stop.load(std::memory_order_seq_cst))
          generation.wait(seen, std::memory_order_seq_cst);
        sleepers.fetch_sub(1, std::memory_order_relaxed);
      }
      if (stop.load(std::memory_order_acquire)) return;
      if (g == seen) continue;  // stood down while asleep
      seen = g;
      call_wake_hook(index);
      work(index);
    }
  }

  // Wakes the workers for a new loop (only a futex call when one sleeps).
  void wake_all() {
    generation.fetch_add(1, std::memory_order_seq_cst);
    if (sleepers.load(std::memory_order_seq_cst) > 0) generation.notify_all();
  }

  void set_active(int to) {
    const int from = n_active.exchange(to, std::memory_order_acq_rel);
    if (to == from) return;
    if (to < from) {
      // Workers now stood down notice it when they next wake (a loop run inline wakes nobody).
      counters.shrinks.store(counters.shrinks.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
      counters.min_active.store(std::min(counters.min_active.load(std::memory_order_relaxed), to), std::memory_order_relaxed);
    } else {
      counters.grows.store(counters.grows.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
      n_active.notify_all();
    }
  }

  template <class T>
  static void add(std::atomic<T>& a, T v) {
    a.store(a.load(std::memory_order_relaxed) + v, std::memory_order_relaxed);
  }
};

ThreadPool::ThreadPool(int n_threads) : impl_(new Impl) {
  if (n_threads <= 0) n_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  impl_->n_threads = n_threads;
  impl_->n_active.store(n_threads, std::memory_order_relaxed);
  impl_->counters.min_active.store(n_threads, std::memory_order_relaxed);
  impl_->policy = ActiveThreadPolicy(n_threads);
  impl_->shares = std::vector<Impl::Share>(static_cast<size_t>(n_threads));
  impl_->workers.reserve(static_cast<size_t>(n_threads - 1));
  for (int i = 1; i < n_threads; ++i) impl_->workers.emplace_back([this, i] { impl_->worker_loop(i); });
}

ThreadPool::~ThreadPool() {
  impl_->stop.store(true, std::memory_order_seq_cst);
  impl_->n_active.store(impl_->n_threads, std::memory_order_seq_cst);
  impl_->n_active.notify_all();
  impl_->wake_all();
  impl_->generation.notify_all();
  for (std::thread& t : impl_->workers) t.join();
  delete impl_;
}

int ThreadPool::size() const { return impl_->n_threads; }

ThreadPoolStats ThreadPool::stats() const {
  const Impl::Counters& c = impl_->counters;
  ThreadPoolStats s;
  s.threads = impl_->n_threads;
  s.active = impl_->n_active.load(std::memory_order_relaxed);
  s.min_active = c.min_active.load(std::memory_order_relaxed);
  s.loops = c.loops.load(std::memory_order_relaxed);
  s.inline_loops = c.inline_loops.load(std::memory_order_relaxed);
  s.items_caller = c.items_caller.load(std::memory_order_relaxed);
  s.items_workers = c.items_workers.load(std::memory_order_relaxed);
  s.run_s = c.run_s.load(std::memory_order_relaxed);
  s.wait_s = c.wait_s.load(std::memory_order_relaxed);
  s.shrinks = c.shrinks.load(std::memory_order_relaxed);
  s.grows = c.grows.load(std::memory_order_relaxed);
  return s;
}

void ThreadPool::set_wake_hook(WakeHook hook, void* user) {
  Impl& p = *impl_;
  p.hook_ever.store(true, std::memory_order_seq_cst);
  p.hooks_set.push_back(std::make_unique<const Impl::Hook>(Impl::Hook{hook, user}));
  p.wake_hook.store(p.hooks_set.back().get(), std::memory_order_seq_cst);
  // A worker that counted itself in before the store may still be calling the old hook; one that counts
  // itself in after it reads the new pair.
  while (p.hook_calls.load(std::memory_order_seq_cst) != 0) std::this_thread::yield();
}

void ThreadPool::set_adaptive(bool on) {
  impl_->adaptive = on;
  impl_->policy = ActiveThreadPolicy(impl_->n_threads);
  impl_->set_active(impl_->n_threads);
}

void ThreadPool::parallel_for(int64_t n, RangeFn fn) { run(n, 1, Split::Static, fn); }

void ThreadPool::parallel_for_dynamic(int64_t n, int64_t grain, RangeFn fn) {
  run(n, std::max<int64_t>(1, grain), Split::Pieces, fn);
}

void ThreadPool::parallel_for_lookahead(int64_t n, RangeFn fn) { run(n, 1, Split::Lookahead, fn); }

void ThreadPool::parallel_for_stealing(int64_t n, int64_t grain, RangeFn fn) {
  run(n, std::max<int64_t>(1, grain), Split::Stealing, fn);
}

// The caller alone, with the same calls of fn as a handed-out loop would make on one thread.
void ThreadPool::run_inline(int64_t n, int64_t grain, Split split, RangeFn fn) {
  Impl::add(impl_->counters.inline_loops, int64_t(1));
  if (split == Split::Lookahead) {
    for (int64_t i = 0; i < n; ++i) fn(i, i + 1 < n ? i + 1 : -1, 0);
  } else if (split == Split::Static || grain >= n) {
    fn(0, n, 0);
  } else {
    for (int64_t b = 0; b < n; b += grain) fn(b, std::min(n, b + grain), 0);
  }
}

void ThreadPool::run(int64_t n, int64_t grain, Split split, RangeFn fn) {
  Impl& p = *impl_;
  if (n <= 0) return;
  if (p.n_threads == 1 || n == 1 || (split != Split::Static && split != Split::Lookahead && grain >= n)) {
    run_inline(n, grain, split, fn);
    return;
  }
  const int k = p.n_active.load(std::memory_order_relaxed);
  if (k <= 1) {
    run_inline(n, grain, split, fn);
    p.set_active(p.policy.record_inline());
    return;
  }
  [[maybe_unused]] const bool was_busy = p.busy.exchange(true, std::memory_order_acquire);
  assert(!was_busy && "ThreadPool::parallel_for is not re-entrant");

  // Pieces and shares. A parallel_for is a stealing loop with a grain that gives each share a few pieces.
  const int n_shares = (split == Split::Pieces || split == Split::Lookahead) ? 1 : k;
  if (split == Split::Static) grain = std::max<int64_t>(1, (n + k * kPiecesPerShare - 1) / (k * kPiecesPerShare));
  const int64_t n_pieces = (n + grain - 1) / grain;
  assert(n_pieces < (int64_t(1) << 32));

  p.fn.store(&fn, std::memory_order_relaxed);
  p.n_items.store(n, std::memory_order_relaxed);
  p.grain.store(grain, std::memory_order_relaxed);
  p.split.store(split, std::memory_order_relaxed);
  p.n_shares.store(n_shares, std::memory_order_relaxed);
  p.remaining.store(static_cast<uint32_t>(n_pieces), std::memory_order_relaxed);
  // Release: a claim on any of these words sees the fields above. Share 0 last, so that the caller's own
  // work starts on its own share while the workers wake.
  for (int t = n_shares - 1; t >= 0; --t)
    p.shares[size_t(t)].front_back.store(
        Impl::pack(uint64_t(n_pieces * t / n_shares), uint64_t(n_pieces * (t + 1) / n_shares)), std::memory_order_release);
  p.wake_all();

  const auto t0 = Clock::now();
  const int64_t mine = p.work(0);
  const auto t1 = Clock::now();
  auto done = [&] { return p.remaining.load(std::memory_order_acquire) == 0; };
  if (!done() && !spin_until(done)) {
    p.caller_sleeping.store(true, std::memory_order_seq_cst);
    for (uint32_t left; (left = p.remaining.load(std::memory_order_seq_cst)) != 0;)
      p.remaining.wait(left, std::memory_order_seq_cst);
    p.caller_sleeping.store(false, std::memory_order_relaxed);
  }
  const auto t2 = Clock::now();
  p.fn.store(nullptr, std::memory_order_relaxed);
  p.busy.store(false, std::memory_order_release);

  Impl::Counters& c = p.counters;
  Impl::add(c.loops, int64_t(1));
  Impl::add(c.items_caller, mine);
  Impl::add(c.items_workers, n - mine);
  Impl::add(c.run_s, seconds(t1 - t0));
  Impl::add(c.wait_s, seconds(t2 - t1));
  if (p.adaptive) p.set_active(p.policy.record({n, mine, seconds(t1 - t0), seconds(t2 - t1)}));
}

}  // namespace inferscope::kernels
