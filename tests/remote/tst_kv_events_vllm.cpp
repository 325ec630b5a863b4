// Our KV-event subscriber against vLLM's own publisher: ZmqEventPublisher, KVEventBatch and the event
// structs of vllm/distributed/kv_events.py, unchanged, from the pinned vLLM sdist the bootstrap caches
// (tests/remote/vllm_kv_publisher_real.py loads them without torch or a GPU). It publishes batches 0-4
// before we can connect, so those exist only in its replay buffer, as when attaching to a running server.
#include <QProcess>
#include <QtTest>
#include <mutex>
#include <vector>

#include "remote/kv_events/kv_event_subscriber.h"
#include "remote/kv_events/kv_prefix_cache.h"
#include "tests/common/test_support.h"

using namespace inferscope::remote;

namespace {
// Pinned in packaging/bootstrap.sh (and its sha256 in the script): where the bootstrap caches it.
constexpr const char* kSdist = "vllm-0.34.0.tar.gz";

struct Seen {
  std::int64_t seq;
  double ts;
  std::optional<int> rank;
  std::vector<KvEvent> events;
};
}  // namespace

class TestKvEventsVllm : public QObject {
  Q_OBJECT
  QString sdist_;

 private slots:
  void initTestCase() {
    const std::string dir = inferscope::test::cache_dir_if_present("INFERSCOPE_VLLM_SDIST_DIR", "vllm-0.34.0", kSdist);
    INFERSCOPE_REQUIRE_MODEL(dir, "the vLLM 0.34.0 sdist (vllm/distributed/kv_events.py)");
    sdist_ = QString::fromStdString(dir) + '/' + kSdist;
    QProcess check;
    check.start("python3", {"-c", "import zmq, msgspec"});
    check.waitForFinished(20000);
    if (check.exitStatus() != QProcess::NormalExit || check.exitCode() != 0) {
      if (inferscope::test::models_required()) QFAIL("python3 lacks pyzmq/msgspec but INFERSCOPE_REQUIRE_MODELS=1");
      QSKIP("python3 lacks pyzmq and msgspec (pip install pyzmq msgspec); the bootstrap installs them");
    }
  }

