// bench_ui_timeline_scrub: what scrubbing a recording costs in the real main window. Opens FILE.isrec as
// the GUI does (no model, no engine), then shows random steps of it, each time through the timeline's
// path (WorkbenchSession::showStep: the block map and the Requests states rebuilt from the reader, the
// charts' cursor moved) and paints the window at once (QWidget::repaint), on the Charts tab and on the
// Block map tab. Prints the open time and min / p50 / p99 / max per step, ms. Not a test: numbers depend
// on the machine.
//
//   bench_ui_timeline_scrub FILE.isrec [--steps 200] [--size 1280x720]
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include "ui/blockmap/block_map_panel.h"
#include "ui/charts/charts_panel.h"
#include "ui/main_window.h"
#include "ui/session/workbench_session.h"

using namespace inferscope::ui;

namespace {
void report(const char* what, std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  auto at = [&ms](double q) { return ms[std::min(ms.size() - 1, size_t(q * double(ms.size())))]; };
  std::printf("%-34s min %7.2f  p50 %7.2f  p99 %7.2f  max %7.2f ms (%zu steps)\n", what, ms.front(), at(0.5), at(0.99), ms.back(),
              ms.size());
}
}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("file"), QStringLiteral("recording"));
  QCommandLineOption stepsOpt(QStringLiteral("steps"), QStringLiteral("random steps to show"), QStringLiteral("N"), QStringLiteral("200"));
  QCommandLineOption sizeOpt(QStringLiteral("size"), QStringLiteral("window size"), QStringLiteral("WxH"), QStringLiteral("1280x720"));
  p.addOptions({stepsOpt, sizeOpt});
  p.process(app);
  if (p.positionalArguments().isEmpty()) {
    std::fprintf(stderr, "usage: bench_ui_timeline_scrub FILE.isrec [--steps N] [--size WxH]\n");
    return 2;
  }
  const QStringList wh = p.value(sizeOpt).split(QLatin1Char('x'));
  QTemporaryDir tmp;
  MainWindow w(tmp.filePath(QStringLiteral("bench.ini")));
  w.setInteractive(false);
  w.resize(wh.value(0).toInt(), wh.value(1).toInt());
  w.show();
  QElapsedTimer t;
  t.start();
  QString err;
  if (!w.openRecording(p.positionalArguments().first(), &err)) {
    std::fprintf(stderr, "cannot open: %s\n", qPrintable(err));
    return 1;
  }
  w.repaint();
  const double openMs = double(t.nsecsElapsed()) / 1e6;
  const int64_t n = int64_t(w.session()->steps().size());
  std::printf("%lld steps; open and first paint: %.0f ms\n", static_cast<long long>(n), openMs);
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<int64_t> pick(0, n - 1);
  for (QWidget* tab : {static_cast<QWidget*>(w.charts()), static_cast<QWidget*>(w.blockMap())}) {
    w.tabs()->setCurrentWidget(tab);
    QCoreApplication::processEvents();
    std::vector<double> ms;
    for (int i = 0; i < p.value(stepsOpt).toInt(); ++i) {
      const int64_t step = pick(rng);
      t.restart();
      w.showStep(step);
      w.repaint();
      ms.push_back(double(t.nsecsElapsed()) / 1e6);
      QCoreApplication::processEvents();
    }
    report(tab == w.charts() ? "show a step + paint (Charts tab)" : "show a step + paint (Block map tab)", ms);
  }
  return 0;
}
