#pragma once
// The context menu of every exportable view (live and compared charts, the block map): PNG at 1x and
// 2x, SVG, its data as CSV, copy to the clipboard. Files are chosen with a save dialog.
#include <QObject>
#include <functional>
#include <vector>

#include "engine/metrics/step_metrics.h"

class QWidget;

namespace inferscope::ui {

class ExportMenu : public QObject {
  Q_OBJECT
 public:
  // stepLog: the step metrics written as the CSV of a view that is not a MetricsChart (the block map).
  // onError(title, reason) is called when an export fails. The menu lives as long as target.
  static void attach(QWidget* target, std::function<std::vector<StepMetrics>()> stepLog,
                     std::function<void(const QString& title, const QString& reason)> onError);
};

}  // namespace inferscope::ui
