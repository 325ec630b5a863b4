// Traced requests as request-timeline phases (remote/otlp/span_phases.h): each case's edges computed by
// hand from the header's rule, with figures that are exact binary fractions so every edge compares equal;
// the clock mapping's offset over several requests; and record::PhaseTracker holding requests given whole
// (bounded, its time range grown to cover them, a tracker of steps alone unchanged).
#include <QtTest>

#include "engine/record/request_phases.h"
#include "remote/otlp/llm_request_span.h"
#include "remote/otlp/span_phases.h"

using namespace inferscope;
using namespace inferscope::remote;
using record::PhaseKind;

namespace {

constexpr uint64_t kNs = 1'000'000'000ULL;
constexpr uint64_t kT0 = 1'700'000'000ULL * kNs;  // the sender's Unix clock, far from the session's

LlmRequestSpan traced(double received_t_s, uint64_t end_ns) {
  LlmRequestSpan r;
  r.received_t_s = received_t_s;
  r.end_unix_ns = end_ns;
  r.request_id = "cmpl-1";
  return r;
}

struct Want {
  PhaseKind kind;
  double begin_ms, end_ms;
};

void expectPhases(const record::RequestPhases& got, const std::vector<Want>& want) {
  QCOMPARE(got.phases.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    QCOMPARE(int(got.phases[i].kind), int(want[i].kind));
    QCOMPARE(got.phases[i].begin_ms, want[i].begin_ms);
    QCOMPARE(got.phases[i].end_ms, want[i].end_ms);
    QCOMPARE(got.phases[i].first_step, int64_t(-1));
  }
  QVERIFY(got.ended);
  QVERIFY(!got.open);
}

}  // namespace

class TestOtlpSpanPhases : public QObject {
  Q_OBJECT
 private slots:
  // End E = 10 s; e2e 2.5 s, queue 0.5 s, TTFT 1.25 s: arrival 7.5 s, waiting 7.5-8, prefill 8-8.75,
  // decode 8.75-10 (ms on the session clock).
  void everyFigure() {
    LlmRequestSpan r = traced(10.0, kT0);
    r.e2e_s = 2.5;
    r.queue_s = 0.5;
    r.ttft_s = 1.25;
    r.prompt_tokens = 100;
    r.completion_tokens = 16;
    const record::RequestPhases p = traced_request_phases(r, 10.0, 7);
    expectPhases(p, {{PhaseKind::Waiting, 7500, 8000}, {PhaseKind::Prefill, 8000, 8750}, {PhaseKind::Decode, 8750, 10000}});
    QCOMPARE(p.id, int64_t(7));
    QCOMPARE(p.info.id, int64_t(7));
    QCOMPARE(p.end_ms, 10000.0);
    QCOMPARE(p.info.queue_ms, 500.0);
    QCOMPARE(p.info.ttft_ms, 1250.0);
    QCOMPARE(p.info.e2e_ms, 2500.0);
    QCOMPARE(p.info.n_prompt, 100);
    QCOMPARE(p.info.n_generated, 16);
    QVERIFY(p.info.state == RequestState::Finished);
  }

  // An absent figure merges the two phases it separates.
  void missingFiguresMerge() {
    LlmRequestSpan r = traced(10.0, kT0);
    r.e2e_s = 2.5;
    expectPhases(traced_request_phases(r, 10.0, 1), {{PhaseKind::Unsplit, 7500, 10000}});  // e2e alone: one bar
    r.ttft_s = 1.25;  // no queue: waiting and prefill together
    expectPhases(traced_request_phases(r, 10.0, 1), {{PhaseKind::Unsplit, 7500, 8750}, {PhaseKind::Decode, 8750, 10000}});
    r.ttft_s.reset();
    r.queue_s = 0.5;  // no TTFT: prefill and decode together
    expectPhases(traced_request_phases(r, 10.0, 1), {{PhaseKind::Waiting, 7500, 8000}, {PhaseKind::Unsplit, 8000, 10000}});
    const record::RequestPhases p = traced_request_phases(r, 10.0, 1);
    QCOMPARE(p.info.ttft_ms, -1.0);  // absent, not 0
    QCOMPARE(p.info.n_generated, 0);
  }

  // Without e2e the span's own duration starts it (OTLP/JSON senders, SGLang); without either, no bars.
  void spanDurationStandsInForE2e() {
    LlmRequestSpan r = traced(4.0, kT0 + kNs);
    r.start_unix_ns = kT0;  // 1 s long
    r.ttft_s = 0.25;
    expectPhases(traced_request_phases(r, 4.0, 1), {{PhaseKind::Unsplit, 3000, 3250}, {PhaseKind::Decode, 3250, 4000}});
    r.start_unix_ns = 0;
    const record::RequestPhases none = traced_request_phases(r, 4.0, 1);
    QVERIFY(none.phases.empty());
    QVERIFY(none.ended);
    QCOMPARE(none.end_ms, 4000.0);
    r.start_unix_ns = kT0 + 2 * kNs;  // a start after the end is no duration either
    QVERIFY(traced_request_phases(r, 4.0, 1).phases.empty());
    r.start_unix_ns = kT0;
    r.e2e_s = 0.5;  // e2e, when given, wins over the span's duration
    expectPhases(traced_request_phases(r, 4.0, 1), {{PhaseKind::Unsplit, 3500, 3750}, {PhaseKind::Decode, 3750, 4000}});
  }

