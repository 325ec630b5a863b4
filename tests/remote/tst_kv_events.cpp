// vLLM's KV events: payloads decoded in both encodings, the prefix cache they describe, and a live
// subscription to a stand-in in older vLLM's layout (tests/remote/vllm_kv_events_publisher.py, pyzmq +
// msgpack from PyPI) that keeps two batches off the PUB socket so only the replay socket has them.
// vLLM 0.34's own publisher is subscribed to in tst_kv_events_vllm.cpp.
#include <QProcess>
#include <QtTest>
#include <mutex>
#include <vector>

#define MSGPACK_NO_BOOST 1
#include <msgpack.hpp>

#include "remote/kv_events/kv_event_batch.h"
#include "remote/kv_events/kv_event_subscriber.h"
#include "remote/kv_events/kv_prefix_cache.h"

using namespace inferscope::remote;

namespace {
template <typename T>
std::string pack(const T& value) {
  msgpack::sbuffer buf;
  msgpack::pack(buf, value);
  return std::string(buf.data(), buf.size());
}
KvDecodeResult decode(const std::string& s) { return decode_kv_event_batch(s.data(), s.size()); }
}  // namespace

class TestKvEvents : public QObject {
  Q_OBJECT
 private slots:
  void decodeArrayLike() {
    msgpack::sbuffer buf;
    msgpack::packer<msgpack::sbuffer> p(buf);
    p.pack_array(3);
    p.pack(12.5);
    p.pack_array(2);
    p.pack_array(7);
    p.pack(std::string("BlockStored"));
    p.pack(std::vector<std::uint64_t>{11, 12});
    p.pack_nil();
    p.pack(std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8});
    p.pack(4);
    p.pack_nil();
    p.pack(std::string("GPU"));
    p.pack_array(3);
    p.pack(std::string("BlockRemoved"));
    p.pack(std::vector<std::uint64_t>{11});
    p.pack(std::string("GPU"));
    p.pack(1);
    const KvDecodeResult r = decode_kv_event_batch(buf.data(), buf.size());
    QVERIFY2(r.batch, r.error.c_str());
    QCOMPARE(r.batch->ts, 12.5);
    QCOMPARE(r.batch->data_parallel_rank.value(), 1);
    QCOMPARE(r.batch->events.size(), std::size_t(2));
    const KvEvent& s = r.batch->events[0];
    QCOMPARE(s.kind, KvEventKind::BlockStored);
    QCOMPARE(s.block_hashes, (std::vector<std::string>{"i:11", "i:12"}));
    QVERIFY(!s.parent_hash);
    QCOMPARE(s.token_ids.size(), std::size_t(8));
    QCOMPARE(s.block_size, 4);
    QCOMPARE(s.medium, std::string("GPU"));
    QCOMPARE(r.batch->events[1].kind, KvEventKind::BlockRemoved);
  }

  void decodeMapAndBytesHashes() {
    msgpack::sbuffer buf;
    msgpack::packer<msgpack::sbuffer> p(buf);
    p.pack_map(2);
    p.pack(std::string("ts"));
    p.pack(3);
    p.pack(std::string("events"));
    p.pack_array(2);
    p.pack_map(5);
    p.pack(std::string("type"));
    p.pack(std::string("BlockStored"));
    p.pack(std::string("block_hashes"));
    p.pack_array(1);
    const char h[3] = {'\x00', '\xab', '\x10'};
    p.pack_bin(3);
    p.pack_bin_body(h, 3);
    p.pack(std::string("parent_block_hash"));
    p.pack(-5);
    p.pack(std::string("token_ids"));
    p.pack(std::vector<int>{9, 9});
    p.pack(std::string("block_size"));
    p.pack(2);
    p.pack_map(1);
    p.pack(std::string("type"));
    p.pack(std::string("AllBlocksCleared"));
    const KvDecodeResult r = decode_kv_event_batch(buf.data(), buf.size());
    QVERIFY2(r.batch, r.error.c_str());
    QCOMPARE(r.batch->ts, 3.0);
    QCOMPARE(r.batch->events[0].block_hashes.front(), std::string("b:00ab10"));
    QCOMPARE(r.batch->events[0].parent_hash.value(), std::string("i:-5"));
    QCOMPARE(r.batch->events[1].kind, KvEventKind::AllBlocksCleared);
  }

  void refusesGarbage() {
    QVERIFY(!decode("").batch);
    QVERIFY(!decode("\xc1").batch);               // a reserved msgpack byte
    QVERIFY(!decode(pack(42)).batch);             // not a batch
    QVERIFY(!decode(pack(std::vector<int>{1})).batch);
    // A BlockStored without its fields, and an absurd block size.
    QVERIFY(!decode(pack(std::make_tuple(1.0, std::vector<std::vector<std::string>>{{"BlockStored"}}))).batch);
    // A declared array of 2^31 entries in a few bytes: refused, not allocated.
    const std::string huge("\x92\x01\xdd\x7f\xff\xff\xff", 7);
    const KvDecodeResult r = decode(huge);
    QVERIFY(!r.batch);
    QVERIFY(!r.error.empty());
  }

  void prefixCacheModel() {
    KvPrefixCache cache;
    auto stored = [](std::vector<std::string> h, std::optional<std::string> parent) {
      KvEvent e;
      e.kind = KvEventKind::BlockStored;
      e.block_hashes = std::move(h);
      e.parent_hash = std::move(parent);
      e.block_size = 4;
      e.token_ids.assign(e.block_hashes.size() * 4, 1);
      return e;
    };
    KvEvent remove_a;
    remove_a.kind = KvEventKind::BlockRemoved;
    remove_a.block_hashes = {"a"};
    cache.apply({1.0, {stored({"a", "b", "c"}, std::nullopt)}, {}});
    cache.apply({2.0, {stored({"d"}, "b"), stored({"e"}, "c")}, {}});
    auto s = cache.summary();
    QCOMPARE(s.blocks_held, std::size_t(5));
    QCOMPARE(s.roots, std::size_t(1));
    QCOMPARE(s.leaves, std::size_t(2));  // a-b-d and a-b-c-e
    QCOMPARE(s.longest_chain, std::size_t(4));
    QCOMPARE(cache.chain_to("e"), (std::vector<std::string>{"a", "b", "c", "e"}));
    cache.apply({3.0, {remove_a}, {}});
    s = cache.summary();
    QCOMPARE(s.blocks_held, std::size_t(4));
    QCOMPARE(s.roots, std::size_t(1));  // b stays cached, now the root of its chain
    QCOMPARE(s.longest_chain, std::size_t(3));
    cache.apply({3.5, {remove_a}, {}});
    QCOMPARE(cache.summary().unknown_removals, std::uint64_t(1));
    QCOMPARE(cache.stored_per_second(10.0), 5.0 / 10.0);
    KvEvent clear;
    clear.kind = KvEventKind::AllBlocksCleared;
    cache.apply({4.0, {clear}, {}});
    QCOMPARE(cache.summary().blocks_held, std::size_t(0));
    KvPrefixCache small(2);
    small.apply({1.0, {stored({"x", "y", "z"}, std::nullopt)}, {}});
    QCOMPARE(small.summary().blocks_held, std::size_t(2));
    QVERIFY(small.summary().truncated);
  }

  void liveSubscriptionWithReplay_data() {
    QTest::addColumn<QString>("encoding");
    QTest::newRow("array-like") << "array";
    QTest::newRow("map") << "map";
  }
  void liveSubscriptionWithReplay() {
    QFETCH(QString, encoding);
    QProcess check;
    check.start("python3", {"-c", "import zmq, msgpack"});
    check.waitForFinished(20000);
    if (check.exitCode() != 0) {
      if (qEnvironmentVariableIsSet("INFERSCOPE_REQUIRE_MODELS")) QFAIL("python3 lacks pyzmq/msgpack");
      QSKIP("python3 lacks pyzmq and msgpack (pip install pyzmq msgpack); the bootstrap installs them");
    }
    QProcess publisher;
    publisher.start("python3", {QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/remote/vllm_kv_events_publisher.py"),
                                "--encoding", encoding});
    QVERIFY(publisher.waitForReadyRead(20000));
    const QStringList ports = QString::fromUtf8(publisher.readLine()).split(' ', Qt::SkipEmptyParts);
    QCOMPARE(ports.size(), 4);

    std::mutex m;
    std::vector<std::int64_t> seqs;
    KvPrefixCache cache;
    KvPrefixCache::Summary after_seq5;
    KvEventSubscriber sub("tcp://127.0.0.1:" + ports[1].trimmed().toStdString(),
                          "tcp://127.0.0.1:" + ports[3].trimmed().toStdString(), "kv-events",
                          [&](std::int64_t seq, KvEventBatch b) {
                            std::lock_guard lock(m);
                            seqs.push_back(seq);
                            cache.apply(b);
                            if (seq == 5) after_seq5 = cache.summary();
                          });
    sub.start();
    QTRY_VERIFY_WITH_TIMEOUT(([&] { std::lock_guard lock(m); return seqs.size() >= 9; }()), 15000);
    sub.stop();
    publisher.closeWriteChannel();
    publisher.waitForFinished(5000);

    std::lock_guard lock(m);
    QCOMPARE(seqs, (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
    const KvEventStreamStatus st = sub.status();
    QVERIFY(st.replayed >= 2);  // 3 and 4 exist only on the replay socket
    QCOMPARE(st.missed, std::uint64_t(0));
    QCOMPARE(st.decode_errors, std::uint64_t(0));
    // After batch 5: 1 and 4 removed; held 2,3,5,6 and the bytes-hashed 7. Roots 2 and 7; leaves 3, 6, 7;
    // the longest chain 2-5-6.
    QCOMPARE(after_seq5.blocks_held, std::size_t(5));
    QCOMPARE(after_seq5.roots, std::size_t(2));
    QCOMPARE(after_seq5.leaves, std::size_t(3));
    QCOMPARE(after_seq5.longest_chain, std::size_t(3));
    QCOMPARE(after_seq5.removed_total, std::uint64_t(2));
    // Then everything was cleared and 8-9-10 stored.
    const auto s = cache.summary();
    QCOMPARE(s.blocks_held, std::size_t(3));
    QCOMPARE(s.longest_chain, std::size_t(3));
    QCOMPARE(s.cleared_total, std::uint64_t(1));
    QCOMPARE(s.stored_total, std::uint64_t(3 + 1 + 2 + 1 + 2 + 1));
  }

  void defaultReplayEndpoint() {
    QCOMPARE(default_replay_endpoint("tcp://gpu-node:5557"), std::string("tcp://gpu-node:5558"));
    QCOMPARE(default_replay_endpoint("tcp://10.0.0.5:65534"), std::string("tcp://10.0.0.5:65535"));
    QCOMPARE(default_replay_endpoint("tcp://host"), std::string());
    QCOMPARE(default_replay_endpoint("tcp://host:port"), std::string());
  }

  void subscriberStopsWithoutAServer() {
    KvEventSubscriber sub("tcp://127.0.0.1:1", "tcp://127.0.0.1:2", "", [](std::int64_t, KvEventBatch) {});
    sub.start();
    QTest::qWait(200);
    QVERIFY(!sub.status().receiving);
    sub.stop();  // returns promptly: joined, no hang
  }
};

QTEST_GUILESS_MAIN(TestKvEvents)
#include "tst_kv_events.moc"
