// MainWindow, attach: File > Attach to server... and `inferscope --attach URL`: the Servers tab, which
// watches live serving engines through what they publish (ui/attach/attach_panel).
#include <QInputDialog>
#include <QLineEdit>
#include <QRegularExpression>
#include <QTabWidget>

#include "ui/attach/attach_panel.h"
#include "ui/attach/traced_requests_view.h"
#include "ui/charts/metrics_chart.h"
#include "ui/export/export_menu.h"
#include "ui/main_window.h"
#include "ui/timeline/timeline_bar.h"

namespace inferscope::ui {

void MainWindow::attachServers(const QStringList& targets, int interval_ms) {
  QStringList urls;
  QString kvEvents, traces;
  for (const QString& t : targets) {
    if (t.startsWith(QLatin1String("tcp://")))
      kvEvents = t;  // vLLM's KV-event publisher
    else if (t.startsWith(QLatin1String("otlp://")))
      traces = t.mid(7);  // where to receive the engines' OTLP traces, HOST:PORT
    else if (!t.trimmed().isEmpty())
      urls << (t.contains(QLatin1String("://")) ? t.trimmed() : QStringLiteral("http://") + t.trimmed());
  }
  if (urls.isEmpty() && kvEvents.isEmpty() && traces.isEmpty()) return;
  ensureAttachPanel();
  if (!urls.isEmpty()) remote_->attach(urls, interval_ms);
  if (!kvEvents.isEmpty()) remote_->attachKvEvents(kvEvents);
  if (!traces.isEmpty()) {
    QString why;
    if (remote_->listenTraces(traces, &why)) {
      attach_->tracedRequests()->setReceiver(remote_->tracesAddress(), remote_->traceStats());
      attach_->tracedRequests()->show();
    } else {
      showError(tr("Cannot receive traces"), why);
    }
  }
  tabs_->setCurrentWidget(attach_);
}

AttachPanel* MainWindow::ensureAttachPanel() {
  if (attach_) return attach_;
  remote_ = new RemoteServerSource(this);
  attach_ = new AttachPanel(remote_, this);
  tabs_->addTab(attach_, tr("Servers"));
  if (presentation_) attach_->setPresentation(true, presentationTextPixelSize());
  // The presentation strip follows the tab: the servers' numbers on the Servers tab, the engine's elsewhere.
  connect(attach_, &AttachPanel::polled, this, [this] {
    if (presentation_) updatePresentationBar();
  });
  // The timeline scrubs the local engine's steps; the Servers tab has its own poll strip for recordings.
  connect(tabs_, &QTabWidget::currentChanged, this, [this] {
    timeline_->setVisible(tabs_->currentWidget() != attach_);
    if (presentation_) updatePresentationBar();
  });
  // The same context menu as every other chart (PNG 1x/2x, SVG, CSV, clipboard); a MetricsChart writes
  // its own CSV, so the step log is never asked for.
  for (MetricsChart* c : attach_->charts())
    ExportMenu::attach(c, [] { return std::vector<StepMetrics>{}; },
                       [this](const QString& title, const QString& why) { showError(title, why); });
  return attach_;
}

void MainWindow::askAttachServers() {
  bool ok = false;
  const QString text = QInputDialog::getText(
      this, tr("Attach to server"),
      tr("Server URLs, separated by spaces (replicas side by side), e.g. http://127.0.0.1:8080.\n"
         "Optionally a vLLM KV-event publisher, e.g. tcp://gpu-node:5557, and where to receive the\n"
         "engines' OTLP traces, e.g. otlp://127.0.0.1:4318 (vLLM: --otlp-traces-endpoint http://127.0.0.1:4318/v1/traces).\n"
         "Only GET /metrics and /slots are sent (and the KV-event replay request)."),
      QLineEdit::Normal, lastAttach_, &ok);
  if (!ok || text.trimmed().isEmpty()) return;
  lastAttach_ = text.trimmed();
  attachServers(lastAttach_.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts));
}

}  // namespace inferscope::ui
