#pragma once
// DeviceGanttChart: one row per virtual device over the newest step of a tensor- or pipeline-parallel
// engine (engine/parallel): compute, communication and idle intervals on the devices' clock, the bytes
// moved between devices and the bubble fraction against its closed form. Painted directly (hundreds of
// intervals per step would be hundreds of chart series); the time axis uses nice_scale's round ticks
// and units. Text follows the widget's font, or a fixed pixel size in presentation.
#include <QColor>
#include <QWidget>
#include <memory>

#include "engine/metrics/parallel_timeline.h"

namespace inferscope::ui {

class DeviceGanttChart : public QWidget {
  Q_OBJECT
 public:
  explicit DeviceGanttChart(QWidget* parent = nullptr);

  // The step to show (null: the empty-state hint).
  void setTimeline(std::shared_ptr<const ParallelTimeline> timeline);
  std::shared_ptr<const ParallelTimeline> timeline() const { return timeline_; }
  // Presentation: text at px pixels (0: the widget's font) and a high-contrast palette.
  void setTextPixelSize(int px);
  int textPixelSize() const { return textPx_; }
  void setPresentationStyle(bool on);
  bool presentationStyle() const { return presentation_; }
  void setDark(bool dark);

  // The texts drawn (title, summary line), for tests and screenshots' captions.
  QString titleText() const;
  QString summaryText() const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* e) override;
  void changeEvent(QEvent* e) override;

 private:
  QColor colorFor(DeviceActivity kind) const;
  QFont textFont() const;

  std::shared_ptr<const ParallelTimeline> timeline_;
  int textPx_ = 0;
  bool presentation_ = false;
  bool dark_ = false;
};

}  // namespace inferscope::ui
