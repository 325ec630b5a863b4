#include "app/cli/replay_export.h"

#include <cstdio>

#include "app/cli/cli_common.h"

#ifdef INFERSCOPE_CLI_HAVE_GUI
#include <QApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <memory>

#include "ui/blockmap/block_map_view.h"
#include "ui/charts/charts_panel.h"
#include "ui/export/chart_export.h"
#endif

namespace inferscope::cli {

#ifndef INFERSCOPE_CLI_HAVE_GUI
void export_replay(const record::Recording&, int64_t, const std::string&, int, int) {
  throw UsageError("replay --export is unavailable: this inferscope-cli was built without the GUI (INFERSCOPE_BUILD_GUI=OFF)");
}
#else
namespace {
QJsonObject toQJson(const nlohmann::json& j) {
  return QJsonDocument::fromJson(QByteArray::fromStdString(j.dump())).object();
}
}  // namespace

void export_replay(const record::Recording& r, int64_t step, const std::string& dir, int width, int height) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  static int argc = 1;
  static char arg0[] = "inferscope-cli";
  static char* argv[] = {arg0, nullptr};
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("InferScope"));

  ui::ChartsPanel charts;
  // The cache's capacity line: blocks in the pool x bytes per block (allocated bytes / used blocks).
  for (const StepMetrics& m : r.all_metrics()) {
    if (m.kv_blocks_used <= 0) continue;
    charts.setCapacityBytes(qint64(m.kv_blocks_total) * (m.kv_bytes_allocated / m.kv_blocks_used));
    break;
  }
  charts.resize(width, height);
  charts.show();
  // One snapshot per step, with the requests that finished in it, so the latency chart numbers them in
  // the order they finished, as it did live.
  std::vector<std::vector<int64_t>> finished(size_t(step) + 1);
  for (const record::Marker& m : r.markers())
    if (m.kind == record::MarkerKind::Finished && m.step <= step) finished[size_t(m.step)].push_back(m.request_id);
  const std::vector<RequestInfo> all = r.requests_at(step);
  for (int64_t i = 0; i <= step; ++i) {
    ui::EngineSnapshot s;
    s.new_steps = {r.metrics(i)};
    s.total_steps = i + 1;
    for (int64_t id : finished[size_t(i)])
      for (const RequestInfo& q : all)
        if (q.id == id) s.requests.push_back(q);
    charts.addSnapshot(s);
  }
  charts.refreshNow();
  ui::BlockMapView map;
  map.setSnapshot(std::make_shared<const BlockMapSnapshot>(r.block_map_at(step)));
  map.resize(width, height / 2);

  ui::ExportInput in;
  in.charts = charts.charts();
  in.blockMap = &map;
  in.steps.assign(r.all_metrics().begin(), r.all_metrics().begin() + step + 1);
  QJsonObject m;
  m[QStringLiteral("application")] = QStringLiteral("InferScope");
  m[QStringLiteral("recording")] = QString::fromStdString(r.writer());
  m[QStringLiteral("step")] = qint64(step);
  m[QStringLiteral("model_name")] = QString::fromStdString(r.model_card().name);
  m[QStringLiteral("weights")] = QString::fromStdString(r.model_card().weight_mode_label);
  m[QStringLiteral("settings")] = toQJson(r.engine_json());
  m[QStringLiteral("workload")] = toQJson(r.workload_json());
  in.manifest = m;
  QString err;
  const QStringList files = ui::exportAll(in, QString::fromStdString(dir), &err);
  if (files.isEmpty()) throw std::runtime_error(err.toStdString());
  std::fprintf(stderr, "wrote %lld files to %s (step %lld of %lld)\n", static_cast<long long>(files.size()), dir.c_str(),
               static_cast<long long>(step), static_cast<long long>(r.step_count()));
}
#endif

}  // namespace inferscope::cli
