#pragma once
// MetricsChart: one live line chart. It keeps the history of every series over the whole run in a
// bounded number of points (BoundedSeries: the newest points as they came, older ones folded into
// min/max buckets) and shows a sliding window, decimated to about one point per pixel column, with one
// replace() per series per frame. A ChartFitter keeps it readable: round ticks sized to the labels,
// titles that fit, a legend that wraps. Measuring and relayout are the costly part of a frame, so a
// frame that only slides the window and whose values stay within the y axis moves the x range and
// nothing else; the chart is refitted when the data leave the axes (or shrink to under half of them),
// the window's span or its labels' digits change, or anything about its looks does.
#include <QChartView>
#include <QList>
#include <QPointF>
#include <QString>
#include <limits>
#include <vector>

#include "ui/charts/bounded_series.h"

QT_BEGIN_NAMESPACE
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace inferscope::ui {

class ChartFitter;

class MetricsChart : public QChartView {
  Q_OBJECT
 public:
  // id: stable file/column-friendly name ("kv_cache"); xKey: the CSV name of the x column.
  MetricsChart(const QString& id, const QString& xKey, QWidget* parent = nullptr);

  // What an axis measures, which decides its ticks: Real (1-2-5 steps), Count (whole-number steps),
  // Fraction (always 0..1), TimeMs (values in milliseconds, shown in ms or s by the range, the unit
  // appended to the axis title; history and CSV stay in ms).
  enum class Scale { Real, Count, Fraction, TimeMs };
  void setScales(Scale x, Scale y, Scale yRight = Scale::Real);
  // key: the CSV column name (stable, untranslated). rightAxis: plot against a second y axis on the
  // right (its own scale and title), for a quantity whose values would vanish on the left one.
  // Returns the series index.
  int addSeries(const QString& key, const QColor& color, Qt::PenStyle style = Qt::SolidLine, bool rightAxis = false);
  void setSeriesName(int series, const QString& name);  // empty: drawn without a legend entry
  QString seriesName(int series) const;
  void removeAllSeries();  // for charts whose series depend on the data (one per compared variant)
  void removeLastSeries();  // a series the data added (e.g. the KV chart's full-attention line)
  // yRightTitle is used only when some series is on the right axis.
  void setTitles(const QString& title, const QString& xTitle, const QString& yTitle, const QString& yRightTitle = {});

  void appendPoint(int series, QPointF p);
  void clearHistory();
  // Pushes the newest window to the chart if anything changed since the last call (call at <= 30 Hz).
  void refresh();
  // Something is waiting for refresh().
  bool needsRefresh() const { return dirty_ || dataDirty_; }
  // How many refresh() calls laid the chart out again (the rest only moved the window), for tests.
  int fitCount() const { return fitCount_; }

  void setWindowSize(double xSpan) { windowSize_ = xSpan; dirty_ = true; }  // <= 0: whole history
  double windowSize() const { return windowSize_; }
  // Export shows the full history, not the on-screen window.
  void setShowFullHistory(bool full);
  void setLineWidth(qreal width);
  qreal lineWidth() const { return lineWidth_; }
  void setDark(bool dark);
  // Every text of the chart (title, tick labels, axis titles, legend) at px pixels; 0 = the widget's font.
  void setTextPixelSize(int px);
  int textPixelSize() const { return textPx_; }
  // Presentation style for a classroom: thick lines and a high-contrast palette that colour-blind
  // viewers can tell apart. Off restores the series' own colours and the normal line width.
  void setPresentationStyle(bool on);
  bool presentationStyle() const { return presentation_; }

  const QString& id() const { return id_; }
  int seriesCount() const { return int(history_.size()); }
  // The history held: every point of a short run; over a long one at most BoundedSeries::maxPoints(),
  // first and last points always the run's.
  qsizetype pointCount(int series) const { return history_[size_t(series)].size(); }
  const QList<QPointF>& history(int series) const { return history_[size_t(series)].points(); }
  // Points the chart currently draws for a series (after windowing and decimation).
  qsizetype shownPointCount(int series) const;
  QString title() const;
  // For tests and export: the axes as drawn, and the fitter that chose their ticks and titles.
  QValueAxis* axisX() const { return axisX_; }
  QValueAxis* axisY() const { return axisY_; }
  QValueAxis* axisYRight() const { return axisY2_; }  // null until a series uses it
  ChartFitter* fitter() const { return fitter_; }
  // Lays out ticks, titles and legend for the current size and data now (refresh() does it when dirty).
  void fitNow();

  // A vertical cursor line at x (the step the timeline shows); NaN hides it. Drawn over the plot only
  // while x is inside the x range shown.
  void setCursorX(double x);
  double cursorX() const { return cursorX_; }

  // x column then one column per series (empty cell where a series has no point at that x).
  bool writeCsv(const QString& path, QString* error = nullptr) const;

 private:
  void drawForeground(QPainter* painter, const QRectF& rect) override;
  QList<QPointF> visiblePoints(const BoundedSeries& series, double xMin, int columns) const;
  // The ranges refresh() computed call for a new layout (not only a moved window).
  bool wantsRefit(double xLo, double xHi, const double lo[2], const double hi[2]) const;
  void updateLegend();
  QString axisTitle(const QString& base, Scale scale, double divisor) const;

  QString id_, xKey_;
  std::vector<QString> keys_;
  std::vector<BoundedSeries> history_;
  std::vector<QLineSeries*> series_;
  QValueAxis* axisX_ = nullptr;
  QValueAxis* axisY_ = nullptr;
  QValueAxis* axisY2_ = nullptr;
  ChartFitter* fitter_ = nullptr;
  Scale scaleX_ = Scale::Count, scaleY_ = Scale::Real, scaleY2_ = Scale::Real;
  std::vector<bool> onRight_;
  QString xTitle_, yTitle_, y2Title_;
  double divisorY_ = 1, divisorY2_ = 1;  // TimeMs: 1 (ms) or 1000 (s)
  double yLo_ = 0, yHi_ = 1, y2Lo_ = 0, y2Hi_ = 1, xLo_ = 0, xHi_ = 1;
  double windowSize_ = 300;
  bool showFull_ = false;
  bool dirty_ = false;       // looks, scales or series changed: lay out again
  bool dataDirty_ = false;   // only new points
  int fitCount_ = 0;
  double fittedSpan_ = -1;   // x span and label digits at the last layout
  int fittedDigits_ = -1;
  qreal lineWidth_ = 2.0;
  int textPx_ = 0;
  bool presentation_ = false;
  bool dark_ = false;
  std::vector<QColor> colors_;  // each series' own colour, restored when presentation style ends
  double cursorX_ = std::numeric_limits<double>::quiet_NaN();
};

}  // namespace inferscope::ui
