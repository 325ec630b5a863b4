#pragma once
// ChartsPanel: the live charts tab. It turns engine snapshots into chart points, keeps the full step
// history (the step metrics CSV), and redraws at most ~30 times per second from a coalescing timer.
// Layout: the charts flow into as many columns as the width allows (1 to 3) at a readable minimum
// height and scroll when they do not fit; a double-click enlarges one chart to the whole tab and back.
// Presentation shows the enlarged chart or two key charts large. Before any workload it can show a
// start page instead of the empty charts.
#include <QWidget>
#include <optional>
#include <set>
#include <vector>

#include "ui/engine/engine_snapshot.h"

class QScrollArea;
class QStackedLayout;
class QGridLayout;
class QTimer;

namespace inferscope::ui {

class MetricsChart;

class ChartsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ChartsPanel(QWidget* parent = nullptr);

  void addSnapshot(const EngineSnapshot& snapshot);
  void setCapacityBytes(qint64 bytes) { capacityBytes_ = bytes; }
  void clear();
  void refreshNow();
  // The timeline's step: a cursor line at that engine step on the charts over steps, which then show
  // the whole history (the windowed view again once nullopt hides it).
  void setCursorStep(std::optional<int64_t> step);

  std::vector<MetricsChart*> charts() const { return charts_; }
  MetricsChart* chart(const QString& id) const;
  const std::vector<StepMetrics>& steps() const { return steps_; }
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

  // A page shown instead of the charts (the start page); the panel does not own its behaviour.
  void setStartPage(QWidget* page);
  void showStartPage(bool show);
  bool startPageShown() const;

  static constexpr int kMinChartHeight = 240;  // below this the legend and tick labels collide
  static constexpr int kMinChartWidth = 380;

 protected:
  void changeEvent(QEvent* e) override;
  void resizeEvent(QResizeEvent* e) override;
  bool eventFilter(QObject* watched, QEvent* e) override;

 private:
  void retranslateUi();
  void relayout();
  int columnsFor(int width) const;

  MetricsChart* kv_ = nullptr;
  MetricsChart* util_ = nullptr;
  MetricsChart* tokens_ = nullptr;
  MetricsChart* throughput_ = nullptr;
  MetricsChart* latency_ = nullptr;
  MetricsChart* spec_ = nullptr;      // drafted vs accepted tokens per step
  MetricsChart* specRate_ = nullptr;  // running acceptance rate
  int64_t specDrafted_ = 0, specAccepted_ = 0;  // totals behind the running rate
  std::vector<MetricsChart*> charts_;
  std::vector<StepMetrics> steps_;
  std::set<int64_t> latencySeen_;
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
