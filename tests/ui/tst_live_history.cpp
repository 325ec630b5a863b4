// The live timeline's history stays bounded over a long run, and what it keeps is the state it was
// given: a PackedState unpacks to the hand-made snapshot field by field; thousands of snapshots (each
// with new requests) leave at most LiveEngineSource's limits of packed states, bytes, markers and
// remembered requests; the step asked for is answered with that step's state.
#include <QtTest/QtTest>

#include "ui/charts/charts_panel.h"
#include "ui/engine/engine_controller.h"
#include "ui/engine/packed_state.h"
#include "ui/session/live_engine_source.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

// A pool of n blocks: the first `used` held by sequence 7 (4 tokens each), the next one cached.
BlockMapSnapshot blockMap(int n, int used) {
  BlockMapSnapshot m;
  m.block_size = 4;
  for (int i = 0; i < n; ++i) {
    BlockInfo b;
    b.id = i;
    if (i < used) {
      b.state = BlockState::Used;
      b.ref_count = 1;
      b.owners = {7};
      b.filled = 4;
      b.group = 1;
    } else if (i == used) {
      b.window_released = true;
      b.state = BlockState::Cached;
      b.filled = 3;
    }
    m.blocks.push_back(b);
  }
  SequenceBlocks seq;
  seq.seq_id = 7;
  seq.num_tokens = used * 4;
  for (int i = 0; i < used; ++i) seq.block_table.push_back(i);
  seq.group_tables = {seq.block_table, {-1, 3}};
  m.sequences.push_back(seq);
  KvGroupInfo g;
  g.layers = {0, 1};
  g.blocks_used = used;
  m.groups.push_back(g);
  g.window = 512;
  g.layers = {2};
  g.blocks_released = 9;
  m.groups.push_back(g);
  return m;
}

RequestInfo request(int64_t id, RequestState state) {
  RequestInfo q;
  q.id = id;
  q.state = state;
  q.n_prompt = 3;
  q.prompt_ids = {11, 12, int32_t(id % 1000)};
  q.token_ids = {{21, 22}};
  q.texts = {"Once upon " + std::to_string(id)};
  q.n_generated = 2;
  q.ttft_ms = 1.5;
  q.seq_ids = {7};
  if (state == RequestState::Finished) q.finish_reason = "length";
  return q;
}

}  // namespace

class TestLiveHistory : public QObject {
  Q_OBJECT
 private slots:
  void packedStateUnpacksToTheSameState() {
    EngineSnapshot s;
    s.block_map = std::make_shared<const BlockMapSnapshot>(blockMap(64, 5));
    s.requests = {request(1, RequestState::Finished), request(2, RequestState::Running), request(3, RequestState::Waiting)};
    s.requests[1].texts = {"half a stor"};  // a running request's text as it stands at this step
    s.requests[2].token_ids.clear();
    s.requests[2].texts.clear();
    s.totals.submitted = 3;
    s.totals.finished = 1;
    s.total_steps = 42;
    s.running = true;
    s.has_unfinished = true;
    s.load_all_submitted = false;
    s.new_steps.resize(2);
    const PackedState packed(s);
    QVERIFY(packed.bytes() > 0);
    const EngineSnapshotPtr u = packed.unpack();
    QVERIFY(u->new_steps.empty());  // the stream is not the state
    QCOMPARE(u->total_steps, int64_t(42));
    QVERIFY(u->running && u->has_unfinished && !u->load_all_submitted);
    QCOMPARE(u->totals.submitted, int64_t(3));
    QCOMPARE(u->totals.finished, int64_t(1));
    QVERIFY(u->block_map);
    QCOMPARE(u->block_map->blocks.size(), size_t(64));
    QCOMPARE(u->block_map->block_size, 4);
    QCOMPARE(u->block_map->blocks[4].state, BlockState::Used);
    QCOMPARE(u->block_map->blocks[4].owners, std::vector<int64_t>{7});
    QCOMPARE(u->block_map->blocks[5].state, BlockState::Cached);
    QCOMPARE(u->block_map->blocks[5].filled, 3);
    QCOMPARE(u->block_map->blocks[6].state, BlockState::Free);
    QCOMPARE(u->block_map->sequences.size(), size_t(1));
    QCOMPARE(u->block_map->sequences[0].block_table, (std::vector<int32_t>{0, 1, 2, 3, 4}));
    QCOMPARE(u->block_map->sequences[0].num_tokens, 20);
    QCOMPARE(u->block_map->blocks[4].group, 1);
    QVERIFY(!u->block_map->blocks[4].window_released);
    QVERIFY(u->block_map->blocks[5].window_released);
    QCOMPARE(u->block_map->sequences[0].group_tables, (std::vector<std::vector<int32_t>>{{0, 1, 2, 3, 4}, {-1, 3}}));
    QCOMPARE(u->block_map->groups.size(), size_t(2));
    QCOMPARE(u->block_map->groups[1].window, 512);
    QCOMPARE(u->block_map->groups[1].layers, std::vector<int32_t>{2});
    QCOMPARE(u->block_map->groups[1].blocks_released, int64_t(9));
    QCOMPARE(u->block_map->groups[0].blocks_used, 5);
    QCOMPARE(u->requests.size(), size_t(3));
    QCOMPARE(u->requests[0].state, RequestState::Finished);
    QCOMPARE(u->requests[0].finish_reason, std::string("length"));
    QCOMPARE(u->requests[0].texts, std::vector<std::string>{"Once upon 1"});
    QCOMPARE(u->requests[0].prompt_ids, (std::vector<int32_t>{11, 12, 1}));
    QCOMPARE(u->requests[0].token_ids, (std::vector<std::vector<int32_t>>{{21, 22}}));
    QCOMPARE(u->requests[1].texts, std::vector<std::string>{"half a stor"});
    QCOMPARE(u->requests[1].token_ids, (std::vector<std::vector<int32_t>>{{21, 22}}));
    QCOMPARE(u->requests[1].ttft_ms, 1.5);
    QVERIFY(u->requests[2].texts.empty());
    QVERIFY(u->requests[2].token_ids.empty());
  }

