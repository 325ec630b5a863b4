#include "ui/attach/prefix_tree_view.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace inferscope::ui {

namespace {
// Okabe-Ito, one per root (cycled): told apart by colour-blind viewers too.
const QColor kRootColors[] = {QColor(0, 114, 178), QColor(230, 159, 0), QColor(0, 158, 115),
                              QColor(204, 121, 167), QColor(86, 180, 233), QColor(213, 94, 0)};
const QColor kFold(170, 170, 170);
const QColor kHeld(0, 114, 178);
constexpr int kMaxRows = 16;  // deeper trees get thinner rows, not a taller widget
constexpr int kMargin = 4;

QColor textOn(const QColor& c) { return c.lightnessF() < 0.45 ? Qt::white : Qt::black; }
}  // namespace

PrefixTreeView::PrefixTreeView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("kv_prefix_tree"));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
  setMouseTracking(true);
}

void PrefixTreeView::setTree(const remote::PrefixTreeLayout& layout) {
  tree_ = layout;
  live_ = true;
  updateGeometry();
  update();
}

void PrefixTreeView::setLiveOnly() {
  tree_ = {};
  live_ = false;
  updateGeometry();
  update();
}

void PrefixTreeView::setPool(std::size_t heldBlocks, std::optional<double> poolBlocks) {
  held_ = heldBlocks;
  pool_ = poolBlocks && *poolBlocks > 0 ? poolBlocks : std::nullopt;
  updateGeometry();
  update();
}

QString PrefixTreeView::poolText() const {
  if (!pool_)
    return tr("Block pool: %1 blocks hold cached prefixes; the pool's size is unknown (the server's /metrics "
              "publishes no cache_config_info num_gpu_blocks)")
        .arg(held_);
  return tr("Block pool: %1 of %2 blocks hold cached prefixes (%3%)")
      .arg(held_)
      .arg(std::llround(*pool_))
      .arg(100.0 * double(held_) / *pool_, 0, 'f', 1);
}

QString PrefixTreeView::treeCaption() const {
  if (!live_)
    return tr("Prefix tree: drawn live only (a recording keeps the prefix cache's counts, shown above, not its "
              "blocks).");
  if (tree_.blocks_held == 0) return tr("Prefix tree: no blocks cached yet.");
  QString s = tr("Prefix tree: %1 blocks under %2 roots, %3 cached prompts. Each block is as wide as the prompts "
                 "that share it; the prompt runs downward.")
                  .arg(tree_.blocks_held)
                  .arg(tree_.roots)
                  .arg(tree_.total_leaves);
  if (tree_.blocks_folded > 0)
    s += ' ' + tr("%n smaller block(s) folded into …", "", int(tree_.blocks_folded));
  return s;
}

void PrefixTreeView::setTextPixelSize(int px) {
  textPx_ = px;
  updateGeometry();
  update();
}

QFont PrefixTreeView::textFont() const {
  QFont f = font();
  if (textPx_ > 0) f.setPixelSize(textPx_);
  return f;
}

int PrefixTreeView::lineHeight() const { return QFontMetrics(textFont()).height() + 4; }

int PrefixTreeView::treeRows() const { return live_ ? std::max<int>(1, int(tree_.depth_drawn)) : 0; }

QRect PrefixTreeView::barRect() const {
  if (!pool_) return {};
  return {kMargin, kMargin + lineHeight(), std::max(40, width() - 2 * kMargin), lineHeight()};
}

QRect PrefixTreeView::treeArea() const {
  const int lh = lineHeight();
  int top = kMargin + lh + (pool_ ? lh + 6 : 0) + lh + 2;
  const int h = live_ ? std::min(treeRows(), kMaxRows) * lh : 0;
  return {kMargin, top, std::max(40, width() - 2 * kMargin), h};
}

QSize PrefixTreeView::sizeHint() const {
  const QRect t = treeArea();
  return {640, t.top() + t.height() + kMargin};
}

QSize PrefixTreeView::minimumSizeHint() const { return {280, sizeHint().height()}; }

QRect PrefixTreeView::nodeRect(int i) const {
  if (i < 0 || std::size_t(i) >= tree_.nodes.size() || tree_.total_leaves == 0) return {};
  const remote::PrefixTreeNode& n = tree_.nodes[std::size_t(i)];
  const QRect area = treeArea();
  const double perLeaf = double(area.width()) / double(tree_.total_leaves);
  const int x0 = area.left() + int(std::lround(double(n.first_leaf) * perLeaf));
  const int x1 = area.left() + int(std::lround(double(n.first_leaf + n.leaves) * perLeaf));
  const int rows = treeRows();
  const int y0 = area.top() + int(std::lround(double(n.depth) * area.height() / rows));
  const int y1 = area.top() + int(std::lround(double(n.depth + 1) * area.height() / rows));
  if (x1 <= x0 || y1 <= y0) return {};
  return {x0, y0, x1 - x0, y1 - y0};
}