  // Contradicting figures never draw past the request's ends, nor a phase of negative length.
  void contradictionsAreClamped() {
    LlmRequestSpan r = traced(10.0, kT0);
    r.e2e_s = 2.0;
    r.queue_s = 0.75;
    r.ttft_s = 0.5;  // before the queue ended: the prefill has no length
    expectPhases(traced_request_phases(r, 10.0, 1),
                 {{PhaseKind::Waiting, 8000, 8750}, {PhaseKind::Prefill, 8750, 8750}, {PhaseKind::Decode, 8750, 10000}});
    r.queue_s = 3.0;  // longer than the request: the whole of it waited
    r.ttft_s = 4.0;
    expectPhases(traced_request_phases(r, 10.0, 1),
                 {{PhaseKind::Waiting, 8000, 10000}, {PhaseKind::Prefill, 10000, 10000}, {PhaseKind::Decode, 10000, 10000}});
    r.queue_s = -1.0;  // a negative figure is no figure
    r.ttft_s = 0.5;
    expectPhases(traced_request_phases(r, 10.0, 1), {{PhaseKind::Unsplit, 8000, 8500}, {PhaseKind::Decode, 8500, 10000}});
  }

  // Several requests: ends on the session clock by the smallest (arrival - end) over them; ids in order.
  // Request a ends at T0 + 2 s, arrives 5 s into the session (offset 3 s); b ends at T0 + 3 s and arrives
  // at 6.5 s (3.5 s): the offset is 3 s, so a ends at 5 s and b at 6 s.
  void sessionClockAndIds() {
    std::deque<LlmRequestSpan> rows;
    rows.push_back(traced(5.0, kT0 + 2 * kNs));
    rows.back().e2e_s = 1.0;
    rows.back().queue_s = 0.25;
    rows.back().ttft_s = 0.5;
    rows.push_back(traced(6.5, kT0 + 3 * kNs));
    rows.back().e2e_s = 7.0;  // began before the session did: negative times, kept
    const std::vector<record::RequestPhases> p = traced_phases(rows, 41);
    QCOMPARE(p.size(), size_t(2));
    QCOMPARE(p[0].id, int64_t(41));
    QCOMPARE(p[1].id, int64_t(42));
    expectPhases(p[0], {{PhaseKind::Waiting, 4000, 4250}, {PhaseKind::Prefill, 4250, 4500}, {PhaseKind::Decode, 4500, 5000}});
    expectPhases(p[1], {{PhaseKind::Unsplit, -1000, 6000}});
    QVERIFY(traced_phases({}, 1).empty());
  }

  // A tracker holding requests given whole: time from the earliest begin to the latest end, rows by id,
  // bounded like any ended requests; one fed steps alone starts at 0 and ends at its newest step as before.
  void trackerHoldsGivenRequests() {
    record::PhaseTracker steps;
    StepMetrics m;
    m.t_ms = 30;
    m.step_ms = 10;
    steps.add_step(m);
    QCOMPARE(steps.origin_ms(), 0.0);
    QCOMPARE(steps.now_ms(), 30.0);

    std::deque<LlmRequestSpan> rows;
    for (int i = 0; i < 25; ++i) {
      rows.push_back(traced(10.0 + i, kT0 + uint64_t(i) * kNs));
      rows.back().e2e_s = 12.0;
    }
    record::PhaseTracker t(10);
    for (record::RequestPhases& r : traced_phases(rows, 1)) t.add_finished(std::move(r));
    QVERIFY(t.requests().size() <= 10);
    QCOMPARE(t.requests().back().id, int64_t(25));  // the newest kept, the oldest forgotten
    QCOMPARE(t.forgotten() + t.requests().size(), size_t(25));
    QCOMPARE(t.now_ms(), 34000.0);
    QCOMPARE(t.origin_ms(), -2000.0);  // the first request began 2 s before the session
    QCOMPARE(t.step_count(), int64_t(0));
    for (size_t i = 1; i < t.requests().size(); ++i) QVERIFY(t.requests()[i - 1].id < t.requests()[i].id);
    QCOMPARE(t.row_of(25), int64_t(t.requests().size() - 1));
    // The same id again replaces its row.
    record::RequestPhases again = traced_request_phases(rows.back(), 40.0, 25);
    const size_t before = t.requests().size();
    t.add_finished(again);
    QCOMPARE(t.requests().size(), before);
    QCOMPARE(t.requests().back().phases.front().end_ms, 40000.0);
    QCOMPARE(t.now_ms(), 40000.0);
  }
};

QTEST_GUILESS_MAIN(TestOtlpSpanPhases)
#include "tst_otlp_span_phases.moc"
