#pragma once
// PrefixTreeView: vLLM's prefix cache as its KV events describe it, custom-painted (no widget per
// node). On top a bar of the block pool: the blocks the prefix cache holds against the pool size the
// server publishes in /metrics (cache_config_info num_gpu_blocks); without that size it says so and
// draws no bar. Below, the forest as an icicle (remote/kv_events/prefix_tree_layout.h): each node one
// block, as wide as the cached prompts through it, its depth downward; a tooltip per node. In a replay
// the tree is not there (recordings keep the counts only): it says the tree is drawn live only.
#include <QWidget>
#include <optional>

#include "remote/kv_events/prefix_tree_layout.h"

namespace inferscope::ui {

class PrefixTreeView : public QWidget {
  Q_OBJECT
 public:
  explicit PrefixTreeView(QWidget* parent = nullptr);

  // The live tree (a copy, drawn until the next one).
  void setTree(const remote::PrefixTreeLayout& layout);
  // A replay: no tree, the note that it is drawn live only.
  void setLiveOnly();
  bool treeIsLive() const { return live_; }
  const remote::PrefixTreeLayout& shownTree() const { return tree_; }

  // The pool bar's two numbers: blocks the prefix cache holds, the pool's size (nullopt: unknown).
  void setPool(std::size_t heldBlocks, std::optional<double> poolBlocks);
  std::size_t heldBlocks() const { return held_; }
  std::optional<double> poolBlocks() const { return pool_; }
  // What the bar says ("N of M blocks hold cached prefixes", or that the pool size is unknown).
  QString poolText() const;
  // The line above the tree (its counts, or the live-only note).
  QString treeCaption() const;

  // Where node i (of shownTree().nodes) is drawn at the present size (empty when too narrow to see),
  // the node under a point (-1: none), and the tooltip text of node i.
  QRect nodeRect(int i) const;
  int nodeAt(const QPoint& p) const;
  QString toolTipFor(int i) const;

  void setTextPixelSize(int px);
  int textPixelSize() const { return textPx_; }
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent*) override;
  bool event(QEvent* e) override;

 private:
  QFont textFont() const;
  int lineHeight() const;
  QRect barRect() const;
  QRect treeArea() const;
  int treeRows() const;

  remote::PrefixTreeLayout tree_;
  bool live_ = true;
  std::size_t held_ = 0;
  std::optional<double> pool_;
  int textPx_ = 0;
};

}  // namespace inferscope::ui
