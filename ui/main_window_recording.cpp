// MainWindow, recordings: File > Open recording... (also a .isrec dropped on the window and
// `inferscope --open FILE`) shows a recorded run without a model or an engine; the timeline under the
// tabs scrubs it, or the live run, step by step.
#include <QAction>
#include <QFileDialog>
#include <QMenu>
#include <QStatusBar>
#include <QTabWidget>

#include "ui/charts/charts_panel.h"
#include "ui/main_window.h"
#include "ui/timeline/timeline_bar.h"

namespace inferscope::ui {

bool MainWindow::openRecording(const QString& path, QString* error) {
  QString err, warning;
  if (!session_->openRecording(path, &err, &warning)) {
    showError(tr("Recording not opened"), tr("%1 cannot be opened: %2").arg(path, err));
    if (error) *error = err;
    return false;
  }
  leaveStartPage();
  tabs_->setCurrentWidget(charts_);
  // A file cut short opens up to its last whole step; say so where it stays visible.
  if (!warning.isEmpty()) statusBar()->showMessage(tr("Recording incomplete: %1").arg(warning));
  return true;
}

// Shows step index of the run on screen (-1: the newest, followed).
void MainWindow::showStep(int64_t index) {
  if (index < 0) session_->showLatest();
  else session_->showStep(index);
}

void MainWindow::addRecordingActions(QMenu* fileMenu) {
  openRecordingAct_ = fileMenu->addAction(QString(), this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open recording"), QString(), tr("InferScope recordings (*.isrec)"));
    if (!path.isEmpty()) openRecording(path);
  });
  openRecordingAct_->setObjectName(QStringLiteral("open_recording"));
  saveRecordingAct_ = fileMenu->addAction(QString(), this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save recording"), QStringLiteral("run.isrec"), tr("InferScope recordings (*.isrec)"));
    if (!path.isEmpty()) session_->saveRecording(path);
  });
  saveRecordingAct_->setObjectName(QStringLiteral("save_recording"));
  // What it saves is the live engine's run: with a recording on screen there is nothing new to save.
  connect(session_, &WorkbenchSession::sourceChanged, saveRecordingAct_, [this] { saveRecordingAct_->setEnabled(session_->source()->isLive()); });
  connect(session_, &WorkbenchSession::stepShown, this, [this] {
    if (presentation_) updatePresentationBar();
  });
  connect(session_, &WorkbenchSession::recordingSaved, this, [this](bool ok, const QString& path, qint64 steps, const QString& error) {
    if (ok) statusBar()->showMessage(tr("Saved %n step(s) to %1", nullptr, int(steps)).arg(path), 8000);
    else showError(tr("Recording not saved"), error);
  });
}

void MainWindow::retranslateRecording() {
  if (openRecordingAct_) openRecordingAct_->setText(tr("Open &recording..."));
  if (saveRecordingAct_) saveRecordingAct_->setText(tr("&Save recording..."));
}

}  // namespace inferscope::ui
