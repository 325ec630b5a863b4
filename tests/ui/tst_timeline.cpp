// The timeline over a recording, through the GUI's own path (MainWindow::openRecording): a run of the
// tiny model recorded step by step while the live block maps, request tables and charts were kept, then
// opened without an engine. Jumping to a step shows that step's block map and request states as the
// live engine had them; Step back from the end reaches step 0; the marks sit where the live run's events
// happened; a file cut short opens up to its last whole step with a warning; and the charts replayed to a
// step are the same pixels as the charts fed live up to that step.
#include <QtTest/QtTest>

#include <QInputDialog>
#include <QJsonArray>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include "engine/record/recording.h"
#include "engine/record/recording_writer.h"
#include "tests/common/otlp_collector.h"
#include "tests/common/recording_compare.h"
#include "tests/common/test_support.h"
#include "tests/common/preempting_run.h"
#include "tests/common/tiny_model.h"
#include "ui/blockmap/block_map_panel.h"
#include "ui/blockmap/block_map_view.h"
#include "ui/charts/charts_panel.h"
#include "ui/charts/metrics_chart.h"
#include "ui/compare/compare_panel.h"
#include "ui/main_window.h"
#include "ui/panels/requests_model.h"
#include "ui/panels/requests_panel.h"
#include "ui/session/recording_source.h"
#include "ui/session/session_views.h"
#include "ui/session/workbench_session.h"
#include "ui/timeline/timeline_bar.h"
#include "ui/timeline/timeline_track.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

Request prompt(int seed, int max_tokens, int n = 1) {
  Request r;
  for (int i = 0; i < 40; ++i) r.prompt_ids.push_back(10 + i);  // a shared prefix of 2.5 blocks
  for (int i = 0; i < 8; ++i) r.prompt_ids.push_back(60 + (seed * 7 + i) % 150);
  r.params.max_tokens = max_tokens;
  r.params.ignore_eos = true;
  r.n = n;  // two samples share their prompt's blocks
  return r;
}

constexpr QSize kChartSize(900, 700);

}  // namespace

