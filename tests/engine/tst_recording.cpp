// Recordings (engine/record): a run recorded step by step and replayed without the engine gives back
// exactly what the live engine produced — the step metrics CSV byte for byte, the block map of every
// step (blocks, owners, refcounts, filled slots, block tables), every request's state and token stream —
// and a damaged file is refused or opened up to its last whole step, never more.
#include <QtTest/QtTest>

#include <algorithm>
#include <map>
#include <sstream>

#include "engine/metrics/metrics_writers.h"
#include "engine/record/memory_recording.h"
#include "engine/record/record_format.h"
#include "engine/record/recording.h"
#include "engine/record/recording_writer.h"
#include "engine/record/step_codec.h"
#include "tests/common/recording_compare.h"
#include "tests/common/test_support.h"
#include "tests/common/preempting_run.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;
using namespace inferscope::record;

namespace {

// What the live engine showed after each step.
struct LiveRun {
  std::vector<uint8_t> file;
  std::string csv;
  std::vector<BlockMapSnapshot> maps;
  std::vector<std::vector<RequestInfo>> requests;
  std::vector<std::vector<TokenEvent>> tokens;  // per step
  std::vector<int64_t> frame_ends;              // byte offsets where frames end (meta first)
  std::vector<uint8_t> frame_types;             // parallel to frame_ends
  std::vector<std::vector<PrefillChunk>> chunks;  // per step
  int64_t preemptions = 0;
  int max_ref_count = 0;
  int64_t prefix_hit_tokens = 0;
  int cache_full_steps = 0;
  std::vector<uint8_t> mid_copy;  // a complete file of the first 21 steps, saved while recording went on
};

Request prompt(int tail_seed, int max_tokens, int n = 1) {
  Request r;
  for (int i = 0; i < 40; ++i) r.prompt_ids.push_back(10 + i);              // shared prefix: 2.5 blocks
  for (int i = 0; i < 8; ++i) r.prompt_ids.push_back(60 + (tail_seed * 7 + i) % 150);
  r.params.max_tokens = max_tokens;
  r.params.ignore_eos = true;
  r.n = n;
  return r;
}

std::vector<int64_t> frame_ends(const std::vector<uint8_t>& f, std::vector<uint8_t>* types = nullptr) {
  std::vector<int64_t> ends;
  size_t off = kFileHeaderBytes;
  while (off + kFrameHeaderBytes <= f.size()) {
    const uint32_t stored = uint32_t(f[off + 4]) | uint32_t(f[off + 5]) << 8 | uint32_t(f[off + 6]) << 16 |
                            uint32_t(f[off + 7]) << 24;
    if (types) types->push_back(f[off]);
    off += kFrameHeaderBytes + stored;
    ends.push_back(int64_t(off));
  }
  return ends;
}

}  // namespace

class TestRecording : public QObject {
  Q_OBJECT
  std::shared_ptr<LoadedModel> tiny_;
  LiveRun live_;
  static constexpr size_t kTokenBytes = test::kTinyKvBytesPerToken;

