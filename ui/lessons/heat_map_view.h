#pragma once
// HeatMapView: one lesson matrix (e.g. attention weights, rows = queries, cols = keys) as coloured
// cells with row labels on the left and column labels on top; hovering a cell shows its value.
#include <QWidget>

#include "engine/lessons/lesson.h"

namespace inferscope::ui {

class HeatMapView : public QWidget {
  Q_OBJECT
 public:
  explicit HeatMapView(QWidget* parent = nullptr);

  void setMatrix(const lessons::LessonResult::Matrix& m);
  const lessons::LessonResult::Matrix& matrix() const { return m_; }
  // The cell under a widget position, or (-1, -1).
  QPoint cellAt(const QPoint& pos) const;
  QString toolTipAt(const QPoint& pos) const;
  QRect cellRect(int row, int col) const;
  // row label, then one column per matrix column (header: the column labels).
  bool writeCsv(const QString& path, QString* error = nullptr) const;
  void setDark(bool dark);

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* e) override;
  bool event(QEvent* e) override;

 private:
  struct Geometry {
    QRect grid;  // the cell area
    double cw = 0, ch = 0;
    int rowLabelW = 0, colLabelH = 0;
  };
  Geometry geometry() const;
  QColor colour(double v) const;

  lessons::LessonResult::Matrix m_;
  double lo_ = 0, hi_ = 1;
  bool dark_ = false;
};

}  // namespace inferscope::ui