class TstTimeline : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  QString file_;
  QString tinyPath_;
  std::vector<BlockMapSnapshot> liveMaps_;
  std::vector<std::vector<RequestInfo>> liveRequests_;
  std::vector<StepMetrics> liveSteps_;
  std::vector<int64_t> preemptedAt_, cacheFullAt_, finishedAt_;  // steps, from the live engine
  qint64 capacityBytes_ = 0;
  int64_t chartStep_ = 0;
  QImage liveCharts_;

  std::unique_ptr<MainWindow> openWindow() {
    auto w = std::make_unique<MainWindow>(tmp_.filePath(QStringLiteral("window.ini")));
    w->setInteractive(false);
    w->resize(1280, 720);
    w->show();
    return w;
  }

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    test::TinyModelSpec spec;
    tinyPath_ = QString::fromStdString(test::write_tiny_model(spec, "timeline"));
    auto model = load_model(tinyPath_.toStdString());
    // 14 blocks: four sequences of ~6 blocks do not fit.
    const EngineConfig c = test::tiny_cache_config(14, 4, true, 64);
    LLMEngine e(model, c);
    record::RecordingSetup setup;
    setup.engine = c;
    setup.model = model->card;
    setup.source = "tst_timeline";
    file_ = tmp_.filePath(QStringLiteral("run.isrec"));
    std::ofstream out(file_.toStdString(), std::ios::binary);
    record::RecordingLimits limits;
    limits.keyframe_interval = 8;
    limits.steps_per_frame = 5;
    record::RecordingWriter writer(out, setup, limits);
    for (int i = 0; i < 6; ++i) e.submit(prompt(i, 20 + 4 * i, i == 2 ? 2 : 1));
    ChartsPanel live;  // fed as the live GUI is: one snapshot per step
    capacityBytes_ = e.kv_num_blocks() * qint64(e.kv_layout().block_bytes());
    live.setCapacityBytes(capacityBytes_);
    live.resize(kChartSize);
    int64_t prevPreemptions = 0;
    bool wasFull = false;
    for (int step = 0; step < 10000 && e.has_unfinished(); ++step) {
      if (step == 12)
        for (int i = 6; i < 9; ++i) e.submit(prompt(i, 16));
      const StepResult r = e.step();
      if (!r.ran) continue;
      writer.record_step(e, r);
      const int64_t index = int64_t(liveSteps_.size());
      liveSteps_.push_back(r.metrics);
      liveMaps_.push_back(*e.metrics().latest_block_map());
      liveRequests_.push_back(e.all_requests());
      if (e.total_preemptions() > prevPreemptions) preemptedAt_.push_back(index);
      prevPreemptions = e.total_preemptions();
      const bool full = r.metrics.kv_blocks_used >= r.metrics.kv_blocks_total;
      if (full && !wasFull) cacheFullAt_.push_back(index);
      wasFull = full;
      if (!r.finished_requests.empty()) finishedAt_.push_back(index);
      if (step < 30) {  // the live charts at step 29
        EngineSnapshot s;
        s.new_steps = {r.metrics};
        s.requests = e.all_requests();
        s.total_steps = index + 1;
        live.addSnapshot(s);
        chartStep_ = index;
      }
    }
    writer.finish();
    out.close();
    live.show();
    live.refreshNow();
    for (MetricsChart* ch : live.charts()) ch->fitNow();
    QCoreApplication::processEvents();
    liveCharts_ = live.grab().toImage();
    QVERIFY(!preemptedAt_.empty());
    QVERIFY(!cacheFullAt_.empty());
    QVERIFY(liveSteps_.size() > 40);
  }

  void opensWithoutModelAndShowsTheLastStep() {
    auto w = openWindow();
    QVERIFY(w->openRecording(file_));
    WorkbenchSession* s = w->session();
    QVERIFY(!s->source()->isLive());
    QCOMPARE(int64_t(s->steps().size()), int64_t(liveSteps_.size()));
    QVERIFY(s->followsLatest());
    QCOMPARE(w->timeline()->track()->count(), int64_t(liveSteps_.size()));
    const std::string d = test::diff_block_maps(liveMaps_.back(), *w->blockMap()->view()->snapshot());
    QVERIFY2(d.empty(), d.c_str());
  }

  void jumpingShowsThatStepsBlockMapAndTable() {
    auto w = openWindow();
    QVERIFY(w->openRecording(file_));
    const auto& rec = static_cast<RecordingSource*>(w->session()->source())->recording();
    for (int64_t step : {int64_t(0), int64_t(7), int64_t(13), preemptedAt_.front(), int64_t(liveSteps_.size() / 2)}) {
      w->showStep(step);
      QCOMPARE(w->session()->shownStep(), step);
      const auto shown = w->blockMap()->view()->snapshot();
      QVERIFY(shown);
      std::string d = test::diff_block_maps(liveMaps_[size_t(step)], *shown);
      QVERIFY2(d.empty(), qPrintable(QStringLiteral("step %1: %2").arg(step).arg(QString::fromStdString(d))));
      d = test::diff_block_maps(rec.block_map_at(step), *shown);
      QVERIFY2(d.empty(), d.c_str());
      // The Requests table: every request the live engine held then, in its state then.
      const auto& rows = w->requests()->model()->requests();
      QCOMPARE(rows.size(), liveRequests_[size_t(step)].size());
      for (size_t i = 0; i < rows.size(); ++i) {
        QCOMPARE(rows[i].id, liveRequests_[size_t(step)][i].id);
        QCOMPARE(rows[i].state, liveRequests_[size_t(step)][i].state);
        QCOMPARE(rows[i].n_generated, liveRequests_[size_t(step)][i].n_generated);
      }
      // The charts mark the step's engine number, the Compare tab's per-step chart too.
      QCOMPARE(w->charts()->chart(QStringLiteral("kv_cache"))->cursorX(), double(liveSteps_[size_t(step)].step));
      QCOMPARE(w->compare()->utilizationChart()->cursorX(), double(liveSteps_[size_t(step)].step));
    }
    w->showStep(-1);
    QVERIFY(w->session()->followsLatest());
    QVERIFY(std::isnan(w->charts()->chart(QStringLiteral("kv_cache"))->cursorX()));
    QVERIFY(std::isnan(w->compare()->utilizationChart()->cursorX()));
    // Step works the live engine: it comes back on screen, the recording closes.
    w->session()->stepOnce();
    QVERIFY(w->session()->source()->isLive());
    QVERIFY(w->session()->steps().empty());
  }

  void stepBackFromTheEndReachesStepZero() {
    auto w = openWindow();
    QVERIFY(w->openRecording(file_));
    TimelineBar* t = w->timeline();
    const int64_t n = int64_t(liveSteps_.size());
    QCOMPARE(t->currentIndex(), n - 1);
    for (int64_t i = 0; i < n - 1; ++i) t->stepBack();
    QCOMPARE(t->currentIndex(), int64_t(0));
    std::string d = test::diff_block_maps(liveMaps_[0], *w->blockMap()->view()->snapshot());
    QVERIFY2(d.empty(), d.c_str());
    t->stepBack();  // stays at the first step
    QCOMPARE(t->currentIndex(), int64_t(0));
    // The key does the same as the button.
    t->stepForward();
    t->stepForward();
    QCOMPARE(t->currentIndex(), int64_t(2));
    QTest::keyClick(t->track(), Qt::Key_Left);
    QCOMPARE(t->currentIndex(), int64_t(1));
    QCOMPARE(t->positionText(), QStringLiteral("1 / %1").arg(n - 1));
    d = test::diff_block_maps(liveMaps_[1], *w->blockMap()->view()->snapshot());
    QVERIFY2(d.empty(), d.c_str());
  }

  void marksAreWhereTheEventsWere() {
    auto w = openWindow();
    QVERIFY(w->openRecording(file_));
    const auto& marks = w->timeline()->track()->markers();
    auto stepsOf = [&marks](record::MarkerKind k) {
      std::vector<int64_t> v;
      for (const auto& m : marks)
        if (m.kind == k && (v.empty() || v.back() != m.step)) v.push_back(m.step);
      return v;
    };
    QCOMPARE(stepsOf(record::MarkerKind::Preempted), preemptedAt_);
    QCOMPARE(stepsOf(record::MarkerKind::CacheFull), cacheFullAt_);
    QCOMPARE(stepsOf(record::MarkerKind::Finished), finishedAt_);
    // Next event from step 0 lands on the first mark after it.
    w->showStep(0);
    int64_t first = -1;
    for (const auto& m : marks)
      if (m.step > 0) {
        first = m.step;
        break;
      }
    w->timeline()->nextMarker();
    QCOMPARE(w->timeline()->currentIndex(), first);
    // A mark is drawn at its step's place on the track.
    TimelineTrack* track = w->timeline()->track();
    QCOMPARE(track->stepAt(track->xForStep(cacheFullAt_.front())), cacheFullAt_.front());
  }

  void truncatedFileOpensWithAWarning() {
    QFile f(file_);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray all = f.readAll();
    const QString cut = tmp_.filePath(QStringLiteral("cut.isrec"));
    QFile c(cut);
    QVERIFY(c.open(QIODevice::WriteOnly));
    c.write(all.left(all.size() * 2 / 3));
    c.close();
    auto w = openWindow();
    QVERIFY(w->openRecording(cut));
    const int64_t n = int64_t(w->session()->steps().size());
    QVERIFY(n > 0);
    QVERIFY(n < int64_t(liveSteps_.size()));
    QVERIFY2(w->statusBar()->currentMessage().contains(QStringLiteral("incomplete")), qPrintable(w->statusBar()->currentMessage()));
    const std::string d = test::diff_block_maps(liveMaps_[size_t(n - 1)], *w->blockMap()->view()->snapshot());
    QVERIFY2(d.empty(), d.c_str());
    // Not a recording at all: refused, the live engine stays on screen.
    const QString junk = tmp_.filePath(QStringLiteral("junk.isrec"));
    QFile j(junk);
    QVERIFY(j.open(QIODevice::WriteOnly));
    j.write(QByteArray(64, 'x'));
    j.close();
    auto w2 = openWindow();
    QString err;
    QVERIFY(!w2->openRecording(junk, &err));
    QVERIFY(!err.isEmpty());
    QVERIFY(w2->session()->source()->isLive());
  }

  // A live run: scrubbing back shows the step as the engine published it while the engine goes on
  // stepping, and the run recorded in memory saves (mid-run) to a file whose steps are those same maps.
  void liveRunScrubsAndSavesWithoutStopping() {
    WorkbenchSession session;
    BlockMapPanel map;
    RequestsPanel requests;
    bindViews(&session, {nullptr, &map, &requests, nullptr, nullptr});
    EngineConfig cfg;
    cfg.threads = 1;
    cfg.block_size = 16;
    session.applySettings(cfg);
    QSignalSpy loaded(&session, &WorkbenchSession::modelLoaded);
    session.openModel(tinyPath_);
    QVERIFY(loaded.wait(30000));
    for (int i = 0; i < 3; ++i) session.submit(prompt(i, 12), false);
    auto stepTo = [&session](size_t n) {
      while (session.steps().size() < n) {
        const size_t before = session.steps().size();
        session.stepOnce();
        QTRY_VERIFY_WITH_TIMEOUT(session.steps().size() > before, 10000);
      }
    };
    stepTo(8);
    session.showStep(3);
    const auto shown = map.view()->snapshot();
    QVERIFY(shown);
    QCOMPARE(shown, session.source()->stateAt(3)->block_map);
    const auto rowsThen = requests.model()->requests();
    stepTo(12);  // the engine goes on; the views stay at step 3
    QCOMPARE(map.view()->snapshot(), shown);
    QCOMPARE(requests.model()->requests().size(), rowsThen.size());
    for (size_t i = 0; i < rowsThen.size(); ++i) QCOMPARE(requests.model()->requests()[i].n_generated, rowsThen[i].n_generated);
    QVERIFY(!session.followsLatest());

    const QString path = tmp_.filePath(QStringLiteral("live.isrec"));
    QSignalSpy saved(&session, &WorkbenchSession::recordingSaved);
    session.saveRecording(path);
    QVERIFY(saved.wait(10000));
    QVERIFY2(saved.first().at(0).toBool(), qPrintable(saved.first().at(3).toString()));
    QCOMPARE(saved.first().at(2).toLongLong(), qint64(12));
    const record::Recording rec = record::Recording::open(path.toStdString());
    QCOMPARE(rec.step_count(), int64_t(12));
    QVERIFY(rec.complete());
    // Each step published its own snapshot (stepping), so the recorded map is the one shown.
    const std::string d = test::diff_block_maps(*shown, rec.block_map_at(3));
    QVERIFY2(d.empty(), d.c_str());
    QCOMPARE(rec.metrics(11).step, session.steps()[11].step);

    // The same run as a Chrome / Perfetto trace (File > Export trace): one slice per step, and so from the
    // recording played back.
    const auto traceSteps = [](const QString& file) {
      QFile f(file);
      if (!f.open(QIODevice::ReadOnly)) return -1;
      const nlohmann::json t = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
      if (t.is_discarded() || !t.contains("traceEvents")) return -2;
      int n = 0;
      for (const auto& e : t["traceEvents"]) n += e.value("ph", "") == "X" && e.value("pid", 0) == 1;
      return n;
    };
    const QString trace = tmp_.filePath(QStringLiteral("live.trace.json"));
    QSignalSpy traced(&session, &WorkbenchSession::traceSaved);
    session.saveTrace(trace);
    QVERIFY(traced.wait(10000));
    QVERIFY2(traced.first().at(0).toBool(), qPrintable(traced.first().at(3).toString()));
    QCOMPARE(traceSteps(trace), 12);
    // And its requests to an OTLP collector (File > Send trace to a collector: a URL for a path), the
    // peer's protobuf classes decoding them: one llm_request span per request of the recording.
    if (test::have_otlp_collector()) {
      test::OtlpCollector collector;
      QVERIFY(collector.start(QStringLiteral("accept"), tmp_.filePath(QStringLiteral("live.otlp.json"))));
      traced.clear();
      session.saveTrace(collector.url());
      QVERIFY(traced.wait(20000));
      QVERIFY2(traced.first().at(0).toBool(), qPrintable(traced.first().at(3).toString()));
      int roots = 0;
      for (const QJsonValue v : collector.seen()[QStringLiteral("spans")].toArray())
        roots += v.toObject()[QStringLiteral("name")].toString() == QLatin1String("llm_request");
      QCOMPARE(roots, int(rec.requests_at(rec.step_count() - 1).size()));
    } else if (qEnvironmentVariableIsSet("INFERSCOPE_REQUIRE_MODELS")) {
      QFAIL("python3 lacks opentelemetry-proto (packaging/bootstrap.sh installs it)");
    }

    session.showLatest();
    QCOMPARE(map.view()->snapshot(), session.lastSnapshot()->block_map);

    // The live marks (from the published snapshots, one per step while stepping) are the reader's.
    const auto live = session.source()->markers();
    auto key = [](const std::vector<record::Marker>& v) {
      std::vector<std::tuple<int64_t, int, int64_t>> k;
      for (const auto& m : v)
        if (m.step < 12) k.emplace_back(m.step, int(m.kind), m.request_id);
      std::sort(k.begin(), k.end());
      return k;
    };
    QVERIFY(!live.empty());
    QVERIFY(key(live) == key(rec.markers()));
  }

  // A recording played back exports its trace too: every recorded step a slice, each request a track.
  void recordingExportsItsTrace() {
    auto w = openWindow();
    QVERIFY(w->openRecording(file_));
    const QString trace = tmp_.filePath(QStringLiteral("played.trace.json"));
    QSignalSpy traced(w->session(), &WorkbenchSession::traceSaved);
    w->session()->saveTrace(trace);
    QCOMPARE(traced.count(), 1);
    QVERIFY2(traced.first().at(0).toBool(), qPrintable(traced.first().at(3).toString()));
    QFile f(trace);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const nlohmann::json t = nlohmann::json::parse(f.readAll().toStdString());
    int steps = 0;
    std::set<int64_t> tracks;
    for (const auto& e : t["traceEvents"]) {
      if (e.value("ph", "") != "X") continue;
      if (e.value("pid", 0) == 1) ++steps;
      else tracks.insert(e.value("tid", int64_t(0)));
    }
    QCOMPARE(steps, int(liveSteps_.size()));
    const record::Recording rec = record::Recording::open(file_.toStdString());
    QCOMPARE(tracks.size(), rec.requests_at(rec.step_count() - 1).size());
  }

  // File > Send trace to a collector on a recording played back: the URL asked for, the spans sent, the
  // status bar says so; a collector that refuses is an error with its words.
  void recordingSendsItsTraceToACollector() {
    if (!test::have_otlp_collector()) {
      if (qEnvironmentVariableIsSet("INFERSCOPE_REQUIRE_MODELS")) QFAIL("python3 lacks opentelemetry-proto (the bootstrap installs it)");
      QSKIP("python3 lacks opentelemetry-proto");
    }
    auto w = openWindow();
    QVERIFY(w->openRecording(file_));
    const record::Recording rec = record::Recording::open(file_.toStdString());
    auto* send = w->findChild<QAction*>(QStringLiteral("send_trace"));
    QVERIFY(send);
    const auto answer = [](const QString& url) {
      QTimer::singleShot(0, [url] {
        auto* d = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        QVERIFY(d);
        d->setTextValue(url);
        d->accept();
      });
    };
    {
      test::OtlpCollector collector;
      QVERIFY(collector.start(QStringLiteral("accept"), tmp_.filePath(QStringLiteral("played.otlp.json"))));
      QSignalSpy traced(w->session(), &WorkbenchSession::traceSaved);
      answer(collector.url());
      send->trigger();
      QVERIFY(traced.count() == 1 || traced.wait(20000));
      QVERIFY2(traced.first().at(0).toBool(), qPrintable(traced.first().at(3).toString()));
      std::set<QString> ids;
      for (const QJsonValue v : collector.seen()[QStringLiteral("spans")].toArray())
        if (v.toObject()[QStringLiteral("name")].toString() == QLatin1String("llm_request"))
          ids.insert(v.toObject()[QStringLiteral("attributes")].toObject()[QStringLiteral("gen_ai.request.id")].toString());
      std::set<QString> want;
      for (const RequestInfo& q : rec.requests_at(rec.step_count() - 1)) want.insert(QString::number(q.id));
      QVERIFY(ids == want);
      QVERIFY(w->statusBar()->currentMessage().contains(collector.url()));
    }
    test::OtlpCollector refusing;
    QVERIFY(refusing.start(QStringLiteral("reject"), tmp_.filePath(QStringLiteral("refused.otlp.json"))));
    QSignalSpy traced(w->session(), &WorkbenchSession::traceSaved);
    answer(refusing.url());
    // The error box is modal too: close it when it shows.
    QTimer closer;
    QObject::connect(&closer, &QTimer::timeout, [] {
      if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) box->accept();
    });
    closer.start(50);
    send->trigger();
    QVERIFY(traced.count() == 1 || traced.wait(20000));
    QVERIFY(!traced.first().at(0).toBool());
    QVERIFY2(traced.first().at(3).toString().contains(QStringLiteral("HTTP 400: trace ids are unwelcome here")),
             qPrintable(traced.first().at(3).toString()));
  }

  void playAdvancesAndStopsAtTheEnd() {
    auto w = openWindow();
    QVERIFY(w->openRecording(file_));
    TimelineBar* t = w->timeline();
    const int64_t n = int64_t(liveSteps_.size());
    w->showStep(n - 4);
    t->setStepsPerSecond(20);
    QCOMPARE(t->stepsPerSecond(), 20);
    t->setPlaying(true);
    QVERIFY(t->isPlaying());
    // Steps forward one at a time, then follows the newest step and stops.
    QTRY_VERIFY_WITH_TIMEOUT(w->session()->followsLatest(), 10000);
    QVERIFY(!t->isPlaying());
    QCOMPARE(t->currentIndex(), n - 1);
    t->setStepsPerSecond(50);  // clamped to the 1-20 range
    QCOMPARE(t->stepsPerSecond(), 20);
  }

  void replayedChartsEqualLiveOnes() {
    auto rec = std::make_shared<const record::Recording>(record::Recording::open(file_.toStdString()));
    RecordingSource source(rec);
    QCOMPARE(source.kvCapacityBytes(), capacityBytes_);
    ChartsPanel replay;
    replay.setCapacityBytes(source.kvCapacityBytes());
    replay.resize(kChartSize);
    QObject::connect(&source, &SnapshotSource::snapshotReady, &replay, [&replay](EngineSnapshotPtr s) { replay.addSnapshot(*s); });
    source.positionAt(liveSteps_.size() - 1);  // on past the step, then back: the stream starts over
    source.positionAt(chartStep_);
    QCOMPARE(int64_t(replay.steps().size()), chartStep_ + 1);
    replay.show();
    replay.refreshNow();
    for (MetricsChart* ch : replay.charts()) ch->fitNow();
    QCoreApplication::processEvents();
    const QImage img = replay.grab().toImage();
    QCOMPARE(img.size(), liveCharts_.size());
    QVERIFY(img == liveCharts_);
  }
};

QTEST_MAIN(TstTimeline)
#include "tst_timeline.moc"
