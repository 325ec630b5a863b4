// WorkbenchSession without any window: a tiny model loaded, a scenario run for N steps and to the end,
// Reset, and the export an `inferscope-cli export` writes; a scenario given while the model loads; and a
// hand-made SnapshotSource driving the charts, the block map and the Requests table to show exactly its
// values.
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <numeric>

#include "engine/metrics/metrics_writers.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"
#include "ui/blockmap/block_map_panel.h"
#include "ui/blockmap/block_map_view.h"
#include "ui/charts/charts_panel.h"
#include "ui/charts/metrics_chart.h"
#include "ui/engine/engine_controller.h"
#include "ui/headless/export_board.h"
#include "ui/headless/headless_run.h"
#include "ui/main_window.h"
#include "ui/panels/requests_model.h"
#include "ui/panels/requests_panel.h"
#include "ui/start_page.h"
#include "ui/session/live_engine_source.h"
#include "ui/session/session_views.h"
#include "ui/session/snapshot_source.h"
#include "ui/session/workbench_session.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

// A source that emits exactly the snapshots a test hands it.
class FakeSource : public SnapshotSource {
 public:
  bool isLive() const override { return false; }
  EngineSnapshotPtr lastSnapshot() const override { return last_; }
  std::optional<ModelCard> modelCard() const override { return std::nullopt; }
  qint64 numBlocks() const override { return last_ && last_->block_map ? qint64(last_->block_map->blocks.size()) : 0; }
  qint64 kvCapacityBytes() const override { return qint64(64) << 20; }
  void push(EngineSnapshot s) {
    last_ = std::make_shared<const EngineSnapshot>(std::move(s));
    emit snapshotReady(last_);
  }

 private:
  EngineSnapshotPtr last_;
};

StepMetrics stepRow(int64_t step, int64_t allocMiB, int prefill, int decode, double slotUtil) {
  StepMetrics m;
  m.step = step;
  m.kv_bytes_allocated = allocMiB << 20;
  m.kv_bytes_logical = (allocMiB << 20) / 2;
  m.prefill_tokens = prefill;
  m.decode_tokens = decode;
  m.slot_utilization = slotUtil;
  return m;
}

RequestInfo request(int64_t id, RequestState state, int prompt, int generated) {
  RequestInfo r;
  r.id = id;
  r.state = state;
  r.n_prompt = prompt;
  r.n_generated = generated;
  r.seq_ids = {id};
  return r;
}

// Number of data rows of a CSV file (header excluded); -1 when it cannot be read.
int csvRows(const QString& path, QString* header) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return -1;
  *header = QString::fromUtf8(f.readLine()).trimmed();
  int n = 0;
  while (!f.atEnd())
    if (!f.readLine().trimmed().isEmpty()) ++n;
  return n;
}

}  // namespace