  // Counts, not time: after many more snapshots than the limits, the containers hold at most them.
  void historyStaysBoundedOverALongRun() {
    EngineController controller;
    LiveEngineSource source(&controller);
    const int snapshots = int(LiveEngineSource::kMaxHistory) * 3;
    int64_t nextId = 1;
    for (int i = 0; i < snapshots; ++i) {
      auto s = std::make_shared<EngineSnapshot>();
      s->new_steps.resize(2);
      s->new_steps[0].step = 2 * i;
      s->new_steps[1].step = 2 * i + 1;
      s->block_map = std::make_shared<const BlockMapSnapshot>(blockMap(512, 1 + i % 100));
      s->total_steps = 2 * i + 2;
      // Two requests start and two end every snapshot: 4 new ids each time, never seen again.
      for (RequestState state : {RequestState::Running, RequestState::Running, RequestState::Finished, RequestState::Finished})
        s->requests.push_back(request(nextId++, state));
      s->totals.submitted = nextId - 1;
      emit controller.snapshotReady(s);
      QVERIFY(source.historySize() <= LiveEngineSource::kMaxHistory);
      QVERIFY(source.historyBytes() <= LiveEngineSource::kMaxHistoryBytes);
      QVERIFY(source.seenCount() <= LiveEngineSource::kMaxSeen);
    }
    QVERIFY(nextId - 1 > int64_t(LiveEngineSource::kMaxSeen));  // more requests than the markers remember
    QVERIFY(source.historySize() >= LiveEngineSource::kMaxHistory / 2);  // thinned, not emptied
    QVERIFY(source.markerCount() <= LiveEngineSource::kMaxMarkers);
    // The newest step's state is the last snapshot's.
    const int64_t last = 2 * snapshots - 1;
    const EngineSnapshotPtr newest = source.stateAt(last);
    QVERIFY(newest);
    QCOMPARE(newest->total_steps, int64_t(2 * snapshots));
    QCOMPARE(newest->requests.front().id, nextId - 4);
    QCOMPARE(newest->block_map->sequences[0].num_tokens, 4 * (1 + (snapshots - 1) % 100));
    // An old step answers with a kept state at or before it, never a later one.
    const EngineSnapshotPtr old = source.stateAt(snapshots);
    QVERIFY(old);
    QVERIFY(old->total_steps <= snapshots + 1);
    QVERIFY(!source.stateAt(-1));
  }

  // The charts remember which finished requests they plotted, only as many as snapshots can still show.
  void chartsForgetFinishedRequestsTheViewNoLongerShows() {
    ChartsPanel charts;
    int64_t nextId = 1;
    const int snapshots = 2000;
    for (int i = 0; i < snapshots; ++i) {
      EngineSnapshot s;
      s.new_steps.resize(1);
      s.new_steps[0].step = i;
      // The latest 8 finished requests, as a bounded view shows them: 4 new each snapshot, 4 seen before.
      for (int64_t id = std::max<int64_t>(1, nextId - 4); id < nextId + 4; ++id) s.requests.push_back(request(id, RequestState::Finished));
      nextId += 4;
      charts.addSnapshot(s);
      QVERIFY(charts.latencySeenCount() <= ChartsPanel::kMaxLatencySeen);
    }
    QVERIFY(nextId - 1 > int64_t(ChartsPanel::kMaxLatencySeen));
  }
};

QTEST_MAIN(TestLiveHistory)
#include "tst_live_history.moc"
