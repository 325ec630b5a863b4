#include "ui/attach/slot_fill_view.h"

#include <QPainter>
#include <algorithm>

namespace inferscope::ui {

namespace {
// Okabe-Ito colours: told apart by colour-blind viewers too.
const QColor kCached(0, 114, 178);      // blue
const QColor kPrompt(86, 180, 233);     // sky blue
const QColor kKept(204, 204, 204);      // grey: an idle slot's cache, kept for the next prompt
const QColor kGenerated(230, 159, 0);   // orange
}  // namespace

SlotFillView::SlotFillView(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void SlotFillView::setSlots(const remote::SlotsRead& slot_read) {
  slots_ = slot_read;
  updateGeometry();
  update();
}

void SlotFillView::setTextPixelSize(int px) {
  textPx_ = px;
  updateGeometry();
  update();
}

int SlotFillView::rowHeight() const {
  QFont f = font();
  if (textPx_ > 0) f.setPixelSize(textPx_);
  return QFontMetrics(f).height() + 8;
}

QSize SlotFillView::sizeHint() const {
  const int rows = std::max<int>(1, int(slots_.slot_states.size())) + 2;  // + the legend (up to two rows)
  return {480, rows * rowHeight() + 8};
}

QSize SlotFillView::minimumSizeHint() const { return {240, sizeHint().height()}; }

void SlotFillView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing, false);
  QFont f = font();
  if (textPx_ > 0) f.setPixelSize(textPx_);
  p.setFont(f);
  const QFontMetrics fm(f);
  const int row = rowHeight();
  const QColor text = palette().color(QPalette::WindowText);
  const int labelW = fm.horizontalAdvance(tr("Slot %1").arg(99)) + 12;
  const int valueW = fm.horizontalAdvance(QStringLiteral("99999 / 99999")) + 12;
  const int barW = std::max(40, width() - labelW - valueW - 8);
  int y = 4;
  for (const remote::SlotState& s : slots_.slot_states) {
    p.setPen(text);
    p.drawText(QRect(4, y, labelW, row), Qt::AlignVCenter | Qt::AlignLeft, tr("Slot %1").arg(s.id));
    const QRect bar(labelW, y + 3, barW, row - 6);
    p.fillRect(bar, palette().color(QPalette::Base));
    const double ctx = std::max(1, s.n_ctx);
    auto width_of = [&](int tokens) { return int(std::lround(barW * std::clamp(tokens / ctx, 0.0, 1.0))); };
    int x = bar.left();
    auto segment = [&](int tokens, const QColor& c, bool hatch) {
      const int w = std::min(width_of(tokens), bar.right() + 1 - x);
      if (w <= 0) return;
      const QRect r(x, bar.top(), w, bar.height());
      p.fillRect(r, c);
      if (hatch) p.fillRect(r, QBrush(Qt::white, Qt::BDiagPattern));
      x += w;
    };
    if (s.processing) {
      // The newer layout's prompt count is cached + computed so far; the rest of a prompt still being
      // computed is not published, so no "to compute" part is drawn.
      const int cached = s.prompt_cached_tokens.value_or(0);
      const int prompt = s.prompt_tokens.value_or(0);
      segment(std::min(cached, prompt), kCached, true);
      segment(std::max(0, prompt - cached), kPrompt, false);
      segment(s.generated_tokens.value_or(0), kGenerated, false);
    } else if (s.used_tokens()) {
      segment(*s.used_tokens(), kKept, false);
    }
    p.setPen(QPen(text, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    const QString used = s.used_tokens() ? QString::number(*s.used_tokens()) : QStringLiteral("-");
    p.drawText(QRect(bar.right() + 8, y, valueW, row), Qt::AlignVCenter | Qt::AlignLeft,
               QStringLiteral("%1 / %2").arg(used).arg(s.n_ctx));
    y += row;
  }
  // Legend.
  int x = 4;
  const struct {
    QColor c;
    bool hatch;
    QString name;
  } items[] = {{kCached, true, tr("cached prompt")}, {kPrompt, false, tr("prompt computed")},
               {kKept, false, tr("kept for reuse (slot idle)")}, {kGenerated, false, tr("generated")},
               {palette().color(QPalette::Base), false, tr("free")}};
  for (const auto& it : items) {
    const int w = fm.horizontalAdvance(it.name);
    if (x > 4 && x + 16 + w > width()) {  // wrap rather than cut a name
      x = 4;
      y += row;
    }
    const QRect box(x, y + row / 2 - 6, 12, 12);
    p.fillRect(box, it.c);
    if (it.hatch) p.fillRect(box, QBrush(Qt::white, Qt::BDiagPattern));
    p.setPen(text);
    p.drawRect(box.adjusted(0, 0, -1, -1));
    p.drawText(QRect(x + 16, y, w + 4, row), Qt::AlignVCenter | Qt::AlignLeft, it.name);
    x += 16 + w + 16;
  }
}

}  // namespace inferscope::ui
