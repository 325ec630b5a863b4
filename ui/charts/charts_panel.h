#pragma once
// ChartsPanel: the live charts tab. It turns engine snapshots into chart points, keeps the full step
// history (the step metrics CSV), and redraws at most ~30 times per second from a coalescing timer.
#include <QWidget>
#include <set>
#include <vector>

#include "ui/engine/engine_snapshot.h"

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

  std::vector<MetricsChart*> charts() const { return charts_; }
  MetricsChart* chart(const QString& id) const;
  const std::vector<StepMetrics>& steps() const { return steps_; }
  void setLineWidth(qreal w);
  void setDark(bool dark);
  void setWindowSize(double steps);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslateUi();

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
};

}  // namespace inferscope::ui
