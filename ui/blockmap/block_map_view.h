#pragma once
// BlockMapView: one cell per physical KV block, painted into a cached QImage (thousands of blocks stay
// cheap, unlike a QGraphicsScene of items). Colour = owning sequence; state is also shown without
// colour: free = empty outline, cached = hatched, shared (refcount > 1) = black corner marker and a
// double outline; the filled part of a block is a bar from the bottom.
#include <QImage>
#include <QWidget>

class QPainter;
#include <memory>
#include <set>

#include "engine/metrics/block_map_snapshot.h"

namespace inferscope::ui {

class BlockMapView : public QWidget {
  Q_OBJECT
 public:
  explicit BlockMapView(QWidget* parent = nullptr);

  void setSnapshot(std::shared_ptr<const BlockMapSnapshot> snapshot);
  std::shared_ptr<const BlockMapSnapshot> snapshot() const { return snap_; }
  void setHighlightedSequences(std::set<int64_t> seqs);
  const std::set<int64_t>& highlightedSequences() const { return highlight_; }
  void setCellSize(int px);  // zoom
  int cellSize() const { return cell_; }
  void setDark(bool dark);

  int blockAt(QPoint pos) const;        // -1 outside any cell
  QRect cellRect(int block) const;
  // Draws the whole map as it would look width pixels wide (background and every block, height
  // heightForWidth(width)), independent of the widget's own geometry: the export path, so a map in a
  // scroll area is exported whole.
  void paintMap(QPainter& p, int width) const;
  QString describeBlock(int block) const;  // the hover text
  static QColor sequenceColor(int64_t seq);

  QSize sizeHint() const override;
  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int w) const override;

 protected:
  void paintEvent(QPaintEvent*) override;
  void resizeEvent(QResizeEvent*) override;
  bool event(QEvent* e) override;
  void wheelEvent(QWheelEvent* e) override;

 signals:
  void cellSizeChanged(int px);

 private:
  int columnsFor(int width) const;
  QRect cellRectFor(int block, int width) const;
  void renderImage();

  std::shared_ptr<const BlockMapSnapshot> snap_;
  std::set<int64_t> highlight_;
  int cell_ = 18;
  bool dark_ = false;
  QImage image_;
  bool stale_ = true;
};

}  // namespace inferscope::ui
