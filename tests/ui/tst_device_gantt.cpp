// The virtual-device Gantt chart (ui/charts/device_gantt_chart.h) drawn from a hand-made pipeline step:
// each device's bars sit where its intervals are (compute where it computes, hatched grey where it
// waits), the texts carry the bytes moved and the bubble against its closed form, and presentation's
// large text still fits every device row at 1280x720.
#include <QtTest/QtTest>

#include <QImage>

#include "ui/charts/device_gantt_chart.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

// Two stages, two micro-batches of 4 ms each, hand-offs of 1 ms: span 14 ms.
std::shared_ptr<ParallelTimeline> twoStages() {
  auto t = std::make_shared<ParallelTimeline>();
  t->mode = "pipeline";
  t->step = 7;
  t->devices = 2;
  t->micro_batches = 2;
  t->tokens = 8;
  t->comm_bytes = 8 * 576 * 4;
  t->span_ms = 14;
  t->closed_form_bubble = 1.0 / 3.0;
  DeviceTimeline d0, d1;
  d0.first_layer = 0, d0.end_layer = 15;
  d1.first_layer = 15, d1.end_layer = 30;
  d0.intervals = {{DeviceActivity::Compute, 0, 4, 0, -1}, {DeviceActivity::Comm, 4, 5, 0, -1},
                  {DeviceActivity::Compute, 5, 9, 1, -1}, {DeviceActivity::Comm, 9, 10, 1, -1},
                  {DeviceActivity::Idle, 10, 14, -1, -1}};
  d1.intervals = {{DeviceActivity::Idle, 0, 5, -1, -1}, {DeviceActivity::Compute, 5, 9, 0, -1},
                  {DeviceActivity::Idle, 9, 10, -1, -1}, {DeviceActivity::Compute, 10, 14, 1, -1}};
  t->bubble_fraction = (4.0 + 6.0) / (2 * 14.0);
  t->per_device = {d0, d1};
  return t;
}

bool isCompute(QRgb c) { return qRed(c) == 0x1f && qGreen(c) == 0x77 && qBlue(c) == 0xb4; }

}  // namespace

class TestDeviceGantt : public QObject {
  Q_OBJECT

 private slots:
  void texts() {
    DeviceGanttChart g;
    QVERIFY(g.summaryText().contains("Engine settings"));  // the empty state says where to turn it on
    g.setTimeline(twoStages());
    QVERIFY(g.titleText().contains("Step 7"));
    QVERIFY(g.titleText().contains("2 devices"));
    QVERIFY(g.summaryText().contains("35.7%"));  // 10 of 28 device-ms idle
    QVERIFY(g.summaryText().contains("33.3%"));  // (D-1)/(m+D-1) = 1/3
  }

  // Compute-blue pixels per column: where only device 0 computes (t = 1 ms) one bar's height, where
  // both do (t = 6 ms) two, where only device 1 does (t = 13 ms) one again, and the bars span the plot.
  void barsFollowTheIntervals() {
    DeviceGanttChart g;
    g.resize(900, 420);
    g.setTimeline(twoStages());
    const QImage img = g.grab().toImage();
    if (qEnvironmentVariableIsSet("GANTT_SHOT")) img.save(qEnvironmentVariable("GANTT_SHOT"));
    // The plot's ends: the first and last columns holding a bar's height of compute blue (the legend's
    // swatch is shorter).
    auto columnBlue = [&](int x) {
      int n = 0;
      for (int y = 0; y < img.height(); ++y) n += isCompute(img.pixel(x, y)) ? 1 : 0;
      return n;
    };
    int left = img.width(), right = -1;
    for (int x = 0; x < img.width(); ++x)
      if (columnBlue(x) > 20) left = std::min(left, x), right = std::max(right, x);
    QVERIFY(right > left + 200);
    auto bluePixels = [&](double ms) {
      const int x = left + int((right - left) * ms / 14.0);
      int n = 0;
      for (int y = 0; y < img.height(); ++y) n += isCompute(img.pixel(x, y)) ? 1 : 0;
      return n;
    };
    // Sampled away from the bars' centres, where the micro-batch numbers are written.
    const int one = bluePixels(1), both = bluePixels(6), last = bluePixels(13);
    QVERIFY2(one > 5, qPrintable(QString::number(one)));
    QVERIFY2(std::abs(both - 2 * one) <= 2, qPrintable(QString("%1 vs %2").arg(both).arg(one)));
    QVERIFY(std::abs(last - one) <= 2);
    QCOMPARE(bluePixels(4.5), 0);  // the hand-off: communication, not compute, on device 0; device 1 waits
  }

  void presentationFits() {
    DeviceGanttChart g;
    g.resize(1280, 620);
    g.setTextPixelSize(28);
    g.setPresentationStyle(true);
    auto t = twoStages();
    g.setTimeline(t);
    QVERIFY(g.minimumSizeHint().height() <= 620);
    const QImage img = g.grab().toImage();
    auto blue = [](QRgb c) { return qRed(c) == 0x00 && qGreen(c) == 0x72 && qBlue(c) == 0xb2; };
    int left = img.width(), right = -1;
    for (int xx = 0; xx < img.width(); ++xx) {
      int n = 0;
      for (int y = 0; y < img.height(); ++y) n += blue(img.pixel(xx, y)) ? 1 : 0;
      if (n > 40) left = std::min(left, xx), right = std::max(right, xx);
    }
    QVERIFY(right > left + 200);
    int rowsWithBars = 0;  // distinct vertical runs of the presentation compute colour
    bool in = false;
    const int x = left + int((right - left) * 13.0 / 14.0);  // device 1 computes, device 0 idles
    for (int y = 0; y < img.height(); ++y) {
      const bool b = blue(img.pixel(x, y));
      if (b && !in) ++rowsWithBars;
      in = b;
    }
    QCOMPARE(rowsWithBars, 1);
  }
};

QTEST_MAIN(TestDeviceGantt)
#include "tst_device_gantt.moc"
