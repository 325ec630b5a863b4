// ThreadPool: every index covered exactly once under every split, thread indices in range, repeated use; a
// worker held back (as a scheduler that does not run it would) keeps no loop waiting and never runs a finished
// loop's fn; the active-thread policy, driven with chosen figures. No test compares a wall-clock time.
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <cstdlib>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "kernels/cpu/thread_pool.h"

using namespace inferscope::kernels;

// Counts heap allocations made while g_counting is set (this test binary's operator new).
namespace {
std::atomic<bool> g_counting{false};
std::atomic<int> g_allocations{0};
}  // namespace
void* operator new(std::size_t n) {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

class TestThreadPool : public QObject {
  Q_OBJECT

 private:
  // `loop(pool, body)` runs body over [0, 100) on a 3-thread pool; 101 calls must allocate nothing and
  // cover 100 items each.
  template <class Loop>
  static void expectNoAllocationPerCall(Loop loop) {
    ThreadPool pool(3);
    std::atomic<int64_t> sum{0};
    auto body = [&](int64_t b, int64_t e, int) { sum.fetch_add(e - b); };
    loop(pool, body);
    g_allocations = 0;
    g_counting = true;
    for (int rep = 0; rep < 100; ++rep) loop(pool, body);
    g_counting = false;
    QCOMPARE(g_allocations.load(), 0);
    QCOMPARE(sum.load(), int64_t(101 * 100));
  }

  // `loop(pool, body)` runs body over [0, 64) on a 2-thread pool. The thread that claims the first piece
  // holds it until the other has done all the other items (or 10 s pass): a split that leaves any of them to
  // the stalled thread fails (a static split would leave it half).
  template <class Loop>
  static void expectOthersTakeAStalledThreadsWork(Loop loop) {
    ThreadPool pool(2);
    pool.set_adaptive(false);
    std::vector<int> owner(64, -1);
    std::atomic<bool> first_claimed{false};
    std::atomic<int> stalled_thread{-1};
    std::atomic<int> stalled_items{0};
    std::atomic<int> done_by_others{0};
    loop(pool, [&](int64_t b, int64_t e, int thread) {
      bool expected = false;
      if (first_claimed.compare_exchange_strong(expected, true)) {
        stalled_thread = thread;
        stalled_items = int(e - b);
        for (int i = 0; i < 10000 && done_by_others.load() < 64 - stalled_items.load(); ++i)
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
      } else {
        done_by_others.fetch_add(int(e - b));
      }
      for (int64_t i = b; i < e; ++i) owner[size_t(i)] = thread;
    });
    QVERIFY(stalled_items.load() < 64);
    QCOMPARE(done_by_others.load(), 64 - stalled_items.load());
    QCOMPARE(int(std::count(owner.begin(), owner.end(), stalled_thread.load())), stalled_items.load());
  }

  // Holds a worker in the pool's wake hook (before it claims anything) until release() or 10 s; records
  // whether it was let go by release() or by the guard.
  struct Gate {
    std::mutex mu;
    std::condition_variable cv;
    bool closed = true;
    int held = 0, timed_out = 0;
    int thread = 1;  // the worker to hold
    static void hook(int thread, void* user) {
      Gate& g = *static_cast<Gate*>(user);
      if (thread != g.thread) return;
      std::unique_lock lk(g.mu);
      if (!g.closed) return;
      ++g.held;
      if (!g.cv.wait_for(lk, std::chrono::seconds(10), [&] { return !g.closed; })) ++g.timed_out;
    }
    void release() {
      {
        std::lock_guard lk(mu);
        closed = false;
      }
      cv.notify_all();
    }
  };

  // The pieces one thread ran, in its run order: those of its own share are the share's first, second...
  // (only the owner takes from the front), those of each other share run back to front (a thief takes the
  // back). Own pieces normally come first, but not always: a worker still stealing when the next loop is
  // published may take that loop's piece before it looks at its own share again.
  template <class OwnerOf>
  static void expectOwnFrontToBackOthersFromTheBack(const std::vector<int64_t>& run, int t, OwnerOf owner_of) {
    int64_t next_own = -1;
    std::map<int, int64_t> last_from;
    for (const int64_t piece : run) {
      const int owner = owner_of(piece);
      QVERIFY(owner >= 0);
      if (owner == t) {
        if (next_own >= 0) QCOMPARE(piece, next_own);
        else QVERIFY2(piece == 0 || owner_of(piece - 1) != t, "a thread's own pieces start at its share's first");
        next_own = piece + 1;
      } else {
        if (last_from.count(owner)) QVERIFY(piece < last_from[owner]);
        last_from[owner] = piece;
      }
    }
  }

  enum class Kind { Static, Dynamic, Stealing, Lookahead };
  // Runs one loop of the kind over [0, n) with body(begin, end, thread) (lookahead: body(item, item + 1, thread)).
  template <class Body>
  static void runKind(ThreadPool& pool, Kind kind, int64_t n, int64_t grain, Body&& body) {
    switch (kind) {
      case Kind::Static: pool.parallel_for(n, body); break;
      case Kind::Dynamic: pool.parallel_for_dynamic(n, grain, body); break;
      case Kind::Stealing: pool.parallel_for_stealing(n, grain, body); break;
      case Kind::Lookahead:
        pool.parallel_for_lookahead(n, [&](int64_t item, int64_t, int t) { body(item, item + 1, t); });
        break;
    }
  }

 private slots:
  // A parallel loop whose lambda captures far more than any small-buffer optimization holds still
  // allocates nothing: the engine calls hundreds of these per step.
  void parallelForDoesNotAllocate() {
    ThreadPool pool(3);
    std::vector<int64_t> sums(3, 0);
    int64_t a = 1, b = 2, c = 3, d = 4, e = 5, f = 6;
    auto body = [&](int64_t lo, int64_t hi, int t) {
      for (int64_t i = lo; i < hi; ++i) sums[size_t(t)] += a + b + c + d + e + f + i;
    };
    pool.parallel_for(1000, body);  // warm-up: threads started, nothing lazily allocated later
    g_allocations = 0;
    g_counting = true;
    for (int rep = 0; rep < 100; ++rep) {
      pool.parallel_for(1000, body);
      pool.parallel_for(7, [&](int64_t lo, int64_t hi, int t) { sums[size_t(t)] += (hi - lo) * (a + b + c + d + e + f); });
    }
    g_counting = false;
    QCOMPARE(g_allocations.load(), 0);
    int64_t total = 0;
    for (int64_t v : sums) total += v;
    QCOMPARE(total, 101 * (1000 * 21 + 999 * 1000 / 2) + 100 * 7 * 21);
  }

  void coversEveryIndexOnce() {
    for (int size = 1; size <= 4; ++size) {
      ThreadPool pool(size);
      QCOMPARE(pool.size(), size);
      for (int64_t n : {0, 1, 2, 3, 4, 5, 7, 17, 100, 1001, 65536}) {
        std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
        std::atomic<int> calls{0}, bad_thread{0}, bad_range{0};
        pool.parallel_for(n, [&](int64_t b, int64_t e, int thread) {
          calls.fetch_add(1);
          if (thread < 0 || thread >= size) bad_thread.fetch_add(1);
          if (!(0 <= b && b < e && e <= n)) bad_range.fetch_add(1);
          for (int64_t i = b; i < e; ++i) hits[i].fetch_add(1);
        });
        QCOMPARE(bad_thread.load(), 0);
        QCOMPARE(bad_range.load(), 0);
        QVERIFY(calls.load() <= std::max<int64_t>(1, std::min<int64_t>(n, 8 * size)));  // a few pieces per thread
        for (int64_t i = 0; i < n; ++i) QCOMPARE(hits[i].load(), 1);
      }
    }
  }

  // parallel_for: contiguous pieces that tile [0, n); each thread runs its own share's pieces front to back
  // (from the share's first), and another's only from the back.
  void parallelForRunsOwnShareFirst() {
    for (int size = 2; size <= 4; ++size) {
      ThreadPool pool(size);
      pool.set_adaptive(false);
      for (int64_t n : {2, 7, 64, 400, 1001}) {
        std::vector<int64_t> owner(size_t(n), -1);  // written without atomics: pieces must not overlap (TSan)
        std::vector<std::vector<std::pair<int64_t, int64_t>>> runs(static_cast<size_t>(size));  // per thread, in run order
        pool.parallel_for(n, [&](int64_t b, int64_t e, int thread) {
          for (int64_t i = b; i < e; ++i) owner[size_t(i)] = thread;
          runs[size_t(thread)].push_back({b, e});
        });
        std::vector<std::pair<int64_t, int64_t>> all;
        for (const auto& r : runs) all.insert(all.end(), r.begin(), r.end());
        std::sort(all.begin(), all.end());
        QCOMPARE(all.front().first, int64_t(0));
        QCOMPARE(all.back().second, n);
        const int64_t grain = all.front().second - all.front().first;
        for (size_t k = 0; k < all.size(); ++k) {
          if (k > 0) QCOMPARE(all[k].first, all[k - 1].second);  // tiles [0, n) without gaps or overlaps
          QVERIFY(all[k].second - all[k].first == grain || all[k].second == n);
        }
        const int64_t n_pieces = int64_t(all.size());
        auto owner_of = [&](int64_t b) {
          const int64_t piece = b / grain;
          for (int t = 0; t < size; ++t)
            if (piece < n_pieces * (t + 1) / size) return t;
          return -1;
        };
        for (int t = 0; t < size; ++t) {
          std::vector<int64_t> pieces;
          for (const auto& [b, e] : runs[size_t(t)]) pieces.push_back(b / grain);
          expectOwnFrontToBackOthersFromTheBack(pieces, t, [&](int64_t piece) { return owner_of(piece * grain); });
        }
      }
    }
  }

  void parallelForAvoidsAStalledThread() {
    expectOthersTakeAStalledThreadsWork([](ThreadPool& pool, RangeFn body) { pool.parallel_for(64, body); });
  }

  // Every split, many sizes and grains, pools of 1-4 threads with the policy on: each item runs exactly
  // once, in calls that are whole pieces (the last may be shorter) with thread indices in range.
  void everySplitRunsEachItemOnce() {
    for (int size = 1; size <= 4; ++size) {
      ThreadPool pool(size);
      for (Kind kind : {Kind::Static, Kind::Dynamic, Kind::Stealing, Kind::Lookahead})
        for (int64_t n : {0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 1000, 4097})
          for (int64_t grain : {1, 2, 3, 7, 16, 64, 5000}) {
            if (kind == Kind::Lookahead && grain != 1) continue;
            for (int rep = 0; rep < 3; ++rep) {
              std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
              std::atomic<int> bad{0};
              runKind(pool, kind, n, grain, [&](int64_t b, int64_t e, int thread) {
                bool ok = thread >= 0 && thread < size && 0 <= b && b < e && e <= n;
                if (kind == Kind::Dynamic || kind == Kind::Stealing)
                  ok = ok && ((b % grain == 0 && (e - b == grain || e == n)) || (grain >= n && b == 0 && e == n));
                if (!ok) {
                  bad.fetch_add(1);
                  return;
                }
                for (int64_t i = b; i < e; ++i) hits[size_t(i)].fetch_add(1);
              });
              QCOMPARE(bad.load(), 0);
              for (int64_t i = 0; i < n; ++i) QCOMPARE(hits[size_t(i)].load(), 1);
            }
          }
    }
  }

  // A worker the scheduler does not run (here: held in the wake hook before it claims anything) keeps no
  // loop waiting: the caller runs every item and returns while the worker is still held (were it waiting
  // for the worker's check-in, the call would return only when the 10 s guard let the worker go, and the
  // gate would count a time-out). 200 loops back to back of every split, then the worker is let go and
  // takes part again.
  void callerFinishesWithoutAHeldWorker() {
    for (Kind kind : {Kind::Static, Kind::Dynamic, Kind::Stealing, Kind::Lookahead}) {
      ThreadPool pool(2);
      pool.set_adaptive(false);
      Gate gate;
      pool.set_wake_hook(&Gate::hook, &gate);
      std::atomic<int64_t> by_worker{0}, items{0};
      auto held_count = [&] {
        std::lock_guard lk(gate.mu);
        return gate.held;
      };
      // Loops until the worker has woken for one and is held (a worker that has not started yet wakes for
      // none): from then on it holds nothing and claims nothing.
      int64_t warm_loops = 0;
      for (; warm_loops < 100000 && held_count() == 0; ++warm_loops) {
        runKind(pool, kind, 1000, 10, [&](int64_t b, int64_t e, int thread) {
          if (thread != 0) by_worker.fetch_add(e - b);
        });
        std::this_thread::sleep_for(std::chrono::microseconds(100));
      }
      QCOMPARE(held_count(), 1);
      for (int rep = 0; rep < 200; ++rep)
        runKind(pool, kind, 1000, 10, [&](int64_t b, int64_t e, int thread) {
          items.fetch_add(e - b);
          if (thread != 0) by_worker.fetch_add(e - b);
        });
      const ThreadPoolStats held = pool.stats();
      gate.release();
      QCOMPARE(items.load(), int64_t(200 * 1000));
      QCOMPARE(by_worker.load(), int64_t(0));
      QCOMPARE(held.loops, 200 + warm_loops);
      QCOMPARE(held.items_caller, (200 + warm_loops) * 1000);
      QCOMPARE(held.items_workers, int64_t(0));
      // Let go, the worker runs items again: a loop whose items wait for it.
      std::atomic<bool> worker_ran{false};
      for (int rep = 0; rep < 100 && !worker_ran.load(); ++rep)
        runKind(pool, kind, 64, 1, [&](int64_t, int64_t, int thread) {
          if (thread == 1) worker_ran = true;
          for (int i = 0; i < 1000 && !worker_ran.load(); ++i) std::this_thread::sleep_for(std::chrono::microseconds(10));
        });
      QVERIFY(worker_ran.load());
      pool.set_wake_hook(nullptr, nullptr);
      std::lock_guard lk(gate.mu);
      QCOMPARE(gate.held, 1);
      QCOMPARE(gate.timed_out, 0);
    }
  }

  // With the policy on, loops in which a held worker does nothing make the pool stand it down (active 1,
  // loops run inline); let go, the pool tries two threads again after a while and keeps them.
  void heldWorkerIsStoodDownAndComesBack() {
    ThreadPool pool(2);
    Gate gate;
    pool.set_wake_hook(&Gate::hook, &gate);
    auto body = [](int64_t, int64_t, int) {};
    for (int rep = 0; rep < ActiveThreadPolicy::kWindow; ++rep) pool.parallel_for(1000, body);
    ThreadPoolStats s = pool.stats();
    QCOMPARE(s.active, 1);
    QCOMPARE(s.min_active, 1);
    QCOMPARE(s.shrinks, int64_t(1));
    QCOMPARE(s.loops, int64_t(ActiveThreadPolicy::kWindow));
    pool.parallel_for(1000, body);
    QCOMPARE(pool.stats().inline_loops, int64_t(1));
    gate.release();
    // Inline loops until the first try of two threads (kMinBackoff windows).
    for (int rep = 1; rep < ActiveThreadPolicy::kMinBackoff * ActiveThreadPolicy::kWindow; ++rep) pool.parallel_for(1000, body);
    s = pool.stats();
    QCOMPARE(s.active, 2);
    QCOMPARE(s.grows, int64_t(1));
    pool.set_wake_hook(nullptr, nullptr);
    std::lock_guard lk(gate.mu);
    QCOMPARE(gate.timed_out, 0);
  }

  // Back-to-back loops of every split while workers wake late (held a varying while in the wake hook, as
  // a descheduled thread would be) or run slowly: no fn ever runs after its loop returned (each loop's fn
  // checks that its loop is still the current one), and every loop runs each item once.
  void lateWorkersNeverRunAFinishedLoop() {
    struct Delay {
      std::atomic<uint32_t> tick{0};
      static void hook(int, void* user) {
        const uint32_t t = static_cast<Delay*>(user)->tick.fetch_add(1) * 2654435761u;
        if ((t >> 28) == 0) std::this_thread::sleep_for(std::chrono::microseconds((t >> 20) % 200));
        else if ((t >> 28) < 4) std::this_thread::yield();
      }
    } delay;
    for (int size : {2, 3}) {
      ThreadPool pool(size);
      pool.set_adaptive(false);
      pool.set_wake_hook(&Delay::hook, &delay);
      std::atomic<int64_t> current{-1};
      std::atomic<int> stale{0}, bad{0};
      std::vector<std::atomic<int>> hits(64);
      for (int64_t loop = 0; loop < 6000; ++loop) {
        const Kind kind = static_cast<Kind>(loop % 4);
        const int64_t n = 2 + (loop * 7) % 63;
        for (int64_t i = 0; i < n; ++i) hits[size_t(i)].store(0, std::memory_order_relaxed);
        current.store(loop);
        runKind(pool, kind, n, 1 + loop % 3, [&, loop](int64_t b, int64_t e, int thread) {
          if (current.load() != loop) stale.fetch_add(1);
          if (thread != 0 && loop % 5 == 0) std::this_thread::yield();  // a worker slow in its piece
          for (int64_t i = b; i < e; ++i) hits[size_t(i)].fetch_add(1);
          if (current.load() != loop) stale.fetch_add(1);
        });
        current.store(-1);
        for (int64_t i = 0; i < n; ++i)
          if (hits[size_t(i)].load() != 1) bad.fetch_add(1);
      }
      pool.set_wake_hook(nullptr, nullptr);
      QCOMPARE(stale.load(), 0);
      QCOMPARE(bad.load(), 0);
    }
  }

  // stats(): loops counted by kind, every item of a handed-out loop counted once, to the caller or the workers.
  void statsCountLoopsAndItems() {
    ThreadPool pool(2);
    pool.set_adaptive(false);
    auto body = [](int64_t, int64_t, int) {};
    for (int rep = 0; rep < 10; ++rep) pool.parallel_for(100, body);
    pool.parallel_for(1, body);                // one item: inline
    pool.parallel_for_dynamic(50, 64, body);   // one piece: inline
    pool.parallel_for_stealing(30, 4, body);
    const ThreadPoolStats s = pool.stats();
    QCOMPARE(s.threads, 2);
    QCOMPARE(s.active, 2);
    QCOMPARE(s.loops, int64_t(11));
    QCOMPARE(s.inline_loops, int64_t(2));
    QCOMPARE(s.items_caller + s.items_workers, int64_t(10 * 100 + 30));
    QVERIFY(s.run_s >= 0 && s.wait_s >= 0);
    ThreadPool one(1);
    one.parallel_for(100, body);
    QCOMPARE(one.stats().inline_loops, int64_t(1));
    QCOMPARE(one.stats().loops, int64_t(0));
  }

  // The policy, fed chosen figures. A loop in which the workers ran half the items at the caller's rate and
  // the caller hardly waited is a 2x speed-up; one in which they ran nothing is none.
  void policyShrinksWhenWorkersDoNothing() {
    using P = ActiveThreadPolicy;
    P p(3);
    QCOMPARE(p.active(), 3);
    const P::Loop good{300, 100, 1e-3, 1e-6}, idle{300, 300, 3e-3, 0};
    for (int i = 0; i < 10 * P::kWindow; ++i) QCOMPARE(p.record(good), 3);  // at the full size: stays
    for (int i = 0; i < P::kWindow - 1; ++i) QCOMPARE(p.record(idle), 3);
    QCOMPARE(p.record(idle), 2);  // a window without help: one fewer
    for (int i = 0; i < P::kWindow - 1; ++i) QCOMPARE(p.record(idle), 2);
    QCOMPARE(p.record(idle), 1);
    QCOMPARE(p.record(idle), 1);  // a loop recorded at 1 counts as inline
    P q(2);
    QCOMPARE(q.max_threads(), 2);
    // The caller waiting on pieces the workers hold, beyond what they saved by kAbortS: at once, mid-window.
    QCOMPARE(q.record({100, 90, 1e-4, 1e-3}), 2);
    QCOMPARE(q.record({100, 90, 1e-4, 1.5e-3}), 1);
    P one(1);
    for (int i = 0; i < 10 * P::kWindow; ++i) QCOMPARE(one.record_inline(), 1);
  }

  void policyTriesMoreThreadsAgainAndBacksOff() {
    using P = ActiveThreadPolicy;
    P p(2);
    const P::Loop good{200, 100, 1e-3, 1e-6}, idle{200, 200, 2e-3, 0};
    for (int i = 0; i < P::kWindow; ++i) p.record(idle);
    QCOMPARE(p.active(), 1);
    QCOMPARE(p.backoff(), P::kMinBackoff);
    // At one thread: after backoff() windows of inline loops, one window tries two.
    auto inline_until_try = [&] {
      int loops = 0;
      while (p.record_inline() == 1) ++loops;
      return loops + 1;
    };
    QCOMPARE(inline_until_try(), P::kMinBackoff * P::kWindow);
    QVERIFY(p.probing());
    // The try fails (no help): back to one, the wait doubles; again and again up to kMaxBackoff.
    int expect = P::kMinBackoff;
    for (int round = 0; round < 12; ++round) {
      for (int i = 0; i < P::kWindow - 1; ++i) QCOMPARE(p.record(idle), 2);
      QCOMPARE(p.record(idle), 1);
      QVERIFY(!p.probing());
      expect = std::min(P::kMaxBackoff, expect * 2);
      QCOMPARE(p.backoff(), expect);
      QCOMPARE(inline_until_try(), expect * P::kWindow);
    }
    QCOMPARE(p.backoff(), P::kMaxBackoff);
    // The cores are free again: the try helps and stays, and the wait halves.
    for (int i = 0; i < P::kWindow; ++i) QCOMPARE(p.record(good), 2);
    QVERIFY(!p.probing());
    QCOMPARE(p.backoff(), P::kMaxBackoff / 2);
    for (int i = 0; i < 20 * P::kWindow; ++i) QCOMPARE(p.record(good), 2);
    // A try of a third thread (on a 3-thread policy) must beat the speed-up at two by kProbeMargin.
    P r(3);
    const P::Loop two{200, 100, 1e-3, 0}, three_no_better{300, 150, 1.5e-3, 0};
    for (int i = 0; i < P::kWindow; ++i) r.record({300, 300, 3e-3, 0});
    QCOMPARE(r.active(), 2);
    for (int i = 0; i < P::kMinBackoff * P::kWindow - 1; ++i) QCOMPARE(r.record(two), 2);
    QCOMPARE(r.record(two), 3);
    QVERIFY(r.probing());
    for (int i = 0; i < P::kWindow - 1; ++i) QCOMPARE(r.record(three_no_better), 3);
    QCOMPARE(r.record(three_no_better), 2);  // the same 2x as with two: back to two
    QCOMPARE(r.backoff(), 2 * P::kMinBackoff);
  }

  // Dynamic pieces: every index exactly once, each call one piece of `grain` (the last may be shorter,
  // and starts at a multiple of grain), thread indices in range, and no allocation per call.
  void dynamicCoversEveryIndexOnceInPieces() {
    for (int size = 1; size <= 4; ++size) {
      ThreadPool pool(size);
      for (int64_t n : {0, 1, 2, 5, 17, 100, 1001}) {
        for (int64_t grain : {1, 3, 16, 5000}) {
          std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
          std::atomic<int> bad{0};
          pool.parallel_for_dynamic(n, grain, [&](int64_t b, int64_t e, int thread) {
            const bool whole = b < e && e <= n && b % grain == 0 && (e - b == grain || e == n);
            if (thread < 0 || thread >= size || !(whole || (grain >= n && b == 0 && e == n))) bad.fetch_add(1);
            for (int64_t i = b; i < e; ++i) hits[i].fetch_add(1);
          });
          QCOMPARE(bad.load(), 0);
          for (int64_t i = 0; i < n; ++i) QCOMPARE(hits[i].load(), 1);
        }
      }
    }
    expectNoAllocationPerCall([](ThreadPool& pool, RangeFn body) { pool.parallel_for_dynamic(100, 7, body); });
  }

  // The point of dynamic pieces: a thread that stalls on its first piece does not keep the rest of
  // the work waiting for it; the other threads take every other piece (a static split would have
  // left half of the items to the stalled thread).
  void dynamicWorkAvoidsAStalledThread() {
    expectOthersTakeAStalledThreadsWork([](ThreadPool& pool, RangeFn body) { pool.parallel_for_dynamic(64, 1, body); });
  }

  // Stealing: every index exactly once in whole pieces; the pieces a thread takes from its own share
  // start at the share's first piece and run front to back, the ones it takes from another's share run
  // back to front; no allocation per call.
  void stealingRunsOwnShareInOrderThenSteals() {
    for (int size = 1; size <= 4; ++size) {
      ThreadPool pool(size);
      pool.set_adaptive(false);
      for (int64_t n : {0, 1, 2, 5, 17, 100, 1001}) {
        for (int64_t grain : {1, 3, 16, 5000}) {
          std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
          std::vector<std::vector<int64_t>> pieces(static_cast<size_t>(size));  // per thread, in run order
          std::atomic<int> bad{0};
          pool.parallel_for_stealing(n, grain, [&](int64_t b, int64_t e, int thread) {
            const bool whole = b < e && e <= n && b % grain == 0 && (e - b == grain || e == n);
            if (thread < 0 || thread >= size || !(whole || (grain >= n && b == 0 && e == n))) {
              bad.fetch_add(1);
              return;
            }
            for (int64_t i = b; i < e; ++i) hits[size_t(i)].fetch_add(1);
            pieces[size_t(thread)].push_back(b / grain);
          });
          QCOMPARE(bad.load(), 0);
          for (int64_t i = 0; i < n; ++i) QCOMPARE(hits[size_t(i)].load(), 1);
          if (size == 1 || grain >= n) continue;
          const int64_t n_pieces = (n + grain - 1) / grain;
          auto owner_of = [&](int64_t piece) {
            for (int t = 0; t < size; ++t)
              if (piece < n_pieces * (t + 1) / size) return t;
            return -1;
          };
          for (int t = 0; t < size; ++t) expectOwnFrontToBackOthersFromTheBack(pieces[size_t(t)], t, owner_of);
        }
      }
    }
    expectNoAllocationPerCall([](ThreadPool& pool, RangeFn body) { pool.parallel_for_stealing(100, 7, body); });
  }

  // The point of stealing: a thread that stalls on its first piece leaves the rest of its share to the
  // other thread, which takes it from the back after its own (a static split would wait for the stalled one).
  void stealingTakesAStalledThreadsShare() {
    expectOthersTakeAStalledThreadsWork([](ThreadPool& pool, RangeFn body) { pool.parallel_for_stealing(64, 1, body); });
  }

  // Lookahead: each item once, and the `next` a call names is exactly the item its thread runs next
  // (-1 only for a thread's last), in every pool size, including the inline paths (one thread, n = 1).
  void lookaheadNamesEachThreadsNextItem() {
    for (int size = 1; size <= 4; ++size) {
      ThreadPool pool(size);
      for (int64_t n : {0, 1, 2, 5, 17, 100, 1001}) {
        std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
        // Per thread, the (item, next) pairs in the order that thread ran them.
        std::vector<std::vector<std::pair<int64_t, int64_t>>> runs(static_cast<size_t>(size));
        std::atomic<int> bad{0};
        pool.parallel_for_lookahead(n, [&](int64_t item, int64_t next, int thread) {
          if (thread < 0 || thread >= size || item < 0 || item >= n || next < -1 || next >= n || next == item) {
            bad.fetch_add(1);
            return;
          }
          hits[size_t(item)].fetch_add(1);
          runs[size_t(thread)].push_back({item, next});
        });
        QCOMPARE(bad.load(), 0);
        for (int64_t i = 0; i < n; ++i) QCOMPARE(hits[size_t(i)].load(), 1);
        for (const auto& r : runs) {
          for (size_t k = 0; k + 1 < r.size(); ++k) QCOMPARE(r[k].second, r[k + 1].first);
          if (!r.empty()) QCOMPARE(r.back().second, int64_t(-1));
        }
      }
    }
    ThreadPool pool(2);
    std::atomic<int64_t> sum{0};
    auto body = [&](int64_t item, int64_t, int) { sum.fetch_add(item); };
    pool.parallel_for_lookahead(50, body);
    g_allocations = 0;
    g_counting = true;
    for (int rep = 0; rep < 100; ++rep) pool.parallel_for_lookahead(50, body);
    g_counting = false;
    QCOMPARE(g_allocations.load(), 0);
    QCOMPARE(sum.load(), int64_t(101 * 49 * 50 / 2));
  }

  void manyRoundsAndLifetimes() {
    for (int round = 0; round < 20; ++round) {
      ThreadPool pool(1 + round % 4);
      std::atomic<int64_t> sum{0};
      for (int k = 0; k < 200; ++k)
        pool.parallel_for(64, [&](int64_t b, int64_t e, int) {
          int64_t s = 0;
          for (int64_t i = b; i < e; ++i) s += i;
          sum.fetch_add(s);
        });
      QCOMPARE(sum.load(), int64_t(200) * (63 * 64 / 2));
    }
    ThreadPool idle(3);  // destroyed without ever running a job
    ThreadPool automatic;
    QVERIFY(automatic.size() >= 1);
  }
};

QTEST_APPLESS_MAIN(TestThreadPool)
#include "tst_thread_pool.moc"
