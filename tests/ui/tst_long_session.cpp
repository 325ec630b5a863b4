// A long session stays bounded in the GUI: a chart line holds a bounded number of points after 100,000
// steps while still starting at the run's first point and ending at its last (peaks kept); the live
// charts lay themselves out again only when their axes must change, not on every frame; the latency
// chart plots each finished request once while remembering only the requests the view shows; the
// requests table keeps the bounded view while its totals line counts every request.
#include <QLabel>
#include <QValueAxis>
#include <QtTest/QtTest>

#include <cmath>

#include "engine/llm_engine.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"
#include "ui/charts/bounded_series.h"
#include "ui/charts/charts_panel.h"
#include "ui/charts/metrics_chart.h"
#include "ui/engine/engine_snapshot.h"
#include "ui/panels/requests_model.h"
#include "ui/panels/requests_panel.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

// A step whose values are a closed form of its index, so any point can be checked independently.
StepMetrics stepAt(int64_t i) {
  StepMetrics m;
  m.step = i;
  m.kv_bytes_allocated = (1 + i % 97) * 4096;
  m.kv_bytes_logical = (1 + i % 89) * 2048;
  m.slot_utilization = double(i % 10) / 10.0;
  m.token_utilization = double(i % 4) / 4.0;
  m.prefill_tokens = int32_t(i % 7 == 0 ? 128 : 0);
  m.decode_tokens = int32_t(1 + i % 16);
  m.running = int32_t(1 + i % 16);
  m.tokens_per_s = 100.0 + double(i % 50);
  return m;
}

RequestInfo finishedRequest(int64_t id) {
  RequestInfo r;
  r.id = id;
  r.state = RequestState::Finished;
  r.finish_reason = "length";
  r.ttft_ms = 10.0 + double(id % 13);
  r.tpot_ms = 1.0 + double(id % 5);
  return r;
}

}  // namespace

class TestLongSession : public QObject {
  Q_OBJECT

