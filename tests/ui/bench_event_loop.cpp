// bench_ui_event_loop: how responsive the GUI thread stays while the engine runs at full speed through
// the EngineController, with the real main window drawing every snapshot (charts, block map, tables).
// A probe posts a timestamped event to the GUI thread every 5 ms and records how late it runs; a 5 ms
// QTimer records its lateness too. Printed as a small table (min / p50 / p99 / max, ms), first with the
// engine idle (baseline), then running; then the GUI thread's own CPU time per snapshot (unlike lateness,
// not inflated by other processes on a busy machine), the request totals and the resident memory after
// the run. Not a test: numbers depend on the machine.
//
//   bench_ui_event_loop [--model FILE.gguf] [--seconds 10] [--requests 64] [--profile]
// --profile adds where the GUI thread's time went while running: every event it delivered, grouped by
// receiver class and event type (count, total and longest, ms), the longest first.
// Without --model it uses a tiny random model (engine steps of well under a millisecond, the hardest
// case for snapshot coalescing); pass the real SmolLM2 file for realistic step times.
#include <QApplication>
#include <QFile>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "tests/common/tiny_model.h"
#include "ui/charts/charts_panel.h"
#include "ui/charts/metrics_chart.h"
#include "ui/engine/engine_controller.h"
#include "ui/main_window.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

// CPU time the calling thread has used, ms: the GUI thread's own work, whatever else the machine runs.
double threadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// Times every event the GUI thread delivers (top level only: nested deliveries count in their parent).
class TimedApp : public QApplication {
 public:
  using QApplication::QApplication;
  struct Tally {
    int count = 0;
    double totalMs = 0, maxMs = 0;  // wall clock
    double cpuMs = 0, maxCpuMs = 0;  // the GUI thread's CPU time (what other processes do not inflate)
  };
  bool profiling = false;
  std::map<std::string, Tally> tallies;

  bool notify(QObject* receiver, QEvent* e) override {
    // Other threads' objects (the engine's) have their events delivered here too: leave them alone.
    if (!profiling || depth_ > 0 || QThread::currentThread() != thread()) return QApplication::notify(receiver, e);
    // The receiver may be deleted by its own event: name it first.
    std::string key = std::string(receiver->metaObject()->className()) + " / " + std::to_string(int(e->type()));
    if (receiver->parent() && qobject_cast<QTimer*>(receiver)) key += std::string(" in ") + receiver->parent()->metaObject()->className();
    ++depth_;
    QElapsedTimer t;
    t.start();
    const double cpu0 = threadCpuMs();
    const bool r = QApplication::notify(receiver, e);
    const double ms = t.nsecsElapsed() / 1e6, cpu = threadCpuMs() - cpu0;
    --depth_;
    Tally& tally = tallies[key];
    ++tally.count;
    tally.totalMs += ms;
    tally.maxMs = std::max(tally.maxMs, ms);
    tally.cpuMs += cpu;
    tally.maxCpuMs = std::max(tally.maxCpuMs, cpu);
    return r;
  }

 private:
  int depth_ = 0;
};

struct Probe {
  std::vector<double> postedMs, timerMs;
};

