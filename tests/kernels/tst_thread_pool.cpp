// ThreadPool: every index covered exactly once, thread indices in range, repeated and concurrent use.
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
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

  // `loop(pool, body)` runs body over [0, 64) in pieces of one item on a 2-thread pool. The thread that
  // claims the first piece holds it until the other has done all 63 others (or 10 s pass): a split
  // that leaves any of them to the stalled thread fails (a static split would leave it half).
  template <class Loop>
  static void expectOthersTakeAStalledThreadsWork(Loop loop) {
    ThreadPool pool(2);
    std::vector<int> owner(64, -1);
    std::atomic<bool> first_claimed{false};
    std::atomic<int> stalled_thread{-1};
    std::atomic<int> done_by_others{0};
    loop(pool, [&](int64_t b, int64_t e, int thread) {
      bool expected = false;
      if (first_claimed.compare_exchange_strong(expected, true)) {
        stalled_thread = thread;
        for (int i = 0; i < 10000 && done_by_others.load() < 63; ++i)
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
      } else {
        done_by_others.fetch_add(int(e - b));
      }
      for (int64_t i = b; i < e; ++i) owner[size_t(i)] = thread;
    });
    QCOMPARE(done_by_others.load(), 63);
    QCOMPARE(int(std::count(owner.begin(), owner.end(), stalled_thread.load())), 1);
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
      pool.parallel_for(7, [&](int64_t lo, int64_t hi, int t) { sums[size_t(t)] += hi - lo + a + b + c + d + e + f; });
    }
    g_counting = false;
    QCOMPARE(g_allocations.load(), 0);
    int64_t total = 0;
    for (int64_t v : sums) total += v;
    QCOMPARE(total, 101 * (1000 * 21 + 999 * 1000 / 2) + 100 * (7 + 21 * 3));
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
        QVERIFY(calls.load() <= size);
        for (int64_t i = 0; i < n; ++i) QCOMPARE(hits[i].load(), 1);
      }
    }
  }

  void distinctThreadsGetDistinctChunks() {
    ThreadPool pool(4);
    std::vector<int64_t> owner(400, -1);  // written without atomics: chunks must not overlap (TSan)
    pool.parallel_for(400, [&](int64_t b, int64_t e, int thread) {
      for (int64_t i = b; i < e; ++i) owner[i] = thread;
    });
    for (int64_t i = 1; i < 400; ++i) QVERIFY(owner[i] >= owner[i - 1]);  // contiguous, in order
    QCOMPARE(owner.front(), int64_t(0));
    QCOMPARE(owner.back(), int64_t(3));
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
          for (int t = 0; t < size; ++t) {
            const auto& run = pieces[size_t(t)];
            size_t k = 0;
            for (int64_t own = n_pieces * t / size; k < run.size() && owner_of(run[k]) == t; ++k, ++own)
              QCOMPARE(run[k], own);  // own share: from its first piece, front to back
            for (; k < run.size(); ++k) {
              QVERIFY(owner_of(run[k]) != t);  // then only others' pieces...
              if (k > 0 && owner_of(run[k - 1]) == owner_of(run[k])) QVERIFY(run[k] < run[k - 1]);  // ...from the back
            }
          }
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