  LiveRun record_run(RecordingLimits limits) {
    const EngineConfig c = test::tiny_cache_config(14, 4, true, 64);  // 4 sequences of ~6 blocks do not fit
    LLMEngine e(tiny_, c);
    RecordingSetup setup;
    setup.engine = c;
    setup.model = tiny_->card;
    setup.source = "tst_recording";
    setup.workload = {{"requests", 9}};
    std::ostringstream out;
    RecordingWriter w(out, setup, limits);
    LiveRun run;
    for (int i = 0; i < 6; ++i) e.submit(prompt(i, 20 + 4 * i, i == 2 ? 2 : 1));
    w.add_log(2, "six requests queued");
    for (int step = 0; step < 100000 && e.has_unfinished(); ++step) {
      if (step == 12)  // late arrivals find the shared prefix cached
        for (int i = 6; i < 9; ++i) e.submit(prompt(i, 16));
      const StepResult r = e.step();
      if (!r.ran) continue;
      if (step % 10 == 3) w.add_log(3, "step " + std::to_string(step) + " ran");
      w.record_step(e, r);
      if (w.steps_recorded() == 21) {
        const std::string sofar = out.str();
        run.mid_copy.assign(sofar.begin(), sofar.end());
        const std::vector<uint8_t> tail = w.closing_bytes();
        run.mid_copy.insert(run.mid_copy.end(), tail.begin(), tail.end());
      }
      run.maps.push_back(*e.metrics().latest_block_map());
      run.requests.push_back(e.all_requests());
      run.tokens.push_back(r.events);
      run.chunks.push_back(r.prefill_chunks);
      for (const BlockInfo& b : run.maps.back().blocks) run.max_ref_count = std::max(run.max_ref_count, b.ref_count);
      run.prefix_hit_tokens += r.metrics.prefix_hit_tokens;
      if (r.metrics.kv_blocks_used == r.metrics.kv_blocks_total) ++run.cache_full_steps;
    }
    w.add_lesson({{"lesson", "kv_size"}, {"value", 42}});
    w.add_log(2, "run over");
    w.finish();
    run.preemptions = e.total_preemptions();
    std::ostringstream csv;
    write_csv(csv, e.metrics().full_log());
    run.csv = csv.str();
    const std::string s = out.str();
    run.file.assign(s.begin(), s.end());
    run.frame_ends = frame_ends(run.file, &run.frame_types);
    return run;
  }

  // Every step of r equals the live run's, up to its step count.
  void check_steps_equal(const Recording& r, int64_t stride = 1) {
    for (int64_t i = 0; i < r.step_count(); i += stride) {
      const std::string m = test::diff_block_maps(live_.maps[size_t(i)], r.block_map_at(i));
      QVERIFY2(m.empty(), qPrintable(QStringLiteral("step %1: %2").arg(i).arg(QString::fromStdString(m))));
      const std::string q = test::diff_requests(live_.requests[size_t(i)], r.requests_at(i));
      QVERIFY2(q.empty(), qPrintable(QStringLiteral("step %1: %2").arg(i).arg(QString::fromStdString(q))));
    }
  }

 private slots:
  void initTestCase() {
    test::TinyModelSpec spec;
    spec.context = 256;
    tiny_ = load_model(test::write_tiny_model(spec, "recording"));
    RecordingLimits limits;
    limits.keyframe_interval = 8;  // several keyframes and frames even in a short run
    limits.steps_per_frame = 5;
    live_ = record_run(limits);
    // The run exercises what the block map has to carry: preemption, prefix hits, shared blocks.
    QVERIFY2(live_.preemptions > 0, "the workload must preempt");
    QVERIFY(live_.prefix_hit_tokens > 0);
    QVERIFY(live_.max_ref_count > 1);
    QVERIFY(live_.cache_full_steps > 0);
    QVERIFY(live_.maps.size() > 40);
  }

  void replayedMetricsCsvIsByteIdentical() {
    const Recording r = Recording::from_bytes(live_.file);
    QVERIFY2(r.warning().empty(), r.warning().c_str());
    QVERIFY(r.complete());
    QCOMPARE(r.step_count(), int64_t(live_.maps.size()));
    std::ostringstream csv;
    write_csv(csv, r.all_metrics());
    QCOMPARE(csv.str(), live_.csv);
  }

  void everyStepRebuildsExactly() {
    const Recording r = Recording::from_bytes(live_.file);
    check_steps_equal(r);
    // Token events: step by step, the same events in the same order.
    size_t k = 0;
    const auto all = r.tokens_up_to(r.step_count() - 1);
    for (size_t s = 0; s < live_.tokens.size(); ++s) {
      for (const TokenEvent& e : live_.tokens[s]) {
        QVERIFY(k < all.size());
        QCOMPARE(all[k].step, int64_t(s));
        QCOMPARE(all[k].event.request_id, e.request_id);
        QCOMPARE(all[k].event.sample_index, e.sample_index);
        QCOMPARE(all[k].event.token, e.token);
        QCOMPARE(all[k].event.text, e.text);
        QVERIFY(all[k].event.origin == e.origin);
        ++k;
      }
      QCOMPARE(r.tokens_up_to(int64_t(s)).size(), k);
    }
    QCOMPARE(all.size(), k);
  }

