#include "ui/timeline/timeline_track.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace inferscope::ui {

namespace {
constexpr int kMargin = 8;        // room for the handle at either end
constexpr int kMarkRow = 12;      // height of the marks' row above the track
constexpr int kTrackHeight = 6;
constexpr double kMarkSize = 4.5;  // half the size of a mark

// One shape per kind, so the kinds stay apart without colour (projectors, colour-blind viewers).
void drawMark(QPainter& p, record::MarkerKind kind, QPointF c) {
  const double r = kMarkSize;
  QPainterPath path;
  switch (kind) {
    case record::MarkerKind::Admitted:  // triangle up
      path.moveTo(c.x(), c.y() - r);
      path.lineTo(c.x() + r, c.y() + r);
      path.lineTo(c.x() - r, c.y() + r);
      break;
    case record::MarkerKind::Preempted:  // diamond
      path.moveTo(c.x(), c.y() - r);
      path.lineTo(c.x() + r, c.y());
      path.lineTo(c.x(), c.y() + r);
      path.lineTo(c.x() - r, c.y());
      break;
    case record::MarkerKind::Finished:  // circle
      path.addEllipse(c, r * 0.85, r * 0.85);
      break;
    case record::MarkerKind::CacheFull:  // square
      path.addRect(QRectF(c.x() - r * 0.85, c.y() - r * 0.85, r * 1.7, r * 1.7));
      break;
    case record::MarkerKind::PrefixHit:  // triangle down
      path.moveTo(c.x() - r, c.y() - r);
      path.lineTo(c.x() + r, c.y() - r);
      path.lineTo(c.x(), c.y() + r);
      break;
    case record::MarkerKind::SpecRejected:  // cross
      p.setPen(QPen(TimelineTrack::markerColor(kind), 2));
      p.drawLine(QPointF(c.x() - r, c.y() - r), QPointF(c.x() + r, c.y() + r));
      p.drawLine(QPointF(c.x() - r, c.y() + r), QPointF(c.x() + r, c.y() - r));
      return;
  }
  path.closeSubpath();
  p.setPen(Qt::NoPen);
  p.setBrush(TimelineTrack::markerColor(kind));
  p.drawPath(path);
}
}  // namespace

TimelineTrack::TimelineTrack(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("timeline_track"));
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(false);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize TimelineTrack::sizeHint() const { return {400, kMarkRow + kTrackHeight + 2 * kMargin}; }
QSize TimelineTrack::minimumSizeHint() const { return {200, sizeHint().height()}; }

QColor TimelineTrack::markerColor(record::MarkerKind kind) {
  switch (kind) {
    case record::MarkerKind::Admitted: return QColor(0x2e, 0x9e, 0x44);
    case record::MarkerKind::Preempted: return QColor(0xe0, 0x7b, 0x00);
    case record::MarkerKind::Finished: return QColor(0x1f, 0x6f, 0xd1);
    case record::MarkerKind::CacheFull: return QColor(0xd0, 0x21, 0x2c);
    case record::MarkerKind::PrefixHit: return QColor(0x00, 0x9a, 0x9a);
    case record::MarkerKind::SpecRejected: return QColor(0x8e, 0x44, 0xad);
  }
  return Qt::gray;
}

QString TimelineTrack::markerName(record::MarkerKind kind) {
  switch (kind) {
    case record::MarkerKind::Admitted: return tr("admitted");
    case record::MarkerKind::Preempted: return tr("preempted");
    case record::MarkerKind::Finished: return tr("finished");
    case record::MarkerKind::CacheFull: return tr("cache full");
    case record::MarkerKind::PrefixHit: return tr("prefix hit");
    case record::MarkerKind::SpecRejected: return tr("speculation rejected");
  }
  return {};
}

void TimelineTrack::setCount(int64_t steps) {
  if (steps == count_) return;
  count_ = std::max<int64_t>(0, steps);
  update();
}

void TimelineTrack::setMarkers(std::vector<record::Marker> markers) {
  markers_ = std::move(markers);
  update();
}

void TimelineTrack::setPosition(int64_t index, bool following) {
  if (index == position_ && following == following_) return;
  position_ = index;
  following_ = following;
  update();
}

QRectF TimelineTrack::trackRect() const {
  return QRectF(kMargin, kMargin + kMarkRow, width() - 2.0 * kMargin, kTrackHeight);
}

double TimelineTrack::xForStep(int64_t index) const {
  const QRectF t = trackRect();
  if (count_ <= 1) return t.left();
  return t.left() + t.width() * double(index) / double(count_ - 1);
}

