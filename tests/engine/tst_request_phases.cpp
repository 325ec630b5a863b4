// Request phases (engine/record/request_phases.h) from a hand-built step stream whose phase edges are
// known in closed form: step i spans [10 i, 10 i + 10] ms.
#include <QtTest/QtTest>

#include "engine/record/request_phases.h"

using namespace inferscope;
using namespace inferscope::record;

namespace {
StepMetrics step(int64_t i) {
  StepMetrics m;
  m.step = i;
  m.t_ms = 10.0 * double(i + 1);
  m.step_ms = 10.0;
  return m;
}
RequestInfo info(int64_t id, double queue_ms) {
  RequestInfo r;
  r.id = id;
  r.queue_ms = queue_ms;
  return r;
}
}  // namespace

class TstRequestPhases : public QObject {
  Q_OBJECT

 private slots:
  void phasesOfAHandBuiltStream() {
    PhaseTracker t;
    t.on_request(info(0, 5.0), -1);
    t.on_request(info(1, 0.0), -1);
    auto at = [&](int64_t i) {
      while (t.step_count() <= i) t.add_step(step(t.step_count()));
    };
    at(0);
    t.on_marker({0, MarkerKind::Admitted, 1, {}});
    at(1);
    t.on_marker({1, MarkerKind::Admitted, 0, {}});
    at(2);
    t.on_token(0, 2);
    at(3);
    t.on_marker({3, MarkerKind::Finished, 1, "length"});
    t.on_token(1, 3);  // its only token came in its finishing step: all of its run is prefill
    at(4);
    t.on_marker({4, MarkerKind::Preempted, 0, {}});
    at(5);
    t.on_request(info(2, -1), 5);  // seen waiting, never admitted
    at(6);
    t.on_marker({6, MarkerKind::Admitted, 0, {}});
    t.on_token(0, 6);
    at(8);
    t.on_marker({8, MarkerKind::Finished, 0, "eos"});
    at(9);

    const auto& rows = t.requests();
    QCOMPARE(rows.size(), size_t(3));
    const RequestPhases& r0 = rows[0];
    const std::vector<std::tuple<PhaseKind, double, double>> want = {
        {PhaseKind::Waiting, 5, 10}, {PhaseKind::Prefill, 10, 30},   {PhaseKind::Decode, 30, 40},
        {PhaseKind::Preempted, 40, 60}, {PhaseKind::Recompute, 60, 70}, {PhaseKind::Decode, 70, 90}};
    QCOMPARE(r0.phases.size(), want.size());
    for (size_t k = 0; k < want.size(); ++k) {
      QCOMPARE(int(r0.phases[k].kind), int(std::get<0>(want[k])));
      QCOMPARE(r0.phases[k].begin_ms, std::get<1>(want[k]));
      QCOMPARE(r0.phases[k].end_ms, std::get<2>(want[k]));
    }
    QCOMPARE(r0.phases[1].first_step, int64_t(1));
    QCOMPARE(r0.phases[1].last_step, int64_t(2));
    QVERIFY(r0.ended && !r0.open);
    QCOMPARE(r0.end_ms, 90.0);
    QCOMPARE(r0.info.finish_reason, std::string("eos"));

    const RequestPhases& r1 = rows[1];
    QCOMPARE(r1.phases.size(), size_t(2));
    QCOMPARE(int(r1.phases[1].kind), int(PhaseKind::Prefill));
    QCOMPARE(r1.phases[1].begin_ms, 0.0);
    QCOMPARE(r1.phases[1].end_ms, 40.0);
    QCOMPARE(r1.info.finish_reason, std::string("length"));

    const RequestPhases& r2 = rows[2];
    QVERIFY(r2.phases.empty() && !r2.ended);
    QCOMPARE(r2.first_seen_step, int64_t(5));
    QCOMPARE(t.row_of(2), int64_t(2));
    QCOMPARE(t.row_of(7), int64_t(-1));
  }

  void openPhaseRunsToTheNewestStepAndClosesThere() {
    PhaseTracker t;
    t.on_request(info(0, 0.0), -1);
    t.add_step(step(0));
    t.on_marker({0, MarkerKind::Admitted, 0, {}});
    t.on_token(0, 0);
    t.add_step(step(1));
    t.add_step(step(2));
    QVERIFY(t.requests()[0].open);
    QCOMPARE(int(t.requests()[0].phases.back().kind), int(PhaseKind::Decode));
    QCOMPARE(t.now_ms(), 30.0);
    t.close_open();
    QVERIFY(!t.requests()[0].open);
    QCOMPARE(t.requests()[0].phases.back().begin_ms, 10.0);
    QCOMPARE(t.requests()[0].phases.back().end_ms, 30.0);
  }

  void boundKeepsTheNewestAndRunningOnes() {
    PhaseTracker t(10);
    for (int64_t i = 0; i < 30; ++i) {
      t.add_step(step(i));
      t.on_request(info(i, 0.0), i);
      t.on_marker({i, MarkerKind::Admitted, i, {}});
      if (i != 3) t.on_marker({i, MarkerKind::Finished, i, "eos"});  // request 3 keeps running
    }
    QVERIFY(t.requests().size() <= 10);
    QVERIFY(t.forgotten() >= 20);
    QVERIFY(t.row_of(3) >= 0);   // running: never forgotten
    QVERIFY(t.row_of(29) >= 0);  // the newest
    QCOMPARE(t.row_of(0), int64_t(-1));
    for (size_t k = 1; k < t.requests().size(); ++k) QVERIFY(t.requests()[k - 1].id < t.requests()[k].id);
  }
};

QTEST_GUILESS_MAIN(TstRequestPhases)
#include "tst_request_phases.moc"
