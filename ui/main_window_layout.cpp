// MainWindow, layout: the window's size on its screen, presentation mode, the start page and what
// Run does with nothing loaded, and the appearance settings written as soon as they change.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLayout>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>
#include <QWindow>
#include <algorithm>
#include <cmath>
#include <utility>

#include "engine/spec/spec_config.h"
#include "ui/reqtimeline/request_timeline_panel.h"
#include "ui/charts/charts_panel.h"
#include "ui/engine/engine_controller.h"
#include "ui/charts/metrics_chart.h"
#include "ui/compare/compare_panel.h"
#include "ui/lessons/lessons_panel.h"
#include "ui/main_window.h"
#include "ui/panels/engine_settings_panel.h"
#include "ui/panels/log_panel.h"
#include "ui/attach/attach_panel.h"
#include "ui/presentation_bar.h"
#include "ui/start_page.h"
#include "ui/timeline/timeline_bar.h"

namespace inferscope::ui {

namespace {
constexpr double kScreenShare = 0.9;  // of the available geometry, on first start
// Presentation chart text: 20 px on a 1080-line screen, scaled with its height, at least 16 px.
constexpr int kPresentationPxAt1080 = 20;
constexpr int kPresentationMinPx = 16;
constexpr int kLogMinHeight = 90;  // a few lines of the log on first start
}  // namespace

void MainWindow::fitToScreen() {
  const QRect avail = screen()->availableGeometry();
  // The frame the window system adds is known once shown; before that the window system clamps.
  const QMargins frame = isVisible() ? QMargins(geometry().left() - frameGeometry().left(), geometry().top() - frameGeometry().top(),
                                                frameGeometry().right() - geometry().right(),
                                                frameGeometry().bottom() - geometry().bottom())
                                     : QMargins();
  const QSize room = avail.size().shrunkBy(frame);
  QSize size(int(room.width() * kScreenShare), int(room.height() * kScreenShare));
  size = size.expandedTo(minimumSizeHint()).boundedTo(room);
  resize(size);
  move(avail.center() - QPoint(size.width() / 2, size.height() / 2) - QPoint(frame.left(), frame.top()));
}

void MainWindow::showEvent(QShowEvent* e) {
  QMainWindow::showEvent(e);
  if (std::exchange(shownOnce_, true) || presentation_ || isMaximized() || isFullScreen()) return;
  // The window frame is known from now on: a window that reaches past the screen with it is refitted.
  if (!screen()->availableGeometry().contains(frameGeometry())) fitToScreen();
  // First start: the log gets a strip at the bottom and the charts the height (the dock's own size
  // hint would take a third of a 720-line screen).
  if (!hasSavedState_) {
    resizeDocks({logDock_}, {std::max(kLogMinHeight, height() / 7)}, Qt::Vertical);
    // The side docks' size hints follow their longest text (the CUDA status line made the settings dock
    // 417 px at 1280x720); a share of the width leaves the requests table its columns and the charts room.
    const int side = std::clamp(width() * 23 / 100, 280, 360);
    resizeDocks({settingsDock_, requestsDock_}, {side, side}, Qt::Horizontal);
  }
}

int MainWindow::presentationTextPixelSize() const {
  const QScreen* s = screen();
  const int lines = s ? s->geometry().height() : 1080;
  return std::max(kPresentationMinPx, int(std::lround(kPresentationPxAt1080 * lines / 1080.0)));
}

void MainWindow::setPresentationMode(bool on) {
  if (presentationAct_->isChecked() != on) presentationAct_->setChecked(on);  // re-enters through toggled
  if (on == presentation_) return;
  if (on) enterPresentation();
  else leavePresentation();
}

void MainWindow::giveLessonsTheRoom() {
  if (presentation_ || tabs_->currentWidget() != lessons_) return restoreLessonDocks();
  if (!lessonHiddenDocks_.empty()) return;
  for (QDockWidget* d : docks())
    if (d->isVisible() && !d->isFloating()) {
      lessonHiddenDocks_.emplace_back(d);
      d->hide();
    }
}

void MainWindow::restoreLessonDocks() {
  for (const QPointer<QDockWidget>& d : lessonHiddenDocks_)
    if (d) d->show();
  lessonHiddenDocks_.clear();
}

void MainWindow::enterPresentation() {
  restoreLessonDocks();  // the normal layout is saved with its docks
  normalGeometry_ = saveGeometry();
  normalState_ = saveState();
  normalWindowState_ = windowState();
  presentation_ = true;
  // The stage's text is sized explicitly (the strip, the charts); the application font stays, so no
  // widget's minimum size grows and the normal layout comes back exactly.
  // The docks' own presentation layout if one was kept, else none of them: the stage is the charts.
  if (presentationState_.isEmpty() || !restoreState(presentationState_))
    for (QDockWidget* d : docks()) d->hide();
  showFullScreen();
  // Without a window manager (a bare X server, a kiosk) full screen is only a request; take the screen.
  QTimer::singleShot(200, this, [this] {
    if (presentation_ && frameGeometry() != screen()->geometry()) setGeometry(screen()->geometry());
  });
  const int px = presentationTextPixelSize();
  presentationBar_->setTextPixelSize(px * 2);
  presentationBar_->show();
  updatePresentationBar();
  charts_->setPresentation(true, px);
  timeline_->setTextPixelSize(px);
  if (attach_) attach_->setPresentation(true, px);
  compare_->setPresentation(true, px);
  requestTimeline_->setPresentation(true, px);
  lessons_->setLineWidth(4.0);
  lessons_->setTextPixelSize(px);
}

void MainWindow::leavePresentation() {
  presentationState_ = saveState();
  presentation_ = false;
  presentationBar_->hide();
  charts_->setPresentation(false, 0);
  timeline_->setTextPixelSize(0);
  if (attach_) attach_->setPresentation(false, 0);
  compare_->setPresentation(false, 0);
  requestTimeline_->setPresentation(false, 0);
  lessons_->setLineWidth(2.0);
  lessons_->setTextPixelSize(0);
  setWindowState(normalWindowState_);
  if (!(normalWindowState_ & (Qt::WindowMaximized | Qt::WindowFullScreen))) showNormal();
  // Geometry first, then the docks: restoreState sizes the docks for the window it finds. The normal
  // layout's minimum size must be in force first, or the window keeps the presentation one's.
  if (layout()) {
    layout()->invalidate();
    layout()->activate();
  }
  restoreGeometry(normalGeometry_);
  restoreState(normalState_);
  // Restored docks settle over the next pass of the event loop; apply both once more after it.
  QTimer::singleShot(0, this, [this] {
    if (presentation_) return;
    restoreGeometry(normalGeometry_);
    restoreState(normalState_);
    giveLessonsTheRoom();
  });
  openSettings()->setValue(QStringLiteral("presentation_state"), presentationState_);
}

void MainWindow::updatePresentationBar() {
  if (attach_ && tabs_->currentWidget() == attach_) {  // the servers watched, not the idle local engine
    const AttachPanel::Headline h = attach_->headline();
    presentationBar_->setServerNumbers(h.up, h.servers, h.generatedPerS, h.kvUsed, h.running, h.waiting);
    return;
  }
  // The numbers of the step the timeline shows (the newest while following).
  const auto& steps = session_->steps();
  const int64_t shown = session_->followsLatest() ? int64_t(steps.size()) - 1 : session_->shownStep();
  const StepMetrics* m = shown >= 0 && shown < int64_t(steps.size()) ? &steps[size_t(shown)] : nullptr;
  const double rate = m ? m->tokens_per_s : 0.0;
  const qint64 cap = charts_->capacityBytes();
  const double kv = !m || cap <= 0 ? (cap > 0 ? 0.0 : -1.0) : double(m->kv_bytes_allocated) / double(cap);
  // The exact totals: the snapshot's request list is bounded and shows only the head of a long queue.
  int running = 0, waiting = 0;
  if (const auto snap = session_->shownState()) {
    running = int(snap->totals.running);
    waiting = int(snap->totals.waiting);
  }
  // A step is named by its engine step, the number under the charts' cursor and on the timeline.
  // After the run has ended, the last engine second's rate would keep a stale figure up: the whole
  // run's rate (generated tokens over the steps' own time) is shown instead, and says so.
  double shownRate = rate;
  bool average = false;
  const auto snap = session_->lastSnapshot();
  if (session_->followsLatest() && m && !session_->hasUnfinishedWork() && snap && snap->totals.generated_tokens > 0) {
    double busyMs = 0;
    for (const auto& s : steps) busyMs += s.step_ms;
    if (busyMs > 0) {
      shownRate = double(snap->totals.generated_tokens) * 1000.0 / busyMs;
      average = true;
    }
  }
  presentationBar_->setNumbers(m ? m->step : -1, shownRate, kv, running, waiting, average);
  presentationBar_->setConditions(runConditions());
}

QStringList MainWindow::runConditions() const {
  // What makes this run differ from a default one, for the room to see (the presentation strip).
  QStringList out;
  if (!session_->source()->isLive()) return out;
  const EngineConfig& c = session_->controller()->config();
  if (const auto& card = session_->controller()->modelCard(); card && card->weight_mode != "stored")
    out << tr("weights %1").arg(QString::fromStdString(card->weight_mode_label));
  if (c.spec.enabled()) out << tr("speculation %1, k = %2").arg(QString::fromStdString(spec::to_string(c.spec))).arg(c.spec.k);
  if (c.kv_dtype != EngineConfig{}.kv_dtype) out << tr("KV cache %1").arg(QString::fromLatin1(kv_dtype_name(c.kv_dtype)));
  if (c.sched.recompute_all) out << tr("no KV cache (recompute)");
  if (c.parallel.enabled()) out << QString::fromStdString(to_string(c.parallel));
  if (session_->stepsPerSecond() > 0)
    out << tr("display paced at %1 steps/s: latencies include the pauses").arg(session_->stepsPerSecond());
  return out;
}

bool MainWindow::startExperiment(const QString& scenario, QString* error) {
  if (!loadScenario(scenario, error)) return false;
  leaveStartPage();
  tabs_->setCurrentWidget(charts_);  // the scenario's live run has started (its comparison follows it)
  return true;
}

void MainWindow::onResetTriggered() {
  const QStringList pending = settingsPanel_->pendingChanges();
  if (!pending.isEmpty() && interactive_) {
    // Reset keeps the engine; a change that waits for Apply would silently not take part.
    QMessageBox box(QMessageBox::Question, tr("Settings not applied"),
                    tr("These settings are changed but not applied: %1.\n\nReset restarts the workload on the engine "
                       "as it is. Apply them first?")
                        .arg(pending.join(QStringLiteral(", "))),
                    QMessageBox::Cancel, this);
    QPushButton* applyReset = box.addButton(tr("Apply and reset"), QMessageBox::AcceptRole);
    QPushButton* resetOnly = box.addButton(tr("Reset without them"), QMessageBox::DestructiveRole);
    box.setDefaultButton(applyReset);
    box.exec();
    if (box.clickedButton() == applyReset) {
      if (!session_->confirmDiscard()) return;
      session_->applySettings(settingsPanel_->config());
      if (session_->workloadStarted()) session_->startWorkload(session_->workload());  // again, on the new engine
      return;
    }
    if (box.clickedButton() != resetOnly) return;
  } else if (!pending.isEmpty()) {
    sayPending(tr("Reset"), pending);
  }
  if (session_->confirmDiscard()) session_->reset();
}

void MainWindow::sayPending(const QString& action, const QStringList& pending) {
  const QString text = tr("%1 uses the applied settings; not applied yet: %2 (press Apply in Engine settings).")
                           .arg(action, pending.join(QStringLiteral(", ")));
  log_->append(text, LogPanel::Warning);
  statusBar()->showMessage(text, 10000);
}

void MainWindow::onRunTriggered() {
  if (runHasEnded()) {  // "Run again": the workload from its start, on the applied settings
    if (const QStringList pending = settingsPanel_->pendingChanges(); !pending.isEmpty()) sayPending(tr("Run again"), pending);
    if (!session_->confirmDiscard()) return;
    session_->reset();
    session_->run();
    return;
  }
  if (session_->isRunning()) {
    session_->pause();
    return;
  }
  if (const QStringList pending = settingsPanel_->pendingChanges(); !pending.isEmpty()) sayPending(tr("Run"), pending);
  const auto snap = session_->lastSnapshot();
  const bool nothingLoaded = !session_->workloadStarted() && !session_->hasPendingScenario() && !session_->hasUnfinishedWork() &&
                             session_->steps().empty() && (!snap || snap->requests.empty());
  if (!nothingLoaded) {
    session_->run();
    return;
  }
  // Run with nothing to run used to do nothing: offer the first experiment instead.
  if (interactive_ &&
      QMessageBox::question(this, tr("Nothing to run yet"),
                            tr("No workload is loaded. Load the experiment \"Why continuous batching\" and run it?")) !=
          QMessageBox::Yes)
    return;
  log_->append(tr("Nothing was loaded: running the default experiment."));
  QString err;
  if (!startExperiment(StartPage::defaultScenario(), &err)) showError(tr("Scenario not loaded"), err);
}

void MainWindow::leaveStartPage() { charts_->showStartPage(false); }

void MainWindow::persistAppearance() {
  if (restoring_) return;
  auto s = openSettings();
  s->setValue(QStringLiteral("language"), language_);
  s->setValue(QStringLiteral("dark"), dark_);
}

QString MainWindow::exportDirectory() const {
  const QString saved = openSettings()->value(QStringLiteral("export_dir")).toString();
  if (!saved.isEmpty()) return saved;
  const QString pictures = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
  return pictures.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::HomeLocation) : pictures;
}

}  // namespace inferscope::ui
