#include "ui/panels/log_panel.h"

#include <QDateTime>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace inferscope::ui {

LogPanel::LogPanel(QWidget* parent) : QWidget(parent) {
  view_ = new QPlainTextEdit;
  view_->setReadOnly(true);
  view_->setMaximumBlockCount(5000);  // a long run must not grow memory without bound
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(2, 2, 2, 2);
  l->addWidget(view_);
}

void LogPanel::append(const QString& line, int level) {
  const QString ts = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
  const QString color = level == Error ? QStringLiteral("#c62828") : level == Warning ? QStringLiteral("#ef6c00") : QString();
  const QString body = QStringLiteral("%1  %2").arg(ts, line.toHtmlEscaped());
  view_->appendHtml(color.isEmpty() ? body : QStringLiteral("<span style=\"color:%1\">%2</span>").arg(color, body));
}

QString LogPanel::text() const { return view_->toPlainText(); }

}  // namespace inferscope::ui
