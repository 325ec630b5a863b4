// The workbench end to end under the offscreen platform: a tiny model through the controller, a load
// generator run, charts and block map against the engine, step mode, export, languages, settings,
// a corrupt model file and closing mid-run.
#include <QComboBox>
#include <QImage>
#include <QProgressBar>
#include <QPushButton>
#include <QWidgetAction>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QToolBar>
#include <QTemporaryDir>
#include <QLabel>
#include <QStatusBar>
#include <QtTest/QtTest>
#include <fstream>

#include "engine/metrics/metrics_writers.h"
#include "engine/spec/spec_config.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"
#include "ui/blockmap/block_map_panel.h"
#include "ui/blockmap/block_map_view.h"
#include "ui/charts/charts_panel.h"
#include "ui/charts/metrics_chart.h"
#include "ui/export/chart_export.h"
#include "ui/compare/compare_panel.h"
#include "engine/workload/variant_run.h"
#include "ui/engine/engine_controller.h"
#include "ui/main_window.h"
#include "ui/panels/engine_settings_panel.h"
#include "ui/panels/load_generator_panel.h"
#include "ui/panels/playground_panel.h"
#include "ui/session/workbench_session.h"
#include "ui/panels/requests_model.h"
#include "ui/panels/requests_panel.h"

using namespace inferscope;
using namespace inferscope::ui;

