// A scenario gives the same numbers whatever ran before it: after a demo of simulated int4 weights with
// n-gram speculation, a larger block size, an int8 KV cache and a slow display, the shipped
// continuous-vs-static scenario runs exactly as it does on a freshly started workbench (same settings,
// the stored weights, full display speed, the same steps and the same generated tokens).
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "engine/workload/scenario.h"
#include "tests/common/test_support.h"
#include "ui/engine/engine_controller.h"
#include "ui/headless/headless_run.h"
#include "ui/session/workbench_session.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

struct RunRecord {
  std::string settings;  // engine_config_to_json
  std::string weights;   // the model card's weight mode
  int stepsPerSecond = -1;
  std::vector<StepMetrics> steps;
  std::vector<RequestInfo> requests;
};

}  // namespace

class TstScenarioState : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  QString model_;
  QString target_;

  QString writeLeaker() {
    const QString path = tmp_.filePath(QStringLiteral("leaker.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(R"({"name": "leaker", "weights": "sim:int4:g128", "steps_per_second": 5,
      "engine": {"spec": "ngram:3", "spec_k": 4, "block_size": 32, "kv_dtype": "int8", "max_batched_tokens": 100,
                 "prefix_cache": true, "threads": 1},
      "workload": {"requests": 3, "arrival": "all-at-once", "prompt_len": [16, 16], "gen_len": [8, 8], "seed": 3,
                   "shared_prefix": 8}})");
    return path;
  }

  // A fresh session on the model, one thread (the machine's choice, which scenarios keep).
  static bool openModel(WorkbenchSession& session, const QString& model) {
    EngineConfig cfg;
    cfg.threads = 1;
    session.applySettings(cfg);
    QSignalSpy loaded(&session, &WorkbenchSession::modelLoaded);
    session.openModel(model);
    return loaded.wait(60000);
  }

  RunRecord record(WorkbenchSession& session) {
    RunRecord r;
    r.settings = engine_config_to_json(session.settings()).dump();
    const auto& card = session.controller()->modelCard();
    r.weights = card ? card->weight_mode : std::string("none");
    r.stepsPerSecond = session.stepsPerSecond();
    r.steps = session.steps();
    if (const auto snap = session.lastSnapshot()) r.requests = snap->requests;
    return r;
  }

  bool runTarget(WorkbenchSession& session, RunRecord* out, QString* err) {
    HeadlessRun run;
    run.scenario = target_;
    run.steps = 40;
    if (!runHeadless(session, run, err)) return false;
    *out = record(session);
    return true;
  }

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    model_ = QString::fromStdString(test::stories260k_path());
    INFERSCOPE_REQUIRE_MODEL(model_.toStdString(), "stories260K");
    target_ = QString::fromStdString(test::source_dir() + "/resources/scenarios/continuous_vs_static.json");
    QVERIFY(QFile::exists(target_));
  }

  void noSettingLeaksIntoTheNextScenario() {
    QString err;
    RunRecord fresh;
    {
      WorkbenchSession session;
      QVERIFY(openModel(session, model_));
      QVERIFY2(runTarget(session, &fresh, &err), qPrintable(err));
    }
    QCOMPARE(fresh.steps.size(), size_t(40));
    QCOMPARE(fresh.weights, std::string("stored"));

    WorkbenchSession session;
    QVERIFY(openModel(session, model_));
    // The leaker takes effect (else this test could not fail): its weights, speculation and speed.
    const QString leaker = writeLeaker();
    QVERIFY(!leaker.isEmpty());
    HeadlessRun demo;
    demo.scenario = leaker;
    demo.steps = 6;
    QVERIFY2(runHeadless(session, demo, &err), qPrintable(err));
    QCOMPARE(session.controller()->modelCard()->weight_mode, std::string("sim:int4:g128"));
    QVERIFY(session.settings().spec.enabled());
    QCOMPARE(session.settings().block_size, 32);
    QCOMPARE(session.stepsPerSecond(), 5);
    QVERIFY(session.steps().size() > 0);

    RunRecord after;
    QVERIFY2(runTarget(session, &after, &err), qPrintable(err));
    QCOMPARE(after.weights, std::string("stored"));
    QCOMPARE(after.stepsPerSecond, 0);
    QCOMPARE(after.settings, fresh.settings);
    QVERIFY(!session.settings().spec.enabled());
    QCOMPARE(after.steps.size(), fresh.steps.size());
    for (size_t i = 0; i < fresh.steps.size(); ++i) {
      QCOMPARE(after.steps[i].prefill_tokens, fresh.steps[i].prefill_tokens);
      QCOMPARE(after.steps[i].decode_tokens, fresh.steps[i].decode_tokens);
      QCOMPARE(after.steps[i].running, fresh.steps[i].running);
      QCOMPARE(after.steps[i].kv_blocks_used, fresh.steps[i].kv_blocks_used);
      QCOMPARE(after.steps[i].spec_drafted, 0);
    }
    // The same requests produced the same tokens (greedy on the same weights).
    QCOMPARE(after.requests.size(), fresh.requests.size());
    QVERIFY(!fresh.requests.empty());
    for (size_t i = 0; i < fresh.requests.size(); ++i) {
      QCOMPARE(after.requests[i].id, fresh.requests[i].id);
      QCOMPARE(after.requests[i].n_generated, fresh.requests[i].n_generated);
      QCOMPARE(after.requests[i].token_ids, fresh.requests[i].token_ids);
    }
  }
};

QTEST_MAIN(TstScenarioState)
#include "tst_scenario_state.moc"