class TstWorkbenchSession : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir tmp_;
  QString tinyPath_;

  // 4 requests, all at once, prompts of exactly 8 tokens, exactly 5 generated each (EOS is ignored).
  QString writeScenario() {
    const QString path = tmp_.filePath(QStringLiteral("session.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(R"({"name": "session test", "description": "four short requests",
      "engine": {"batching": "continuous", "max_seqs": 4, "max_batched_tokens": 64, "block_size": 8,
                 "kv_budget_mib": 1, "prefix_cache": false, "threads": 1},
      "workload": {"requests": 4, "arrival": "all-at-once", "prompt_len": [8, 8], "gen_len": [5, 5], "seed": 2}})");
    return path;
  }

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    test::TinyModelSpec spec;
    spec.context = 256;
    tinyPath_ = QString::fromStdString(test::write_tiny_model(spec, "session_tiny"));
  }

  void sessionRunsResetsAndExportsWithoutWindow() {
    WorkbenchSession session;
    EngineConfig cfg;
    cfg.threads = 1;
    session.applySettings(cfg);
    ExportBoard board(&session);  // the export's views; no MainWindow anywhere
    board.resize(1200, 800);
    board.show();
    session.captureEngineLog();
    QSignalSpy lines(&session, &WorkbenchSession::logLine);
    QSignalSpy loaded(&session, &WorkbenchSession::modelLoaded);
    session.openModel(tinyPath_);
    QVERIFY(loaded.wait(30000));
    QCOMPARE(session.modelPath(), tinyPath_);
    // The engine's own spdlog line (written on the loader thread) arrives through the live source.
    auto logged = [&lines](const QString& part) {
      for (const auto& l : lines)
        if (l.at(0).toString().contains(part)) return true;
      return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(logged(QStringLiteral("loaded tiny-random-llama")), 5000);

    // N steps exactly, then the rest.
    const QString scenario = writeScenario();
    QVERIFY(!scenario.isEmpty());
    HeadlessRun run;
    run.scenario = scenario;
    run.steps = 3;
    QString err;
    QVERIFY2(runHeadless(session, run, &err), qPrintable(err));
    QCOMPARE(session.scenarioName(), QStringLiteral("session test"));
    QCOMPARE(session.settings().sched.max_num_seqs, 4);
    QCOMPARE(session.totalSteps(), int64_t(3));
    QCOMPARE(session.steps().size(), size_t(3));
    QCOMPARE(board.charts()->steps().size(), size_t(3));
    QVERIFY(session.hasUnfinishedWork());

    HeadlessRun rest;
    rest.steps = -1;
    QVERIFY2(runHeadless(session, rest, &err), qPrintable(err));
    QVERIFY(!session.hasUnfinishedWork());
    const auto engineLog = session.controller()->fullLog();  // the engine's own step log
    const std::vector<StepMetrics> firstRun = session.steps();
    QCOMPARE(firstRun.size(), engineLog.size());
    QCOMPARE(session.totalSteps(), int64_t(engineLog.size()));
    for (size_t i = 0; i < firstRun.size(); ++i) QCOMPARE(firstRun[i].step, engineLog[i].step);
    // Closed forms of the workload: 4 x 8 prompt tokens prefilled, 4 x 5 tokens generated.
    const auto snap = session.lastSnapshot();
    QVERIFY(snap);
    QCOMPARE(snap->totals.finished, int64_t(4));
    QCOMPARE(snap->totals.prompt_tokens, int64_t(32));
    QCOMPARE(snap->totals.generated_tokens, int64_t(20));
    const int prefilled = std::accumulate(firstRun.begin(), firstRun.end(), 0, [](int a, const StepMetrics& m) { return a + m.prefill_tokens; });
    QCOMPARE(prefilled, 32);
    for (const auto& r : snap->requests) QCOMPARE(r.n_generated, 5);

    // Export: every file listed exists, the step log has one row per engine step, the manifest parses.
    const QString out = tmp_.filePath(QStringLiteral("export"));
    const QStringList files = board.exportTo(out, &err);
    QVERIFY2(!files.isEmpty(), qPrintable(err));
    for (const QString& f : files) QVERIFY2(QFile::exists(out + QLatin1Char('/') + f), qPrintable(f));
    QString header;
    QCOMPARE(csvRows(out + QStringLiteral("/step_metrics.csv"), &header), int(engineLog.size()));
    QStringList cols;
    for (const auto& c : step_metrics_columns()) cols << QString::fromStdString(c);
    QCOMPARE(header, cols.join(QLatin1Char(',')));
    QFile mf(out + QStringLiteral("/manifest.json"));
    QVERIFY(mf.open(QIODevice::ReadOnly));
    QJsonParseError perr;
    const QJsonObject m = QJsonDocument::fromJson(mf.readAll(), &perr).object();
    QCOMPARE(perr.error, QJsonParseError::NoError);
    QCOMPARE(m.value(QStringLiteral("steps")).toInteger(), qint64(engineLog.size()));
    QCOMPARE(m.value(QStringLiteral("scenario")).toString(), QStringLiteral("session test"));
    QCOMPARE(m.value(QStringLiteral("model")).toString(), tinyPath_);
    QCOMPARE(m.value(QStringLiteral("settings")).toObject().value(QStringLiteral("block_size")).toInt(), 8);
    const QImage kv(out + QStringLiteral("/kv_cache.png"));
    QVERIFY(!kv.isNull());
    QVERIFY(kv.width() >= 1200);

    // Reset keeps the workload: history gone, the same requests queued, and running them again takes
    // the same steps with the same prefill and decode counts.
    QSignalSpy snaps(&session, &WorkbenchSession::snapshotReady);
    session.reset();
    QVERIFY(snaps.wait(10000));
    QVERIFY(session.steps().empty());
    QCOMPARE(session.totalSteps(), int64_t(0));
    QTRY_VERIFY_WITH_TIMEOUT(session.hasUnfinishedWork(), 10000);
    QVERIFY2(runHeadless(session, rest, &err), qPrintable(err));
    QCOMPARE(session.steps().size(), firstRun.size());
    for (size_t i = 0; i < firstRun.size(); ++i) {
      QCOMPARE(session.steps()[i].prefill_tokens, firstRun[i].prefill_tokens);
      QCOMPARE(session.steps()[i].decode_tokens, firstRun[i].decode_tokens);
    }
    QCOMPARE(session.lastSnapshot()->totals.generated_tokens, int64_t(20));
  }

  // `inferscope MODEL --scenario F` loads the scenario while the model still loads: it must wait for
  // the model, then queue its whole workload (4 requests) on it.
  void scenarioDuringModelLoadWaitsForTheModel() {
    WorkbenchSession session;
    EngineConfig cfg;
    cfg.threads = 1;
    session.applySettings(cfg);
    QSignalSpy applied(&session, &WorkbenchSession::scenarioApplied);
    session.openModel(tinyPath_);
    QString err;
    QVERIFY2(session.loadScenario(writeScenario(), &err), qPrintable(err));
    QVERIFY(session.hasPendingScenario());
    QCOMPARE(applied.count(), 0);
    QVERIFY(applied.wait(30000));
    QVERIFY(!session.hasPendingScenario());
    QCOMPARE(session.scenarioName(), QStringLiteral("session test"));
    QTRY_COMPARE_WITH_TIMEOUT(session.lastSnapshot() ? session.lastSnapshot()->totals.submitted : int64_t(-1), int64_t(4), 10000);
    QVERIFY(session.hasUnfinishedWork());
  }

  void fakeSourceDrivesTheViews() {
    WorkbenchSession session;  // no model: only the fake source delivers anything
    ChartsPanel charts;
    BlockMapPanel blockMap;
    RequestsPanel requests;
    bindViews(&session, {&charts, &blockMap, &requests, nullptr, nullptr});
    auto* fake = new FakeSource;
    session.setSource(fake);
    QCOMPARE(session.source(), static_cast<SnapshotSource*>(fake));

    EngineSnapshot a;
    a.engine_rebuilt = true;
    a.new_steps = {stepRow(0, 2, 24, 0, 0.75), stepRow(1, 3, 0, 3, 0.75), stepRow(2, 5, 8, 3, 1.0)};
    auto map = std::make_shared<BlockMapSnapshot>();
    map->block_size = 16;
    for (int i = 0; i < 6; ++i) {
      BlockInfo b;
      b.id = i;
      b.state = i < 4 ? BlockState::Used : BlockState::Free;
      b.ref_count = i < 4 ? 1 : 0;
      if (i < 4) b.owners = {i < 2 ? int64_t(7) : int64_t(9)};
      b.filled = i < 4 ? 16 - i : 0;
      map->blocks.push_back(b);
    }
    map->sequences = {{7, 31, {0, 1}}, {9, 29, {2, 3}}};
    a.block_map = map;
    a.requests = {request(7, RequestState::Running, 24, 2), request(9, RequestState::Waiting, 8, 0)};
    a.total_steps = 3;
    a.has_unfinished = true;
    fake->push(a);

    // Charts: exactly these rows; the KV chart's allocated line is the rows' MiB at their steps.
    QCOMPARE(charts.steps().size(), size_t(3));
    QCOMPARE(charts.steps(), a.new_steps);
    MetricsChart* kv = nullptr;
    MetricsChart* util = nullptr;
    MetricsChart* tokens = nullptr;
    for (MetricsChart* c : charts.charts()) {
      if (c->id() == QLatin1String("kv_cache")) kv = c;
      if (c->id() == QLatin1String("utilization")) util = c;
      if (c->id() == QLatin1String("tokens_per_step")) tokens = c;
    }
    QVERIFY(kv && util && tokens);
    QCOMPARE(kv->history(0), (QList<QPointF>{{0, 2}, {1, 3}, {2, 5}}));
    QCOMPARE(kv->history(1), (QList<QPointF>{{0, 1}, {1, 1.5}, {2, 2.5}}));
    QCOMPARE(util->history(0), (QList<QPointF>{{0, 0.75}, {1, 0.75}, {2, 1.0}}));
    QCOMPARE(tokens->history(0), (QList<QPointF>{{0, 24}, {1, 0}, {2, 8}}));
    QCOMPARE(tokens->history(1), (QList<QPointF>{{0, 0}, {1, 3}, {2, 3}}));
    // The capacity line is the source's, 64 MiB at every step.
    QCOMPARE(charts.capacityBytes(), qint64(64) << 20);
    QCOMPARE(kv->history(2), (QList<QPointF>{{0, 64}, {1, 64}, {2, 64}}));
    // Block map: the very snapshot the source delivered, 6 blocks with these owners.
    QCOMPARE(blockMap.view()->snapshot().get(), map.get());
    QCOMPARE(blockMap.view()->snapshot()->blocks.size(), size_t(6));
    // Requests table: the two requests, in order, with their states and counts.
    RequestsModel* model = requests.model();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->data(model->index(0, RequestsModel::Id), Qt::DisplayRole).toLongLong(), 7LL);
    QCOMPARE(model->data(model->index(1, RequestsModel::Id), Qt::DisplayRole).toLongLong(), 9LL);
    QCOMPARE(model->data(model->index(0, RequestsModel::State), Qt::DisplayRole).toString(), RequestsModel::stateText(RequestState::Running));
    QCOMPARE(model->data(model->index(1, RequestsModel::State), Qt::DisplayRole).toString(), RequestsModel::stateText(RequestState::Waiting));
    QCOMPARE(model->data(model->index(0, RequestsModel::Prompt), Qt::DisplayRole).toInt(), 24);
    // The session follows the source's state, not the (idle) live engine's.
    QCOMPARE(session.totalSteps(), int64_t(3));
    QVERIFY(session.hasUnfinishedWork());
    QCOMPARE(session.steps(), a.new_steps);

    // The next snapshot continues the history; a finished request leaves the running state.
    EngineSnapshot b;
    b.new_steps = {stepRow(3, 4, 0, 2, 0.5)};
    b.block_map = map;
    b.requests = {request(7, RequestState::Finished, 24, 5), request(9, RequestState::Running, 8, 1)};
    b.total_steps = 4;
    fake->push(b);
    QCOMPARE(charts.steps().size(), size_t(4));
    QCOMPARE(kv->history(0).last(), QPointF(3, 4));
    QCOMPARE(model->data(model->index(0, RequestsModel::State), Qt::DisplayRole).toString(), RequestsModel::stateText(RequestState::Finished));
    QCOMPARE(model->data(model->index(0, RequestsModel::Generated), Qt::DisplayRole).toInt(), 5);

    // Back to the live engine (nothing run there): the views drop the fake history.
    session.setSource(nullptr);
    QCOMPARE(session.source(), static_cast<SnapshotSource*>(session.liveSource()));
    QVERIFY(charts.steps().empty());
    QVERIFY(kv->history(0).isEmpty());
    QCOMPARE(charts.capacityBytes(), qint64(0));  // the live engine has no model
    QVERIFY(session.steps().empty());
    QCOMPARE(model->rowCount(), 0);
  }

  // The main window's views take their data from its session's source, not from the engine: a fake
  // source set on the window's session fills the window's charts, block map and Requests dock.
  void windowShowsItsSessionsSource() {
    QTemporaryDir settings;
    MainWindow w(settings.filePath(QStringLiteral("w.ini")));
    w.setInteractive(false);
    w.resize(1280, 720);
    w.show();
    auto* fake = new FakeSource;
    w.session()->setSource(fake);
    EngineSnapshot a;
    a.engine_rebuilt = true;
    a.new_steps = {stepRow(0, 1, 16, 0, 0.5), stepRow(1, 2, 0, 2, 0.5)};
    auto map = std::make_shared<BlockMapSnapshot>();
    map->block_size = 8;
    map->blocks.resize(3);
    for (int i = 0; i < 3; ++i) map->blocks[size_t(i)].id = i;
    a.block_map = map;
    a.requests = {request(4, RequestState::Running, 16, 1)};
    a.total_steps = 2;
    fake->push(a);
    QCOMPARE(w.charts()->steps(), a.new_steps);
    QCOMPARE(w.blockMap()->view()->snapshot().get(), map.get());
    QCOMPARE(w.requests()->model()->rowCount(), 1);
    QCOMPARE(w.requests()->model()->at(0)->id, int64_t(4));
    // The first steps leave the start page for the charts, as a live run's do.
    QVERIFY(!w.startPage()->isVisible());
  }
};

QTEST_MAIN(TstWorkbenchSession)
#include "tst_workbench_session.moc"
