// MainWindow, "Export all": every chart (live, compared variants, lessons), the block map, the step
// metrics and a JSON manifest of the run into one folder.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "engine/workload/scenario.h"
#include "ui/blockmap/block_map_panel.h"
#include "ui/blockmap/block_map_view.h"
#include "ui/charts/charts_panel.h"
#include "ui/charts/metrics_chart.h"
#include "ui/compare/compare_panel.h"
#include "ui/engine/engine_controller.h"
#include "ui/export/chart_export.h"
#include "ui/lessons/heat_map_view.h"
#include "ui/lessons/lesson_chart.h"
#include "ui/lessons/lesson_page.h"
#include "ui/lessons/lessons_panel.h"
#include "ui/main_window.h"
#include "ui/panels/engine_settings_panel.h"
#include "ui/panels/load_generator_panel.h"

namespace inferscope::ui {

namespace {
QJsonObject toQJson(const nlohmann::json& j) {
  return QJsonDocument::fromJson(QByteArray::fromStdString(j.dump())).object();
}
}  // namespace

QStringList MainWindow::exportAllTo(const QString& dir, QString* error) {
  ExportInput in;
  in.charts = charts_->charts();
  in.blockMap = blockMap_->view();
  in.steps = charts_->steps();
  QJsonArray variants;
  if (auto r = compare_->result()) {
    for (MetricsChart* c : compare_->charts()) in.charts.push_back(c);
    for (const auto& v : r->variants) {
      in.variantSteps.push_back({QString::fromStdString(v.name), v.steps});
      QJsonObject o;
      o[QStringLiteral("name")] = QString::fromStdString(v.name);
      o[QStringLiteral("settings")] = toQJson(engine_config_to_json(v.config));
      o[QStringLiteral("steps")] = qint64(v.steps.size());
      o[QStringLiteral("generated_tokens")] = qint64(v.generated_tokens);
      o[QStringLiteral("engine_s")] = v.engine_s;
      o[QStringLiteral("preemptions")] = qint64(v.preemptions);
      if (!v.error.empty()) o[QStringLiteral("error")] = QString::fromStdString(v.error);
      variants.append(o);
    }
  }
  // Every lesson page with a result on screen: its chart and, for matrix results, its heat map.
  QJsonArray lessonIds;
  for (LessonPage* p : lessons_->pages()) {
    if (!p->result()) continue;
    lessonIds.append(p->id());
    if (!p->chart()->isEmpty()) {
      LessonChart* c = p->chart();
      in.widgets.push_back({c, p->exportId(), c->title(), [c](const QString& f, QString* e) { return c->writeCsv(f, e); }});
    }
    if (!p->result()->matrices.empty()) {
      HeatMapView* h = p->heatMap();
      in.widgets.push_back({h, p->exportId() + QStringLiteral("_heatmap"), QString::fromStdString(h->matrix().name),
                            [h](const QString& f, QString* e) { return h->writeCsv(f, e); }});
    }
  }
  QJsonObject m;
  m[QStringLiteral("application")] = QStringLiteral("InferScope");
  if (!lessonIds.isEmpty()) m[QStringLiteral("lessons")] = lessonIds;
  m[QStringLiteral("model")] = modelPath_;
  if (auto card = controller_->modelCard()) {
    m[QStringLiteral("model_name")] = QString::fromStdString(card->name);
    m[QStringLiteral("weights")] = QString::fromStdString(card->weight_mode_label);
    m[QStringLiteral("weight_bytes")] = double(card->weight_bytes);
  }
  m[QStringLiteral("settings")] = toQJson(engine_config_to_json(settingsPanel_->config()));
  m[QStringLiteral("workload")] = toQJson(workload_to_json(loadGen_->spec()));
  m[QStringLiteral("scenario")] = scenarioName_;
  if (!variants.isEmpty()) m[QStringLiteral("compare")] = variants;
  in.manifest = m;
  return exportAll(in, dir, error);
}

}  // namespace inferscope::ui
