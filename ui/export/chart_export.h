#pragma once
// The one export path for charts (GUI menus now, `inferscope-cli export` later): plain functions over
// widgets and data, no dialogs, so they run headless under the offscreen platform.
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <utility>
#include <vector>

#include "engine/metrics/step_metrics.h"

class QWidget;

namespace inferscope::ui {

class MetricsChart;

// A name as a file/column-friendly key: lower case, every other character '_' ("block 8" -> "block_8").
QString fileKey(const QString& name);
// Every export is at least this many pixels wide at 1x, so a figure stays sharp on a slide or a page.
inline constexpr int kMinExportWidth = 1200;
// The logical size w is drawn at for export: its on-screen size widened to kMinExportWidth, the height
// following the on-screen aspect within 420..900 px (a widget with height-for-width gets the height
// it needs at that width, at least a fifth of it, so a block map shows every block).
QSize exportSizeFor(const QWidget* w);
// Resizes w from `from` to `to` and lays it out now, also while it is hidden (another tab); charts refit
// their ticks and titles for the new size.
void resizeForExport(QWidget* w, QSize to, QSize from);
// Lays w out at exportSizeFor(w) and renders it x scale (1 = 1x, 2 = 2x) into a PNG: the same drawing
// as on screen (fonts at their pixel size, ticks refitted to the larger plot), not a scaled grab.
// w gets its size back afterwards. Returns false with *error set.
bool exportPng(QWidget* w, const QString& path, qreal scale = 1.0, QString* error = nullptr);
// Renders w at exportSizeFor(w) as vector graphics through QSvgGenerator.
bool exportSvg(QWidget* w, const QString& path, const QString& title = {}, QString* error = nullptr);
// Puts a 1x image of w on the clipboard.
void copyToClipboard(QWidget* w);
// Every recorded step, columns = step_metrics_columns() (engine/metrics/metrics_writers.h).
bool writeStepMetricsCsv(const std::vector<StepMetrics>& steps, const QString& path, QString* error = nullptr);

// Any other chart-like widget (lesson charts, heat maps): <id>.png, <id>@2x.png, <id>.svg,
// <id>_slide.png and, when writeCsv is set, <id>.csv.
struct ExportWidget {
  QWidget* widget = nullptr;
  QString id, title;
  std::function<bool(const QString& path, QString* error)> writeCsv;
  QString slideNote = {};  // the slide's text under the view (e.g. the comparison's finding)
};

struct ExportInput {
  // Each exported as <id>.png, <id>@2x.png, <id>.svg, <id>.csv and <id>_slide.png (1920x1080,
  // ui/export/slide_export.h).
  std::vector<MetricsChart*> charts;
  std::vector<ExportWidget> widgets;   // exported the same way, after the charts
  QWidget* blockMap = nullptr;         // optional: block_map.png, block_map@2x.png, block_map.svg, block_map_slide.png
  QString blockMapLegend;              // the slide's legend under the map
  std::vector<StepMetrics> steps;      // step_metrics.csv
  // One step log per compared variant: step_metrics_<name>.csv (name made file-friendly).
  std::vector<std::pair<QString, std::vector<StepMetrics>>> variantSteps;
  QJsonObject manifest;                // model, settings, scenario...; "time" and "files" are added
};

// Writes everything into dir (created when missing). Charts are rendered with their full history. Each
// slide's subtitle names the model, its weights and the main settings, read from the manifest.
// Returns the files written (relative names), or an empty list with *error set.
QStringList exportAll(const ExportInput& in, const QString& dir, QString* error = nullptr);

}  // namespace inferscope::ui
