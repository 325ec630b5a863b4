// MainWindow, recordings: File > Open recording... (also a .isrec dropped on the window and
// `inferscope --open FILE`) shows a recorded run without a model or an engine; the timeline under the
// tabs scrubs it, or the live run, step by step.
#include <QAction>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

#include "engine/record/record_format.h"
#include "engine/record/recording.h"
#include "ui/attach/attach_panel.h"
#include "ui/charts/charts_panel.h"
#include "ui/engine/engine_controller.h"
#include "ui/engine/trace_writer.h"
#include "ui/main_window.h"
#include "ui/panels/engine_settings_panel.h"
#include "ui/timeline/timeline_bar.h"

namespace inferscope::ui {

namespace {
// The header's format version, 0 when unreadable: version 2 files are attached sessions' recordings.
uint32_t recordingVersion(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return 0;
  const QByteArray h = f.read(qint64(record::kFileHeaderBytes));
  if (h.size() < int(record::kFileHeaderBytes)) return 0;
  return uint32_t(uint8_t(h[8])) | uint32_t(uint8_t(h[9])) << 8 | uint32_t(uint8_t(h[10])) << 16 | uint32_t(uint8_t(h[11])) << 24;
}
}  // namespace

// A recording of an attached session: the Servers tab shows it, its own strip scrubbing the polls.
bool MainWindow::openAttachRecording(const QString& path, QString* error) {
  std::shared_ptr<const record::Recording> rec;
  QString err;
  try {
    rec = std::make_shared<const record::Recording>(record::Recording::open(path.toStdString()));
    if (!rec->is_attach()) err = tr("not a recording of an attached session");
    else if (rec->server_polls().empty()) err = tr("%1 holds no whole poll.").arg(path);
  } catch (const std::exception& e) {
    err = QString::fromStdString(e.what());
  }
  if (!err.isEmpty()) {
    showError(tr("Recording not opened"), tr("%1 cannot be opened: %2").arg(path, err));
    if (error) *error = err;
    return false;
  }
  leaveStartPage();
  ensureAttachPanel()->showRecording(rec);
  tabs_->setCurrentWidget(attach_);
  const QString warning = QString::fromStdString(rec->warning());
  if (!warning.isEmpty()) statusBar()->showMessage(tr("Recording incomplete: %1").arg(warning));
  return true;
}

bool MainWindow::openRecording(const QString& path, QString* error) {
  if (recordingVersion(path) == record::kAttachFormatVersion) return openAttachRecording(path, error);
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

// Shows step index of the run on screen (-1: the newest, followed), or poll index of an attached session's recording.
void MainWindow::showStep(int64_t index) {
  // An attached session's recording on screen: the step is its poll (`inferscope --open FILE --step N`).
  if (attach_ && attach_->isReplaying() && tabs_->currentWidget() == attach_) {
    attach_->showPoll(index < 0 ? attach_->pollCount() - 1 : int(std::min<int64_t>(index, attach_->pollCount())));
    return;
  }
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
    if (serversTabSaves()) {  // the Servers tab saves what its attached servers published
      const QString path = QFileDialog::getSaveFileName(this, tr("Save recording"), QStringLiteral("servers.isrec"),
                                                        tr("InferScope recordings (*.isrec)"));
      if (path.isEmpty()) return;
      QString err;
      if (remote_->saveRecording(path, &err))
        statusBar()->showMessage(tr("Saved %n poll(s) to %1", nullptr, int(remote_->recordedPolls())).arg(path), 8000);
      else
        showError(tr("Recording not saved"), err);
      return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Save recording"), QStringLiteral("run.isrec"), tr("InferScope recordings (*.isrec)"));
    if (!path.isEmpty()) session_->saveRecording(path);
  });
  saveRecordingAct_->setObjectName(QStringLiteral("save_recording"));
  exportTraceAct_ = fileMenu->addAction(QString(), this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export trace"), QStringLiteral("run.trace.json"),
                                                      tr("Chrome / Perfetto traces (*.json)"));
    if (!path.isEmpty()) session_->saveTrace(path);
  });
  exportTraceAct_->setObjectName(QStringLiteral("export_trace"));
  sendTraceAct_ = fileMenu->addAction(QString(), this, [this] {
    QSettings settings;
    const QString last = settings.value(QStringLiteral("otlp/traces_endpoint"), QStringLiteral("http://127.0.0.1:4318/v1/traces")).toString();
    bool ok = false;
    const QString url = QInputDialog::getText(this, tr("Send trace to a collector"),
                                              tr("OTLP/HTTP traces endpoint (an OpenTelemetry Collector, Jaeger, Tempo):"),
                                              QLineEdit::Normal, last, &ok).trimmed();
    if (!ok || url.isEmpty()) return;
    const QString full = collectorTarget(url);
    settings.setValue(QStringLiteral("otlp/traces_endpoint"), full);
    statusBar()->showMessage(tr("Sending the trace to %1...").arg(full));
    session_->saveTrace(full);
  });
  sendTraceAct_->setObjectName(QStringLiteral("send_trace"));
  // What it saves is the live engine's run, or on the Servers tab the attached session: with a recording
  // on screen there is nothing new to save.
  auto updateSave = [this] { saveRecordingAct_->setEnabled(serversTabSaves() || session_->source()->isLive()); };
  connect(session_, &WorkbenchSession::sourceChanged, saveRecordingAct_, updateSave);
  connect(session_, &WorkbenchSession::sourceChanged, this, &MainWindow::showSourceSettings);
  connect(tabs_, &QTabWidget::currentChanged, saveRecordingAct_, updateSave);
  connect(session_, &WorkbenchSession::stepShown, this, [this] {
    if (presentation_) updatePresentationBar();
  });
  connect(session_, &WorkbenchSession::traceSaved, this, [this](bool ok, const QString& path, qint64 steps, const QString& error) {
    if (isTraceUrl(path)) {
      if (ok) statusBar()->showMessage(tr("Sent the requests of a %n-step run to %1 as OTLP spans", nullptr, int(steps)).arg(path), 8000);
      else showError(tr("Trace not sent"), error);
      return;
    }
    if (ok) statusBar()->showMessage(tr("Wrote a trace of %n step(s) to %1 (open it in ui.perfetto.dev or chrome://tracing)", nullptr, int(steps)).arg(path), 8000);
    else showError(tr("Trace not written"), error);
  });
  connect(session_, &WorkbenchSession::recordingSaved, this, [this](bool ok, const QString& path, qint64 steps, const QString& error) {
    if (ok) {
      savedStepCount_ = session_->steps().size();
      statusBar()->showMessage(tr("Saved %n step(s) to %1", nullptr, int(steps)).arg(path), 8000);
    } else {
      showError(tr("Recording not saved"), error);
    }
  });
}

