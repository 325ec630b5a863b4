#pragma once
// ChartFitter: keeps one QChart readable at the size and text size it is drawn at. Qt Charts elides
// ("...") tick labels and axis titles that do not fit, and truncates legend entries; the fitter
// prevents that instead of papering over it:
//  - value axes get round ticks (1-2-5 x 10^k, whole numbers for counts, 0..1 for fractions) whose
//    count comes from the measured label sizes against the plot area;
//  - each axis title is the first of its candidates (longest first) that fits, else none;
//  - bar-category labels wider than their category's share of the plot wrap into lines, and stand
//    upright when a single word still does not fit;
//  - the legend is the fitter's own: entries flow left to right and wrap into rows under the plot,
//    a too-long name wraps inside its entry, so no name is ever cut.
// Call fit() after the data ranges, fonts or size changed; the fitter also refits when the chart's
// geometry changes.
#include <QBrush>
#include <QColor>
#include <QFont>
#include <QList>
#include <QObject>
#include <QPen>
#include <QStringList>
#include <map>
#include <vector>

#include "ui/charts/nice_scale.h"

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QBarCategoryAxis;
class QChart;
class QGraphicsItem;
class QGraphicsTextItem;
class QValueAxis;
QT_END_NAMESPACE

namespace inferscope::ui {

class ChartFitter : public QObject {
  Q_OBJECT
 public:
  enum class Kind {
    Real,      // any 1-2-5 step
    Count,     // whole-number steps (tokens, requests, steps)
    Fraction,  // always 0..1
  };
  struct LegendEntry {
    QString name;
    QPen pen;                     // a line marker in this pen
    QBrush brush = Qt::NoBrush;   // a filled box instead (bar sets) when not NoBrush
  };

  // The fitter is a child of chart and hides the chart's own legend.
  explicit ChartFitter(QChart* chart);
  ~ChartFitter() override;

  // Keeps axis round for data in [lo, hi]. roundEnds widens the range out to whole ticks (y axes);
  // without it the range is exactly [lo, hi] and only the ticks are round (a sliding x window).
  void setValueAxis(QValueAxis* axis, Kind kind, double lo, double hi, bool roundEnds);
  // Moves a fitted axis without round ends (a sliding x window) to [lo, hi], keeping its tick step:
  // no measuring and no relayout, for the frames where only the window moved. Call fit() instead
  // when the span or the labels' width may have changed enough to want another step.
  void slideAxis(QValueAxis* axis, double lo, double hi);
  // The category names of a bar axis (plain text): fit() shows each whole, wrapped or upright.
  void setCategoryAxis(QBarCategoryAxis* axis, const QStringList& categories);
  // Title candidates for an axis, longest first; the first that fits its side of the plot is shown.
  void setAxisTitles(QAbstractAxis* axis, const QStringList& candidates);
  void setLegend(const std::vector<LegendEntry>& entries);
  // The chart's title; fit() breaks it into lines where it is wider than the chart (Qt would cut it).
  void setChartTitle(const QString& title);
  const QString& chartTitle() const { return title_; }
  void setLegendFont(const QFont& font) { legendFont_ = font; }
  void setLegendTextColor(const QColor& c) { legendColor_ = c; }
  // Lays out the legend, then ticks and titles for the plot area that results (twice, as the y
  // labels' width moves the plot area).
  void fit();

  // What fit() chose, for tests and tooltips.
  NiceTicks ticks(const QValueAxis* axis) const;
  QString shownTitle(const QAbstractAxis* axis) const;
  QList<QGraphicsTextItem*> legendTextItems() const;
  qreal legendHeight() const { return legendHeight_; }
  bool legendBesidePlot() const { return sideLegend_; }

 private:
  struct ValueAxisSpec {
    Kind kind = Kind::Real;
    double lo = 0, hi = 1;
    bool roundEnds = true;
    NiceTicks chosen;
  };
  void layoutLegend();
  void wrapTitle();
  void fitValueAxis(QValueAxis* axis, ValueAxisSpec& spec);
  void fitTitle(QAbstractAxis* axis, const QStringList& candidates);
  void fitCategories(QBarCategoryAxis* axis, const QStringList& categories);
  void clearLegendItems();
  bool qtElidedSomething() const;  // any of Qt's own texts in the chart shows "..."

  QChart* chart_;
  std::map<QValueAxis*, ValueAxisSpec> axes_;
  std::map<QAbstractAxis*, QStringList> titles_;
  std::map<QBarCategoryAxis*, QStringList> categories_;
  // A category axis's label font as its owner set it, and the (possibly smaller) one the fitter set.
  struct CategoryFonts {
    QFont base, shown;
  };
  std::map<QBarCategoryAxis*, CategoryFonts> categoryFonts_;
  std::map<const QAbstractAxis*, QString> shownTitles_;
  std::vector<LegendEntry> legend_;
  QString title_;
  QList<QGraphicsItem*> legendItems_;
  QList<QGraphicsTextItem*> legendTexts_;
  QFont legendFont_;
  QColor legendColor_ = QColor(0x20, 0x20, 0x20);
  qreal legendHeight_ = 0;
  QString legendKey_;  // what the legend was last laid out for
  qreal baseBottomMargin_ = 4;
  qreal baseRightMargin_ = 4;
  bool sideLegend_ = false;  // entries stacked right of the plot (a short chart), not rows below it
  qreal legendWidth_ = 0;
  bool fitting_ = false;
  int squeeze_ = 0;  // 0: titles as fit; 1: no x title; 2: shortest y titles; 3: no y titles
};

// Space Qt Charts gives text: the bounding box of a rich-text item, as its axes measure labels.
QSizeF chartTextSize(const QFont& font, const QString& text);

}  // namespace inferscope::ui