int PrefixTreeView::nodeAt(const QPoint& p) const {
  for (int i = 0; i < int(tree_.nodes.size()); ++i)
    if (nodeRect(i).contains(p)) return i;
  return -1;
}

QString PrefixTreeView::toolTipFor(int i) const {
  if (i < 0 || std::size_t(i) >= tree_.nodes.size()) return {};
  const remote::PrefixTreeNode& n = tree_.nodes[std::size_t(i)];
  if (n.fold)
    return tr("%n smaller subtree(s) folded here", "", int(n.folded_subtrees)) + '\n' +
           tr("%1 blocks, %2 cached prompts, from depth %3").arg(n.folded_blocks).arg(n.leaves).arg(n.depth);
  QString s = tr("Depth %1: %2 blocks in the chain from its root to here").arg(n.depth).arg(n.depth + 1) + '\n' +
              (n.leaves > 1 ? tr("%1 cached prompts share this prefix").arg(n.leaves)
                            : tr("One cached prompt holds this block")) +
              '\n';
  s += n.first_token >= 0 ? tr("First token id %1; %2 tokens in the block").arg(n.first_token).arg(n.tokens)
                          : tr("No token ids were sent for this block");
  s += '\n' + tr("Hash %1").arg(QString::fromStdString(n.hash.substr(0, 24)));
  return s;
}

bool PrefixTreeView::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(e);
    const int i = nodeAt(help->pos());
    if (i >= 0)
      QToolTip::showText(help->globalPos(), toolTipFor(i), this, nodeRect(i));
    else
      QToolTip::hideText();
    return true;
  }
  return QWidget::event(e);
}

void PrefixTreeView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  const QFont f = textFont();
  p.setFont(f);
  const QFontMetrics fm(f);
  const QColor text = palette().color(QPalette::WindowText);
  const QColor base = palette().color(QPalette::Base);
  const int lh = lineHeight();
  const int w = std::max(40, width() - 2 * kMargin);
  p.setPen(text);
  p.drawText(QRect(kMargin, kMargin, w, lh), Qt::AlignVCenter | Qt::AlignLeft,
             fm.elidedText(poolText(), Qt::ElideRight, w));
  if (const QRect bar = barRect(); !bar.isEmpty()) {
    p.fillRect(bar, base);
    const double share = std::clamp(double(held_) / *pool_, 0.0, 1.0);
    p.fillRect(QRect(bar.left(), bar.top(), int(std::lround(bar.width() * share)), bar.height()), kHeld);
    p.setPen(QPen(text, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(bar.adjusted(0, 0, -1, -1));
  }
  const QRect area = treeArea();
  p.setPen(text);
  p.drawText(QRect(kMargin, area.top() - lh - 2, w, lh), Qt::AlignVCenter | Qt::AlignLeft,
             fm.elidedText(treeCaption(), Qt::ElideRight, w));
  if (!live_ || tree_.nodes.empty()) return;
  // Each node in its root's colour; folds grey and hatched. A line of the base colour parts neighbours.
  std::vector<int> rootOf(tree_.nodes.size(), 0);
  int roots = 0;
  for (std::size_t i = 0; i < tree_.nodes.size(); ++i) {
    const int parent = tree_.nodes[i].parent;
    rootOf[i] = parent < 0 ? roots++ : rootOf[std::size_t(parent)];
  }
  for (int i = 0; i < int(tree_.nodes.size()); ++i) {
    const QRect r = nodeRect(i);
    if (r.isEmpty()) continue;
    const remote::PrefixTreeNode& n = tree_.nodes[std::size_t(i)];
    const QColor c = n.fold ? kFold : kRootColors[std::size_t(rootOf[std::size_t(i)]) % std::size(kRootColors)];
    p.fillRect(r, c);
    if (n.fold) p.fillRect(r, QBrush(Qt::white, Qt::BDiagPattern));
    if (r.width() > 2 && r.height() > 2) {
      p.setPen(QPen(base, 1));
      p.setBrush(Qt::NoBrush);
      p.drawRect(r.adjusted(0, 0, -1, -1));
    }
    if (r.height() < fm.height()) continue;
    // Labelled where the width changes (a root, a fork's child), not again down a run of one-child blocks.
    if (!n.fold && n.parent >= 0 && tree_.nodes[std::size_t(n.parent)].leaves == n.leaves) continue;
    const QString label = n.fold ? tr("… %1 blocks").arg(n.folded_blocks)
                                 : n.leaves > 1 ? tr("%1 prompts").arg(n.leaves) : tr("1 prompt");
    QString shown = label;
    if (fm.horizontalAdvance(shown) + 6 > r.width())
      shown = n.fold ? QStringLiteral("\u2026") : QString::number(n.leaves);
    if (fm.horizontalAdvance(shown) + 6 > r.width()) continue;
    p.setPen(textOn(c));
    p.drawText(r, Qt::AlignCenter, shown);
  }
}

}  // namespace inferscope::ui
