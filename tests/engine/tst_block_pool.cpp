// BlockPool: LRU free queue, refcounts, the prefix-cache hash map and its counters.
#include <QtTest/QtTest>

#include <stdexcept>

#include "engine/kv/block_pool.h"

using inferscope::BlockPool;

namespace {
std::vector<int32_t> full(int32_t block_size, int32_t base) {
  std::vector<int32_t> t(static_cast<size_t>(block_size));
  for (int32_t i = 0; i < block_size; ++i) t[static_cast<size_t>(i)] = base + i;
  return t;
}
}  // namespace

class TestBlockPool : public QObject {
  Q_OBJECT

 private slots:
  void rejectsImpossibleSizes() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, BlockPool(0, 16));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, BlockPool(4, 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, BlockPool(4, 257));
    BlockPool ok(1, 256);
    QCOMPARE(ok.num_free(), 1);
  }

  void allocatesFromTheHeadInIdOrder() {
    BlockPool pool(4, 16);
    QCOMPARE(pool.free_queue(), (std::vector<int32_t>{0, 1, 2, 3}));
    for (int32_t want = 0; want < 4; ++want) {
      QCOMPARE(pool.allocate(), want);
      QCOMPARE(pool.block(want).ref_count, 1);
    }
    QCOMPARE(pool.num_free(), 0);
    QCOMPARE(pool.num_used(), 4);
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, pool.allocate());
    QCOMPARE(pool.check_invariants(), std::string());
  }

  void releasedBlocksGoToTheTail() {
    BlockPool pool(4, 8);
    const int32_t a = pool.allocate(), b = pool.allocate(), c = pool.allocate();
    pool.unref(b);
    pool.unref(a);
    // 3 was never used, then b, then a: least recently released first.
    QCOMPARE(pool.free_queue(), (std::vector<int32_t>{3, b, a}));
    QCOMPARE(pool.allocate(), 3);
    QCOMPARE(pool.allocate(), b);
    QCOMPARE(pool.block(c).ref_count, 1);
    QVERIFY_THROWS_EXCEPTION(std::logic_error, pool.unref(a));  // a is free already
    QCOMPARE(pool.check_invariants(), std::string());
  }

  void refcountsAndSharedCounter() {
    BlockPool pool(2, 4);
    const int32_t a = pool.allocate();
    pool.ref(a);
    pool.ref(a);
    QCOMPARE(pool.block(a).ref_count, 3);
    QCOMPARE(pool.num_shared(), 1);
    pool.unref(a);
    QCOMPARE(pool.num_shared(), 1);
    pool.unref(a);
    QCOMPARE(pool.num_shared(), 0);
    QCOMPARE(pool.num_used(), 1);
    pool.unref(a);
    QCOMPARE(pool.num_used(), 0);
    QCOMPARE(pool.num_free(), 2);
    QCOMPARE(pool.check_invariants(), std::string());
  }

  void cachedFreeBlockIsRevivedByAHit() {
    BlockPool pool(3, 4);
    const int32_t a = pool.allocate();
    QVERIFY(pool.cache(a, 42, full(4, 100)));
    QCOMPARE(pool.num_cached(), 0);  // referenced, so "used", not "cached"
    pool.unref(a);
    QCOMPARE(pool.num_cached(), 1);
    QCOMPARE(pool.num_free(), 3);
    QCOMPARE(pool.lookup(42), std::optional<int32_t>(a));
    pool.ref(a);  // prefix hit: ref 0 -> 1, leaves the queue, keeps its hash
    QCOMPARE(pool.num_cached(), 0);
    QCOMPARE(pool.num_free(), 2);
    QCOMPARE(pool.block(a).ref_count, 1);
    QCOMPARE(pool.block(a).hash, std::optional<uint64_t>(42));
    QCOMPARE(pool.block(a).token_ids, full(4, 100));
    QCOMPARE(pool.check_invariants(), std::string());
  }

  void allocatingACachedBlockEvictsItsHash() {
    BlockPool pool(1, 4);
    const int32_t a = pool.allocate();
    pool.cache(a, 7, full(4, 0));
    pool.unref(a);
    QCOMPARE(pool.num_cached(), 1);
    QCOMPARE(pool.allocate(), a);
    QCOMPARE(pool.lookup(7), std::nullopt);
    QVERIFY(!pool.block(a).hash.has_value());
    QVERIFY(pool.block(a).token_ids.empty());
    QCOMPARE(pool.num_cached(), 0);
    QCOMPARE(pool.check_invariants(), std::string());
  }

  void firstRegistrationOfAHashWins() {
    BlockPool pool(2, 2);
    const int32_t a = pool.allocate(), b = pool.allocate();
    QVERIFY(pool.cache(a, 9, {1, 2}));
    QVERIFY(!pool.cache(b, 9, {1, 2}));
    QCOMPARE(pool.lookup(9), std::optional<int32_t>(a));
    QVERIFY(!pool.block(b).hash.has_value());
    QVERIFY_THROWS_EXCEPTION(std::logic_error, pool.cache(b, 10, {1}));  // not full
    pool.uncache(a);
    QCOMPARE(pool.lookup(9), std::nullopt);
    QCOMPARE(pool.check_invariants(), std::string());
  }

  void uncacheOfAFreeCachedBlockFixesTheCounter() {
    BlockPool pool(2, 2);
    const int32_t a = pool.allocate();
    pool.cache(a, 5, {3, 4});
    pool.unref(a);
    QCOMPARE(pool.num_cached(), 1);
    pool.uncache(a);
    QCOMPARE(pool.num_cached(), 0);
    QCOMPARE(pool.check_invariants(), std::string());
  }
};

QTEST_APPLESS_MAIN(TestBlockPool)
#include "tst_block_pool.moc"
