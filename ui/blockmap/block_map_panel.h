#pragma once
// BlockMapPanel: the block map tab — the grid, its zoom, a legend that explains the marks, and the
// per-sequence block tables (logical -> physical) of the selected request (or all sequences).
// The summary and the tables are text a reader takes in over seconds: they follow the snapshots at
// most four times a second, and not at all while the tab is hidden (brought up to date when shown).
#include <QWidget>
#include <set>

#include "ui/engine/engine_snapshot.h"

class QLabel;
class QPlainTextEdit;
class QSlider;
class QTimer;

namespace inferscope::ui {

class BlockMapView;

class BlockMapPanel : public QWidget {
  Q_OBJECT
 public:
  explicit BlockMapPanel(QWidget* parent = nullptr);
  BlockMapView* view() const { return view_; }
  // The legend shown under the map (what its marks mean), for a slide of the map.
  QString legendText() const;
  void setSnapshot(std::shared_ptr<const BlockMapSnapshot> snapshot);
  void setHighlightedSequences(std::set<int64_t> seqs);

 protected:
  void changeEvent(QEvent* e) override;
  void showEvent(QShowEvent* e) override;

 private:
  void retranslateUi();
  void updateTables();

  BlockMapView* view_ = nullptr;
  QSlider* zoom_ = nullptr;
  QLabel* zoomLabel_ = nullptr;
  QLabel* legend_ = nullptr;
  QLabel* summary_ = nullptr;
  QLabel* tablesTitle_ = nullptr;
  QString legendText_, groupLegendText_;  // the second only shown for a cache with several KV groups
  QPlainTextEdit* tables_ = nullptr;
  QTimer* tablesTimer_ = nullptr;
  bool tablesStale_ = false;
};

}  // namespace inferscope::ui