  void configModelLogAndLessonsTravel() {
    const Recording r = Recording::from_bytes(live_.file);
    QCOMPARE(r.model_card().name, tiny_->card.name);
    QCOMPARE(r.model_card().n_layers, 2);
    QCOMPARE(r.model_card().tensors.size(), tiny_->card.tensors.size());
    QCOMPARE(r.engine_config().kv_budget_bytes, size_t(14) * 16 * kTokenBytes);
    QCOMPARE(r.engine_config().sched.max_num_seqs, 4);
    QCOMPARE(r.workload_json().at("requests").get<int>(), 9);
    QCOMPARE(r.lessons().size(), size_t(1));
    QCOMPARE(r.lessons()[0].at("value").get<int>(), 42);
    // The first line was logged before step 0, "step 3 ran" before step 3's record, the last after the run.
    QVERIFY(r.log().size() >= 3);
    QCOMPARE(r.log().front().text, std::string("six requests queued"));
    QCOMPARE(r.log().front().step, int64_t(0));
    QCOMPARE(r.log_up_to(0).size(), size_t(1));
    QCOMPARE(r.log().back().text, std::string("run over"));
    QCOMPARE(r.log().back().step, r.step_count() - 1);
    QVERIFY(r.writer().rfind("InferScope ", 0) == 0);
  }

  // Markers against the live engine's own counts.
  void markersAreWhereTheEventsAre() {
    const Recording r = Recording::from_bytes(live_.file);
    int64_t preempted = 0, finished = 0, admitted = 0, cache_full = 0;
    for (const Marker& m : r.markers()) {
      const auto& reqs = live_.requests[size_t(m.step)];
      switch (m.kind) {
        case MarkerKind::Preempted: ++preempted; break;
        case MarkerKind::Finished: {
          ++finished;
          // The live engine showed that request ended at exactly this step, not before.
          const auto it = std::find_if(reqs.begin(), reqs.end(), [&](const RequestInfo& q) { return q.id == m.request_id; });
          QVERIFY(it != reqs.end());
          QCOMPARE(it->state, RequestState::Finished);
          QCOMPARE(m.detail, it->finish_reason);
          if (m.step > 0) {
            const auto& prev = live_.requests[size_t(m.step - 1)];
            const auto p = std::find_if(prev.begin(), prev.end(), [&](const RequestInfo& q) { return q.id == m.request_id; });
            QVERIFY(p == prev.end() || p->state != RequestState::Finished);
          }
          break;
        }
        case MarkerKind::Admitted: ++admitted; break;
        case MarkerKind::CacheFull: {
          ++cache_full;
          QCOMPARE(r.metrics(m.step).kv_blocks_used, r.metrics(m.step).kv_blocks_total);
          break;
        }
        case MarkerKind::PrefixHit: QVERIFY(r.metrics(m.step).prefix_hit_tokens > 0); break;
        case MarkerKind::SpecRejected: QFAIL("no speculation in this run"); break;
      }
    }
    QCOMPARE(preempted, live_.preemptions);
    QCOMPARE(finished, int64_t(9));
    QVERIFY(admitted >= 9);  // each request once, again after each preemption it recovered from
    QVERIFY(cache_full >= 1);
    for (size_t i = 1; i < r.markers().size(); ++i) QVERIFY(r.markers()[i - 1].step <= r.markers()[i].step);
  }

