// The one run driver (engine/workload/workload.h): on the engine clock an idle engine jumps to the next
// arrival (so a run needs no sleeping and sees the same arrivals on any machine), cancel and max_steps stop
// it between steps, and resume_at names where the clock goes while idle. Asserted on the schedule, never
// on the wall clock.
#include <QtTest/QtTest>

#include "engine/workload/workload.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

class TstWorkloadDriver : public QObject {
  Q_OBJECT
  std::shared_ptr<LoadedModel> tiny_;

  WorkloadSpec spread() const {
    WorkloadSpec w;
    w.requests = 6;
    w.set_arrival("poisson:2");  // ~0.5 s apart: far longer than a tiny model's steps
    w.prompt_min = w.prompt_max = 8;
    w.gen_min = w.gen_max = 4;
    w.seed = 3;
    return w;
  }

 private slots:
  void initTestCase() {
    test::TinyModelSpec spec;
    spec.context = 256;
    tiny_ = load_model(test::write_tiny_model(spec, "driver"));
  }

  void engineClockJumpsOverIdleTime() {
    EngineConfig c;
    c.threads = 1;
    std::vector<std::vector<int>> tokens(2);
    for (int run = 0; run < 2; ++run) {
      LLMEngine e(tiny_, c);
      auto plan = make_workload(spread(), *tiny_);
      const double last_arrival = plan.back().arrival_s;
      QVERIFY(last_arrival > 1.0);
      WorkloadDriver d(e, std::move(plan));
      QCOMPARE(d.resume_at(0.0), d.next_arrival_s());  // idle before the first arrival: go there
      double step_s = 0;
      QVERIFY(d.run_to_completion(RunClock::Engine, [&](const StepResult& r) {
        step_s += r.metrics.step_ms / 1000.0;
        tokens[run].push_back(int(r.metrics.prefill_tokens + r.metrics.decode_tokens));
      }));
      QVERIFY(d.done());
      QCOMPARE(d.request_ids().size(), size_t(6));
      for (const int64_t id : d.request_ids()) QCOMPARE(int(e.request_info(id).n_generated), 4);
      // Every request was submitted although the steps took far less than the arrivals span: the clock
      // jumped over the idle time instead of waiting for it.
      QVERIFY2(step_s < last_arrival, qPrintable(QStringLiteral("%1 s of steps, last arrival %2 s").arg(step_s).arg(last_arrival)));
      QCOMPARE(d.resume_at(123.0), 123.0);  // done: nothing to wait for
    }
    // Each request arrives at an idle engine in both runs: the same batches, step by step.
    QCOMPARE(tokens[0], tokens[1]);
  }

  void cancelAndMaxStepsStopBetweenSteps() {
    EngineConfig c;
    c.threads = 1;
    {
      LLMEngine e(tiny_, c);
      WorkloadDriver d(e, make_workload(spread(), *tiny_));
      int steps = 0;
      QVERIFY(!d.run_to_completion(RunClock::Engine, [&](const StepResult&) { ++steps; }, [&] { return steps >= 3; }));
      QCOMPARE(steps, 3);
      QVERIFY(!d.done());
    }
    {
      LLMEngine e(tiny_, c);
      WorkloadDriver d(e, make_workload(spread(), *tiny_));
      int steps = 0;
      QVERIFY(!d.run_to_completion(RunClock::Engine, [&](const StepResult&) { ++steps; }, {}, 2));
      QCOMPARE(steps, 2);
    }
  }

  // The wall clock runs the same workload to the same end (all-at-once: no waiting involved).
  void wallClockRunsToTheEnd() {
    EngineConfig c;
    c.threads = 1;
    LLMEngine e(tiny_, c);
    WorkloadSpec w = spread();
    w.set_arrival("all-at-once");
    WorkloadDriver d(e, make_workload(w, *tiny_));
    QVERIFY(d.run_to_completion(RunClock::Wall));
    QVERIFY(d.done());
    for (const int64_t id : d.request_ids()) QCOMPARE(int(e.request_info(id).n_generated), 4);
  }
};

QTEST_GUILESS_MAIN(TstWorkloadDriver)
#include "tst_workload_driver.moc"
