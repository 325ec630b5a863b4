// A recorded run as a Chrome / Perfetto trace (engine/record/chrome_trace.h): valid trace JSON, one slice
// per engine step, and each request's phases laid end to end from the steps and markers adding up to the
// engine's own end-to-end time for it (measured on its own clock, not read from the trace), with one
// "preempted" phase per preemption followed by a recompute.
#include <QtTest/QtTest>

#include <algorithm>
#include <map>
#include <sstream>

#include "engine/record/chrome_trace.h"
#include "engine/record/recording_writer.h"
#include "tests/common/preempting_run.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;
using namespace inferscope::record;

class TstChromeTrace : public QObject {
  Q_OBJECT

 private slots:
  void requestPhasesSumToTheirTimes() {
    test::TinyModelSpec spec;
    spec.context = 256;
    auto tiny = load_model(test::write_tiny_model(spec, "trace"));
    const EngineConfig c = test::preempting_config(false);
    LLMEngine e(tiny, c);
    RecordingSetup setup;
    setup.engine = c;
    setup.model = tiny->card;
    setup.source = "tst_chrome_trace";
    std::ostringstream out;
    RecordingWriter w(out, setup, {});
    for (const Request& r : test::preempting_requests()) e.submit(r);
    std::map<int64_t, double> step_ms;  // the engine's step durations, by its step number
    for (int i = 0; i < 100000 && e.has_unfinished(); ++i) {
      const StepResult r = e.step();
      if (!r.ran) continue;
      w.record_step(e, r);
      step_ms[r.metrics.step] = r.metrics.step_ms;
    }
    w.finish();
    QVERIFY(e.total_preemptions() > 0);
    const std::string bytes = out.str();
    const Recording rec = Recording::from_bytes(std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));

    // Valid trace JSON, as a viewer reads it back.
    const nlohmann::json trace = nlohmann::json::parse(chrome_trace(rec).dump());
    QVERIFY(trace.at("traceEvents").is_array());
    int step_slices = 0;
    std::map<int64_t, std::vector<nlohmann::json>> phases;  // tid -> its slices in order
    std::map<int64_t, std::vector<nlohmann::json>> chunks;  // tid -> its prefill chunk slices
    for (const auto& ev : trace["traceEvents"]) {
      QVERIFY(ev.contains("ph") && ev.contains("pid"));
      if (ev["ph"] != "X") continue;
      QVERIFY(ev["ts"].is_number() && ev["dur"].is_number() && ev["dur"].get<double>() >= 0);
      if (ev["pid"] == 1) ++step_slices;
      else if (ev["cat"] == "prefill_chunk") chunks[ev["tid"].get<int64_t>()].push_back(ev);
      else phases[ev["tid"].get<int64_t>()].push_back(ev);
    }
    QCOMPARE(step_slices, int(rec.step_count()));

    double slowest_step_us = 0;
    for (const auto& [s, ms] : step_ms) slowest_step_us = std::max(slowest_step_us, ms * 1000.0);
    int preempted_seen = 0;
    for (const RequestInfo& info : e.all_requests()) {  // the engine's own figures
      const auto& ps = phases[info.id + 1];
      QVERIFY2(!ps.empty(), qPrintable(QString::number(info.id)));
      QCOMPARE(ps.front()["name"].get<std::string>(), std::string("waiting"));
      double sum = 0;
      int preempted = 0;
      for (size_t k = 0; k < ps.size(); ++k) {
        sum += ps[k]["dur"].get<double>();
        if (k > 0)  // end to end: each phase starts where the one before ended
          QVERIFY(std::abs(ps[k]["ts"].get<double>() - (ps[k - 1]["ts"].get<double>() + ps[k - 1]["dur"].get<double>())) < 1e-3);
        if (ps[k]["name"] == "preempted") {
          ++preempted;
          QVERIFY(k + 1 < ps.size() && ps[k + 1]["name"] == "recompute");
        }
      }
      QCOMPARE(preempted, info.preemptions);
      preempted_seen += preempted;
      // Every chunk slice lies inside a prefill or recompute slice of its request, and those of the first
      // prefill, when it reached a token, add up to the prompt (no prefix cache here).
      int first_prefill_tokens = 0;
      for (const auto& ch : chunks[info.id + 1]) {
        const double b = ch["ts"].get<double>(), e = b + ch["dur"].get<double>();
        const auto parent = std::find_if(ps.begin(), ps.end(), [&](const nlohmann::json& p) {
          const double pb = p["ts"].get<double>(), pe = pb + p["dur"].get<double>();
          return (p["name"] == "prefill" || p["name"] == "recompute") && b >= pb - 1e-6 && e <= pe + 1e-6;
        });
        QVERIFY2(parent != ps.end(), qPrintable(QStringLiteral("request %1: a chunk outside its prefills").arg(info.id)));
        if ((*parent)["name"] == "prefill") first_prefill_tokens += ch["args"]["tokens"].get<int>();
      }
      QVERIFY(!chunks[info.id + 1].empty());
      if (ps.size() > 2 && ps[1]["name"] == "prefill" && ps[2]["name"] == "decode") QCOMPARE(first_prefill_tokens, info.n_prompt);
      // The trace starts at or before the request's arrival (its first step began before the scheduler
      // took it) and ends at the end of the step it finished in: never shorter than e2e, longer by at most
      // those two steps.
      const double e2e_us = info.e2e_ms * 1000.0;
      QVERIFY2(sum >= e2e_us - 1.0 && sum <= e2e_us + 2 * slowest_step_us + 1.0,
               qPrintable(QStringLiteral("request %1: phases %2 us, e2e %3 us").arg(info.id).arg(sum).arg(e2e_us)));
    }
    QVERIFY(preempted_seen > 0);
  }
};

QTEST_GUILESS_MAIN(TstChromeTrace)
#include "tst_chrome_trace.moc"