  // A request's state is stored by the name the string-typed state had, so recordings saved before the
  // enum still open: each name reads back as its state, and a name no state has is refused.
  void requestStatesAreStoredByName() {
    const std::pair<RequestState, std::string> names[] = {
        {RequestState::Unknown, ""},           {RequestState::Waiting, "waiting"}, {RequestState::Running, "running"},
        {RequestState::Preempted, "preempted"}, {RequestState::Finished, "finished"}, {RequestState::Failed, "failed"},
        {RequestState::Cancelled, "cancelled"}};
    for (const auto& [state, name] : names) {
      QCOMPARE(std::string(request_state_name(state)), name);
      QVERIFY(parse_request_state(name) == state);
      RequestInfo q;
      q.id = 5;
      q.state = state;
      ByteWriter w;
      encode_request(w, q, /*with_prompt=*/false);
      ByteWriter head;  // the id, then the state as a string
      head.svar(5);
      head.str(name);
      QVERIFY(w.size() > head.size() && std::equal(head.bytes().begin(), head.bytes().end(), w.bytes().begin()));
      ByteReader r(w.bytes(), "request");
      bool had_prompt = true, had_texts = true;
      QCOMPARE(decode_request(r, &had_prompt, &had_texts).state, state);
      QVERIFY(r.done());
    }
    QVERIFY(!parse_request_state("Running"));
    RequestInfo q;
    q.state = RequestState::Running;
    ByteWriter w;
    encode_request(w, q, /*with_prompt=*/false);
    auto at = std::search(w.bytes().begin(), w.bytes().end(), std::begin("running"), std::end("running") - 1);
    QVERIFY(at != w.bytes().end());
    at[6] = 'x';  // "runninx"
    ByteReader r(w.bytes(), "request");
    bool had_prompt = false, had_texts = false;
    QVERIFY_THROWS_EXCEPTION(RecordingError, decode_request(r, &had_prompt, &had_texts));
  }

  // Cut at every frame boundary: the frames before it open, with a warning, and equal the live run.
  void truncatedAtEveryFrameBoundary() {
    const auto& ends = live_.frame_ends;
    QVERIFY(ends.size() > 10);
    // Cut inside the header or the meta frame: refused.
    for (size_t cut : {size_t(0), size_t(7), size_t(16), size_t(ends[0] - 1)}) {
      bool refused = false;
      try {
        Recording::from_bytes(std::span(live_.file.data(), cut));
      } catch (const RecordingError&) {
        refused = true;
      }
      QVERIFY2(refused, qPrintable(QStringLiteral("cut at %1").arg(cut)));
    }
    int64_t prev_steps = -1;
    int64_t steps_frames = 0;
    for (size_t k = 0; k + 1 < ends.size(); ++k) {  // the last boundary is the whole file
      if (live_.frame_types[k] == uint8_t(FrameType::Steps)) ++steps_frames;
      const Recording r = Recording::from_bytes(std::span(live_.file.data(), size_t(ends[k])));
      QVERIFY(!r.warning().empty());
      QVERIFY(!r.complete());
      QVERIFY(r.step_count() >= prev_steps);
      prev_steps = r.step_count();
      // 5 steps per frame: after the meta frame and n steps frames, 5n steps (the last frame may be shorter).
      QCOMPARE(r.step_count(), std::min<int64_t>(5 * steps_frames, int64_t(live_.maps.size())));
      check_steps_equal(r, 3);
      // A cut inside the next frame opens the same steps.
      const Recording mid = Recording::from_bytes(std::span(live_.file.data(), size_t(ends[k] + (ends[k + 1] - ends[k]) / 2)));
      QCOMPARE(mid.step_count(), r.step_count());
      QVERIFY(!mid.warning().empty());
    }
  }

  // Any single flipped bit is caught (the CRC of its frame, or the header checks): refused, or opened
  // up to an earlier step with a warning; the steps that open are still exact.
  void flippedBytesAreCaught() {
    for (size_t pos = 0; pos < live_.file.size(); pos += 3) {
      std::vector<uint8_t> bad = live_.file;
      bad[pos] ^= uint8_t(1u << (pos % 8));
      try {
        const Recording r = Recording::from_bytes(bad);
        QVERIFY2(!r.warning().empty(), qPrintable(QStringLiteral("flip at %1 went unnoticed").arg(pos)));
        QVERIFY(r.step_count() <= int64_t(live_.maps.size()));
        if (pos % 51 == 0) check_steps_equal(r, 7);
      } catch (const RecordingError&) {
        QVERIFY(pos < size_t(live_.frame_ends[0]));  // refused only for a damaged header or meta frame
      }
    }
  }

