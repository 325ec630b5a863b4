// Numbers the GUI run reports, end to end through the EngineController: a workload queued while paused
// is timed from Run (not from when it was loaded), Reset queues the loaded workload again, the
// presentation strip counts every waiting request (not only those in the bounded view), and the CLI
// reports a stop because the KV cache is full as kv_full (generate --json, run --json with a scenario's
// compare variants, one summary per variant).
#include <QJsonArray>
#include <QLabel>
#include <QStatusBar>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <memory>

#include "tests/common/cli_run.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"
#include "ui/engine/engine_controller.h"
#include "ui/main_window.h"
#include "ui/presentation_bar.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

const QString kCli = QStringLiteral(INFERSCOPE_BINARY_DIR "/app/inferscope-cli");

bool allFinished(const EngineController& c, size_t n) {
  auto s = c.lastSnapshot();
  if (!s || s->requests.size() != n || s->has_unfinished) return false;
  for (const auto& r : s->requests)
    if (r.state != RequestState::Finished) return false;
  return true;
}

// The status bar's label that carries the run state ("paused | step ...").
QString statusText(MainWindow& w) {
  for (QLabel* l : w.statusBar()->findChildren<QLabel*>())
    if (l->text().contains(QStringLiteral("| step "))) return l->text();
  return {};
}

bool allWaiting(const EngineController& c, size_t n) {
  auto s = c.lastSnapshot();
  if (!s || s->requests.size() != n) return false;
  for (const auto& r : s->requests)
    if (r.state != RequestState::Waiting) return false;
  return true;
}

}  // namespace

