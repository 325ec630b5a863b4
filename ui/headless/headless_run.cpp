#include "ui/headless/headless_run.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <limits>

#include "ui/engine/engine_controller.h"
#include "ui/session/workbench_session.h"

namespace inferscope::ui {

namespace {
// Waits (processing events) until pred() or the deadline; returns pred().
template <class P>
bool waitFor(P pred, qint64 timeoutMs) {
  QElapsedTimer t;
  t.start();
  while (!pred() && t.elapsed() < timeoutMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  return pred();
}
constexpr qint64 kForever = std::numeric_limits<qint64>::max() / 2;
}  // namespace

bool runHeadless(WorkbenchSession& w, const HeadlessRun& run, QString* error) {
  EngineController* c = w.controller();
  if (!waitFor([&] { return (c->hasModel() && !c->isLoading()) || !w.lastError().isEmpty(); }, run.modelTimeoutMs) ||
      !c->hasModel()) {
    *error = QStringLiteral("model not loaded: %1").arg(w.lastError());
    return false;
  }
  if (run.weights) {
    w.setWeightsOverride(run.weights);
    if (run.scenario.isEmpty()) w.applyWeightMode(*run.weights);
  }
  if (!run.scenario.isEmpty() && !w.loadScenario(run.scenario, error)) return false;
  // A scenario (or --weights) with other weights re-quantizes first and applies the rest when ready.
  if (!waitFor([&] { return !c->isLoading() && !w.hasPendingScenario(); }, run.modelTimeoutMs) ||
      !w.lastError().isEmpty()) {
    *error = QStringLiteral("weights not applied: %1").arg(w.lastError());
    return false;
  }
  c->pause();
  // Every command the worker handles publishes a snapshot; count them to know when one was answered.
  int snapshots = 0;
  const QMetaObject::Connection counter = QObject::connect(c, &EngineController::snapshotReady, c, [&snapshots] { ++snapshots; });
  // The counter lives on this stack frame: the connection must not outlive it.
  struct Disconnect {
    QMetaObject::Connection c;
    ~Disconnect() { QObject::disconnect(c); }
  } disconnectOnReturn{counter};
  // The comparison (if the scenario has one) runs first on the engine thread; however long it takes.
  waitFor([&] { return !c->isComparing(); }, kForever);
  if (!run.scenario.isEmpty()) waitFor([&] { return c->hasUnfinishedWork(); }, 30000);
  // Step one at a time: exactly N steps run whatever the machine's speed, and arrivals follow the same
  // step clock as the comparison's variants.
  const int limit = run.steps < 0 ? std::numeric_limits<int>::max() : run.steps;
  int stalls = 0;
  for (int i = 0; i < limit; ++i) {
    if (run.steps < 0 && !c->hasUnfinishedWork()) break;
    const int64_t before = c->totalSteps();
    const int seen = snapshots;
    c->stepOnce();
    if (!waitFor([&] { return snapshots > seen; }, 600000)) {
      *error = QStringLiteral("the engine did not answer a step");
      return false;
    }
    // Nothing ran: either nothing is left, or nothing can run (a request the cache can never hold fails
    // on submit, so this is a guard, not an expected path).
    if (c->totalSteps() == before && (!c->hasUnfinishedWork() || ++stalls > 3)) break;
    if (c->totalSteps() != before) stalls = 0;
  }
  waitFor([] { return false; }, 300);  // let the last snapshot reach every panel and the charts redraw
  return true;
}

}  // namespace inferscope::ui