  // Frames whose CRC is right but whose content lies (a forged count, a block outside the pool, a step
  // out of order) are refused with the file opened up to the step before.
  void forgedFramesAreRefused() {
    const std::vector<uint8_t> head(live_.file.begin(), live_.file.begin() + live_.frame_ends[0]);
    auto with_frame = [&](const std::vector<uint8_t>& payload) {
      std::vector<uint8_t> f = head;
      const auto fr = encode_frame(FrameType::Steps, payload, false);
      f.insert(f.end(), fr.begin(), fr.end());
      return Recording::from_bytes(f);
    };
    ByteWriter huge;
    huge.uvar(0);
    huge.uvar(uint64_t(1) << 40);  // 2^40 steps in a 10-byte frame
    Recording r = with_frame(huge.bytes());
    QCOMPARE(r.step_count(), int64_t(0));
    QVERIFY(r.warning().find("count") != std::string::npos);

    ByteWriter late;
    late.uvar(7);  // the first steps frame must start at step 0
    late.uvar(1);
    r = with_frame(late.bytes());
    QCOMPARE(r.step_count(), int64_t(0));
    QVERIFY(r.warning().find("expected 0") != std::string::npos);

    // A whole valid step, then a delta naming a block outside the 3-block pool.
    ByteWriter bad;
    bad.uvar(0);
    bad.uvar(2);
    BlockMapSnapshot s;
    s.block_size = 16;
    s.blocks.resize(3);
    for (int i = 0; i < 3; ++i) s.blocks[size_t(i)].id = i;
    for (int k = 0; k < 2; ++k) {
      encode_metrics(bad, StepMetrics{});
      bad.u8(k == 0 ? 0 : 1);
      if (k == 0) encode_block_map(bad, s);
      else {
        BlockMapDelta d;
        d.blocks.push_back(BlockInfo{7, BlockState::Used, 1, {1}, 3});
        encode_delta(bad, d);
      }
      bad.uvar(0);
      bad.uvar(0);
      bad.uvar(0);
    }
    r = with_frame(bad.bytes());
    QCOMPARE(r.step_count(), int64_t(0));  // the frame is whole or absent
    QVERIFY(r.warning().find("outside the pool") != std::string::npos);
  }

  // Each step's prefill chunks come back as the engine reported them, and they are what a prefill is:
  // a request's chunks before its first token add up to its prompt less the tokens the prefix cache
  // served; no step schedules more than its token budget (64); a 48-token prompt admitted beside others
  // is split over steps.
  void prefillChunksAreEachStepsOwn() {
    const Recording r = Recording::from_bytes(live_.file);
    QVERIFY(r.has_prefill_chunks());
    std::vector<std::vector<PrefillChunk>> got(size_t(r.step_count()));
    for (const RecordedPrefillChunk& c : r.prefill_chunks()) got[size_t(c.step)].push_back(c.chunk);
    QVERIFY(got == live_.chunks);
    // Saved mid-run (closing_bytes), the first 21 steps carry theirs too.
    const Recording mid = Recording::from_bytes(live_.mid_copy);
    std::vector<std::vector<PrefillChunk>> mid_got(size_t(mid.step_count()));
    for (const RecordedPrefillChunk& c : mid.prefill_chunks()) mid_got[size_t(c.step)].push_back(c.chunk);
    QVERIFY(mid_got == std::vector<std::vector<PrefillChunk>>(live_.chunks.begin(), live_.chunks.begin() + 21));

    std::map<int64_t, int> before_first_token, chunks_before_first_token;
    std::map<int64_t, int64_t> first_token_step;
    for (size_t i = 0; i < live_.tokens.size(); ++i)
      for (const TokenEvent& e : live_.tokens[i]) first_token_step.try_emplace(e.request_id, int64_t(i));
    for (size_t i = 0; i < live_.chunks.size(); ++i) {
      int sum = 0;
      for (const PrefillChunk& c : live_.chunks[i]) {
        sum += c.tokens;
        if (int64_t(i) <= first_token_step.at(c.request_id)) {
          before_first_token[c.request_id] += c.tokens;
          ++chunks_before_first_token[c.request_id];
        }
      }
      QVERIFY(sum <= 64);
    }
    int split = 0, checked = 0;
    for (const RequestInfo& q : live_.requests.back()) {
      if (q.preemptions > 0 || q.seq_ids.size() > 1) continue;  // a recompute or a fork prefills again
      QCOMPARE(before_first_token[q.id], 48 - q.n_prefix_hit);
      ++checked;
      if (chunks_before_first_token[q.id] > 1) ++split;
    }
    QVERIFY(checked >= 4);
    QVERIFY(split > 0);
  }

