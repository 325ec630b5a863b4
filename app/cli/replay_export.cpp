#include "app/cli/replay_export.h"

#include <cstdio>

#include "app/cli/cli_common.h"

#ifdef INFERSCOPE_CLI_HAVE_GUI
#include <QApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <memory>

#include "ui/blockmap/block_map_panel.h"
#include "ui/blockmap/block_map_view.h"
#include "ui/charts/charts_panel.h"
#include "ui/export/chart_export.h"
#include "ui/headless/export_board.h"
#include "ui/session/recording_source.h"
#include "ui/session/workbench_session.h"
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

  // The views `export` draws a live run with (the session's export board, laid out at the same size),
  // fed by the recording replayed up to the step: the same pixels as the live export at that step.
  ui::WorkbenchSession session;
  ui::ExportBoard board(&session);
  board.resize(width, height);
  board.show();
  // The session owns the source; the recording stays the caller's.
  auto* source = new ui::RecordingSource(std::shared_ptr<const record::Recording>(&r, [](const record::Recording*) {}));
  session.setSource(source);
  source->positionAt(step);
  // Let the board lay out and the charts redraw as they do while a live export runs its engine.
  QElapsedTimer t;
  t.start();
  while (t.elapsed() < 200) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  board.charts()->refreshNow();

  ui::ExportInput in;
  in.charts = board.charts()->charts();
  in.blockMap = board.blockMap()->view();
  in.blockMapLegend = board.blockMap()->legendText();
  in.steps = session.steps();
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
