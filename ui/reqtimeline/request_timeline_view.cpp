#include "ui/reqtimeline/request_timeline_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "ui/charts/nice_scale.h"
#include "ui/engine/engine_texts.h"

namespace inferscope::ui {

using record::Phase;
using record::PhaseKind;
using record::RequestPhases;

namespace {

QColor phaseColor(PhaseKind k) {
  switch (k) {
    case PhaseKind::Waiting: return QColor(0xb0, 0xb0, 0xb0);
    case PhaseKind::Prefill: return QColor(0xf0, 0x8c, 0x28);
    case PhaseKind::Decode: return QColor(0x2f, 0x7e, 0xd8);
    case PhaseKind::Preempted: return QColor(0xd6, 0x30, 0x30);
    case PhaseKind::Recompute: return QColor(0x9a, 0x4f, 0xd0);
    case PhaseKind::Unsplit: return QColor(0x5f, 0x8a, 0x8b);
  }
  return Qt::gray;
}

}  // namespace

RequestTimelineView::RequestTimelineView(QWidget* parent) : QAbstractScrollArea(parent) {
  setObjectName(QStringLiteral("request_timeline_view"));
  setMouseTracking(true);
  viewport()->setMouseTracking(true);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  connect(horizontalScrollBar(), &QScrollBar::valueChanged, viewport(), qOverload<>(&QWidget::update));
  connect(verticalScrollBar(), &QScrollBar::valueChanged, viewport(), qOverload<>(&QWidget::update));
}

void RequestTimelineView::setTracker(std::shared_ptr<const record::PhaseTracker> tracker) {
  tracker_ = std::move(tracker);
  userZoomed_ = false;
  pxPerMs_ = 0;
  changed();
}

void RequestTimelineView::changed() {
  updateBars();
  viewport()->update();
}

void RequestTimelineView::setCursorIndex(int64_t index) {
  cursor_ = index;
  // Keep the cursor in sight: scroll time so it sits at the middle when it left the view.
  if (tracker_ && index >= 0 && index < tracker_->step_count()) {
    const double x = xOf(tracker_->step_end_ms(index));
    if (x < labelWidth() || x > viewport()->width())
      horizontalScrollBar()->setValue(int((tracker_->step_end_ms(index) - tracker_->origin_ms()) * pxPerMs_) -
                                      (viewport()->width() - labelWidth()) / 2);
  }
  viewport()->update();
}

void RequestTimelineView::setSelectedId(int64_t id) {
  if (selected_ == id) return;
  selected_ = id;
  // The selected request's row comes into view.
  if (tracker_ && id >= 0) {
    const int64_t row = tracker_->row_of(id);
    const int rows = (viewport()->height() - headerHeight()) / rowHeight();
    if (row >= 0 && (row < verticalScrollBar()->value() || row >= verticalScrollBar()->value() + rows))
      verticalScrollBar()->setValue(int(row) - rows / 2);
  }
  viewport()->update();
}

void RequestTimelineView::setTextPixelSize(int px) {
  textPx_ = px;
  QFont f = font();
  if (px > 0) f.setPixelSize(px);
  viewport()->setFont(f);
  if (px <= 0) viewport()->setAttribute(Qt::WA_SetFont, false);
  changed();
}

int RequestTimelineView::rowHeight() const { return QFontMetrics(viewport()->font()).height() + 6; }
int RequestTimelineView::headerHeight() const { return QFontMetrics(viewport()->font()).height() + 8; }
int RequestTimelineView::labelWidth() const {
  return QFontMetrics(viewport()->font()).horizontalAdvance(QStringLiteral("#000000 ")) + 8;
}

double RequestTimelineView::originMs() const { return tracker_ ? tracker_->origin_ms() : 0.0; }
double RequestTimelineView::spanMs() const { return tracker_ ? std::max(1.0, tracker_->now_ms() - originMs()) : 1.0; }

double RequestTimelineView::xOf(double ms) const {
  return labelWidth() + (ms - originMs()) * pxPerMs_ - horizontalScrollBar()->value();
}

// Fitted, the run leaves room after its end for the last row's finish reason.
int RequestTimelineView::plotWidth() const {
  const int tail = QFontMetrics(viewport()->font()).horizontalAdvance(QStringLiteral("max tokens ")) + 8;
  return std::max(10, viewport()->width() - labelWidth() - tail);
}

void RequestTimelineView::updateBars() {
  const int plotW = plotWidth();
  if (!userZoomed_ || pxPerMs_ <= 0) pxPerMs_ = plotW / spanMs();
  const int rows = tracker_ ? int(tracker_->requests().size()) : 0;
  const int visible = std::max(1, (viewport()->height() - headerHeight()) / rowHeight());
  verticalScrollBar()->setRange(0, std::max(0, rows - visible));
  verticalScrollBar()->setPageStep(visible);
  // Less a hair: fitted, span x px is plotW give or take rounding, and a range of 1 would show a scroll bar.
  horizontalScrollBar()->setRange(0, std::max(0, int(std::ceil(spanMs() * pxPerMs_ - 1e-6)) - plotW));
  horizontalScrollBar()->setPageStep(plotW);
}

void RequestTimelineView::zoomBy(double factor, int anchorX) {
  const double anchorMs = (anchorX - labelWidth() + horizontalScrollBar()->value()) / std::max(1e-9, pxPerMs_);
  const double fit = plotWidth() / spanMs();
  pxPerMs_ = std::clamp(pxPerMs_ * factor, fit, 2000.0);  // never narrower than the whole run
  userZoomed_ = pxPerMs_ > fit * 1.0001;
  updateBars();
  horizontalScrollBar()->setValue(int(anchorMs * pxPerMs_) - (anchorX - labelWidth()));
  viewport()->update();
}

void RequestTimelineView::resizeEvent(QResizeEvent* e) {
  QAbstractScrollArea::resizeEvent(e);
  updateBars();
}

void RequestTimelineView::wheelEvent(QWheelEvent* e) {
  const int dy = e->angleDelta().y();
  if (e->modifiers() & Qt::ControlModifier) {
    zoomBy(dy > 0 ? 1.25 : 0.8, int(e->position().x()));
  } else if (e->modifiers() & Qt::ShiftModifier) {
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() - dy);
  } else {
    verticalScrollBar()->setValue(verticalScrollBar()->value() - dy / 40);
  }
  e->accept();
}

