#pragma once
// ComparePanel: the "Compare" tab. When a scenario compares settings, each variant is run for real on
// its own engine (WorkbenchSession::runCompare) and this panel overlays their per-step utilization and
// their throughput over engine time, one colour per variant with a legend, plus a summary table. Above
// them, the demo's point: a one-line finding and bars of the numbers it is about.
#include <QWidget>
#include <optional>
#include <vector>

#include "ui/compare/compare_result.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace inferscope::ui {

class MetricBarsView;
class MetricsChart;

class ComparePanel : public QWidget {
  Q_OBJECT
 public:
  explicit ComparePanel(QWidget* parent = nullptr);

  // The scenario's variants wait for its live run to end (or for Compare): the panel says so.
  void setQueued(const QString& scenario, int total);
  void setRunning(const QString& scenario, int total);
  void setProgress(int done, int total, const QString& running);
  void setResult(CompareResultPtr result);
  // The timeline's engine step: a cursor at it on the per-step chart (the throughput chart's x is engine
  // time, which differs between variants: no cursor there); nullopt hides it.
  void setCursorStep(std::optional<int64_t> step);
  CompareResultPtr result() const { return result_; }
  // The one-line finding computed from the variants' numbers for what the demo is about (batching:
  // time and TTFT; prefix caching: hits, KV peak, TTFT; block size: KV waste; speculation: acceptance;
  // otherwise the fastest and slowest); empty before a result.
  QString finding() const;
  // The charts, for export and context menus (they have points only once a comparison has run).
  std::vector<MetricsChart*> charts() const { return {util_, throughput_}; }
  MetricsChart* utilizationChart() const { return util_; }
  MetricsChart* throughputChart() const { return throughput_; }
  // The bars of the numbers the demo is about (one panel per number, one bar per variant).
  MetricBarsView* barsView() const { return bars_; }
  void setLineWidth(qreal w);
  void setDark(bool dark);
  // Presentation mode: charts, bars and the finding with text at px pixels; off restores them.
  void setPresentation(bool on, int px);

 signals:
  void cancelRequested();

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retitleUtilization();  // the utilization chart's titles, naming utilWindow_ when it averages
  void retranslateUi();
  void fillCharts();
  void fillSummary();  // the table and the finding (retranslateUi calls it: headers are translated)
  void fillBars(int focus);  // the bars for what the demo is about (called by fillSummary)
  void clearResult();  // no result: charts, table, bars and finding emptied
  QString pointOf() const;  // the finding without the sentence on repeated runs

  QLabel* status_ = nullptr;
  QLabel* finding_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QPushButton* cancel_ = nullptr;
  MetricsChart* util_ = nullptr;
  MetricsChart* throughput_ = nullptr;
  QTableWidget* summary_ = nullptr;
  MetricBarsView* bars_ = nullptr;
  QTabWidget* details_ = nullptr;  // "over the run" (charts) and "all numbers" (table)
  CompareResultPtr result_;
  QString scenario_;
  bool running_ = false;
  int queued_ = 0;  // variants waiting for the live run (0: none)
  int utilWindow_ = 1;  // steps averaged per point of the utilization chart (1: every step as it ran)
};

}  // namespace inferscope::ui
