#pragma once
// MetricBarsView: the numbers a comparison is about, as bars. One panel per metric side by side (its
// title, "lower is better" or "higher is better"), one bar per variant in the variant's colour with its
// value printed at the end, the best variant's value in bold. Painted directly, so it stays readable at
// any size and its text follows the widget's font (presentation mode and slides enlarge it).
#include <QColor>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <vector>

namespace inferscope::ui {

struct MetricBars {
  QString key;                  // CSV name ("ttft_p50_ms")
  QString title;                // "Median TTFT (ms)"
  std::vector<double> values;   // one per variant; NaN = not measured (no bar, "–")
  QStringList labels;           // the printed values, one per variant
  bool lowerIsBetter = true;
};

class MetricBarsView : public QWidget {
  Q_OBJECT
 public:
  explicit MetricBarsView(QWidget* parent = nullptr);

  void setData(const QStringList& variants, const std::vector<QColor>& colors, std::vector<MetricBars> metrics);
  void clear();
  const std::vector<MetricBars>& metrics() const { return metrics_; }
  const QStringList& variants() const { return variants_; }
  bool isEmpty() const { return metrics_.empty() || variants_.isEmpty(); }
  // The variant with the best value of a metric (lowest or highest as the metric wants), -1 when none.
  int bestOf(int metric) const;
  void setDark(bool dark);
  // variant, then one column per metric (the unrounded values).
  bool writeCsv(const QString& path, QString* error = nullptr) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;
  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int w) const override;

 protected:
  void paintEvent(QPaintEvent*) override;
  void changeEvent(QEvent* e) override;

 private:
  int rowHeight() const;
  int headerHeight(int panelWidth) const;
  int nameColumnWidth(int width) const;

  QStringList variants_;
  std::vector<QColor> colors_;
  std::vector<MetricBars> metrics_;
  bool dark_ = false;
};

}  // namespace inferscope::ui
