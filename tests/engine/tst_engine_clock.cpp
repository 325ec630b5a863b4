// The engine's throughput counts engine time: tokens_per_s is the tokens generated over the steps of the
// last engine second divided by those steps' own durations, so pauses between steps (a paused run, a GUI
// stepping at 10 steps/s) leave it where it is, while the wall clock (t_ms) keeps counting them.
#include <QtTest/QtTest>

#include <chrono>
#include <deque>
#include <thread>

#include "engine/llm_engine.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

class TstEngineClock : public QObject {
  Q_OBJECT
  std::shared_ptr<LoadedModel> tiny_;

 private slots:
  void initTestCase() {
    test::TinyModelSpec spec;
    spec.context = 256;
    tiny_ = load_model(test::write_tiny_model(spec, "clock"));
  }

  void throughputIsOverEngineTimeNotPauses() {
    EngineConfig c;
    c.threads = 1;
    LLMEngine e(tiny_, c);
    for (int r = 0; r < 3; ++r) {
      Request q;
      for (int i = 0; i < 6; ++i) q.prompt_ids.push_back(5 + i + r);
      q.params.max_tokens = 12;
      q.params.ignore_eos = true;
      e.submit(q);
    }
    struct Row {
      double step_ms, t_ms, tokens_per_s;
      int generated;
    };
    std::vector<Row> rows;
    constexpr int kPauseMs = 20;
    for (int i = 0; i < 1000 && e.has_unfinished(); ++i) {
      const StepResult r = e.step();
      if (!r.ran) break;
      rows.push_back({r.metrics.step_ms, r.metrics.t_ms, r.metrics.tokens_per_s, int(r.events.size())});
      std::this_thread::sleep_for(std::chrono::milliseconds(kPauseMs));  // the display's pause
    }
    QVERIFY(rows.size() >= 12);
    int total = 0;
    for (const Row& r : rows) total += r.generated;
    QCOMPARE(total, 3 * 12);
    // The definition, from the rows: the newest steps whose own durations make up the last engine second.
    std::deque<Row> window;
    double span = 0;
    int tokens = 0;
    for (size_t i = 0; i < rows.size(); ++i) {
      window.push_back(rows[i]);
      span += rows[i].step_ms;
      tokens += rows[i].generated;
      while (window.size() > 1 && span - window.front().step_ms >= 1000.0) {
        span -= window.front().step_ms;
        tokens -= window.front().generated;
        window.pop_front();
      }
      const double expected = span > 0 ? tokens * 1000.0 / span : 0.0;
      QVERIFY2(std::abs(rows[i].tokens_per_s - expected) <= 1e-9 * std::max(1.0, expected),
               qPrintable(QStringLiteral("step %1: %2 vs %3").arg(i).arg(rows[i].tokens_per_s).arg(expected)));
    }
    // The wall clock does count the pauses: every step ends at least one pause after the previous one.
    for (size_t i = 1; i < rows.size(); ++i) QVERIFY(rows[i].t_ms - rows[i - 1].t_ms >= kPauseMs);
  }
};

QTEST_GUILESS_MAIN(TstEngineClock)
#include "tst_engine_clock.moc"