int64_t RequestTimelineView::requestAt(QPoint p) const {
  if (!tracker_ || p.y() < headerHeight()) return -1;
  const int64_t row = verticalScrollBar()->value() + (p.y() - headerHeight()) / rowHeight();
  const auto& rows = tracker_->requests();
  return row >= 0 && row < int64_t(rows.size()) ? rows[size_t(row)].id : -1;
}

void RequestTimelineView::mousePressEvent(QMouseEvent* e) {
  if (e->button() != Qt::LeftButton) return QAbstractScrollArea::mousePressEvent(e);
  const int64_t id = requestAt(e->position().toPoint());
  if (id < 0) return;
  setSelectedId(id);
  emit requestClicked(id);
}

void RequestTimelineView::setTooltipProvider(std::function<QString(const record::RequestPhases&)> provider) {
  tooltipProvider_ = std::move(provider);
}

void RequestTimelineView::setPlaceholderText(const QString& text) {
  placeholder_ = text;
  viewport()->update();
}

// "in 3 chunks: 256 + 256 + 100 tokens", the first few of a long list.
QString RequestTimelineView::chunkText(std::span<const record::PhaseChunk> chunks) {
  if (chunks.empty()) return {};
  constexpr size_t kListed = 8;
  QStringList sizes;
  for (size_t k = 0; k < chunks.size() && k < kListed; ++k) sizes << QString::number(chunks[k].tokens);
  if (chunks.size() > kListed) sizes << QStringLiteral("...");
  return QLatin1Char(' ') + tr("in %n chunk(s): %1 tokens", nullptr, int(chunks.size())).arg(sizes.join(QStringLiteral(" + ")));
}

QString RequestTimelineView::tooltipFor(const RequestPhases& r) const {
  if (tooltipProvider_) return tooltipProvider_(r);
  QString t = tr("Request %1").arg(r.id);
  const double now = tracker_->now_ms();
  for (size_t k = 0; k < r.phases.size(); ++k) {
    const Phase& p = r.phases[k];
    const bool open = r.open && k + 1 == r.phases.size();
    const double end = open ? now : p.end_ms;
    QString name;
    switch (p.kind) {
      case PhaseKind::Waiting: name = tr("waiting"); break;
      case PhaseKind::Prefill: name = tr("prefill"); break;
      case PhaseKind::Decode: name = tr("decode"); break;
      case PhaseKind::Preempted: name = tr("preempted (KV blocks taken, recompute)"); break;
      case PhaseKind::Recompute: name = tr("recompute"); break;
      case PhaseKind::Unsplit: name = tr("not split"); break;
    }
    t += QLatin1Char('\n') + tr("%1: %2 ms (steps %3-%4)").arg(name).arg(end - p.begin_ms, 0, 'f', 1).arg(p.first_step).arg(open ? tracker_->step_count() - 1 : p.last_step);
    t += chunkText(record::chunks_in(r, p));
  }
  const RequestInfo& i = r.info;
  t += QLatin1Char('\n') + tr("prompt %1 tokens, %2 from the prefix cache; %3 generated").arg(i.n_prompt).arg(i.n_prefix_hit).arg(i.n_generated);
  if (i.spec_drafted > 0) t += QLatin1Char('\n') + tr("speculation: %1 of %2 drafts accepted").arg(i.spec_accepted).arg(i.spec_drafted);
  if (i.preemptions > 0) t += QLatin1Char('\n') + tr("preempted %n time(s)", nullptr, i.preemptions);
  if (r.ended) t += QLatin1Char('\n') + tr("finished: %1").arg(EngineTexts::stopReason(i.finish_reason));
  return t;
}

