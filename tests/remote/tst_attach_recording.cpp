// Recordings of attached sessions (engine/record polls frames, remote/record conversions): every value a
// poll read comes back bit for bit, the CSV a replay writes is the one the live session wrote, damage
// opens up to the last whole poll, and run recordings keep the version older readers open.
#include <QtTest>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "engine/record/poll_recording_writer.h"
#include "engine/record/record_format.h"
#include "engine/record/recording.h"
#include "remote/metrics/llamacpp_slots.h"
#include "remote/record/server_poll_facts.h"
#include "tests/remote/remote_test_data.h"

using namespace inferscope;
using namespace inferscope::remote;

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same_opt(const std::optional<double>& a, const std::optional<double>& b) {
  return a.has_value() == b.has_value() && (!a || same_bits(*a, *b));
}

// A busy llama.cpp poll: 3 running, 1 deferred, two of four slots at work (values chosen by hand).
ServerPollFacts llama_poll(double t) {
  ServerPollFacts f;
  f.url = "http://127.0.0.1:8080";
  f.t_s = t;
  f.up = true;
  f.scrape.kind = ServerKind::LlamaCpp;
  f.scrape.t_s = t;
  f.scrape.running = 3;
  f.scrape.waiting = 1;
  f.scrape.prompt_tokens = 120;
  f.scrape.generation_tokens = 96;
  f.scrape.decode_calls = 40;
  f.scrape.busy_slots_per_decode = 2.5;
  f.scrape.ttft_s = Histogram{{{0.1, 2}, {0.5, 5}, {std::numeric_limits<double>::infinity(), 6}}, 1.75, 6};
  ServerWindow w;
  w.seconds = 0.2;
  w.generation_tokens_per_s = 12.5;
  w.prompt_tokens_per_s = 0.0;
  w.tokens_per_step = 2.4;
  w.ttft_p50_s = 0.1 + 0.4 / 3.0;  // an inexact binary fraction, to see every bit kept
  f.window = w;
  SlotsRead s;
  SlotState a;
  a.id = 0, a.n_ctx = 512, a.processing = true, a.task_id = 7, a.prompt_tokens = 18, a.prompt_cached_tokens = 0,
  a.prompt_processed_tokens = 18, a.generated_tokens = 30, a.remaining_tokens = 18;
  SlotState b = a;
  b.id = 1, b.task_id = 8, b.generated_tokens = 12;
  SlotState c;
  c.id = 2, c.n_ctx = 512;
  SlotState d = c;
  d.id = 3;
  s.slot_states = {a, b, c, d};
  f.slot_read = s;
  return f;
}

ServerPollFacts down_poll(double t) {
  ServerPollFacts f;
  f.url = "http://127.0.0.1:8080";
  f.t_s = t;
  f.error = "connection refused";
  f.consecutive_failures = 2;
  return f;
}

std::string record_session(const std::vector<ServerPollFacts>& polls, bool finish = true) {
  std::ostringstream out;
  record::PollRecordingWriter w(out, {"test", {"http://127.0.0.1:8080"}, 200, ""});
  for (const auto& p : polls) w.add_poll(to_record(p));
  if (finish) w.finish();
  return out.str();
}

record::Recording open_bytes(const std::string& s) {
  return record::Recording::from_bytes(std::span(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
}

}  // namespace

class TestAttachRecording : public QObject {
  Q_OBJECT
 private slots:
  void csvRowIsTheDocumentedOne() {
    // Written out by hand from docs/attach.md's columns for the poll above.
    QCOMPARE(QByteArray(attach_csv_row(llama_poll(1.25)).c_str()),
             QByteArray("1.250,http://127.0.0.1:8080,1,llama.cpp,3,1,,,0,12.5,,,,,2.4,0.233333,,,,,,4,2,78,2048"));
    QCOMPARE(QByteArray(attach_csv_row(down_poll(2)).c_str()), QByteArray("2.000,http://127.0.0.1:8080,0,,,,,,,,,,,,,,,,,,,,,,"));
    // As many cells as the header has columns, up or down.
    const auto cells = [](const std::string& s) { return std::count(s.begin(), s.end(), ',') + 1; };
    QCOMPARE(cells(attach_csv_row(llama_poll(1))), cells(attach_csv_header()));
    QCOMPARE(cells(attach_csv_row(down_poll(1))), cells(attach_csv_header()));
  }