class TstRunNumbers : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  QString tinyPath_;

  // A shown, non-interactive window on its own settings file with the tiny model loaded on one thread and
  // a 1 MiB KV budget; null if the model did not load.
  std::unique_ptr<MainWindow> openTinyWindow(const QString& settingsFile) {
    auto w = std::make_unique<MainWindow>(settingsFile);
    w->setInteractive(false);
    w->show();
    EngineConfig cfg;
    cfg.threads = 1;
    cfg.kv_budget_bytes = size_t(1) << 20;
    w->controller()->applyConfig(cfg);
    QSignalSpy loaded(w->controller(), &EngineController::loadFinished);
    w->openModel(tinyPath_);
    if (!loaded.wait(30000)) return nullptr;
    return w;
  }

  // The tiny model's K/V per token: 2 (K, V) x 2 layers x 2 KV heads x 16 dims x 2 bytes (f16) = 256 B.
  static constexpr double kBlockMib = 16 * 256 / 1048576.0;  // one block of 16 tokens

  static WorkloadSpec fourRequests() {
    WorkloadSpec s;
    s.requests = 4;
    s.prompt_min = 8;
    s.prompt_max = 16;
    s.gen_min = 4;
    s.gen_max = 8;
    s.seed = 3;
    return s;
  }

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    test::TinyModelSpec spec;
    spec.context = 256;
    tinyPath_ = QString::fromStdString(test::write_tiny_model(spec, "run_numbers"));
  }

  // The workload is loaded, nobody presses Run for 2.5 s, then the run takes milliseconds on the tiny
  // model: TTFT, queueing and the step clock must not include the 2.5 s spent paused. Then Reset puts
  // the same four requests back in the queue, and Run runs them again.
  void ttftCountsFromRunAndResetKeepsTheWorkload() {
    constexpr int kPausedMs = 2500;
    EngineController c;
    EngineConfig cfg;
    cfg.threads = 1;
    cfg.kv_budget_bytes = size_t(1) << 20;
    c.applyConfig(cfg);
    QSignalSpy loaded(&c, &EngineController::loadFinished);
    c.loadModel(tinyPath_);
    QVERIFY(loaded.wait(30000));
    QVERIFY(loaded.first().at(0).toBool());

    c.startLoad(fourRequests());
    QTRY_VERIFY_WITH_TIMEOUT(allWaiting(c, 4), 10000);
    QTest::qWait(kPausedMs);
    c.run();
    QTRY_VERIFY_WITH_TIMEOUT(allFinished(c, 4), 30000);
    const auto s = c.lastSnapshot();
    for (const auto& r : s->requests) {
      QVERIFY2(r.ttft_ms >= 0 && r.ttft_ms < 2000, qPrintable(QStringLiteral("ttft %1 ms").arg(r.ttft_ms)));
      QVERIFY2(r.queue_ms >= 0 && r.queue_ms < 2000, qPrintable(QStringLiteral("queue %1 ms").arg(r.queue_ms)));
      QVERIFY2(r.e2e_ms >= 0 && r.e2e_ms < 2000, qPrintable(QStringLiteral("e2e %1 ms").arg(r.e2e_ms)));
    }
    const auto log = c.fullLog();
    QVERIFY(!log.empty());
    QVERIFY2(log.front().t_ms < 2000, qPrintable(QStringLiteral("first step at t = %1 ms").arg(log.front().t_ms)));

    c.reset();
    QTRY_VERIFY_WITH_TIMEOUT(allWaiting(c, 4), 10000);
    QVERIFY(c.lastSnapshot()->has_unfinished);
    c.run();
    QTRY_VERIFY_WITH_TIMEOUT(allFinished(c, 4), 30000);
    c.pause();
  }

  // The status bar tells a queued workload (paused), a run in progress and a run whose requests all
  // ended (idle), rather than "running" with nothing left to run.
  void statusBarSaysIdleWhenEveryRequestEnded() {
    QTemporaryDir settings;
    const auto window = openTinyWindow(settings.filePath(QStringLiteral("status.ini")));
    QVERIFY(window);
    MainWindow& w = *window;
    EngineController* c = w.controller();
    c->startLoad(fourRequests());
    QTRY_VERIFY_WITH_TIMEOUT(allWaiting(*c, 4), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(statusText(w).startsWith(QStringLiteral("paused")), 5000);
    c->run();
    QTRY_VERIFY_WITH_TIMEOUT(allFinished(*c, 4), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(statusText(w).startsWith(QStringLiteral("idle")), 5000);
    QVERIFY(c->isRunning());
    QVERIFY2(statusText(w).contains(QStringLiteral("0 running, 0 waiting")), qPrintable(statusText(w)));
    c->pause();
  }

  // 100 requests queued while paused: the snapshot's view shows only the first 64 of the queue, and the
  // presentation strip must still say 100 waiting (the engine's totals, not the rows of the view).
  void presentationStripCountsTheWholeQueue() {
    constexpr int kRequests = 100;
    QTemporaryDir settings;
    const auto window = openTinyWindow(settings.filePath(QStringLiteral("strip.ini")));
    QVERIFY(window);
    MainWindow& w = *window;
    EngineController* c = w.controller();
    WorkloadSpec spec = fourRequests();
    spec.requests = kRequests;
    c->startLoad(spec);
    QTRY_VERIFY_WITH_TIMEOUT(c->lastSnapshot() && c->lastSnapshot()->totals.waiting == kRequests, 10000);
    const auto snap = c->lastSnapshot();
    QVERIFY2(snap->requests.size() < size_t(kRequests), "the view is bounded, or this test shows nothing");
    w.setPresentationMode(true);
    const QString expected = QStringLiteral("0 running, %1 waiting").arg(kRequests);
    QTRY_VERIFY2_WITH_TIMEOUT(w.presentationBar()->text().contains(expected), qPrintable(w.presentationBar()->text()), 5000);
    c->run();
    QTRY_VERIFY_WITH_TIMEOUT(c->lastSnapshot()->totals.finished == kRequests, 60000);
    QTRY_VERIFY2_WITH_TIMEOUT(w.presentationBar()->text().contains(QStringLiteral("0 running, 0 waiting")),
                              qPrintable(w.presentationBar()->text()), 5000);
    c->pause();
    w.setPresentationMode(false);
  }

  // 2 blocks of 16 tokens and a 4-token prompt: generation stops after 28 tokens because the cache is
  // full, whatever -n asks for.
  void cliGenerateReportsKvFull() {
    const test::CliRun r = test::run_cli(kCli, {QStringLiteral("generate"), QStringLiteral("-m"), tinyPath_,
                                                QStringLiteral("-p"), QStringLiteral("abcd"), QStringLiteral("-n"),
                                                QStringLiteral("100000"), QStringLiteral("--ignore-eos"),
                                                QStringLiteral("--kv-budget-mib"), QString::number(2 * kBlockMib, 'g', 17),
                                                QStringLiteral("--threads"), QStringLiteral("1"), QStringLiteral("--json")},
                                         60000);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j.value("stop_reason").toString(), QStringLiteral("kv_full"));
    const int prompt = j.value("prompt_tokens").toInt();
    QCOMPARE(j.value("generated_tokens").toInt(), 2 * 16 - prompt);
    QVERIFY(j.value("stop_message").toString().contains(QStringLiteral("--kv-budget-mib")));
  }

  // A scenario with a compare variant: one JSON summary per variant, each counting the kv_full stops
  // (4 blocks = 64 tokens per sequence, one slot so no request ever shares the cache).
  void cliRunComparesVariantsAndCountsKvFull() {
    const QString scenario = tmp_.filePath(QStringLiteral("kv_full.json"));
    QFile f(scenario);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QStringLiteral(R"({"name": "kv full", "engine": {"max_seqs": 1, "block_size": 16, "kv_budget_mib": %1, "threads": 1},
      "workload": {"requests": 3, "prompt_len": [8, 8], "gen_len": [500, 500], "seed": 1},
      "compare": [{"name": "static", "engine": {"batching": "static"}}]})")
                .arg(4 * kBlockMib, 0, 'g', 17)
                .toUtf8());
    f.close();
    const test::CliRun r = test::run_cli(kCli, {QStringLiteral("run"), QStringLiteral("-m"), tinyPath_,
                                                QStringLiteral("--scenario"), scenario, QStringLiteral("--json")},
                                         120000);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonArray rows = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].toObject().value("variant").toString(), QStringLiteral("static"));
    QCOMPARE(rows[1].toObject().value("engine").toObject().value("batching").toString(), QStringLiteral("static"));
    QCOMPARE(rows[0].toObject().value("engine").toObject().value("batching").toString(), QStringLiteral("continuous"));
    for (const auto& v : rows) {
      const QJsonObject o = v.toObject();
      QCOMPARE(o.value("requests_completed").toInt(), 3);
      QCOMPARE(o.value("stop_reasons").toObject().value("kv_full").toInt(), 3);
      QCOMPARE(o.value("generated_tokens").toInt(), 3 * (4 * 16 - 8));
    }
  }
};

QTEST_MAIN(TstRunNumbers)
#include "tst_run_numbers.moc"
