// The Request timeline tab (ui/reqtimeline): a run of the tiny model recorded with preemptions, opened
// in the window. Each request's phases add up to the engine's own end-to-end time for it (within its
// first and last step), with one preempted phase per preemption; the same run fed live, one snapshot per
// step, gives the same phases; a click on row k selects request k in the Requests table and the table's
// selection marks the row; the timeline cursor follows the step shown; 10,000 requests paint only the
// rows in view.
#include <QtTest/QtTest>

#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <fstream>

#include "engine/record/recording_writer.h"
#include "tests/common/preempting_run.h"
#include "tests/common/tiny_model.h"
#include "ui/main_window.h"
#include "ui/panels/requests_model.h"
#include "ui/panels/requests_panel.h"
#include "ui/reqtimeline/request_timeline_panel.h"
#include "ui/reqtimeline/request_timeline_view.h"
#include "ui/session/workbench_session.h"

using namespace inferscope;
using namespace inferscope::ui;
using record::PhaseKind;

class TstRequestTimeline : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  QString file_;
  std::vector<RequestInfo> finalInfo_;
  double slowestStepMs_ = 0;
  RequestTimelinePanel live_;  // fed as the live GUI is
  RequestTimelinePanel coalesced_;  // the same run, three steps a snapshot

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    test::TinyModelSpec spec;
    spec.context = 256;
    auto model = load_model(test::write_tiny_model(spec, "reqtl"));
    const EngineConfig c = test::preempting_config(true, 32);  // prompts of 24-44 tokens beside each other: chunked prefills
    LLMEngine e(model, c);
    record::RecordingSetup setup;
    setup.engine = c;
    setup.model = model->card;
    setup.source = "tst_request_timeline";
    file_ = tmp_.filePath(QStringLiteral("run.isrec"));
    std::ofstream out(file_.toStdString(), std::ios::binary);
    record::RecordingWriter w(out, setup, {});
    for (const Request& r : test::preempting_requests()) e.submit(r);
    live_.startLive();
    coalesced_.startLive();
    int64_t steps = 0;
    EngineSnapshot batch;  // three steps a snapshot, as a GUI slower than the engine sees them
    for (int i = 0; i < 100000 && e.has_unfinished(); ++i) {
      const StepResult r = e.step();
      if (!r.ran) continue;
      w.record_step(e, r);
      slowestStepMs_ = std::max(slowestStepMs_, r.metrics.step_ms);
      EngineSnapshot s;
      s.new_steps = {r.metrics};
      s.new_prefill_chunks = {r.prefill_chunks};
      s.requests = e.all_requests();
      s.events = r.events;
      s.total_steps = ++steps;
      live_.addSnapshot(s);
      batch.new_steps.push_back(r.metrics);
      batch.new_prefill_chunks.push_back(r.prefill_chunks);
      batch.events.insert(batch.events.end(), r.events.begin(), r.events.end());
      if (batch.new_steps.size() == 3 || !e.has_unfinished()) {
        batch.requests = e.all_requests();
        batch.total_steps = steps;
        coalesced_.addSnapshot(batch);
        batch = EngineSnapshot{};
      }
    }
    w.finish();
    out.close();
    QVERIFY(e.total_preemptions() > 0);
    finalInfo_ = e.all_requests();
  }

  void recordingPhasesAddUpToTheEnginesTimes() {
    MainWindow w(tmp_.filePath(QStringLiteral("window.ini")));
    w.setInteractive(false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(w.openRecording(file_));
    const record::PhaseTracker& t = w.requestTimeline()->tracker();
    QCOMPARE(t.requests().size(), finalInfo_.size());
    int preempted = 0, splitPrefills = 0, checkedPrefills = 0;
    for (const RequestInfo& info : finalInfo_) {  // the engine's own figures
      const int64_t row = t.row_of(info.id);
      QVERIFY(row >= 0);
      const record::RequestPhases& r = t.requests()[size_t(row)];
      QVERIFY(r.ended);
      QCOMPARE(int(r.phases.front().kind), int(PhaseKind::Waiting));
      double sum = 0;
      int pre = 0;
      for (size_t k = 0; k < r.phases.size(); ++k) {
        sum += r.phases[k].end_ms - r.phases[k].begin_ms;
        if (k > 0) QVERIFY(std::abs(r.phases[k].begin_ms - r.phases[k - 1].end_ms) < 1e-9);
        if (r.phases[k].kind == PhaseKind::Preempted) ++pre;
      }
      QCOMPARE(pre, info.preemptions);
      preempted += pre;
      QVERIFY2(sum >= info.e2e_ms - 1e-3 && sum <= info.e2e_ms + 2 * slowestStepMs_ + 1e-3,
               qPrintable(QStringLiteral("request %1: %2 ms of phases, e2e %3 ms").arg(info.id).arg(sum).arg(info.e2e_ms)));
      QCOMPARE(r.info.finish_reason, info.finish_reason);
      // Its prefill step by step: chunks inside the phase, none over the step's budget, the last in the
      // step of its first token; a first prefill that reached a token computed the prompt less the hit
      // (of a request never preempted: the hits of a recompute count too).
      for (size_t k = 0; k < r.phases.size(); ++k) {
        const record::Phase& ph = r.phases[k];
        if (ph.kind != PhaseKind::Prefill && ph.kind != PhaseKind::Recompute) continue;
        const auto chunks = record::chunks_in(r, ph);
        QVERIFY(!chunks.empty());
        int sum = 0;
        for (const record::PhaseChunk& ch : chunks) {
          QVERIFY(ch.step >= ph.first_step && ch.step <= ph.last_step && ch.tokens > 0 && ch.tokens <= 32);
          sum += ch.tokens;
        }
        const bool reached_token = k + 1 < r.phases.size() && r.phases[k + 1].kind == PhaseKind::Decode;
        if (reached_token) QCOMPARE(chunks.back().step, ph.last_step);
        if (ph.kind == PhaseKind::Prefill && reached_token && info.preemptions == 0) {
          QCOMPARE(sum, info.n_prompt - info.n_prefix_hit);
          ++checkedPrefills;
        }
        if (chunks.size() > 1) ++splitPrefills;
      }
    }
    QVERIFY(preempted > 0);
    QVERIFY(splitPrefills > 0);
    QVERIFY(checkedPrefills > 0);

    // The live feed of the same run: the same phases, edge for edge.
    const record::PhaseTracker& lt = live_.tracker();
    QCOMPARE(lt.requests().size(), t.requests().size());
    for (size_t i = 0; i < t.requests().size(); ++i) {
      const auto& a = t.requests()[i].phases;
      const auto& b = lt.requests()[i].phases;
      QCOMPARE(b.size(), a.size());
      for (size_t k = 0; k < a.size(); ++k) {
        QCOMPARE(int(b[k].kind), int(a[k].kind));
        QCOMPARE(b[k].begin_ms, a[k].begin_ms);
        QCOMPARE(b[k].end_ms, a[k].end_ms);
      }
      QVERIFY(lt.requests()[i].chunks == t.requests()[i].chunks);
    }

    // Three steps a snapshot: the chunks still place a first prefill, from its admission to its first
    // token, exactly where the recording has it (a request preempted later may have its edges in the
    // snapshot's last step; never preempted, it has the recording's prefill to the bit).
    const record::PhaseTracker& ct = coalesced_.tracker();
    QCOMPARE(ct.requests().size(), t.requests().size());
    int exact = 0;
    for (size_t i = 0; i < t.requests().size(); ++i) {
      const record::RequestPhases& a = t.requests()[i];
      const record::RequestPhases& b = ct.requests()[i];
      QVERIFY(a.chunks == b.chunks);
      if (a.info.preemptions > 0) continue;
      const auto pa = std::find_if(a.phases.begin(), a.phases.end(), [](const record::Phase& p) { return p.kind == PhaseKind::Prefill; });
      const auto pb = std::find_if(b.phases.begin(), b.phases.end(), [](const record::Phase& p) { return p.kind == PhaseKind::Prefill; });
      QVERIFY(pa != a.phases.end() && pb != b.phases.end());
      QCOMPARE(pb->begin_ms, pa->begin_ms);
      QCOMPARE(pb->end_ms, pa->end_ms);
      QCOMPARE(record::chunks_in(b, *pb).size(), record::chunks_in(a, *pa).size());
      ++exact;
    }
    QVERIFY(exact > 0);
  }

  void clickSelectsEverywhereAndFollowsTheCursor() {
    MainWindow w(tmp_.filePath(QStringLiteral("window.ini")));
    w.setInteractive(false);
    w.resize(1280, 720);
    w.show();
    QVERIFY(w.openRecording(file_));
    w.tabs()->setCurrentWidget(w.requestTimeline());
    QCoreApplication::processEvents();
    RequestTimelineView* v = w.requestTimeline()->view();
    const auto& rows = w.requestTimeline()->tracker().requests();
    for (int k : {3, 1}) {
      const QPoint at(v->viewport()->width() / 2, v->headerHeight() + k * v->rowHeight() + v->rowHeight() / 2);
      QCOMPARE(v->requestAt(at), rows[size_t(k)].id);
      QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, at);
      QCOMPARE(w.requests()->selectedId(), rows[size_t(k)].id);
      const QModelIndex cur = w.requests()->table()->currentIndex();
      QCOMPARE(w.requests()->model()->at(cur.row())->id, rows[size_t(k)].id);
    }
    // The other way: the table's row marks the timeline's.
    w.requests()->selectRequest(rows[4].id);
    QCOMPARE(v->selectedId(), rows[4].id);
    // The cursor follows the timeline's step.
    w.session()->showStep(7);
    QCOMPARE(v->cursorIndex(), int64_t(7));
    w.session()->showStep(2);
    QCOMPARE(v->cursorIndex(), int64_t(2));
  }

  void tenThousandRequestsPaintOnlyTheRowsInView() {
    constexpr int n = 10000;
    record::PhaseTracker t(n);
    for (int64_t i = 0; i < n; ++i) {  // request i: waits, prefills, decodes over steps i .. i + 3
      StepMetrics m;
      m.step = i;
      m.t_ms = 10.0 * double(i + 1);
      m.step_ms = 10.0;
      t.add_step(m);
      RequestInfo info;
      info.id = i;
      info.queue_ms = 2.0;
      t.on_request(info, i);
      t.on_marker({i, record::MarkerKind::Admitted, i, {}});
      if (i >= 1) t.on_token(i - 1, i);
      if (i >= 3) t.on_marker({i, record::MarkerKind::Finished, i - 3, "length"});
    }
    QCOMPARE(t.requests().size(), size_t(n));
    RequestTimelinePanel panel;
    panel.setTracker(std::move(t));
    panel.resize(1000, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    RequestTimelineView* v = panel.view();
    const int inView = (v->viewport()->height() - v->headerHeight()) / v->rowHeight() + 1;
    for (int scroll : {0, n / 2, v->verticalScrollBar()->maximum()}) {
      v->verticalScrollBar()->setValue(scroll);
      v->viewport()->repaint();
      QVERIFY2(v->lastPaintedRows() > 0 && v->lastPaintedRows() <= inView,
               qPrintable(QStringLiteral("%1 rows painted, %2 in view").arg(v->lastPaintedRows()).arg(inView)));
      QVERIFY(v->lastTouchedPhases() <= 3 * v->lastPaintedRows());  // waiting, prefill, decode each
    }
    // At the bottom the last request is the last row.
    const QPoint last(v->viewport()->width() / 2, v->headerHeight() + (v->lastPaintedRows() - 1) * v->rowHeight() + 2);
    QCOMPARE(v->requestAt(last), int64_t(n - 1));
    // Zoom in on the start and out again: still the rows in view only.
    v->zoomBy(50.0, v->viewport()->width() / 2);
    v->viewport()->repaint();
    QVERIFY(v->lastPaintedRows() <= inView);
  }
};

QTEST_MAIN(TstRequestTimeline)
#include "tst_request_timeline.moc"
