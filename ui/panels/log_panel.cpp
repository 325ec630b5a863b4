#include "ui/panels/log_panel.h"

#include <QDateTime>
#include <QPlainTextEdit>
#include <QPointer>
#include <QVBoxLayout>
#include <algorithm>
#include <mutex>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

namespace inferscope::ui {

namespace {
// Lives in spdlog's logger; posts each formatted line to the panel on the GUI thread. The QPointer
// makes a line that arrives after the panel is gone a no-op instead of a crash.
class PanelSink : public spdlog::sinks::base_sink<std::mutex> {
 public:
  explicit PanelSink(LogPanel* panel) : panel_(panel) {}
  void detach() {
    std::lock_guard<std::mutex> lock(mutex_);
    panel_.clear();
  }

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    if (!panel_) return;
    const QString line = QString::fromUtf8(msg.payload.data(), qsizetype(msg.payload.size()));
    const int level = msg.level >= spdlog::level::err ? LogPanel::Error : msg.level == spdlog::level::warn ? LogPanel::Warning : LogPanel::Info;
    QPointer<LogPanel> p = panel_;
    QMetaObject::invokeMethod(panel_.data(), [p, line, level] { if (p) p->append(line, level); }, Qt::QueuedConnection);
  }
  void flush_() override {}

 private:
  QPointer<LogPanel> panel_;
};

std::shared_ptr<PanelSink>& activeSink() {
  static std::shared_ptr<PanelSink> sink;
  return sink;
}
}  // namespace

LogPanel::LogPanel(QWidget* parent) : QWidget(parent) {
  view_ = new QPlainTextEdit;
  view_->setReadOnly(true);
  view_->setMaximumBlockCount(5000);  // a long run must not grow memory without bound
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(2, 2, 2, 2);
  l->addWidget(view_);
}

LogPanel::~LogPanel() {
  if (sinkInstalled_ && activeSink()) {
    activeSink()->detach();
    auto& sinks = spdlog::default_logger()->sinks();
    sinks.erase(std::remove(sinks.begin(), sinks.end(), activeSink()), sinks.end());
    activeSink().reset();
  }
}

void LogPanel::installEngineLogSink() {
  if (sinkInstalled_ || activeSink()) return;
  activeSink() = std::make_shared<PanelSink>(this);
  spdlog::default_logger()->sinks().push_back(activeSink());
  sinkInstalled_ = true;
}

void LogPanel::append(const QString& line, int level) {
  const QString ts = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
  const QString color = level == Error ? QStringLiteral("#c62828") : level == Warning ? QStringLiteral("#ef6c00") : QString();
  const QString body = QStringLiteral("%1  %2").arg(ts, line.toHtmlEscaped());
  view_->appendHtml(color.isEmpty() ? body : QStringLiteral("<span style=\"color:%1\">%2</span>").arg(color, body));
}

QString LogPanel::text() const { return view_->toPlainText(); }

}  // namespace inferscope::ui