bool RequestTimelineView::viewportEvent(QEvent* e) {
  if (e->type() == QEvent::ToolTip && tracker_) {
    auto* he = static_cast<QHelpEvent*>(e);
    const int64_t row = tracker_->row_of(requestAt(he->pos()));
    if (row >= 0) QToolTip::showText(he->globalPos(), tooltipFor(tracker_->requests()[size_t(row)]), viewport());
    else QToolTip::hideText();
    return true;
  }
  return QAbstractScrollArea::viewportEvent(e);
}

// A prefill step by step: the steps that computed its tokens in its colour, a hairline where one chunk
// meets the next, and steps of the phase that ran without it (the batch's token budget was spent) pale.
void RequestTimelineView::paintChunks(QPainter& p, const Phase& ph, std::span<const record::PhaseChunk> chunks,
                                      const QRectF& bar, double end) const {
  const QColor solid = phaseColor(ph.kind);
  QColor pale = solid;
  pale.setAlpha(70);
  p.fillRect(bar, pale);
  double prevEnd = -1;
  for (const record::PhaseChunk& c : chunks) {
    const double b = std::max(ph.begin_ms, tracker_->step_begin_ms(c.step)), e = std::min(end, tracker_->step_end_ms(c.step));
    const double x0 = std::max(bar.left(), xOf(b)), x1 = std::min(bar.right(), xOf(e));
    if (x1 <= x0 && x1 < bar.left()) continue;
    p.fillRect(QRectF(x0, bar.top(), std::max(1.0, x1 - x0), bar.height()), solid);
    // Where two chunks abut, a hairline tells them apart once they are wide enough to see.
    if (prevEnd >= 0 && std::abs(xOf(b) - prevEnd) < 1.0 && x1 - x0 >= 4)
      p.fillRect(QRectF(x0, bar.top(), 1, bar.height()), solid.darker(170));
    prevEnd = xOf(e);
  }
}