 private slots:
  // 100,000 points of a known line with one spike up and one down: the series stays within its bound,
  // ascending in x, from the first point to the last, and both spikes survive the folding.
  void boundedSeriesKeepsEndsAndPeaks() {
    BoundedSeries s(512, 256);
    constexpr int kN = 100000;
    for (int i = 0; i < kN; ++i) {
      double y = std::sin(i * 0.001);
      if (i == 31337) y = 1000;
      if (i == 77777) y = -1000;
      s.append({double(i), y});
      QVERIFY(s.size() <= s.maxPoints());
    }
    const QList<QPointF>& p = s.points();
    QCOMPARE(p.size(), s.size());
    QVERIFY(p.size() <= 512 + 2 * 256 + 3);
    QCOMPARE(p.first(), QPointF(0, 0));
    QCOMPARE(p.last(), QPointF(kN - 1, std::sin((kN - 1) * 0.001)));
    QVERIFY(std::is_sorted(p.begin(), p.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); }));
    QVERIFY(p.contains(QPointF(31337, 1000)));
    QVERIFY(p.contains(QPointF(77777, -1000)));
    // The newest 512 points are exactly as appended.
    for (qsizetype k = 0; k < 512; ++k) {
      const double x = kN - 512 + k;
      QCOMPARE(s.tail()[k], QPointF(x, std::sin(x * 0.001)));
    }
    // A short run keeps every point.
    BoundedSeries shortRun(512, 256);
    for (int i = 0; i < 1000; ++i) shortRun.append({double(i), double(i)});
    QCOMPARE(shortRun.size(), qsizetype(1000));
    QCOMPARE(shortRun.points()[500], QPointF(500, 500));
  }

  // 100,000 engine steps through the charts panel, in snapshots of 500 steps refreshed one by one as the
  // GUI would: every line of every chart holds a bounded number of points, from step 0 to step 99,999
  // with the values those steps had; the step log for export keeps all of them; the charts were laid
  // out again only a few times, not once per frame.
  void chartsStayBoundedOver100kSteps() {
    ChartsPanel panel;
    panel.resize(1200, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    constexpr int64_t kSteps = 100000, kBatch = 500;
    for (int64_t b = 0; b < kSteps; b += kBatch) {
      EngineSnapshot s;
      for (int64_t i = b; i < b + kBatch; ++i) s.new_steps.push_back(stepAt(i));
      panel.addSnapshot(s);
      panel.refreshNow();
    }
    QCOMPARE(panel.steps().size(), size_t(kSteps));
    const qsizetype bound = BoundedSeries().maxPoints();
    for (MetricsChart* c : panel.charts()) {
      if (c->id() == QLatin1String("latency") || c->id() == QLatin1String("spec_acceptance")) continue;  // no requests, no drafts
      for (int i = 0; i < c->seriesCount(); ++i) {
        if (c->pointCount(i) == 0) continue;  // capacity: not set here
        QVERIFY2(c->pointCount(i) <= bound, qPrintable(c->id()));
        QCOMPARE(c->history(i).first().x(), 0.0);
        QCOMPARE(c->history(i).last().x(), double(kSteps - 1));
      }
      // Steady data in a sliding window: a handful of layouts, not one per refresh (200 of them).
      QVERIFY2(c->fitCount() <= 20, qPrintable(QStringLiteral("%1: %2 layouts").arg(c->id()).arg(c->fitCount())));
    }
    MetricsChart* kv = panel.chart(QStringLiteral("kv_cache"));
    QCOMPARE(kv->history(0).first().y(), stepAt(0).kv_bytes_allocated / kMiB);
    QCOMPARE(kv->history(0).last().y(), stepAt(kSteps - 1).kv_bytes_allocated / kMiB);
    // The largest value of the run (97 x 4096 bytes) is still on the line.
    double top = 0;
    for (const QPointF& p : kv->history(0)) top = std::max(top, p.y());
    QCOMPARE(top, 97 * 4096 / kMiB);
    // Shown whole (export), the chart spans the run with about one point per pixel column.
    kv->setShowFullHistory(true);
    QCOMPARE(kv->axisX()->min(), 0.0);
    QCOMPARE(kv->axisX()->max(), double(kSteps - 1));
    QVERIFY(kv->shownPointCount(0) <= 2 * qsizetype(kv->chart()->plotArea().width()) + 2);
  }

  // 10,000 requests finish, seen through a sliding view of the latest 256 ended ones (as the engine's
  // request_view gives them): each is plotted exactly once, in the order they finished.
  void latencyPlotsEachRequestOnce() {
    ChartsPanel panel;
    constexpr int64_t kRequests = 10000;
    for (int64_t end = 16; end <= kRequests; end += 16) {
      EngineSnapshot s;
      for (int64_t id = std::max<int64_t>(0, end - 256); id < end; ++id) s.requests.push_back(finishedRequest(id));
      panel.addSnapshot(s);
    }
    QCOMPARE(panel.latencyCount(), kRequests);
    MetricsChart* lat = panel.chart(QStringLiteral("latency"));
    QCOMPARE(lat->history(0).last(), QPointF(double(kRequests), finishedRequest(kRequests - 1).ttft_ms));
    QCOMPARE(lat->history(1).first(), QPointF(1.0, finishedRequest(0).tpot_ms));
    QVERIFY(lat->pointCount(0) <= BoundedSeries().maxPoints());
  }

  // 2,000 requests through a real engine whose view the table follows step by step: the table never
  // holds more rows than the view allows, ends with the latest ended requests in id order, and the
  // totals line counts every request.
  void requestsTableBoundedWithTotals() {
    test::TinyModelSpec spec;
    spec.context = 128;
    auto model = load_model(test::write_tiny_model(spec, "long_session"));
    EngineConfig c;
    c.threads = 1;
    c.keep_full_metrics_log = false;
    c.request_history = 300;
    c.sched.max_num_seqs = 32;
    LLMEngine e(model, c);
    constexpr int kRequests = 2000;
    constexpr size_t kWaiting = 64, kEnded = 256;
    for (int i = 0; i < kRequests; ++i) {
      Request r;
      r.prompt_ids = {5, int32_t(6 + i % 20), 7};
      r.params.max_tokens = 1 + i % 2;
      r.params.ignore_eos = true;
      e.submit(r);
    }
    RequestsPanel panel;
    int most = 0;
    for (int i = 0; i < 100000 && e.has_unfinished(); ++i) {
      e.step();
      panel.setRequests(e.request_view(kWaiting, kEnded));
      panel.setTotals(e.request_totals());
      most = std::max(most, panel.model()->rowCount());
    }
    QVERIFY2(most <= int(32 + kWaiting + kEnded), qPrintable(QString::number(most)));
    RequestsModel* m = panel.model();
    QCOMPARE(m->rowCount(), int(kEnded));
    // The latest ended ones: ids ascending up to the last request (one batch of 32 may end out of order).
    QVERIFY(m->at(0)->id >= int64_t(kRequests - int(kEnded) - 32));
    for (int row = 1; row < m->rowCount(); ++row) QVERIFY(m->at(row)->id > m->at(row - 1)->id);
    QCOMPARE(m->at(m->rowCount() - 1)->id, int64_t(kRequests - 1));
    QCOMPARE(m->data(m->index(m->rowCount() - 1, RequestsModel::Generated), Qt::DisplayRole).toInt(), 1 + (kRequests - 1) % 2);
    const QString totals = panel.findChild<QLabel*>(QStringLiteral("requests_totals"))->text();
    QVERIFY2(totals.startsWith(QStringLiteral("2000 requests: 0 running, 0 waiting, 2000 ended (0 failed, 0 cancelled)")),
             qPrintable(totals));
    QVERIFY2(totals.endsWith(QStringLiteral("256")), qPrintable(totals));
  }
};

QTEST_MAIN(TestLongSession)
#include "tst_long_session.moc"
