// The workbench end to end under the offscreen platform: a tiny model through the controller, a load
// generator run, charts and block map against the engine, step mode, export, languages, settings,
// a corrupt model file and closing mid-run.
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <fstream>

#include "engine/metrics/metrics_writers.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"
#include "ui/blockmap/block_map_panel.h"
#include "ui/blockmap/block_map_view.h"
#include "ui/charts/charts_panel.h"
#include "ui/charts/metrics_chart.h"
#include "ui/engine/engine_controller.h"
#include "ui/main_window.h"
#include "ui/panels/engine_settings_panel.h"
#include "ui/panels/load_generator_panel.h"
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
      if (r.state != "finished") return false;
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
    const QSize chartSize = kv->size();
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
    QCOMPARE(QString::fromUtf8(chartCsv.readLine()).trimmed(), QStringLiteral("step,kv_mib_allocated,kv_mib_logical,kv_mib_capacity"));
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
    w->setLanguage(QStringLiteral("zh_CN"));
    QTRY_COMPARE_WITH_TIMEOUT(w->tabs()->tabText(0), QStringLiteral("图表"), 2000);
    QCOMPARE(w->charts()->chart("kv_cache")->title(), QStringLiteral("KV 缓存增长"));
    w->setLanguage(QStringLiteral("en"));
    QTRY_COMPARE_WITH_TIMEOUT(w->tabs()->tabText(0), QStringLiteral("Charts"), 2000);
    QCOMPARE(w->runAction()->text(), runText);
  }

  void settingsRoundTrip() {
    const QString path = tmp_.filePath(QStringLiteral("roundtrip.ini"));
    EngineConfig cfg;
    cfg.kv_dtype = kernels::KvDtype::INT8;
    cfg.block_size = 32;
    cfg.kv_budget_bytes = size_t(12) << 20;
    cfg.prefix_caching = false;
    cfg.attention = kernels::AttentionImpl::Naive;
    cfg.sched.batching = BatchingMode::Static;
    cfg.sched.max_num_seqs = 7;
    cfg.sched.max_num_batched_tokens = 333;
    cfg.sched.chunked_prefill = false;
    cfg.threads = 2;
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

    // The window persists its language and restores it on the next start.
    {
      MainWindow w(tmp_.filePath(QStringLiteral("window.ini")));
      w.setInteractive(false);
      w.setLanguage(QStringLiteral("zh_CN"));
      w.saveSettings();
      w.setLanguage(QStringLiteral("en"));
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
    QElapsedTimer t;
    t.start();
    w->close();
    w.reset();
    QVERIFY2(t.elapsed() < 1000, qPrintable(QString::number(t.elapsed())));
  }
};

QTEST_MAIN(TstWorkbench)
#include "tst_workbench.moc"