class TstWorkbench : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir tmp_;
  QString tinyPath_;

  // A window on a fresh settings file with the tiny model loaded and a 1 MiB KV budget.
  std::unique_ptr<MainWindow> makeWindow(const QString& name) {
    auto w = std::make_unique<MainWindow>(tmp_.filePath(name + ".ini"));
    w->setInteractive(false);
    w->resize(1200, 800);
    w->show();
    EngineConfig cfg;
    cfg.kv_budget_bytes = size_t(1) << 20;
    cfg.block_size = 8;
    cfg.sched.max_num_seqs = 4;
    cfg.sched.max_num_batched_tokens = 64;
    cfg.threads = 1;
    w->settingsPanel()->setConfig(cfg);
    w->controller()->applyConfig(cfg);
    QSignalSpy loaded(w->controller(), &EngineController::loadFinished);
    w->openModel(tinyPath_);
    if (!loaded.wait(30000) || !loaded.first().at(0).toBool()) return nullptr;
    return w;
  }

  static WorkloadSpec smallLoad() {
    WorkloadSpec s;
    s.requests = 6;
    s.prompt_min = 8;
    s.prompt_max = 24;
    s.gen_min = 4;
    s.gen_max = 10;
    s.seed = 7;
    return s;
  }

  static bool allFinished(const EngineController& c, size_t n) {
    auto s = c.lastSnapshot();
    if (!s || s->requests.size() != n || s->has_unfinished) return false;
    for (const auto& r : s->requests)
      if (r.state != RequestState::Finished) return false;
    return true;
  }

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    test::TinyModelSpec spec;
    spec.context = 256;
    tinyPath_ = QString::fromStdString(test::write_tiny_model(spec, "ui_tiny"));
  }

  void runLoadChartsBlockMapAndExport() {
    auto w = makeWindow(QStringLiteral("run"));
    QVERIFY(w);
    EngineController* c = w->controller();
    c->startLoad(smallLoad());
    c->run();
    QTRY_VERIFY_WITH_TIMEOUT(allFinished(*c, 6), 60000);
    c->pause();
    QTRY_VERIFY_WITH_TIMEOUT(!c->isRunning(), 5000);

    // Charts received one point per engine step, and the screen shows them.
    const auto log = c->fullLog();
    QVERIFY(!log.empty());
    QCOMPARE(w->charts()->steps().size(), log.size());
    QCOMPARE(w->charts()->steps(), log);
    w->charts()->refreshNow();
    MetricsChart* kv = w->charts()->chart(QStringLiteral("kv_cache"));
    QVERIFY(kv);
    QCOMPARE(kv->pointCount(0), qsizetype(log.size()));
    QVERIFY(kv->shownPointCount(0) > 0);
    QCOMPARE(w->charts()->chart(QStringLiteral("latency"))->pointCount(0), qsizetype(6));
    QCOMPARE(w->requests()->model()->rowCount(), 6);

    // The block map widget shows exactly the engine's current block map, block for block.
    const BlockMapSnapshot engineMap = c->currentBlockMap();
    auto shown = w->blockMap()->view()->snapshot();
    QVERIFY(shown);
    QCOMPARE(shown->block_size, engineMap.block_size);
    QCOMPARE(shown->blocks.size(), engineMap.blocks.size());
    QVERIFY(engineMap.blocks.size() > 10);
    for (size_t i = 0; i < engineMap.blocks.size(); ++i) {
      const auto& a = shown->blocks[i];
      const auto& b = engineMap.blocks[i];
      QCOMPARE(a.id, b.id);
      QCOMPARE(int(a.state), int(b.state));
      QCOMPARE(a.ref_count, b.ref_count);
      QCOMPARE(a.owners, b.owners);
      QCOMPARE(a.filled, b.filled);
    }
    QCOMPARE(shown->sequences.size(), engineMap.sequences.size());

    // Export: PNG 1x / 2x with the right pixel sizes, an SVG that parses, CSV with the documented columns.
    w->tabs()->setCurrentIndex(0);
    QTest::qWait(50);
    const QString dir = tmp_.filePath(QStringLiteral("export"));
    QString err;
    const QStringList files = w->exportAllTo(dir, &err);
    QVERIFY2(!files.isEmpty(), qPrintable(err));
    const QSize chartSize = exportSizeFor(kv);  // at least 1200 px wide (ui/export/chart_export.h)
    QVERIFY(chartSize.width() >= 1200);
    QImage png1(dir + "/kv_cache.png"), png2(dir + "/kv_cache@2x.png");
    QCOMPARE(png1.size(), chartSize);
    QCOMPARE(png2.size(), chartSize * 2);
    QSvgRenderer svg(dir + "/kv_cache.svg");
    QVERIFY(svg.isValid());
    QVERIFY(QFile::exists(dir + "/block_map.png"));
    QFile csv(dir + "/step_metrics.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString header = QString::fromUtf8(csv.readLine()).trimmed();
    QStringList cols;
    for (const auto& col : step_metrics_columns()) cols << QString::fromStdString(col);
    QCOMPARE(header, cols.join(QLatin1Char(',')));
    int rows = 0;
    while (!csv.atEnd()) rows += !csv.readLine().trimmed().isEmpty();
    QCOMPARE(size_t(rows), log.size());
    QFile chartCsv(dir + "/kv_cache.csv");
    QVERIFY(chartCsv.open(QIODevice::ReadOnly | QIODevice::Text));
    QCOMPARE(QString::fromUtf8(chartCsv.readLine()).trimmed(), QStringLiteral("step,kv_mib_allocated,kv_mib_logical,kv_mib_capacity,kv_mib_contiguous_reserved"));
    // A contiguous max-length reservation per running sequence holds at least the tokens stored.
    for (const StepMetrics& st : log) {
      QVERIFY(st.kv_bytes_contiguous_reserved >= st.kv_bytes_logical);
      QCOMPARE(st.kv_bytes_contiguous_reserved > 0, st.running > 0);
    }
    QFile manifest(dir + "/manifest.json");
    QVERIFY(manifest.open(QIODevice::ReadOnly));
    const QByteArray manifestBytes = manifest.readAll();
    QJsonParseError perr;
    const QJsonObject m = QJsonDocument::fromJson(manifestBytes, &perr).object();
    QVERIFY2(perr.error == QJsonParseError::NoError, manifestBytes.constData());
    QCOMPARE(m.value("model").toString(), tinyPath_);
    QVERIFY(m.value("settings").toObject().contains("block_size"));
    QVERIFY(!m.value("time").toString().isEmpty());

    // Selecting a request highlights its sequences' blocks.
    w->requests()->selectRequest(0);
    QVERIFY(!w->blockMap()->view()->highlightedSequences().empty() || c->lastSnapshot()->requests[0].seq_ids.empty());
  }

  // A workload the engine refuses says why on the Load generator tab (and the status bar), not only in
  // the log; the next Start clears it.
  void loadGeneratorShowsTheRefusal() {
    auto w = makeWindow(QStringLiteral("refusal"));
    QVERIFY(w);
    WorkloadSpec s = smallLoad();
    s.prompt_min = 8;
    s.prompt_max = 16;
    s.shared_prefix = 8;  // not shorter than the shortest prompt
    w->loadGenerator()->setSpec(s);
    QSignalSpy refused(w->controller(), &EngineController::loadRefused);
    auto* start = w->loadGenerator()->findChild<QPushButton*>(QStringLiteral("load_start"));
    QVERIFY(start);
    start->click();
    QVERIFY(refused.wait(10000));
    QTest::qWait(20);
    auto* label = w->loadGenerator()->findChild<QLabel*>(QStringLiteral("load_refusal"));
    QVERIFY(label && !label->isHidden());
    QCOMPARE(label->text(), QStringLiteral("Not started: The shared prefix must be shorter than the shortest prompt."));
    QCOMPARE(w->statusBar()->currentMessage(), label->text());
    s.shared_prefix = 0;
    w->loadGenerator()->setSpec(s);
    start->click();
    QVERIFY(label->isHidden());
    QVERIFY(!refused.wait(500));
  }

  // A live run's steps are unsaved until a recording holds them (closing then asks); saving clears it.
  void unsavedRecordingIsTrackedUntilSaved() {
    auto w = makeWindow(QStringLiteral("unsaved"));
    QVERIFY(w);
    QVERIFY(!w->hasUnsavedRecording());
    EngineController* c = w->controller();
    c->startLoad(smallLoad());
    c->run();
    QTRY_VERIFY_WITH_TIMEOUT(allFinished(*c, 6), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(w->hasUnsavedRecording(), 5000);
    QSignalSpy saved(w->session(), &WorkbenchSession::recordingSaved);
    w->session()->saveRecording(tmp_.filePath(QStringLiteral("unsaved.isrec")));
    QVERIFY(saved.wait(30000));
    QVERIFY(saved.first().at(0).toBool());
    QVERIFY(!w->hasUnsavedRecording());

    // Opened again, the recording shows the settings it ran with, read-only; the dock's own come back
    // with the live run.
    EngineConfig mine = w->settingsPanel()->config();
    mine.block_size = 32;  // changed here, not applied
    w->settingsPanel()->setConfig(mine);
    QVERIFY(w->openRecording(tmp_.filePath(QStringLiteral("unsaved.isrec"))));
    QVERIFY(!w->settingsPanel()->isEnabled());
    QCOMPARE(w->settingsPanel()->config().block_size, 8);  // makeWindow's engine
    QVERIFY(w->settingsPanel()->pendingChanges().isEmpty());
    w->session()->setSource(nullptr);  // back to the live engine
    QVERIFY(w->settingsPanel()->isEnabled());
    QCOMPARE(w->settingsPanel()->config().block_size, 32);
  }

  // Run/Pause follows the engine: Run before, Pause while requests run, "Run again" once every request
  // of the workload has ended (the engine then only waits), which runs the same workload from its start.
  void runAgainOnceEveryRequestHasEnded() {
    auto w = makeWindow(QStringLiteral("again"));
    QVERIFY(w);
    QAction* run = w->findChild<QAction*>(QStringLiteral("action_run"));
    QVERIFY(run);
    EngineController* c = w->controller();
    c->setStepsPerSecond(20);  // slow enough to see it running
    w->session()->startWorkload(smallLoad());  // as the Load generator's Start does
    QTRY_COMPARE_WITH_TIMEOUT(run->text(), QStringLiteral("Run"), 5000);
    run->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(run->text(), QStringLiteral("Pause"), 5000);
    c->setStepsPerSecond(0);
    QTRY_VERIFY_WITH_TIMEOUT(allFinished(*c, 6), 60000);
    QTRY_COMPARE_WITH_TIMEOUT(run->text(), QStringLiteral("Run again"), 5000);
    const size_t steps = c->fullLog().size();
    QVERIFY(steps > 0);
    c->setStepsPerSecond(20);
    run->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(c->fullLog().size() < steps, 10000);  // started over
    QTRY_COMPARE_WITH_TIMEOUT(run->text(), QStringLiteral("Pause"), 5000);
    c->setStepsPerSecond(0);
    QTRY_VERIFY_WITH_TIMEOUT(allFinished(*c, 6), 60000);
    QCOMPARE(c->fullLog().size(), steps);  // the same workload, the same schedule
    QTRY_COMPARE_WITH_TIMEOUT(run->text(), QStringLiteral("Run again"), 5000);
  }

  void stepAdvancesExactlyOneStep() {
    auto w = makeWindow(QStringLiteral("step"));
    QVERIFY(w);
    EngineController* c = w->controller();
    c->startLoad(smallLoad());
    QTRY_VERIFY_WITH_TIMEOUT(c->lastSnapshot() && c->lastSnapshot()->requests.size() == 6, 10000);
    for (int i = 1; i <= 3; ++i) {
      w->stepAction()->trigger();  // the toolbar's Step (N)
      QTRY_COMPARE_WITH_TIMEOUT(c->totalSteps(), int64_t(i), 10000);
      QTest::qWait(100);
      QCOMPARE(c->totalSteps(), int64_t(i));
      QCOMPARE(c->fullLog().size(), size_t(i));
      QCOMPARE(w->charts()->steps().size(), size_t(i));
    }
  }

  void languageSwitchChangesTexts() {
    auto w = makeWindow(QStringLiteral("lang"));
    QVERIFY(w);
    QCOMPARE(w->tabs()->tabText(0), QStringLiteral("Charts"));
    const QString runText = w->runAction()->text();
    w->setLanguage(QStringLiteral("zh_TW"));
    QCOMPARE(w->language(), QStringLiteral("zh_TW"));
    QTRY_COMPARE_WITH_TIMEOUT(w->tabs()->tabText(0), QStringLiteral("圖表"), 2000);
    QVERIFY(w->runAction()->text() != runText);
    QCOMPARE(w->charts()->chart("kv_cache")->title(), QStringLiteral("KV 快取成長"));
    QCOMPARE(w->charts()->chart("speculative")->title(), QStringLiteral("推測解碼"));
    w->setLanguage(QStringLiteral("zh_CN"));
    QTRY_COMPARE_WITH_TIMEOUT(w->tabs()->tabText(0), QStringLiteral("图表"), 2000);
    QCOMPARE(w->charts()->chart("kv_cache")->title(), QStringLiteral("KV 缓存增长"));
    QCOMPARE(w->charts()->chart("speculative")->title(), QStringLiteral("推测解码"));
    w->setLanguage(QStringLiteral("en"));
    QTRY_COMPARE_WITH_TIMEOUT(w->tabs()->tabText(0), QStringLiteral("Charts"), 2000);
    QCOMPARE(w->runAction()->text(), runText);
  }

  void settingsRoundTrip() {
    const QString path = tmp_.filePath(QStringLiteral("roundtrip.ini"));
    EngineConfig cfg;
    cfg.kv_dtype = KvDtype::INT8;
    cfg.block_size = 32;
    cfg.kv_budget_bytes = size_t(12) << 20;
    cfg.prefix_caching = false;
    cfg.attention = AttentionImpl::Naive;
    cfg.sched.batching = BatchingMode::Static;
    cfg.sched.max_num_seqs = 7;
    cfg.sched.max_num_batched_tokens = 333;
    cfg.sched.chunked_prefill = false;
    cfg.threads = 2;
    cfg.spec = spec::parse_spec("self:q4_0");
    cfg.spec.k = 6;
    {
      EngineSettingsPanel a;
      a.setConfig(cfg);
      QSettings s(path, QSettings::IniFormat);
      a.save(s);
    }
    EngineSettingsPanel b;
    QSettings s(path, QSettings::IniFormat);
    b.load(s);
    const EngineConfig got = b.config();
    QCOMPARE(int(got.kv_dtype), int(cfg.kv_dtype));
    QCOMPARE(got.block_size, cfg.block_size);
    QCOMPARE(got.kv_budget_bytes, cfg.kv_budget_bytes);
    QCOMPARE(got.prefix_caching, cfg.prefix_caching);
    QCOMPARE(int(got.attention), int(cfg.attention));
    QCOMPARE(int(got.sched.batching), int(cfg.sched.batching));
    QCOMPARE(got.sched.max_num_seqs, cfg.sched.max_num_seqs);
    QCOMPARE(got.sched.max_num_batched_tokens, cfg.sched.max_num_batched_tokens);
    QCOMPARE(got.sched.chunked_prefill, cfg.sched.chunked_prefill);
    QCOMPARE(got.threads, cfg.threads);
    QCOMPARE(spec::to_string(got.spec), std::string("self:q4_0"));
    QCOMPARE(got.spec.k, 6);
    // A drafter the engine cannot parse keeps Apply disabled, with the parser's reason shown.
    b.findChild<QComboBox*>(QStringLiteral("spec_method"))->setCurrentText(QStringLiteral("medusa"));
    QVERIFY(!b.findChild<QPushButton*>(QStringLiteral("apply_settings"))->isEnabled());
    b.findChild<QComboBox*>(QStringLiteral("spec_method"))->setCurrentText(QStringLiteral("ngram:2"));
    QVERIFY(b.findChild<QPushButton*>(QStringLiteral("apply_settings"))->isEnabled());
    QCOMPARE(b.config().spec.ngram_n, 2);

    // The window persists its language as soon as it changes (no clean close needed) and restores it on
    // the next start.
    {
      MainWindow w(tmp_.filePath(QStringLiteral("window.ini")));
      w.setInteractive(false);
      w.setLanguage(QStringLiteral("zh_CN"));
    }
    MainWindow w2(tmp_.filePath(QStringLiteral("window.ini")));
    QCOMPARE(w2.language(), QStringLiteral("zh_CN"));
    w2.setLanguage(QStringLiteral("en"));
  }

  void corruptFileKeepsPreviousModel() {
    auto w = makeWindow(QStringLiteral("corrupt"));
    QVERIFY(w);
    EngineController* c = w->controller();
    const QString bad = tmp_.filePath(QStringLiteral("corrupt.gguf"));
    {
      std::ofstream f(bad.toStdString(), std::ios::binary);
      f << "GGUF\x03\x00\x00\x00 this is not a model";
    }
    QSignalSpy loaded(c, &EngineController::loadFinished);
    w->openModel(bad);
    QVERIFY(loaded.wait(10000));
    QCOMPARE(loaded.first().at(0).toBool(), false);
    QVERIFY(!w->lastError().isEmpty());
    QVERIFY(c->hasModel());
    QCOMPARE(QString::fromStdString(c->modelCard()->path), tinyPath_);
    // The previous engine still works.
    c->startLoad(smallLoad());
    c->stepOnce();
    QTRY_COMPARE_WITH_TIMEOUT(c->totalSteps(), int64_t(1), 10000);
  }

  void compareRunsEveryVariantForReal() {
    auto w = makeWindow(QStringLiteral("compare"));
    QVERIFY(w);
    EngineController* c = w->controller();
    const QString path = tmp_.filePath(QStringLiteral("cmp.json"));
    {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(R"({"name": "cmp", "engine": {"batching": "continuous", "max_seqs": 4, "max_batched_tokens": 64,
        "block_size": 8, "kv_budget_mib": 1, "prefix_cache": false, "threads": 1},
        "workload": {"requests": 10, "arrival": "all-at-once", "prompt_len": [8, 16], "gen_len": [2, 24], "seed": 9},
        "compare": [{"name": "static", "engine": {"batching": "static"}}, {"name": "block 16", "engine": {"block_size": 16}}]})");
    }
    QSignalSpy done(c, &EngineController::compareFinished);
    QString err;
    QVERIFY2(w->loadScenario(path, &err), qPrintable(err));
    // No dead air: the live run starts at once and the comparison waits for it to finish.
    QVERIFY(!c->isComparing());
    QVERIFY(done.wait(60000));
    QVERIFY(c->totalSteps() > 0);
    QVERIFY(!c->hasUnfinishedWork());
    const auto r = done.first().at(0).value<CompareResultPtr>();
    QVERIFY(r && !r->cancelled);
    QCOMPARE(r->variants.size(), size_t(3));
    QCOMPARE(QString::fromStdString(r->variants[0].name), QStringLiteral("batching: continuous, block_size: 8"));
    QCOMPARE(int(r->variants[1].config.sched.batching), int(BatchingMode::Static));
    QCOMPARE(r->variants[2].config.block_size, 16);

    // Each variant's log is what an engine built by hand with its settings produces on the same workload.
    auto model = load_model(tinyPath_.toStdString());
    const WorkloadSpec spec = w->loadGenerator()->spec();
    for (const auto& v : r->variants) {
      QVERIFY2(v.error.empty(), v.error.c_str());
      LLMEngine e(model, v.config);
      WorkloadDriver d(e, make_workload(spec, *model));
      d.submit_due(0);
      while (e.step().ran) {}
      const auto log = e.metrics().full_log();
      QCOMPARE(v.steps.size(), log.size());
      int64_t gen = 0;
      for (const auto& info : e.all_requests()) gen += info.n_generated;
      QCOMPARE(v.generated_tokens, gen);
      for (size_t i = 0; i < log.size(); ++i) {
        QCOMPARE(v.steps[i].running, log[i].running);
        QCOMPARE(v.steps[i].prefill_tokens, log[i].prefill_tokens);
        QCOMPARE(v.steps[i].kv_blocks_used, log[i].kv_blocks_used);
      }
    }
    // Static batching waits for the longest request of each batch: more steps, lower mean slot use.
    QVERIFY(r->variants[1].steps.size() > r->variants[0].steps.size());

    // The overlay chart: one slot and one token series per variant, one point per step of that variant.
    MetricsChart* util = w->compare()->utilizationChart();
    QCOMPARE(util->seriesCount(), 6);
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(util->pointCount(2 * i), qsizetype(r->variants[size_t(i)].steps.size()));
      QCOMPARE(util->history(2 * i).last().y(), r->variants[size_t(i)].steps.back().slot_utilization);
    }
    QCOMPARE(w->compare()->throughputChart()->seriesCount(), 3);
  }

  void playgroundMarksPromptAndOutputTokens() {
    auto w = makeWindow(QStringLiteral("playground"));
    QVERIFY(w);
    EngineController* c = w->controller();
    PlaygroundPanel* pg = w->playground();
    // Raw prompt of > 2 blocks (block size 8): the second identical request reuses its full blocks.
    pg->setPrompt(QStringLiteral("the quick brown fox jumps over the lazy dog and then the cat runs after it all day long"));
    auto sendAndFinish = [&]() -> RequestInfo {
      pg->send();
      if (!QTest::qWaitFor([&] { return pg->currentRequest() >= 0; }, 10000)) return {};
      const int64_t id = pg->currentRequest();
      c->run();
      RequestInfo info;
      const bool finished = QTest::qWaitFor([&] {
        auto s = c->lastSnapshot();
        if (!s) return false;
        for (const auto& r : s->requests)
          if (r.id == id && r.state == RequestState::Finished) return (info = r), true;
        return false;
      }, 30000);
      if (!finished) qWarning("playground request %lld did not finish in 30 s", static_cast<long long>(id));
      c->pause();
      QTest::qWait(100);
      return info;
    };
    // Raw mode: index 1 of the mode box.
    pg->findChild<QComboBox*>()->setCurrentIndex(1);
    const RequestInfo first = sendAndFinish();
    QVERIFY(first.state == RequestState::Finished);
    QCOMPARE(first.n_prefix_hit, 0);
    QCOMPARE(pg->shownTokenCount(TokenOrigin::PrefixHit), 0);
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Prompt), first.n_prompt);
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Decoded), first.n_generated);

    const RequestInfo second = sendAndFinish();
    QVERIFY(second.state == RequestState::Finished);
    QVERIFY2(second.n_prefix_hit >= 8, qPrintable(QString::number(second.n_prefix_hit)));
    QCOMPARE(pg->shownTokenCount(TokenOrigin::PrefixHit), second.n_prefix_hit);
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Prompt), second.n_prompt - second.n_prefix_hit);
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Decoded), second.n_generated);
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Accepted), 0);  // speculation is off
    QCOMPARE(pg->outputText(), QString::fromStdString(second.texts.at(0)));
    QVERIFY(pg->transcriptText().startsWith(QStringLiteral("the quick brown fox")));
  }

  // The timeline's step reaches the Playground: its transcript shows the output generated by that step
  // (as the source's state then counts it), and following the stream shows all of it again.
  void playgroundFollowsTheTimelineStep() {
    auto w = makeWindow(QStringLiteral("playground_step"));
    QVERIFY(w);
    EngineController* c = w->controller();
    WorkbenchSession* session = w->session();
    PlaygroundPanel* pg = w->playground();
    pg->findChild<QComboBox*>()->setCurrentIndex(1);  // raw prompt
    pg->setPrompt(QStringLiteral("once upon a time there was a little fox"));
    c->setStepsPerSecond(20);  // slower than the publish rate: about one snapshot per step
    pg->send();
    QVERIFY(QTest::qWaitFor([&] { return pg->currentRequest() >= 0; }, 10000));
    const int64_t id = pg->currentRequest();
    c->run();
    RequestInfo done;
    QVERIFY(QTest::qWaitFor([&] {
      auto s = c->lastSnapshot();
      if (s)
        for (const auto& r : s->requests)
          if (r.id == id && r.state == RequestState::Finished) return (done = r), true;
      return false;
    }, 60000));
    c->pause();
    QTest::qWait(100);
    QVERIFY(done.n_generated > 2);
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Decoded), done.n_generated);
    // A step in the middle of the generation: the state then had k of the tokens.
    int64_t mid = -1;
    int k = 0;
    for (int64_t i = 0; i < int64_t(session->steps().size()) && mid < 0; ++i) {
      const EngineSnapshotPtr s = session->source()->stateAt(i);
      if (!s) continue;
      for (const auto& r : s->requests)
        if (r.id == id && !r.token_ids.empty() && !r.token_ids[0].empty() && int(r.token_ids[0].size()) < done.n_generated) {
          mid = i;
          k = int(r.token_ids[0].size());
        }
    }
    QVERIFY2(mid >= 0, "no step of the history shows the request half generated");
    session->showStep(mid);
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Decoded), k);
    QVERIFY(k < done.n_generated);
    QVERIFY(pg->transcriptText().startsWith(QStringLiteral("once upon")));
    session->showLatest();
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Decoded), done.n_generated);
    QCOMPARE(pg->outputText(), QString::fromStdString(done.texts.at(0)));
  }

  // A load-generator request selected in the Requests table mid-generation shows in the Playground: its
  // prompt, the tokens it had, then the rest as they stream; nothing twice, nothing missing.
  void playgroundShowsARequestSelectedInTheTable() {
    auto w = makeWindow(QStringLiteral("playground_select"));
    QVERIFY(w);
    EngineController* c = w->controller();
    PlaygroundPanel* pg = w->playground();
    WorkloadSpec load = smallLoad();
    load.gen_min = 24;
    load.gen_max = 32;
    c->startLoad(load);
    int64_t id = -1;
    int before = 0;
    for (int i = 0; i < 200 && id < 0; ++i) {
      QSignalSpy stepped(c, &EngineController::snapshotReady);
      c->stepOnce();
      QVERIFY(stepped.wait(10000));
      for (const auto& r : c->lastSnapshot()->requests)
        if (r.state == RequestState::Running && r.n_generated >= 3) {
          id = r.id;
          before = r.n_generated;
          break;
        }
    }
    QVERIFY2(id >= 0, "no request was half generated");
    // Selected while the engine runs faster than it publishes: steps are pending when it is asked.
    c->setStepsPerSecond(200);
    c->run();
    QTest::qWait(15);
    w->requests()->selectRequest(id);
    QCOMPARE(pg->currentRequest(), id);
    QTRY_VERIFY_WITH_TIMEOUT(pg->shownTokenCount(TokenOrigin::Decoded) >= before, 10000);
    RequestInfo done;
    QVERIFY(QTest::qWaitFor([&] {
      for (const auto& r : c->lastSnapshot()->requests)
        if (r.id == id && r.state == RequestState::Finished) return (done = r), true;
      return false;
    }, 60000));
    c->pause();
    QTest::qWait(100);
    QVERIFY(done.n_generated > before);
    QCOMPARE(pg->outputText(), QString::fromStdString(done.texts.at(0)));
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Decoded) + pg->shownTokenCount(TokenOrigin::Accepted), done.n_generated);
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Prompt) + pg->shownTokenCount(TokenOrigin::PrefixHit), done.n_prompt);
    // Selecting it again changes nothing.
    w->requests()->selectRequest(id);
    QCOMPARE(pg->outputText(), QString::fromStdString(done.texts.at(0)));
  }

  void loadShowsProgressAndCancelKeepsModel() {
    auto w = makeWindow(QStringLiteral("loadcancel"));
    QVERIFY(w);
    EngineController* c = w->controller();
    // A second, different model: a completed load reports progress up to 1 and swaps the card.
    test::TinyModelSpec spec;
    spec.context = 128;
    spec.n_layers = 3;
    const QString other = QString::fromStdString(test::write_tiny_model(spec, "ui_tiny_other"));
    QSignalSpy progress(c, &EngineController::loadProgress);
    QSignalSpy loaded(c, &EngineController::loadFinished);
    w->openModel(other);
    QVERIFY(c->isLoading());
    QVERIFY(w->findChild<QProgressBar*>(QStringLiteral("load_progress"))->isVisibleTo(w.get()));
    QVERIFY(loaded.wait(10000));
    QVERIFY(loaded.first().at(0).toBool());
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(1).toDouble(), 1.0);
    QCOMPARE(c->modelCard()->n_layers, 3);
    QVERIFY(!w->findChild<QProgressBar*>(QStringLiteral("load_progress"))->isVisibleTo(w.get()));

    // Cancel (the toolbar's Esc action) before the load reports: no load result, the model stays.
    QSignalSpy cancelled(c, &EngineController::loadCancelled);
    loaded.clear();
    w->openModel(tinyPath_);
    w->findChild<QAction*>(QStringLiteral("action_cancel_load"))->trigger();
    QCOMPARE(cancelled.size(), 1);
    QVERIFY(!c->isLoading());
    QTest::qWait(500);
    QCOMPARE(loaded.size(), 0);
    QCOMPARE(c->modelCard()->n_layers, 3);
    QCOMPARE(QString::fromStdString(c->modelCard()->path), other);
    c->startLoad(smallLoad());
    c->stepOnce();
    QTRY_COMPARE_WITH_TIMEOUT(c->totalSteps(), int64_t(1), 10000);
  }

  void toolbarActionsHaveIconsAndShortcuts() {
    auto w = makeWindow(QStringLiteral("toolbar"));
    QVERIFY(w);
    const auto actions = w->runToolBar()->actions();
    int checked = 0;
    for (QAction* a : actions) {
      if (a->isSeparator() || qobject_cast<QWidgetAction*>(a)) continue;
      QVERIFY2(!a->icon().isNull() && !a->icon().pixmap(24).isNull(), qPrintable(a->text()));
      QVERIFY2(!a->shortcut().isEmpty(), qPrintable(a->text()));
      ++checked;
    }
    QVERIFY(checked >= 7);
    // The speed box is on the toolbar too: ] and [ move it (full speed is the fastest end).
    const int before = w->speedIndex();
    QCOMPARE(before, 0);
    w->findChild<QAction*>(QStringLiteral("action_slower"))->trigger();
    QCOMPARE(w->speedIndex(), 5);  // 20 steps/s
    w->findChild<QAction*>(QStringLiteral("action_slower"))->trigger();
    QCOMPARE(w->speedIndex(), 4);
    w->findChild<QAction*>(QStringLiteral("action_faster"))->trigger();
    w->findChild<QAction*>(QStringLiteral("action_faster"))->trigger();
    QCOMPARE(w->speedIndex(), 0);
    w->findChild<QAction*>(QStringLiteral("action_faster"))->trigger();
    QCOMPARE(w->speedIndex(), 0);
  }

  // With n-gram speculation on, accepted drafts are coloured as such in the playground, and the
  // speculative chart's per-step points add up to the request's accepted count.
  void playgroundColoursAcceptedDrafts() {
    auto w = makeWindow(QStringLiteral("spec"));
    QVERIFY(w);
    EngineController* c = w->controller();
    EngineConfig cfg = c->config();
    cfg.spec = spec::parse_spec("ngram:3");
    cfg.spec.k = 4;
    QSignalSpy applied(c, &EngineController::configApplied);
    c->applyConfig(cfg);
    QTRY_VERIFY_WITH_TIMEOUT(applied.count() > 0, 10000);
    QVERIFY(applied.takeFirst().at(0).toBool());
    PlaygroundPanel* pg = w->playground();
    pg->setPrompt(QStringLiteral("a b c d a b c d a b c d a b c d a b c d a b c d"));
    pg->findChild<QComboBox*>()->setCurrentIndex(1);
    pg->send();
    QTRY_VERIFY_WITH_TIMEOUT(pg->currentRequest() >= 0, 10000);
    const int64_t id = pg->currentRequest();
    c->run();
    RequestInfo info;
    QTRY_VERIFY_WITH_TIMEOUT(([&] {
      auto s = c->lastSnapshot();
      if (!s) return false;
      for (const auto& r : s->requests)
        if (r.id == id && r.state == RequestState::Finished) return (info = r), true;
      return false;
    }()), 30000);
    c->pause();
    QTest::qWait(100);
    QVERIFY(info.spec_drafted > 0);
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Accepted), int(info.spec_accepted));
    QCOMPARE(pg->shownTokenCount(TokenOrigin::Decoded), int(info.n_generated - info.spec_accepted));
    MetricsChart* chart = w->charts()->chart(QStringLiteral("speculative"));
    QVERIFY(chart);
    double accepted = 0, drafted = 0;
    for (const QPointF& p : chart->history(1)) accepted += p.y();
    for (const QPointF& p : chart->history(0)) drafted += p.y();
    QCOMPARE(int64_t(accepted), info.spec_accepted);
    QCOMPARE(int64_t(drafted), info.spec_drafted);
    MetricsChart* rate = w->charts()->chart(QStringLiteral("spec_acceptance"));
    QVERIFY(rate && rate->pointCount(0) > 0);
    QCOMPARE(rate->history(0).back().y(), double(info.spec_accepted) / double(info.spec_drafted));
  }

  void closeMidRunStopsQuickly() {
    auto w = makeWindow(QStringLiteral("close"));
    QVERIFY(w);
    WorkloadSpec big = smallLoad();
    big.requests = 64;
    big.gen_min = 100;
    big.gen_max = 200;
    w->controller()->startLoad(big);
    w->controller()->run();
    QTRY_VERIFY_WITH_TIMEOUT(w->controller()->totalSteps() > 3, 20000);
    QVERIFY(w->controller()->isRunning());
    // The engine stops at the next step boundary, not after the remaining thousands of steps: at most the
    // step in flight when the window closed runs (counted, not timed, so a loaded machine cannot fail it).
    EngineController* c = w->controller();
    w->close();
    QVERIFY2(c->stepsAfterStop() >= 0 && c->stepsAfterStop() <= 1, qPrintable(QString::number(c->stepsAfterStop())));
    w.reset();
  }
};

QTEST_MAIN(TstWorkbench)
#include "tst_workbench.moc"