void runFor(int ms) {
  QElapsedTimer t;
  t.start();
  while (t.elapsed() < ms) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

Probe measure(int ms) {
  Probe p;
  QElapsedTimer clock;
  clock.start();
  QTimer post, tick;
  QObject ctx;
  qint64 lastTick = -1;
  QObject::connect(&post, &QTimer::timeout, &ctx, [&] {
    const qint64 sent = clock.nsecsElapsed();
    QMetaObject::invokeMethod(&ctx, [&p, &clock, sent] { p.postedMs.push_back((clock.nsecsElapsed() - sent) / 1e6); },
                              Qt::QueuedConnection);
  });
  QObject::connect(&tick, &QTimer::timeout, &ctx, [&] {
    const qint64 now = clock.nsecsElapsed();
    if (lastTick >= 0) p.timerMs.push_back(std::max(0.0, (now - lastTick) / 1e6 - 5.0));
    lastTick = now;
  });
  post.setTimerType(Qt::PreciseTimer);
  tick.setTimerType(Qt::PreciseTimer);
  post.start(5);
  tick.start(5);
  QEventLoop loop;
  QTimer::singleShot(ms, &loop, &QEventLoop::quit);
  loop.exec();
  return p;
}


// A line of /proc/self/status in MiB ("VmRSS", "VmHWM"); -1 where there is no /proc.
double procStatusMib(const char* key) {
  QFile f(QStringLiteral("/proc/self/status"));
  if (!f.open(QIODevice::ReadOnly)) return -1;
  for (const QByteArray& line : f.readAll().split('\n'))
    if (line.startsWith(key)) return line.mid(int(qstrlen(key)) + 1).trimmed().split(' ').value(0).toDouble() / 1024.0;
  return -1;
}

void print(const char* phase, const char* what, std::vector<double> v) {
  if (v.empty()) return;
  std::sort(v.begin(), v.end());
  auto q = [&](double f) { return v[std::min(v.size() - 1, size_t(f * double(v.size())))]; };
  std::printf("%-8s %-22s %7zu %8.3f %8.3f %8.3f %8.3f\n", phase, what, v.size(), v.front(), q(0.5), q(0.99), v.back());
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  TimedApp app(argc, argv);
  QCommandLineParser cl;
  cl.addHelpOption();
  QCommandLineOption modelOpt("model", "GGUF model (default: a tiny random model)", "FILE");
  QCommandLineOption secondsOpt("seconds", "seconds to measure with the engine running", "S", "10");
  QCommandLineOption requestsOpt("requests", "requests the load generator submits", "N", "64");
  QCommandLineOption profileOpt("profile", "print where the GUI thread's time went while running");
  cl.addOptions({modelOpt, secondsOpt, requestsOpt, profileOpt});
  cl.process(app);

  QString model = cl.value(modelOpt);
  const bool tiny = model.isEmpty();
  if (tiny) {
    test::TinyModelSpec spec;
    spec.context = 512;
    model = QString::fromStdString(test::write_tiny_model(spec, "bench_tiny"));
  }
  QTemporaryDir settings;
  MainWindow w(settings.filePath("bench.ini"));
  w.setInteractive(false);
  w.resize(1600, 1000);
  w.show();
  EngineController* c = w.controller();
  QSignalSpy loaded(c, &EngineController::loadFinished);
  w.openModel(model);
  if (!loaded.wait(600000) || !loaded.first().at(0).toBool()) {
    std::fprintf(stderr, "bench_ui_event_loop: model not loaded: %s\n", qPrintable(w.lastError()));
    return 1;
  }
  runFor(300);

  std::printf("model: %s\n", qPrintable(model));
  std::printf("%-8s %-22s %7s %8s %8s %8s %8s\n", "phase", "probe (delay, ms)", "samples", "min", "p50", "p99", "max");
  const Probe idle = measure(2000);
  print("idle", "posted event", idle.postedMs);
  print("idle", "5 ms timer lateness", idle.timerMs);

  WorkloadSpec spec;
  spec.requests = cl.value(requestsOpt).toInt();
  spec.prompt_min = 16;
  spec.prompt_max = tiny ? 128 : 256;
  spec.gen_min = 64;
  spec.gen_max = tiny ? 256 : 128;
  spec.seed = 1;
  c->setStepsPerSecond(0);
  const double rssIdle = procStatusMib("VmRSS:");
  c->startLoad(spec);
  runFor(100);  // the load is planned and queued on the engine thread
  const double rssQueued = procStatusMib("VmRSS:");
  c->run();
  const int64_t steps0 = c->totalSteps();
  int snapshots = 0;
  QObject counter;
  QObject::connect(c, &EngineController::snapshotReady, &counter, [&snapshots] { ++snapshots; });
  const double cpu0 = threadCpuMs();
  app.profiling = cl.isSet(profileOpt);
  const Probe busy = measure(cl.value(secondsOpt).toInt() * 1000);
  app.profiling = false;
  const double cpuMs = threadCpuMs() - cpu0;
  const int64_t steps = c->totalSteps() - steps0;
  print("running", "posted event", busy.postedMs);
  print("running", "5 ms timer lateness", busy.timerMs);
  std::printf("engine steps while measuring: %lld (%.0f steps/s), still running: %s\n", static_cast<long long>(steps),
              steps / cl.value(secondsOpt).toDouble(), c->hasUnfinishedWork() ? "yes" : "no (increase --requests)");
  if (const auto snap = c->lastSnapshot())
    std::printf("requests: %lld submitted, %lld ended, %lld waiting; snapshot rows: %zu\n",
                static_cast<long long>(snap->totals.submitted),
                static_cast<long long>(snap->totals.finished + snap->totals.failed + snap->totals.cancelled),
                static_cast<long long>(snap->totals.waiting), snap->requests.size());
  std::printf("GUI thread CPU while running: %.1f ms per second, %d snapshots, %.3f ms per snapshot\n",
              cpuMs / cl.value(secondsOpt).toDouble(), snapshots, snapshots ? cpuMs / snapshots : 0.0);
  std::printf("resident memory: %.1f MiB with the model loaded, %.1f MiB with the load queued\n", rssIdle, rssQueued);
  std::printf("resident memory after the run: %.1f MiB (peak %.1f MiB)\n", procStatusMib("VmRSS:"), procStatusMib("VmHWM:"));
  if (cl.isSet(profileOpt)) {
    std::printf("chart layouts (refits) during the whole run:");
    for (const MetricsChart* m : w.charts()->charts()) std::printf(" %s %d", qPrintable(m->id()), m->fitCount());
    std::printf("\n");
    std::vector<std::pair<std::string, TimedApp::Tally>> rows(app.tallies.begin(), app.tallies.end());
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second.cpuMs > b.second.cpuMs; });
    std::printf("%-52s %6s %9s %8s %8s %8s\n", "receiver / event type", "count", "wall ms", "max", "cpu ms", "max");
    for (size_t i = 0; i < rows.size() && i < 15; ++i)
      std::printf("%-52s %6d %9.1f %8.2f %8.1f %8.2f\n", rows[i].first.c_str(), rows[i].second.count,
                  rows[i].second.totalMs, rows[i].second.maxMs, rows[i].second.cpuMs, rows[i].second.maxCpuMs);
  }
  QElapsedTimer t;
  t.start();
  w.close();
  std::printf("close mid-run: %lld ms\n", static_cast<long long>(t.elapsed()));
  return 0;
}