  void everyValueComesBackExactly() {
    ServerPollFacts live = llama_poll(0.4);
    live.scrape.kv_usage = std::numeric_limits<double>::quiet_NaN();  // a server may publish NaN
    live.parse_warnings = 3;
    // A vLLM poll as well (different quantities present).
    ServerPollFacts vllm;
    vllm.url = "http://gpu:8000";
    vllm.t_s = 0.5;
    vllm.up = true;
    vllm.scrape.kind = ServerKind::Vllm;
    vllm.scrape.kv_usage = 0.375;
    vllm.scrape.kv_blocks_total = 2048;
    vllm.scrape.kv_block_size = 16;
    vllm.scrape.prefix_queries = 1000;
    vllm.scrape.prefix_hits = 640;
    vllm.scrape.spec_draft_tokens = 300;
    vllm.scrape.spec_accepted_tokens = 210;
    const std::string bytes = record_session({live, down_poll(0.6), vllm});
    // Version 2 in the header: a reader from before attached sessions (version 1) refuses the file with
    // its "newer than this reader" message instead of showing an empty run.
    QCOMPARE(uint8_t(bytes[8]), uint8_t(record::kAttachFormatVersion));
    QCOMPARE(record::kAttachFormatVersion, 2u);
    QCOMPARE(record::file_header()[8], uint8_t(1));  // runs stay version 1

    const record::Recording r = open_bytes(bytes);
    QVERIFY2(r.warning().empty(), r.warning().c_str());
    QVERIFY(r.is_attach());
    QVERIFY(r.complete());
    QCOMPARE(r.step_count(), int64_t(0));
    QCOMPARE(r.server_polls().size(), std::size_t(3));
    const ServerPollFacts back = from_record(r.server_polls()[0]);
    QCOMPARE(back.url, live.url);
    QVERIFY(same_bits(back.t_s, live.t_s));
    QCOMPARE(back.parse_warnings, std::size_t(3));
    QCOMPARE(back.scrape.kind, ServerKind::LlamaCpp);
    QVERIFY(back.scrape.kv_usage && std::isnan(*back.scrape.kv_usage));
    QVERIFY(same_opt(back.scrape.running, live.scrape.running));
    QVERIFY(same_opt(back.scrape.waiting, live.scrape.waiting));
    QVERIFY(same_opt(back.scrape.generation_tokens, live.scrape.generation_tokens));
    QVERIFY(same_opt(back.scrape.busy_slots_per_decode, live.scrape.busy_slots_per_decode));
    QVERIFY(!back.scrape.kv_blocks_total);  // absent stays absent, never 0
    QVERIFY(back.scrape.ttft_s.has_value());
    QCOMPARE(back.scrape.ttft_s->buckets.size(), std::size_t(3));
    QVERIFY(std::isinf(back.scrape.ttft_s->buckets[2].upper_bound));
    QCOMPARE(back.scrape.ttft_s->sum, 1.75);
    QVERIFY(back.window.has_value());
    QVERIFY(same_bits(back.window->ttft_p50_s.value(), 0.1 + 0.4 / 3.0));
    QVERIFY(!back.window->preemptions_per_s);
    QCOMPARE(back.slot_read->slot_states.size(), std::size_t(4));
    QCOMPARE(back.slot_read->slot_states[1].generated_tokens.value(), 12);
    QCOMPARE(back.slot_read->slot_states[0].task_id.value(), 7);
    QVERIFY(!back.slot_read->slot_states[2].prompt_tokens);
    QCOMPARE(back.slot_read->slot_states[0].used_tokens().value(), 48);

    const ServerPollFacts down = from_record(r.server_polls()[1]);
    QVERIFY(!down.up);
    QCOMPARE(down.error, std::string("connection refused"));
    QCOMPARE(down.consecutive_failures, 2);

    const ServerPollFacts v = from_record(r.server_polls()[2]);
    QCOMPARE(v.scrape.kind, ServerKind::Vllm);
    QCOMPARE(v.scrape.prefix_hits.value(), 640.0);
    QCOMPARE(v.scrape.kv_block_size.value(), 16.0);
    QVERIFY(!v.slot_read);
    for (std::size_t i = 0; i < 3; ++i) {
      const ServerPollFacts& orig = i == 0 ? live : (i == 1 ? down_poll(0.6) : vllm);
      QCOMPARE(attach_csv_row(from_record(r.server_polls()[i])), attach_csv_row(orig));
    }
  }