  void lateSubscriberRecoversThroughReplay_data() {
    QTest::addColumn<QString>("topic");
    QTest::newRow("vLLM's default topic (empty)") << QString();
    QTest::newRow("topic kv-events") << QStringLiteral("kv-events");
  }
  void lateSubscriberRecoversThroughReplay() {
    QFETCH(QString, topic);
    QProcess publisher;
    publisher.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    publisher.start("python3", {QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/remote/vllm_kv_publisher_real.py"),
                                sdist_, "--topic", topic});
    QVERIFY(publisher.waitForReadyRead(30000));
    const QStringList ports = QString::fromUtf8(publisher.readLine()).split(' ', Qt::SkipEmptyParts);
    QCOMPARE(ports.size(), 4);

    std::mutex m;
    std::vector<Seen> seen;
    KvPrefixCache cache;
    KvPrefixCache::Summary after_seq4, after_seq5;
    KvEventSubscriber sub("tcp://127.0.0.1:" + ports[1].trimmed().toStdString(),
                          "tcp://127.0.0.1:" + ports[3].trimmed().toStdString(), topic.toStdString(),
                          [&](std::int64_t seq, KvEventBatch b) {
                            std::lock_guard lock(m);
                            cache.apply(b);
                            if (seq == 4) after_seq4 = cache.summary();
                            if (seq == 5) after_seq5 = cache.summary();
                            seen.push_back({seq, b.ts, b.data_parallel_rank, std::move(b.events)});
                          });
    sub.start();
    QTRY_VERIFY_WITH_TIMEOUT(([&] { std::lock_guard lock(m); return seen.size() >= 9; }()), 20000);
    sub.stop();
    publisher.closeWriteChannel();
    QVERIFY(publisher.waitForFinished(10000));
    QCOMPARE(publisher.exitCode(), 0);

    std::lock_guard lock(m);
    QCOMPARE(seen.size(), std::size_t(9));
    for (std::size_t i = 0; i < seen.size(); ++i) {
      QCOMPARE(seen[i].seq, std::int64_t(i));
      QCOMPARE(seen[i].ts, 1.0 + 0.5 * double(i));
      QCOMPARE(seen[i].rank.value_or(-1), 0);  // ZmqEventPublisher stamps its data-parallel rank
      QCOMPARE(seen[i].events.size(), std::size_t(1));
    }
    const KvEventStreamStatus st = sub.status();
    QVERIFY2(st.replayed >= 5, qPrintable(QString::number(st.replayed)));  // 0-4 exist only in the replay buffer
    QCOMPARE(st.batches, std::uint64_t(9));
    QCOMPARE(st.missed, std::uint64_t(0));
    QCOMPARE(st.decode_errors, std::uint64_t(0));

    // The fields vLLM 0.34 adds (group_idx, extra_keys, lora_name, session_id...) are skipped; ours kept.
    const KvEvent& first = seen[0].events[0];
    QCOMPARE(first.kind, KvEventKind::BlockStored);
    QCOMPARE(first.block_hashes, (std::vector<std::string>{"i:1", "i:2", "i:3"}));
    QVERIFY(!first.parent_hash);
    QCOMPARE(first.token_ids.size(), std::size_t(12));
    QCOMPARE(first.token_ids.front(), std::int64_t(100));
    QCOMPARE(first.block_size, 4);
    QCOMPARE(first.medium, std::string("GPU"));
    QCOMPARE(seen[1].events[0].parent_hash.value(), std::string("i:3"));
    QCOMPARE(seen[3].events[0].kind, KvEventKind::BlockRemoved);
    const KvEvent& bytes_hashed = seen[4].events[0];
    QCOMPARE(bytes_hashed.block_hashes,
             (std::vector<std::string>{"b:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"}));
    QCOMPARE(bytes_hashed.lora_id.value_or(-1), std::int64_t(2));
    QCOMPARE(seen[6].events[0].kind, KvEventKind::AllBlocksCleared);

    // After the replayed 0-4: 1-2-3 with 4 gone, 2-5-6 and the lone bytes-hashed block: 6 held, roots 1 and
    // the bytes hash, leaves 3, 6 and it, the longest chain 1-2-5-6.
    QCOMPARE(after_seq4.blocks_held, std::size_t(6));
    QCOMPARE(after_seq4.roots, std::size_t(2));
    QCOMPARE(after_seq4.leaves, std::size_t(3));
    QCOMPARE(after_seq4.longest_chain, std::size_t(4));
    // After 5 (1 removed): 2,3,5,6 and the bytes hash; roots 2 and it; the longest chain 2-5-6.
    QCOMPARE(after_seq5.blocks_held, std::size_t(5));
    QCOMPARE(after_seq5.roots, std::size_t(2));
    QCOMPARE(after_seq5.leaves, std::size_t(3));
    QCOMPARE(after_seq5.longest_chain, std::size_t(3));
    QCOMPARE(after_seq5.removed_total, std::uint64_t(2));
    // Then everything cleared and 8-9-10 stored.
    const auto s = cache.summary();
    QCOMPARE(s.blocks_held, std::size_t(3));
    QCOMPARE(s.roots, std::size_t(1));
    QCOMPARE(s.leaves, std::size_t(1));
    QCOMPARE(s.longest_chain, std::size_t(3));
    QCOMPARE(s.cleared_total, std::uint64_t(1));
    QCOMPARE(s.stored_total, std::uint64_t(3 + 1 + 2 + 1 + 2 + 1));
    QCOMPARE(cache.chain_to("i:10"), (std::vector<std::string>{"i:8", "i:9", "i:10"}));
  }
};

QTEST_GUILESS_MAIN(TestKvEventsVllm)
#include "tst_kv_events_vllm.moc"