int64_t TimelineTrack::stepAt(double x) const {
  const QRectF t = trackRect();
  if (count_ <= 1 || t.width() <= 0) return 0;
  return std::clamp<int64_t>(std::llround((x - t.left()) / t.width() * double(count_ - 1)), 0, count_ - 1);
}

void TimelineTrack::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QRectF t = trackRect();
  const QPalette& pal = palette();
  p.setPen(Qt::NoPen);
  p.setBrush(pal.color(QPalette::Mid));
  p.drawRoundedRect(t, 3, 3);
  if (count_ <= 0) return;
  // The part of the run up to the step shown.
  const double hx = xForStep(position_);
  p.setBrush(pal.color(QPalette::Highlight));
  p.drawRoundedRect(QRectF(t.left(), t.top(), hx - t.left(), t.height()), 3, 3);
  // Marks: one per kind and pixel column (a long run has more events than pixels).
  const double markY = kMargin + kMarkRow / 2.0 - 1;
  int lastX[6] = {-1, -1, -1, -1, -1, -1};
  for (const record::Marker& m : markers_) {
    if (m.step >= count_) break;
    const int x = int(std::lround(xForStep(m.step)));
    int& last = lastX[int(m.kind)];
    if (x == last) continue;
    last = x;
    drawMark(p, m.kind, QPointF(x, markY));
  }
  // The handle: filled while following the newest step, hollow on an earlier one.
  p.setPen(QPen(pal.color(QPalette::Highlight).darker(130), 2));
  p.setBrush(following_ ? pal.color(QPalette::Highlight) : pal.color(QPalette::Base));
  p.drawEllipse(QPointF(hx, t.center().y()), 7, 7);
}

void TimelineTrack::mousePressEvent(QMouseEvent* e) {
  if (e->button() == Qt::LeftButton && count_ > 0) emit seekRequested(stepAt(e->position().x()));
}

void TimelineTrack::mouseMoveEvent(QMouseEvent* e) {
  if ((e->buttons() & Qt::LeftButton) && count_ > 0) emit seekRequested(stepAt(e->position().x()));
}

void TimelineTrack::keyPressEvent(QKeyEvent* e) {
  if (count_ <= 0) return QWidget::keyPressEvent(e);
  const int64_t page = std::max<int64_t>(1, count_ / 20);
  switch (e->key()) {
    case Qt::Key_Left: emit seekRequested(std::max<int64_t>(0, position_ - 1)); break;
    case Qt::Key_Right: emit seekRequested(std::min(count_ - 1, position_ + 1)); break;
    case Qt::Key_PageUp: emit seekRequested(std::max<int64_t>(0, position_ - page)); break;
    case Qt::Key_PageDown: emit seekRequested(std::min(count_ - 1, position_ + page)); break;
    case Qt::Key_Home: emit seekRequested(0); break;
    case Qt::Key_End: emit seekRequested(count_ - 1); break;
    default: QWidget::keyPressEvent(e); return;
  }
  e->accept();
}

QString TimelineTrack::legendText() const {
  QString html = tr("Events of the run:") + QStringLiteral("<br>");
  const char* shapes[] = {"&#9650;", "&#9670;", "&#9679;", "&#9632;", "&#9660;", "&#10006;"};
  for (int k = 0; k < 6; ++k) {
    const auto kind = record::MarkerKind(k);
    html += QStringLiteral("<span style='color:%1'>%2</span> %3<br>")
                .arg(markerColor(kind).name(), QLatin1String(shapes[k]), markerName(kind));
  }
  return html;
}

bool TimelineTrack::event(QEvent* e) {
  if (e->type() != QEvent::ToolTip) return QWidget::event(e);
  auto* help = static_cast<QHelpEvent*>(e);
  QStringList lines;
  if (count_ > 0) {
    const int64_t step = stepAt(help->pos().x());
    lines << tr("Step %1").arg(step);
    // The events within a few pixels of the pointer.
    const double px = std::max(1.0, 4.0 * double(count_) / std::max(1.0, trackRect().width()));
    int shown = 0;
    for (const record::Marker& m : markers_) {
      if (std::abs(double(m.step - step)) > px) continue;
      if (++shown > 8) {
        lines << QStringLiteral("...");
        break;
      }
      QString line = tr("step %1: %2").arg(m.step).arg(markerName(m.kind));
      if (m.request_id >= 0) line += tr(", request %1").arg(m.request_id);
      if (!m.detail.empty()) line += QStringLiteral(" (%1)").arg(QString::fromStdString(m.detail));
      lines << line;
    }
  }
  QToolTip::showText(help->globalPos(), lines.join(QStringLiteral("<br>")) + QStringLiteral("<hr>") + legendText(), this);
  return true;
}

}  // namespace inferscope::ui
