#pragma once
// RequestTimelineView: one row per request, engine time across, each phase of its life as a bar
// (record::PhaseTracker's phases), a prefill or recompute drawn step by step where its chunks are known
// (the steps that computed its tokens solid, steps that ran without it pale). Painted by hand: a frame touches only the rows in view and, in each,
// only the phases that overlap the visible time range, so 10,000 requests scroll like 10.
//
// Mouse: wheel scrolls rows, Shift+wheel scrolls time, Ctrl+wheel zooms time around the pointer; a click
// on a row emits requestClicked. The timeline cursor (setCursorIndex) is a vertical line; what lies after
// it is dimmed, and the view scrolls to keep it in sight.
//
// Time runs from the tracker's origin_ms() (0 for the engine's requests; earlier for traced requests that
// began before the session) to its now_ms().
#include <QAbstractScrollArea>
#include <functional>
#include <memory>
#include <span>

#include "engine/record/request_phases.h"

class QPainter;

namespace inferscope::ui {

class RequestTimelineView : public QAbstractScrollArea {
  Q_OBJECT
 public:
  explicit RequestTimelineView(QWidget* parent = nullptr);

  // The phases to draw (shared, not copied; null clears). Call changed() after the tracker grew.
  void setTracker(std::shared_ptr<const record::PhaseTracker> tracker);
  void changed();
  // The step the timeline shows (a stream index), or -1 while following the newest step.
  void setCursorIndex(int64_t index);
  int64_t cursorIndex() const { return cursor_; }
  void setSelectedId(int64_t id);
  int64_t selectedId() const { return selected_; }
  // A row's tooltip made by the caller instead of the engine's (phases with steps, prefix hits, speculation):
  // the Servers tab's traced requests say their request id and figures. Null: the engine's.
  void setTooltipProvider(std::function<QString(const record::RequestPhases&)> provider);
  // The text shown while there are no rows (empty: the engine's "run a workload" hint).
  void setPlaceholderText(const QString& text);
  // Presentation mode: text at px pixels (0: the widget's normal font); rows grow with it.
  void setTextPixelSize(int px);

  int rowHeight() const;
  int headerHeight() const;
  double pixelsPerMs() const { return pxPerMs_; }
  void zoomBy(double factor, int anchorX);
  // The request under a viewport point, or -1.
  int64_t requestAt(QPoint viewportPos) const;
  // What the last paint touched (the test's bound): rows drawn and phase bars examined.
  int lastPaintedRows() const { return paintedRows_; }
  int lastTouchedPhases() const { return touchedPhases_; }

 signals:
  void requestClicked(qint64 id);

 protected:
  void paintEvent(QPaintEvent*) override;
  void resizeEvent(QResizeEvent*) override;
  void wheelEvent(QWheelEvent*) override;
  void mousePressEvent(QMouseEvent*) override;
  bool viewportEvent(QEvent* e) override;  // tooltips

 private:
  void updateBars();
  int labelWidth() const;
  int plotWidth() const;
  double xOf(double ms) const;  // viewport x of engine time ms
  double spanMs() const;
  double originMs() const;
  QString tooltipFor(const record::RequestPhases& r) const;
  static QString chunkText(std::span<const record::PhaseChunk> chunks);
  void paintChunks(QPainter& p, const record::Phase& ph, std::span<const record::PhaseChunk> chunks, const QRectF& bar,
                   double end) const;

  std::shared_ptr<const record::PhaseTracker> tracker_;
  int64_t cursor_ = -1, selected_ = -1;
  double pxPerMs_ = 0;  // 0: fit the whole run to the width
  bool userZoomed_ = false;
  int textPx_ = 0;
  int paintedRows_ = 0, touchedPhases_ = 0;
  std::function<QString(const record::RequestPhases&)> tooltipProvider_;
  QString placeholder_;
};

}  // namespace inferscope::ui