bool MainWindow::hasUnsavedRecording() const {
  // Steps the last save did not hold (a new engine starts its steps again from none).
  return session_->source()->isLive() && !session_->steps().empty() && session_->steps().size() != savedStepCount_;
}

bool MainWindow::askSaveRecordingBeforeClose() {
  if (!interactive_ || !hasUnsavedRecording()) return true;
  QMessageBox box(QMessageBox::Question, tr("Save the recording?"),
                  tr("This run's %n step(s) are not saved in a recording. Save them before closing?", nullptr,
                     int(session_->steps().size())),
                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
  box.setDefaultButton(QMessageBox::Save);
  const int answer = box.exec();
  if (answer == QMessageBox::Cancel) return false;
  if (answer == QMessageBox::Discard) return true;
  const QString path = QFileDialog::getSaveFileName(this, tr("Save recording"), QStringLiteral("run.isrec"), tr("InferScope recordings (*.isrec)"));
  if (path.isEmpty()) return false;
  // The engine thread writes it; the window waits for the answer before it closes.
  QEventLoop wait;
  bool saved = false;
  const auto c = connect(session_, &WorkbenchSession::recordingSaved, &wait, [&](bool ok, const QString&, qint64, const QString&) {
    saved = ok;
    wait.quit();
  });
  session_->saveRecording(path);
  wait.exec();
  disconnect(c);
  return saved;
}

void MainWindow::showSourceSettings() {
  if (const auto recorded = session_->source()->recordedConfig(); recorded && !session_->source()->isLive()) {
    if (!liveSettings_) liveSettings_ = settingsPanel_->config();
    settingsPanel_->setConfig(*recorded);
    settingsPanel_->setAppliedConfig(*recorded);  // nothing is pending: nothing can be applied to a recording
    settingsPanel_->setEnabled(false);
    settingsPanel_->setAppliedStatus(tr("A recording is shown: these are the settings it ran with."), false);
    return;
  }
  if (!liveSettings_) return;
  settingsPanel_->setEnabled(true);
  settingsPanel_->setConfig(*liveSettings_);
  settingsPanel_->setAppliedConfig(session_->controller()->config());
  settingsPanel_->setAppliedStatus({}, false);
  liveSettings_.reset();
}

bool MainWindow::serversTabSaves() const {
  return attach_ && tabs_->currentWidget() == attach_ && !attach_->isReplaying();
}

void MainWindow::retranslateRecording() {
  if (openRecordingAct_) openRecordingAct_->setText(tr("Open &recording..."));
  if (saveRecordingAct_) saveRecordingAct_->setText(tr("&Save recording..."));
  if (exportTraceAct_) {
    exportTraceAct_->setText(tr("Export &trace..."));
    exportTraceAct_->setToolTip(tr("The run as a Chrome / Perfetto trace: engine steps, each request's phases, KV counters"));
  }
  if (sendTraceAct_) {
    sendTraceAct_->setText(tr("Send trace to a &collector..."));
    sendTraceAct_->setToolTip(tr("The run's requests as OpenTelemetry spans (vLLM's llm_request, a span per phase) over OTLP/HTTP"));
  }
}

}  // namespace inferscope::ui
