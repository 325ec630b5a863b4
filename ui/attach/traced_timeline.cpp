#include "ui/attach/traced_timeline.h"

#include <QEvent>
#include <QLabel>
#include <QScrollBar>
#include <QVBoxLayout>

#include "remote/otlp/span_phases.h"
#include "ui/attach/traced_requests_view.h"
#include "ui/reqtimeline/request_timeline_view.h"

namespace inferscope::ui {

namespace {
QString msText(const std::optional<double>& s) { return s ? QString::number(*s * 1000.0, 'f', 1) : QStringLiteral("-"); }
QString countText(const std::optional<int64_t>& v) { return v ? QString::number(*v) : QStringLiteral("-"); }
}  // namespace

TracedTimeline::TracedTimeline(const TracedRequestsModel* model, QWidget* parent) : QWidget(parent), model_(model) {
  setObjectName(QStringLiteral("traced_timeline"));
  legend_ = new QLabel(this);
  legend_->setWordWrap(true);
  legend_->setTextFormat(Qt::RichText);
  view_ = new RequestTimelineView(this);
  view_->setObjectName(QStringLiteral("traced_timeline_view"));
  view_->setMinimumHeight(140);
  view_->setTooltipProvider([this](const record::RequestPhases& r) { return tooltip(r); });
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(0, 0, 0, 0);
  l->addWidget(legend_);
  l->addWidget(view_, 1);
  tracker_ = std::make_shared<record::PhaseTracker>(TracedRequestsModel::kMaxRows);
  view_->setTracker(tracker_);
  connect(view_, &RequestTimelineView::requestClicked, this, &TracedTimeline::requestClicked);
  retranslateUi();
}

void TracedTimeline::refresh() {
  // Following the newest rows (at the bottom) until the user scrolls up.
  QScrollBar* bar = view_->verticalScrollBar();
  const bool follow = bar->value() >= bar->maximum();
  const auto& rows = model_->rows();
  // Serials run to added(): the oldest row held is added() - size + 1.
  const int64_t first = int64_t(model_->added()) - int64_t(rows.size()) + 1;
  *tracker_ = record::PhaseTracker(TracedRequestsModel::kMaxRows);
  for (record::RequestPhases& r : remote::traced_phases(rows, first)) tracker_->add_finished(std::move(r));
  view_->changed();
  if (follow) bar->setValue(bar->maximum());
}

void TracedTimeline::setSelectedSerial(qint64 serial) { view_->setSelectedId(serial); }

void TracedTimeline::setTextPixelSize(int px) {
  view_->setTextPixelSize(px);
  QFont f = font();
  if (px > 0) f.setPixelSize(px);
  legend_->setFont(f);
  if (px <= 0) legend_->setAttribute(Qt::WA_SetFont, false);
}

QString TracedTimeline::tooltip(const record::RequestPhases& r) const {
  const int row = model_->rowOfSerial(r.id);
  if (row < 0) return {};
  const remote::LlmRequestSpan& s = model_->request(row);
  QString t = tr("Request %1").arg(QString::fromStdString(s.request_id.empty() ? s.span_id : s.request_id));
  if (!s.service.empty()) t += QStringLiteral(" (%1)").arg(QString::fromStdString(s.service));
  t += QLatin1Char('\n') + tr("queue %1 ms, time to first token %2 ms, end to end %3 ms").arg(msText(s.queue_s), msText(s.ttft_s), msText(s.e2e_s));
  t += QLatin1Char('\n') + tr("prompt %1 tokens, %2 generated").arg(countText(s.prompt_tokens), countText(s.completion_tokens));
  if (r.phases.empty()) t += QLatin1Char('\n') + tr("Not drawn: the span gives neither its end-to-end time nor its start.");
  for (const record::Phase& p : r.phases)
    if (p.kind == record::PhaseKind::Unsplit) {
      t += QLatin1Char('\n') + tr("A figure is missing: the phases it would separate are one bar.");
      break;
    }
  return t;
}

void TracedTimeline::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void TracedTimeline::retranslateUi() {
  auto swatch = [](const char* color, const QString& name) {
    return QStringLiteral("<span style='background:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;%2&nbsp;&nbsp; ").arg(QLatin1String(color), name);
  };
  legend_->setText(swatch("#b0b0b0", tr("time in queue")) + swatch("#f08c28", tr("to the first token")) +
                   swatch("#2f7ed8", tr("decode")) + swatch("#5f8a8b", tr("not split (a figure missing)")) +
                   tr("Hover a row for its figures, click to select it in the table; Ctrl+wheel zooms time."));
  // The long story on demand: a legend of one line leaves the rows the room.
  legend_->setToolTip(tr("One row per traced request, on this session's clock: its end placed by when its export arrived, "
                         "its phases laid back from there with the queue time, time to first token and end-to-end time "
                         "the engine measured."));
  view_->setPlaceholderText(tr("No traced requests yet: start vLLM or SGLang with --otlp-traces-endpoint pointing here."));
}

}  // namespace inferscope::ui
