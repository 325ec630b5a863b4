#include "ui/charts/device_gantt_chart.h"

#include <QEvent>
#include <QFontMetrics>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "ui/charts/nice_scale.h"

namespace inferscope::ui {

namespace {
constexpr int kMaxRowLines = 3;  // row height in text lines at most: taller bars only add colour
}

DeviceGanttChart::DeviceGanttChart(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("device_gantt"));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void DeviceGanttChart::setTimeline(std::shared_ptr<const ParallelTimeline> timeline) {
  timeline_ = std::move(timeline);
  update();
}

void DeviceGanttChart::setTextPixelSize(int px) {
  textPx_ = px;
  updateGeometry();
  update();
}

void DeviceGanttChart::setPresentationStyle(bool on) {
  presentation_ = on;
  update();
}

void DeviceGanttChart::setDark(bool dark) {
  dark_ = dark;
  update();
}

QFont DeviceGanttChart::textFont() const {
  QFont f = font();
  if (textPx_ > 0) f.setPixelSize(textPx_);
  return f;
}

QColor DeviceGanttChart::colorFor(DeviceActivity kind) const {
  // Presentation: the Okabe-Ito blue and orange, told apart with colour-blind vision too.
  switch (kind) {
    case DeviceActivity::Compute: return presentation_ ? QColor(0x00, 0x72, 0xb2) : QColor(0x1f, 0x77, 0xb4);
    case DeviceActivity::Comm: return presentation_ ? QColor(0xe6, 0x9f, 0x00) : QColor(0xff, 0x7f, 0x0e);
    default: return dark_ ? QColor(0x55, 0x58, 0x5c) : QColor(0xd0, 0xd0, 0xd0);
  }
}

QString DeviceGanttChart::titleText() const {
  if (!timeline_) return tr("Virtual devices over one step");
  const ParallelTimeline& t = *timeline_;
  if (t.mode == "pipeline")
    return tr("Step %1: pipeline parallel, D = %2 devices, m = %3").arg(t.step).arg(t.devices).arg(t.micro_batches);
  return tr("Step %1: tensor parallel, D = %2 devices").arg(t.step).arg(t.devices);
}

QString DeviceGanttChart::summaryText() const {
  if (!timeline_)
    return tr("Choose tensor or pipeline parallelism under Engine settings: each virtual device's compute, "
              "communication and idle time over one step shows here.");
  const ParallelTimeline& t = *timeline_;
  const QLocale loc = locale();
  const QString moved = loc.formattedDataSize(t.comm_bytes, 1);
  const QString perToken = loc.formattedDataSize(t.tokens > 0 ? t.comm_bytes / t.tokens : 0, 1);
  const QString bubble = QString::number(100.0 * t.bubble_fraction, 'f', 1);
  if (t.mode == "pipeline")
    return tr("Moved between devices: %1 (%2 per token) · bubble %3% (closed form (D-1)/(m+D-1): %4%)")
        .arg(moved, perToken, bubble, QString::number(100.0 * t.closed_form_bubble, 'f', 1));
  return tr("Moved between devices: %1 (%2 per token, two all-reduces per layer) · idle %3%").arg(moved, perToken, bubble);
}

QSize DeviceGanttChart::sizeHint() const {
  const QFontMetrics fm(textFont());
  const int rows = timeline_ ? timeline_->devices : 4;
  return {fm.horizontalAdvance(QLatin1Char('M')) * 60, fm.height() * (6 + 2 * rows)};
}

QSize DeviceGanttChart::minimumSizeHint() const {
  const QFontMetrics fm(textFont());
  return {fm.horizontalAdvance(QLatin1Char('M')) * 30, fm.height() * 10};
}

void DeviceGanttChart::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange || e->type() == QEvent::FontChange) update();
  QWidget::changeEvent(e);
}

