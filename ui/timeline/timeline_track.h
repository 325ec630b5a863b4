#pragma once
// TimelineTrack: the scrubber itself. A track over steps 0..count-1 of the run on screen with the
// step shown as a handle and the run's events as marks above it, one colour and shape per kind (the
// tooltip names the event under the pointer, elsewhere it is the legend). Clicking or dragging asks
// for a step; Left/Right, Home/End and Page keys move while it has focus.
#include <QWidget>
#include <vector>

#include "engine/record/recording.h"

namespace inferscope::ui {

class TimelineTrack : public QWidget {
  Q_OBJECT
 public:
  explicit TimelineTrack(QWidget* parent = nullptr);

  void setCount(int64_t steps);
  int64_t count() const { return count_; }
  void setMarkers(std::vector<record::Marker> markers);
  const std::vector<record::Marker>& markers() const { return markers_; }
  // The step shown, and whether it is the newest one followed as the run goes on.
  void setPosition(int64_t index, bool following);
  int64_t position() const { return position_; }

  // The x (widget pixels) of a step's centre, and the step under x (tests, tooltips).
  double xForStep(int64_t index) const;
  int64_t stepAt(double x) const;

  static QColor markerColor(record::MarkerKind kind);
  static QString markerName(record::MarkerKind kind);  // translated
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 signals:
  void seekRequested(qint64 index);

 protected:
  void paintEvent(QPaintEvent* e) override;
  void mousePressEvent(QMouseEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;
  void keyPressEvent(QKeyEvent* e) override;
  bool event(QEvent* e) override;

 private:
  QRectF trackRect() const;
  QString legendText() const;

  int64_t count_ = 0;
  int64_t position_ = 0;
  bool following_ = true;
  std::vector<record::Marker> markers_;
};

}  // namespace inferscope::ui