  // A chunk frame whose figures do not add up to its steps', or that covers steps not read, is refused
  // and the steps before it stay; a file without chunk frames opens with the same steps.
  void prefillChunkFramesAreChecked() {
    std::vector<uint8_t> no_chunks(live_.file.begin(), live_.file.begin() + live_.frame_ends[0]);
    for (size_t k = 1; k < live_.frame_ends.size(); ++k)
      if (live_.frame_types[k] != uint8_t(FrameType::PrefillChunks))
        no_chunks.insert(no_chunks.end(), live_.file.begin() + live_.frame_ends[k - 1], live_.file.begin() + live_.frame_ends[k]);
    QVERIFY(no_chunks.size() < live_.file.size());
    const Recording plain = Recording::from_bytes(no_chunks);
    QVERIFY2(plain.warning().empty(), plain.warning().c_str());
    QCOMPARE(plain.step_count(), int64_t(live_.maps.size()));
    QVERIFY(plain.prefill_chunks().empty());

    // The first steps frame alone, then a forged chunk frame.
    const size_t first_steps = size_t(std::find(live_.frame_types.begin(), live_.frame_types.end(), uint8_t(FrameType::Steps)) -
                                      live_.frame_types.begin());
    const std::vector<uint8_t> head(live_.file.begin(), live_.file.begin() + live_.frame_ends[first_steps]);
    auto with_chunks = [&](const ByteWriter& payload) {
      std::vector<uint8_t> f = head;
      const auto fr = encode_frame(FrameType::PrefillChunks, payload.bytes(), false);
      f.insert(f.end(), fr.begin(), fr.end());
      return Recording::from_bytes(f);
    };
    ByteWriter wrong_sum;
    wrong_sum.uvar(0);
    wrong_sum.uvar(1);
    encode_prefill_chunks(wrong_sum, {{0, live_.chunks[0].empty() ? 1 : live_.chunks[0][0].tokens + 1}});
    Recording r = with_chunks(wrong_sum);
    QCOMPARE(r.step_count(), int64_t(5));
    QVERIFY(r.prefill_chunks().empty());
    QVERIFY2(r.warning().find("prefill chunks of") != std::string::npos, r.warning().c_str());

    ByteWriter beyond;
    beyond.uvar(3);
    beyond.uvar(9);  // steps 3..11, of which only 0..4 were read
    r = with_chunks(beyond);
    QVERIFY(r.prefill_chunks().empty());
    QVERIFY2(r.warning().find("covers steps") != std::string::npos, r.warning().c_str());
  }

  void newerFormatIsRefusedWithAMessage() {
    std::vector<uint8_t> f = live_.file;
    f[8] = uint8_t(kFormatVersion + 1);
    try {
      Recording::from_bytes(f);
      QFAIL("a newer format opened");
    } catch (const RecordingError& e) {
      QVERIFY(std::string(e.what()).find("newer") != std::string::npos);
    }
    const std::string text = "step,t_ms\n0,1\n";
    QVERIFY_THROWS_EXCEPTION(RecordingError, Recording::from_bytes(std::span(reinterpret_cast<const uint8_t*>(text.data()), text.size())));
  }