  void realSlotsBodyRoundTrips() {
    // A /slots body a real llama-server answered, read, recorded and read back: the same totals.
    ServerPollFacts f = llama_poll(3);
    f.slot_read = read_llamacpp_slots(remote_test_data("llamacpp-0.3.36/slots_busy.json"));
    QVERIFY(f.slot_read->error.empty());
    const record::Recording r = open_bytes(record_session({f}));
    const auto t = slot_totals(from_record(r.server_polls().at(0)));
    const auto expect = slot_totals(f);
    QCOMPARE(t->busy, 3);
    QCOMPARE(t->count, 4);
    QCOMPARE(t->used, expect->used);
    QCOMPARE(t->ctx, 2048);
  }

  void kvEventsReadingComesBack() {
    std::ostringstream out;
    record::PollRecordingWriter w(out, {"test", {"http://gpu:8000"}, 500, "tcp://gpu:5557"});
    KvEventsFacts k;
    k.t_s = 4.5;
    k.endpoint = "tcp://gpu:5557";
    k.batches = 120, k.replayed = 4, k.missed = 1;
    k.summary.blocks_held = 77, k.summary.leaves = 5, k.summary.longest_chain = 19, k.summary.stored_total = 90;
    k.last_error = "replay timed out";
    w.add_kv_events(to_record(k));
    w.finish();
    const record::Recording r = open_bytes(out.str());
    QCOMPARE(r.meta().value("kv_events", std::string()), std::string("tcp://gpu:5557"));
    QCOMPARE(r.kv_events().size(), std::size_t(1));
    const KvEventsFacts b = from_record(r.kv_events()[0]);
    QCOMPARE(b.batches, std::uint64_t(120));
    QCOMPARE(b.missed, std::uint64_t(1));
    QCOMPARE(b.summary.blocks_held, std::size_t(77));
    QCOMPARE(b.summary.longest_chain, std::size_t(19));
    QCOMPARE(b.summary.stored_total, std::uint64_t(90));
    QCOMPARE(b.last_error, std::string("replay timed out"));
    QCOMPARE(b.t_s, 4.5);
  }

  void cutShortOpensUpToTheLastWholePoll() {
    const std::vector<ServerPollFacts> polls = {llama_poll(0.2), llama_poll(0.4), llama_poll(0.6)};
    const std::string whole = record_session(polls, false);  // killed: no end frame
    {
      const record::Recording r = open_bytes(whole);
      QCOMPARE(r.server_polls().size(), std::size_t(3));
      QVERIFY(!r.complete());
      QVERIFY2(r.warning().find("opened up to poll 3") != std::string::npos, r.warning().c_str());
    }
    {
      const record::Recording r = open_bytes(whole.substr(0, whole.size() - 5));  // the last frame cut
      QCOMPARE(r.server_polls().size(), std::size_t(2));
      QVERIFY2(r.warning().find("damaged after poll 2") != std::string::npos, r.warning().c_str());
    }
    {
      std::string flipped = whole;
      flipped[flipped.size() - 3] ^= 0x40;  // a byte inside the last frame: its CRC fails
      const record::Recording r = open_bytes(flipped);
      QCOMPARE(r.server_polls().size(), std::size_t(2));
      QVERIFY(r.warning().find("CRC") != std::string::npos);
    }
    // Cut inside the meta frame: refused with a reason.
    QVERIFY_THROWS_EXCEPTION(record::RecordingError, open_bytes(whole.substr(0, 30)));
  }

  void unknownRecordKindsAreSkipped() {
    // A later writer's record kind (9) before a poll in the same frame: the poll is read, the rest skipped.
    record::ByteWriter frame;
    frame.uvar(2);
    frame.uvar(9);
    frame.uvar(3);
    frame.raw(std::vector<uint8_t>{1, 2, 3});
    record::ByteWriter one;
    record::encode_server_poll(one, to_record(llama_poll(1)));
    frame.uvar(1);
    frame.uvar(one.size());
    frame.raw(one.bytes());
    std::vector<record::ServerPollRecord> p;
    std::vector<record::KvEventsRecord> k;
    record::decode_polls_frame(frame.bytes(), "test", p, k);
    QCOMPARE(p.size(), std::size_t(1));
    QCOMPARE(attach_csv_row(from_record(p[0])), attach_csv_row(llama_poll(1)));
    // A record whose length overruns the frame is corruption, not a crash.
    frame.bytes().resize(frame.size() - 4);
    p.clear();
    QVERIFY_THROWS_EXCEPTION(record::RecordingError, record::decode_polls_frame(frame.bytes(), "test", p, k));
    QVERIFY(p.empty());
  }
};

QTEST_GUILESS_MAIN(TestAttachRecording)
#include "tst_attach_recording.moc"
