// PendingQueue, the engine's compact queue of requests without sequences: prompts come back exactly
// (16-bit and 32-bit token arenas), sampling parameters keep their own seed and max_tokens while the
// rest is shared, removed requests are skipped, and an emptied queue holds no tokens.
#include <QtTest/QtTest>

#include "engine/sched/pending_queue.h"

using namespace inferscope;

namespace {
std::vector<int32_t> prompt(int len, int32_t first) {
  std::vector<int32_t> p;
  for (int i = 0; i < len; ++i) p.push_back(first + i);
  return p;
}
}  // namespace

class TestPendingQueue : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip_data() {
    QTest::addColumn<int>("vocab");
    QTest::addColumn<int>("firstToken");
    QTest::newRow("16-bit arena") << 65536 << 65529;   // ids up to 65,535 fit 16 bits
    QTest::newRow("32-bit arena") << 200000 << 150000;  // a large vocabulary's ids do not
  }
  void roundTrip() {
    QFETCH(int, vocab);
    QFETCH(int, firstToken);
    PendingQueue q(vocab);
    SamplingParams p;
    p.temperature = 0.7f;
    p.stop = {"\n\n"};
    for (int i = 0; i < 5; ++i) {
      p.seed = 100 + uint64_t(i);
      p.max_tokens = 10 + i;
      q.push(i, Clock::time_point{} + std::chrono::milliseconds(i), false, 1 + i % 2, prompt(3 + i, firstToken), p);
    }
    QCOMPARE(q.size(), size_t(5));
    QCOMPARE(q.arena_tokens(), size_t(3 + 4 + 5 + 6 + 7));
    q.remove(1);
    q.remove(1);  // twice: still one removal
    QCOMPARE(q.size(), size_t(4));
    QVERIFY(!q.contains(1));
    QCOMPARE(q.front_ids(10), (std::vector<int64_t>{0, 2, 3, 4}));
    const PendingQueue::Taken peeked = q.peek(3);
    QCOMPARE(peeked.prompt, prompt(6, firstToken));
    for (int64_t want : {0, 2, 3, 4}) {
      const PendingQueue::Taken t = q.pop_front();
      QCOMPARE(t.id, want);
      QCOMPARE(t.prompt, prompt(3 + int(want), firstToken));
      QCOMPARE(t.params.seed, 100 + uint64_t(want));
      QCOMPARE(t.params.max_tokens, 10 + int(want));
      QCOMPARE(t.params.temperature, 0.7f);
      QCOMPARE(t.params.stop, std::vector<std::string>{"\n\n"});
      QCOMPARE(t.n, 1 + int(want) % 2);
      QCOMPARE(t.arrival, Clock::time_point{} + std::chrono::milliseconds(want));
    }
    QVERIFY(q.empty());
    QCOMPARE(q.arena_tokens(), size_t(0));
  }

  // Requests with different sampling settings each keep their own.
  void paramsChangeBetweenRequests() {
    PendingQueue q(1000);
    SamplingParams a, b;
    a.top_k = 5;
    b.top_k = 9;
    q.push(0, {}, false, 1, prompt(2, 1), a);
    q.push(1, {}, false, 1, prompt(2, 1), b);
    q.push(2, {}, false, 1, prompt(2, 1), a);
    QCOMPARE(q.pop_front().params.top_k, 5);
    QCOMPARE(q.pop_front().params.top_k, 9);
    QCOMPARE(q.pop_front().params.top_k, 5);
  }

  // Requests queued on hold get one arrival, the release time; the others keep theirs.
  void holdClocks() {
    PendingQueue q(1000);
    const Clock::time_point t0 = Clock::time_point{} + std::chrono::seconds(1);
    const Clock::time_point release = t0 + std::chrono::seconds(5);
    q.push(0, t0, false, 1, prompt(2, 1), {});
    q.push(1, t0, true, 1, prompt(2, 1), {});
    q.start_pending_clocks(release);
    const PendingQueue::Taken a = q.pop_front(), b = q.pop_front();
    QCOMPARE(a.arrival, t0);
    QCOMPARE(b.arrival, release);
    QVERIFY(!b.clock_pending);
  }
};

QTEST_GUILESS_MAIN(TestPendingQueue)
#include "tst_pending_queue.moc"