void RequestTimelineView::paintEvent(QPaintEvent*) {
  QPainter p(viewport());
  p.setFont(viewport()->font());
  const QPalette& pal = palette();
  p.fillRect(viewport()->rect(), pal.base());
  paintedRows_ = touchedPhases_ = 0;
  const QFontMetrics fm(viewport()->font());
  const int rh = rowHeight(), hh = headerHeight(), lw = labelWidth(), w = viewport()->width(), h = viewport()->height();
  if (!tracker_ || tracker_->requests().empty()) {
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(viewport()->rect(), Qt::AlignCenter | Qt::TextWordWrap,
               placeholder_.isEmpty() ? tr("No requests yet: run a workload or open a recording to see each request's life here.")
                                      : placeholder_);
    return;
  }
  const auto& rows = tracker_->requests();
  const double now = tracker_->now_ms();
  const double visLo = originMs() + (horizontalScrollBar()->value()) / pxPerMs_, visHi = visLo + (w - lw) / pxPerMs_;

  // Time axis: round ticks over the visible range.
  const double stepMs = niceStep(std::max(1e-3, (visHi - visLo) / std::max(2, (w - lw) / (fm.horizontalAdvance(QStringLiteral("00000 ms")) + 16))));
  const bool seconds = stepMs >= 1000;
  p.setPen(pal.color(QPalette::Text));
  for (double t = std::ceil(visLo / stepMs) * stepMs + 0.0; t <= visHi; t += stepMs) {  // + 0.0: no "-0 s"
    const int x = int(xOf(t));
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(x, hh - 4, x, h);
    p.setPen(pal.color(QPalette::Text));
    const QString label = seconds ? tr("%1 s").arg(t / 1000.0, 0, 'f', decimalsForStep(stepMs / 1000.0))
                                  : tr("%1 ms").arg(t, 0, 'f', decimalsForStep(stepMs));
    if (x + 2 + fm.horizontalAdvance(label) <= w)  // a label cut by the edge reads as another number
      p.drawText(QRect(x + 2, 0, 200, hh - 2), Qt::AlignLeft | Qt::AlignVCenter, label);
  }

  // Rows in view only.
  const int first = verticalScrollBar()->value();
  const int count = std::min(int(rows.size()) - first, (h - hh) / rh + 1);
  p.setClipRect(QRect(0, hh, w, h - hh));
  for (int k = 0; k < count; ++k) {
    const RequestPhases& r = rows[size_t(first + k)];
    ++paintedRows_;
    const int y = hh + k * rh;
    if (r.id == selected_) p.fillRect(QRect(0, y, w, rh), pal.color(QPalette::Highlight).lighter(160));
    else if ((first + k) % 2) p.fillRect(QRect(0, y, w, rh), pal.color(QPalette::AlternateBase));
    const int barTop = y + 2, barH = rh - 4;
    double rowEnd = -1;
    for (size_t i = 0; i < r.phases.size(); ++i) {
      ++touchedPhases_;
      const Phase& ph = r.phases[i];
      const double end = (r.open && i + 1 == r.phases.size()) ? now : ph.end_ms;
      rowEnd = std::max(rowEnd, end);
      if (end < visLo || ph.begin_ms > visHi) continue;
      const double x0 = std::max(double(lw), xOf(ph.begin_ms)), x1 = std::min(double(w), xOf(end));
      const QRectF bar(x0, barTop, std::max(1.0, x1 - x0), barH);
      const auto chunks = record::chunks_in(r, ph);
      if (chunks.empty()) {
        p.fillRect(bar, phaseColor(ph.kind));
      } else {
        paintChunks(p, ph, chunks, bar, end);
      }
      if (ph.kind == PhaseKind::Preempted) p.fillRect(bar, QBrush(Qt::white, Qt::BDiagPattern));
    }
    // Waiting since it was first seen, never admitted yet.
    if (r.phases.empty() && !r.ended && r.first_seen_step >= 0) {
      const double b = tracker_->step_begin_ms(r.first_seen_step);
      const double x0 = std::max(double(lw), xOf(b)), x1 = std::min(double(w), xOf(now));
      if (x1 > x0) p.fillRect(QRectF(x0, barTop, x1 - x0, barH), phaseColor(PhaseKind::Waiting));
      rowEnd = now;
    }
    // Prefix-cache hit: a green tick at the start of its prefill; the finish reason after its last bar.
    QString tail;
    if (r.info.n_prefix_hit > 0) {
      for (const Phase& ph : r.phases)
        if (ph.kind == PhaseKind::Prefill) {
          const double x = xOf(ph.begin_ms);
          if (x >= lw) p.fillRect(QRectF(x, barTop, 3, barH), QColor(0x2a, 0xa8, 0x4a));
          break;
        }
      tail += tr("hit %1").arg(r.info.n_prefix_hit) + QLatin1Char(' ');
    }
    if (r.info.spec_drafted > 0) tail += tr("spec %1/%2").arg(r.info.spec_accepted).arg(r.info.spec_drafted) + QLatin1Char(' ');
    if (r.ended) tail += EngineTexts::stopReason(r.info.finish_reason);
    if (!tail.isEmpty() && rowEnd >= 0) {
      const int x = int(std::max(double(lw), xOf(rowEnd))) + 4;
      if (x < w) {
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRect(x, y, w - x, rh), Qt::AlignLeft | Qt::AlignVCenter, tail.trimmed());
      }
    }
    // The id label last, over anything scrolled beneath it.
    p.fillRect(QRect(0, y, lw - 2, rh), r.id == selected_ ? pal.color(QPalette::Highlight) : pal.color(QPalette::Window));
    p.setPen(r.id == selected_ ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::WindowText));
    p.drawText(QRect(4, y, lw - 8, rh), Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("#%1").arg(r.id));
  }
  p.setClipping(false);

  // The timeline cursor: a line at the end of the step shown; after it, time not yet reached then.
  if (cursor_ >= 0 && cursor_ < tracker_->step_count()) {
    const double x = xOf(tracker_->step_end_ms(cursor_));
    if (x < w) {
      const double x0 = std::max(double(lw), x);
      QColor veil = pal.color(QPalette::Base);
      veil.setAlpha(150);
      p.fillRect(QRectF(x0, hh, w - x0, h - hh), veil);
      if (x >= lw) {
        p.setPen(QPen(QColor(0xe0, 0x20, 0x60), 2));
        p.drawLine(QPointF(x, 0), QPointF(x, h));
      }
    }
  }
}

}  // namespace inferscope::ui