  // A step limit stops the recording there and says so; what was recorded is exact.
  void stepLimitStopsTheRecording() {
    RecordingLimits limits;
    limits.max_steps = 17;
    const LiveRun run = record_run(limits);
    const Recording r = Recording::from_bytes(run.file);
    QCOMPARE(r.step_count(), int64_t(17));
    QVERIFY(r.complete());
    QVERIFY(r.limited());
    for (int64_t i = 0; i < 17; ++i)
      QVERIFY(test::diff_block_maps(run.maps[size_t(i)], r.block_map_at(i)).empty());
  }

  // A byte limit keeps the file within it.
  void byteLimitKeepsTheFileWithinIt() {
    RecordingLimits limits;
    limits.max_bytes = int64_t(live_.file.size() / 2 + 4096);
    limits.steps_per_frame = 5;
    const LiveRun run = record_run(limits);
    QVERIFY(int64_t(run.file.size()) <= limits.max_bytes);
    const Recording r = Recording::from_bytes(run.file);
    QVERIFY(r.limited());
    QVERIFY(r.step_count() > 0);
    QVERIFY(r.step_count() < int64_t(run.maps.size()));
  }

  // Saved mid-run (the bytes written so far + closing_bytes()): a complete recording of those steps,
  // while the recording itself went on to the end.
  void savedMidRunIsCompleteAndExact() {
    const Recording r = Recording::from_bytes(live_.mid_copy);
    QVERIFY2(r.warning().empty(), r.warning().c_str());
    QVERIFY(r.complete());
    QCOMPARE(r.step_count(), int64_t(21));
    check_steps_equal(r);
    QCOMPARE(r.lessons().size(), size_t(0));  // the lesson came later
  }

  // The in-memory recorder the workbench keeps: saved to a file after some steps, then again at the end.
  void memoryRecordingSavesWhileRecording() {
    EngineConfig c;
    c.threads = 1;
    c.kv_budget_bytes = size_t(14) * 16 * kTokenBytes;
    c.sched.max_num_seqs = 4;
    LLMEngine e(tiny_, c);
    RecordingSetup setup;
    setup.engine = c;
    setup.model = tiny_->card;
    MemoryRecording rec(setup, {});
    for (int i = 0; i < 3; ++i) e.submit(prompt(i, 12));
    std::vector<BlockMapSnapshot> maps;
    const std::string path = test::temp_dir() + "/memory.isrec";
    int64_t saved_at = -1;
    while (e.has_unfinished()) {
      const StepResult r = e.step();
      if (!r.ran) continue;
      QVERIFY(rec.record_step(e, r));
      maps.push_back(*e.metrics().latest_block_map());
      if (maps.size() == 7) {
        std::string err;
        QVERIFY2(rec.save(path, &err), err.c_str());
        saved_at = 7;
      }
    }
    QCOMPARE(saved_at, int64_t(7));
    const Recording mid = Recording::open(path);
    QVERIFY(mid.complete());
    QCOMPARE(mid.step_count(), int64_t(7));
    std::string err;
    QVERIFY(rec.save(path, &err));
    const Recording end = Recording::open(path);
    QVERIFY(end.complete());
    QCOMPARE(end.step_count(), int64_t(maps.size()));
    for (size_t i = 0; i < maps.size(); ++i) QVERIFY(test::diff_block_maps(maps[i], end.block_map_at(int64_t(i))).empty());
    QVERIFY(!rec.save(test::temp_dir() + "/no/such/dir/x.isrec", &err));
    QVERIFY(err.find("cannot write") != std::string::npos);
  }

  void outOfRangeStepsThrow() {
    const Recording r = Recording::from_bytes(live_.file);
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, r.block_map_at(r.step_count()));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, r.metrics(-1));
  }
};

QTEST_GUILESS_MAIN(TestRecording)
#include "tst_recording.moc"