void DeviceGanttChart::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing, false);
  const QColor bg = dark_ ? QColor(0x26, 0x28, 0x2b) : QColor(Qt::white);
  const QColor fg = dark_ ? QColor(0xe0, 0xe0, 0xe0) : QColor(0x20, 0x20, 0x20);
  const QColor grid = dark_ ? QColor(0x44, 0x46, 0x4a) : QColor(0xe4, 0xe4, 0xe4);
  p.fillRect(rect(), bg);
  const QFont base = textFont();
  QFont bold = base;
  bold.setBold(true);
  const QFontMetrics fm(base), fmb(bold);
  const int lh = fm.height();
  const int margin = std::max(6, lh / 2);
  int y = margin;
  const int w = width() - 2 * margin;

  // Title, then the summary (wrapped to the width).
  p.setPen(fg);
  p.setFont(bold);
  const QRect titleBox = fmb.boundingRect(QRect(margin, y, w, 3 * fmb.height()), Qt::TextWordWrap, titleText());
  p.drawText(QRect(margin, y, w, titleBox.height()), Qt::TextWordWrap, titleText());
  y += titleBox.height() + lh / 4;
  p.setFont(base);
  const QRect summaryBox = fm.boundingRect(QRect(margin, y, w, 4 * lh), Qt::TextWordWrap, summaryText());
  p.drawText(QRect(margin, y, w, summaryBox.height()), Qt::TextWordWrap, summaryText());
  y += summaryBox.height() + lh / 2;
  if (!timeline_ || timeline_->per_device.empty() || timeline_->span_ms <= 0) return;
  const ParallelTimeline& t = *timeline_;

  // Legend: one swatch and name per activity.
  int x = margin;
  for (DeviceActivity k : {DeviceActivity::Compute, DeviceActivity::Comm, DeviceActivity::Idle}) {
    const QString name = k == DeviceActivity::Compute ? tr("Compute") : k == DeviceActivity::Comm ? tr("Communication") : tr("Idle");
    const QRect sw(x, y + lh / 4, lh, lh / 2 + 2);
    p.fillRect(sw, colorFor(k));
    if (k == DeviceActivity::Idle) p.fillRect(sw, QBrush(fg, Qt::BDiagPattern));
    x += lh + lh / 3;
    p.setPen(fg);
    p.drawText(QRect(x, y, fm.horizontalAdvance(name) + 2, lh), Qt::AlignLeft | Qt::AlignVCenter, name);
    x += fm.horizontalAdvance(name) + lh;
  }
  y += lh + lh / 2;

  // Device labels on the left.
  std::vector<QString> labels;
  int labelW = 0;
  for (int d = 0; d < t.devices && d < int(t.per_device.size()); ++d) {
    const DeviceTimeline& dt = t.per_device[size_t(d)];
    const QString l = t.mode == "pipeline"
                          ? tr("Device %1 · layers %2-%3").arg(d).arg(dt.first_layer).arg(dt.end_layer - 1)
                          : tr("Device %1 · 1/%2 of each layer").arg(d).arg(t.devices);
    labels.push_back(l);
    labelW = std::max(labelW, fm.horizontalAdvance(l));
  }
  const int plotL = margin + labelW + lh / 2;
  const int plotR = width() - margin;
  const int axisH = 2 * lh + lh / 2;
  const int rowsH = height() - y - axisH - margin;
  if (plotR - plotL < 40 || rowsH < int(labels.size()) * 6) return;
  const int rowH = std::min(kMaxRowLines * lh, rowsH / int(labels.size()));
  const double pxPerMs = (plotR - plotL) / t.span_ms;
  auto xOf = [&](double ms) { return plotL + int(std::lround(ms * pxPerMs)); };

  // Round time ticks (in ms or s) as vertical grid lines behind the bars.
  const TimeUnit unit = timeUnitForMs(t.span_ms);
  const double spanUnits = t.span_ms / unit.divisor;
  const QString unitName = QString::fromStdString(unit.suffix);
  const int tickLabelW = fm.horizontalAdvance(QStringLiteral("0000.0")) + lh;
  const int maxTicks = std::max(2, (plotR - plotL) / std::max(1, tickLabelW));
  const double step = niceStep(spanUnits / maxTicks);
  const NiceTicks ticks = ticksWithStep(0.0, spanUnits, step, false);
  const int rowsBottom = y + rowH * int(labels.size());
  p.setPen(grid);
  for (double v : ticks.values()) p.drawLine(xOf(v * unit.divisor), y, xOf(v * unit.divisor), rowsBottom);

  for (size_t d = 0; d < labels.size(); ++d) {
    const int ry = y + rowH * int(d);
    const int barTop = ry + rowH / 8, barH = std::max(3, rowH - rowH / 4);
    p.setPen(fg);
    p.drawText(QRect(margin, ry, labelW, rowH), Qt::AlignRight | Qt::AlignVCenter, labels[d]);
    for (const DeviceInterval& iv : t.per_device[d].intervals) {
      const int x0 = xOf(iv.begin_ms), x1 = std::max(x0 + 1, xOf(iv.end_ms));
      const QRect bar(x0, barTop, x1 - x0, barH);
      p.fillRect(bar, colorFor(iv.kind));
      if (iv.kind == DeviceActivity::Idle) p.fillRect(bar, QBrush(dark_ ? bg : QColor(0xa0, 0xa0, 0xa0), Qt::BDiagPattern));
      // Pipeline: which micro-batch a compute bar is, where it fits.
      if (iv.kind == DeviceActivity::Compute && iv.micro_batch >= 0) {
        const QString mb = QString::number(iv.micro_batch);
        if (fm.horizontalAdvance(mb) + 4 <= bar.width() && fm.height() <= barH) {
          p.setPen(Qt::white);
          p.drawText(bar, Qt::AlignCenter, mb);
        }
      }
    }
  }

  // The time axis under the rows.
  p.setPen(fg);
  p.drawLine(plotL, rowsBottom, plotR, rowsBottom);
  for (double v : ticks.values()) {
    const int tx = xOf(v * unit.divisor);
    p.drawLine(tx, rowsBottom, tx, rowsBottom + lh / 4);
    const QString s = QString::number(v, 'f', ticks.decimals);
    const int sw = fm.horizontalAdvance(s);
    const int left = std::clamp(tx - sw / 2, plotL - sw / 2, plotR - sw);
    p.drawText(QRect(left, rowsBottom + lh / 4, sw + 2, lh), Qt::AlignLeft | Qt::AlignVCenter, s);
  }
  const QString axisTitle = tr("Device time (%1): each device's own clock").arg(unitName);
  p.drawText(QRect(plotL, rowsBottom + lh + lh / 4, plotR - plotL, lh), Qt::AlignHCenter | Qt::AlignVCenter,
             fm.elidedText(axisTitle, Qt::ElideRight, plotR - plotL));
}

}  // namespace inferscope::ui
