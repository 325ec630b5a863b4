#pragma once
// LessonChart: draws a lesson's Chart (engine/lessons/lesson.h) with QtCharts: line series, dashed
// reference lines, grouped bars over category labels, log axes when the lesson asks. It keeps the
// chart it was given, so export writes the exact numbers (CSV) and a language switch redraws it.
#include <QChartView>
#include <QStringList>

#include "engine/lessons/lesson.h"

namespace inferscope::ui {

class ChartFitter;
class LessonTexts;

class LessonChart : public QChartView {
  Q_OBJECT
 public:
  explicit LessonChart(QWidget* parent = nullptr);

  // Replaces everything shown; titles, axis labels and series names go through texts' "labels" table.
  void setLessonChart(const lessons::Chart& chart, const LessonTexts& texts, const QString& lang);
  void clearChart();
  const lessons::Chart& lessonChart() const { return source_; }
  bool isEmpty() const { return source_.series.empty(); }

  QString title() const;
  // Shown names, in the lesson's series order (bars and lines alike).
  QStringList seriesNames() const { return names_; }
  // x (and the category when there are categories), then one column per series, English names.
  bool writeCsv(const QString& path, QString* error = nullptr) const;
  void setDark(bool dark);
  void setLineWidth(qreal width);
  // Every text of the chart (title, ticks, axis titles, legend) at px pixels; 0 = the widget's font.
  void setTextPixelSize(int px);
  int textPixelSize() const { return textPx_; }
  // The fitter that keeps ticks round and texts whole (for tests).
  ChartFitter* fitter() const { return fitter_; }

 private:
  void rebuild();

  lessons::Chart source_;  // as the lesson computed it (English)
  lessons::Chart shown_;   // the same, texts translated
  QStringList names_;
  bool dark_ = false;
  qreal lineWidth_ = 2.0;
  int textPx_ = 0;
  ChartFitter* fitter_ = nullptr;  // child of the current QChart
};

}  // namespace inferscope::ui
