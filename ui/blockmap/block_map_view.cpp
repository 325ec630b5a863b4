#include "ui/blockmap/block_map_view.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace inferscope::ui {

namespace {
constexpr int kGap = 2;
}

BlockMapView::BlockMapView(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

namespace {
// Whether two pictures of the pool draw the same (a decode step often changes no block).
bool sameBlocks(const BlockMapSnapshot& a, const BlockMapSnapshot& b) {
  if (a.block_size != b.block_size || a.blocks.size() != b.blocks.size()) return false;
  for (size_t i = 0; i < a.blocks.size(); ++i) {
    const BlockInfo &x = a.blocks[i], &y = b.blocks[i];
    if (x.state != y.state || x.ref_count != y.ref_count || x.filled != y.filled || x.owners != y.owners) return false;
  }
  return true;
}
}  // namespace

void BlockMapView::setSnapshot(std::shared_ptr<const BlockMapSnapshot> snapshot) {
  const bool countChanged = !snap_ || !snapshot || snap_->blocks.size() != snapshot->blocks.size();
  // Unchanged blocks: keep the old picture (tooltips read the sequences, so take the new one). Hidden,
  // nothing is drawn anyway: not worth comparing.
  const bool same = !countChanged && isVisible() && !stale_ && sameBlocks(*snap_, *snapshot);
  snap_ = std::move(snapshot);
  if (same) return;
  stale_ = true;
  if (countChanged) updateGeometry();
  update();
}

void BlockMapView::setHighlightedSequences(std::set<int64_t> seqs) {
  highlight_ = std::move(seqs);
  stale_ = true;
  update();
}

void BlockMapView::setCellSize(int px) {
  px = std::clamp(px, 6, 64);
  if (px == cell_) return;
  cell_ = px;
  stale_ = true;
  updateGeometry();
  update();
  emit cellSizeChanged(px);
}

void BlockMapView::setDark(bool dark) {
  dark_ = dark;
  stale_ = true;
  update();
}

QColor BlockMapView::sequenceColor(int64_t seq) {
  // Golden-ratio hue steps keep neighbouring sequence ids far apart on the colour wheel.
  const double hue = std::fmod(0.11 + double(seq) * 0.618033988749895, 1.0);
  return QColor::fromHsvF(hue, 0.55, 0.92);
}

int BlockMapView::columnsFor(int width) const { return std::max(1, (width - kGap) / (cell_ + kGap)); }

int BlockMapView::heightForWidth(int w) const {
  const int n = snap_ ? int(snap_->blocks.size()) : 0;
  const int cols = columnsFor(w);
  const int rows = (n + cols - 1) / cols;
  return kGap + rows * (cell_ + kGap);
}

QSize BlockMapView::sizeHint() const { return QSize(600, heightForWidth(600)); }

QRect BlockMapView::cellRect(int block) const { return cellRectFor(block, width()); }

QRect BlockMapView::cellRectFor(int block, int width) const {
  const int cols = columnsFor(width);
  return QRect(kGap + (block % cols) * (cell_ + kGap), kGap + (block / cols) * (cell_ + kGap), cell_, cell_);
}

int BlockMapView::blockAt(QPoint pos) const {
  if (!snap_) return -1;
  const int cols = columnsFor(width());
  const int c = (pos.x() - kGap) / (cell_ + kGap), r = (pos.y() - kGap) / (cell_ + kGap);
  if (pos.x() < kGap || pos.y() < kGap || c >= cols) return -1;
  const int id = r * cols + c;
  if (id < 0 || id >= int(snap_->blocks.size()) || !cellRect(id).contains(pos)) return -1;
  return id;
}

QString BlockMapView::describeBlock(int block) const {
  if (!snap_ || block < 0 || block >= int(snap_->blocks.size())) return {};
  const BlockInfo& b = snap_->blocks[size_t(block)];
  QStringList owners, logical;
  for (int64_t o : b.owners) {
    owners << QString::number(o);
    for (const auto& s : snap_->sequences) {
      if (s.seq_id != o) continue;
      const size_t g = s.group_tables.empty() ? 0 : size_t(std::max(0, b.group));
      const std::vector<int32_t>& table = g < s.group_tables.size() ? s.group_tables[g] : s.block_table;
      for (size_t i = 0; i < table.size(); ++i)
        if (table[i] == b.id) logical << QStringLiteral("%1:%2").arg(o).arg(i);
    }
  }
  const QString state = b.state == BlockState::Free ? tr("free") : b.state == BlockState::Used ? tr("used") : tr("cached");
  QString t = tr("Block %1 (%2)").arg(b.id).arg(state);
  t += QLatin1Char('\n') + tr("Owners: %1").arg(owners.isEmpty() ? tr("none") : owners.join(QStringLiteral(", ")));
  if (!logical.isEmpty()) t += QLatin1Char('\n') + tr("Logical index (seq:index): %1").arg(logical.join(QStringLiteral(", ")));
  t += QLatin1Char('\n') + tr("Refcount: %1").arg(b.ref_count);
  t += QLatin1Char('\n') + tr("Filled slots: %1 / %2").arg(b.filled).arg(snap_->block_size);
  if (snap_->groups.size() > 1 && b.group >= 0 && size_t(b.group) < snap_->groups.size()) {
    const KvGroupInfo& g = snap_->groups[size_t(b.group)];
    QStringList layers;
    for (int32_t l : g.layers) layers << QString::number(l);
    const QString kind = g.window > 0 ? tr("sliding window of %1 tokens").arg(g.window) : tr("full attention");
    t += QLatin1Char('\n') + tr("Group %1: %2, layers %3").arg(b.group).arg(kind, layers.join(QStringLiteral(", ")));
    if (b.state != BlockState::Used && b.window_released) t += QLatin1Char('\n') + tr("Returned to the pool: the window moved past it");
  }
  return t;
}

void BlockMapView::renderImage() {
  const qreal dpr = devicePixelRatioF();
  image_ = QImage(size() * dpr, QImage::Format_ARGB32_Premultiplied);
  image_.setDevicePixelRatio(dpr);
  const QColor bg = dark_ ? QColor(0x26, 0x28, 0x2b) : QColor(Qt::white);
  image_.fill(bg);
  stale_ = false;
  if (!snap_) return;
  QPainter p(&image_);
  paintMap(p, width());
}

void BlockMapView::paintMap(QPainter& p, int width) const {
  const QColor bg = dark_ ? QColor(0x26, 0x28, 0x2b) : QColor(Qt::white);
  const QColor ink = dark_ ? QColor(0xe0, 0xe0, 0xe0) : QColor(0x20, 0x20, 0x20);
  p.fillRect(QRect(0, 0, width, heightForWidth(width)), bg);
  if (!snap_) return;
  p.save();
  p.setRenderHint(QPainter::Antialiasing, false);
  const bool anyHighlight = !highlight_.empty();
  const int bs = std::max(1, snap_->block_size);
  const bool windowed = snap_->groups.size() > 1;  // several KV groups: mark the sliding-window ones
  for (const BlockInfo& b : snap_->blocks) {
    const QRect r = cellRectFor(b.id, width);
    bool lit = false;
    for (int64_t o : b.owners) lit = lit || highlight_.count(o);
    const QColor base = b.owners.empty() ? QColor(0x9e, 0x9e, 0x9e) : sequenceColor(b.owners.front());
    QColor light = base.lighter(160);
    QColor fill = base;
    if (anyHighlight && !lit) {
      // Dim everything that is not selected so the selection stands out even in grey scale.
      light.setAlpha(70);
      fill.setAlpha(70);
    }
    switch (b.state) {
      case BlockState::Free:
        p.setPen(QPen(ink.lighter(dark_ ? 60 : 250), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(0, 0, -1, -1));
        break;
      case BlockState::Cached: {
        p.fillRect(r, dark_ ? QColor(0x3a, 0x3a, 0x3a) : QColor(0xee, 0xee, 0xee));
        p.fillRect(r, QBrush(ink, Qt::BDiagPattern));  // hatched: holds a reusable prefix, but is free
        p.setPen(QPen(ink, 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(0, 0, -1, -1));
        break;
      }
      case BlockState::Used: {
        p.fillRect(r, light);
        const int h = (r.height() * std::clamp(b.filled, 0, bs) + bs - 1) / bs;
        p.fillRect(QRect(r.left(), r.bottom() - h + 1, r.width(), h), fill);  // filled slots
        p.setPen(QPen(ink, 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(0, 0, -1, -1));
        if (b.ref_count > 1) {
          // Shared: a solid corner triangle plus an inner outline, readable without colour.
          const int m = std::max(4, r.width() / 3);
          QPolygon tri{r.topLeft(), r.topLeft() + QPoint(m, 0), r.topLeft() + QPoint(0, m)};
          p.setBrush(ink);
          p.setPen(Qt::NoPen);
          p.drawPolygon(tri);
          p.setBrush(Qt::NoBrush);
          p.setPen(QPen(ink, 1));
          p.drawRect(r.adjusted(2, 2, -3, -3));
        }
        break;
      }
    }
    if (windowed) {
      // Sliding-window layers' blocks: a teal band on top (used), or a teal outline and centre mark
      // once the window has moved past them and they went back to the pool.
      const QColor teal = dark_ ? QColor(0x4d, 0xd0, 0xc4) : QColor(0x00, 0x89, 0x7b);
      const bool window_group = b.group >= 0 && size_t(b.group) < snap_->groups.size() && snap_->groups[size_t(b.group)].window > 0;
      if (b.state == BlockState::Used && window_group) {
        p.fillRect(QRect(r.left(), r.top(), r.width(), std::max(2, r.height() / 4)), teal);
      } else if (b.state != BlockState::Used && b.window_released) {
        p.setPen(QPen(teal, std::max(1, r.width() / 10)));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(1, 1, -2, -2));
        const int m = std::max(2, r.width() / 4);
        p.fillRect(QRect(r.center().x() - m / 2, r.center().y() - m / 2, m, m), teal);
      }
    }
    if (lit) {
      p.setPen(QPen(dark_ ? QColor(Qt::yellow) : QColor(0x10, 0x10, 0x10), 3));
      p.setBrush(Qt::NoBrush);
      p.drawRect(r.adjusted(1, 1, -2, -2));
    }
  }
  p.restore();
}

void BlockMapView::paintEvent(QPaintEvent*) {
  if (stale_ || image_.size() != size() * devicePixelRatioF()) renderImage();
  QPainter p(this);
  p.drawImage(0, 0, image_);
}

void BlockMapView::resizeEvent(QResizeEvent*) { stale_ = true; }

bool BlockMapView::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* he = static_cast<QHelpEvent*>(e);
    const int b = blockAt(he->pos());
    if (b >= 0)
      QToolTip::showText(he->globalPos(), describeBlock(b), this, cellRect(b));
    else
      QToolTip::hideText();
    return true;
  }
  return QWidget::event(e);
}

void BlockMapView::wheelEvent(QWheelEvent* e) {
  if (e->modifiers() & Qt::ControlModifier) {
    setCellSize(cell_ + (e->angleDelta().y() > 0 ? 2 : -2));
    e->accept();
    return;
  }
  QWidget::wheelEvent(e);
}

}  // namespace inferscope::ui
