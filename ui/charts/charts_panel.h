#pragma once
// ChartsPanel: the live charts tab. It turns engine snapshots into chart points and keeps the full step
// history (the step metrics CSV). Drawing is paced so the GUI thread never blocks for long: a frame
// timer runs only while some chart has new points and refreshes one chart per tick, the charts the
// user can see in turn (each about 30 times a second at most); a chart scrolled out of view or on a
// hidden tab waits until it is seen again.
// Layout: the charts flow into as many columns as the width allows (1 to 3) at a readable minimum
// height and scroll when they do not fit; a double-click enlarges one chart to the whole tab and back.
// Presentation shows the enlarged chart or two key charts large. Before any workload it can show a
// start page instead of the empty charts.
#include <QWidget>
#include <optional>
#include <set>
#include <unordered_set>
#include <vector>

#include "ui/engine/engine_snapshot.h"

class QScrollArea;
class QStackedLayout;
class QGridLayout;
class QTimer;

namespace inferscope::ui {

class MetricsChart;
class DeviceGanttChart;

class ChartsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ChartsPanel(QWidget* parent = nullptr);

  void addSnapshot(const EngineSnapshot& snapshot);
  void setCapacityBytes(qint64 bytes) { capacityBytes_ = bytes; }
  void clear();
  // Brings every chart up to date now, seen or not (export, screenshots, tests).
  void refreshNow();
  // Finished requests plotted on the latency chart so far.
  int64_t latencyCount() const { return latencyCount_; }
  // The timeline's step: a cursor line at that engine step on the charts over steps, which then show
  // the whole history (the windowed view again once nullopt hides it).
  void setCursorStep(std::optional<int64_t> step);

  std::vector<MetricsChart*> charts() const { return charts_; }
  MetricsChart* chart(const QString& id) const;
  const std::vector<StepMetrics>& steps() const { return steps_; }
  // Finished requests remembered so none is plotted twice: at most kMaxLatencySeen after a snapshot
  // (those the snapshots no longer show are forgotten), however many requests a session runs.
  size_t latencySeenCount() const { return latencySeen_.size(); }
  static constexpr size_t kMaxLatencySeen = 4096;
  void setLineWidth(qreal w);
  void setDark(bool dark);
  void setWindowSize(double steps);
  qint64 capacityBytes() const { return capacityBytes_; }

  // Shows one chart over the whole tab (null: every chart again). Double-click toggles it.
  void setEnlarged(MetricsChart* chart);
  MetricsChart* enlarged() const { return enlarged_; }
  // Presentation: chart text at textPx pixels, presentation style, and only the enlarged chart or
  // the two key charts (KV cache and tokens per step) on screen. Off restores the normal layout.
  void setPresentation(bool on, int textPx);
  bool presentation() const { return presentation_; }
  int columns() const { return columns_; }
  // The charts currently laid out (visible when the panel is).
  std::vector<MetricsChart*> shownCharts() const;
  DeviceGanttChart* deviceGantt() const { return gantt_; }

  // A page shown instead of the charts (the start page); the panel does not own its behaviour.
  void setStartPage(QWidget* page);
  void showStartPage(bool show);
  bool startPageShown() const;

  static constexpr int kMinChartHeight = 240;  // below this the legend and tick labels collide
  static constexpr int kMinChartWidth = 380;

 protected:
  void changeEvent(QEvent* e) override;
  void resizeEvent(QResizeEvent* e) override;
  void showEvent(QShowEvent* e) override;
  bool eventFilter(QObject* watched, QEvent* e) override;

 private:
  void retranslateUi();
  void relayout();
  // One frame tick: refreshes the next visible chart with new points; stops the timer when none has.
  void refreshNextVisible();
  void scheduleFrame();
  int columnsFor(int width) const;

  MetricsChart* kv_ = nullptr;
  MetricsChart* util_ = nullptr;
  MetricsChart* tokens_ = nullptr;
  MetricsChart* throughput_ = nullptr;
  MetricsChart* latency_ = nullptr;
  MetricsChart* spec_ = nullptr;      // drafted vs accepted tokens per step
  MetricsChart* specRate_ = nullptr;  // running acceptance rate
  // Virtual devices over the newest step (engine/parallel): shown above the charts while the engine
  // splits its pass, alone in presentation.
  DeviceGanttChart* gantt_ = nullptr;
  int64_t specDrafted_ = 0, specAccepted_ = 0;  // totals behind the running rate
  std::vector<MetricsChart*> charts_;
  std::vector<StepMetrics> steps_;
  int kvFullAttention_ = -1;  // the KV chart's full-attention series, once a sliding window released blocks
  // Finished requests plotted that a snapshot may show again (a source shows a request in every snapshot
  // while it is in the bounded view; a replay shows each request's state at every step).
  std::unordered_set<int64_t> latencySeen_;
  int64_t latencyCount_ = 0;
  size_t nextChart_ = 0;  // round-robin position of the frame timer
  qint64 capacityBytes_ = 0;
  QTimer* frameTimer_ = nullptr;
  QStackedLayout* stack_ = nullptr;
  QScrollArea* scroll_ = nullptr;
  QWidget* gridHost_ = nullptr;
  QGridLayout* grid_ = nullptr;
  QWidget* startPage_ = nullptr;
  MetricsChart* enlarged_ = nullptr;
  bool presentation_ = false;
  int columns_ = 0;
  int laidOutFor_ = -1;  // the columns_/mode the grid was last built for (-1: never)
};

}  // namespace inferscope::ui
