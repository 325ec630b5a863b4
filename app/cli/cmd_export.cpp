// inferscope-cli export: run a scenario headless and write every chart (PNG 1x/2x, SVG), the step
// metrics CSV and the manifest — the workbench's own "Export all" (ui/session/session_export.h), drawn
// by the workbench's chart widgets on an export board (no main window), on the offscreen platform.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"

#ifdef INFERSCOPE_CLI_HAVE_GUI
#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>

#include "engine/model/default_model.h"
#include "ui/engine/trace_writer.h"
#include "ui/headless/export_board.h"
#include "ui/headless/headless_run.h"
#include "ui/session/workbench_session.h"
#endif

namespace inferscope::cli {

namespace {

struct ExportOptions {
  ModelOptions model;
  std::string scenario;
  std::string out;
  int steps = -1;
  int width = 1600, height = 1000;
  std::string record;  // --record FILE: the run as the workbench recorded it
  std::string trace;   // --trace FILE: its Chrome / Perfetto trace
  std::string otlp_endpoint;  // --otlp-traces-endpoint URL: its requests to a collector
};

int run_export(const ExportOptions& o) {
#ifndef INFERSCOPE_CLI_HAVE_GUI
  (void)o;
  throw UsageError("export is unavailable: this inferscope-cli was built without the GUI (INFERSCOPE_BUILD_GUI=OFF)");
#else
  // Charts are drawn by the same widgets as in the workbench, so a platform is needed, not a display.
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  const std::string modelPath = resolve_model_path(o.model.path);  // throws with the reason
  static int argc = 1;
  static char arg0[] = "inferscope-cli";
  static char* argv[] = {arg0, nullptr};
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("InferScope"));
  // The engine's default settings, not the user's workbench settings: an export must not depend on them.
  ui::WorkbenchSession session;
  session.applySettings(EngineConfig{});
  ui::ExportBoard board(&session);
  board.resize(o.width, o.height);
  board.show();
  session.openModel(QString::fromStdString(modelPath));
  QString err;
  ui::HeadlessRun run;
  run.scenario = QFileInfo(QString::fromStdString(o.scenario)).absoluteFilePath();
  run.steps = o.steps;
  // --weights (or --outlier) overrides the scenario's own "weights"; without them the scenario decides.
  if (o.model.app != nullptr && (o.model.app->count("--weights") > 0 || o.model.outlier)) run.weights = weight_mode_of(o.model);
  if (!ui::runHeadless(session, run, &err))
    throw std::runtime_error(err.toStdString());
  const QStringList files = board.exportTo(QString::fromStdString(o.out), &err);
  if (files.isEmpty()) throw std::runtime_error(err.toStdString());
  if (!o.record.empty()) {
    // The workbench records every live run as it goes; this saves the one just exported.
    QEventLoop wait;
    bool saved = false;
    QObject::connect(&session, &ui::WorkbenchSession::recordingSaved, &wait,
                     [&](bool ok, const QString&, qint64 steps, const QString& error) {
                       saved = ok;
                       err = error;
                       if (ok) std::fprintf(stderr, "recorded %lld steps to %s\n", static_cast<long long>(steps), o.record.c_str());
                       wait.quit();
                     });
    session.saveRecording(QString::fromStdString(o.record));
    wait.exec();
    if (!saved) throw std::runtime_error("--record: " + err.toStdString());
  }
  // The workbench's File > Export trace / Send trace to a collector, on the run just exported.
  for (const bool url : {false, true}) {
    const std::string& target = url ? o.otlp_endpoint : o.trace;
    if (target.empty()) continue;
    QEventLoop wait;
    bool done = false;
    QObject::connect(&session, &ui::WorkbenchSession::traceSaved, &wait, [&](bool ok, const QString&, qint64, const QString& error) {
      done = ok;
      err = error;
      wait.quit();
    });
    const QString given = QString::fromStdString(target);
    session.saveTrace(url ? ui::collectorTarget(given) : given);
    wait.exec();
    if (!done) throw std::runtime_error((url ? "--otlp-traces-endpoint: " : "--trace: ") + err.toStdString());
    std::fprintf(stderr, "%s %s\n", url ? "sent the requests' spans to" : "wrote the trace to", target.c_str());
  }
  std::printf("wrote %lld files to %s (%lld engine steps)\n", static_cast<long long>(files.size()), o.out.c_str(),
              static_cast<long long>(session.totalSteps()));
  return 0;
#endif
}

}  // namespace

Command add_export_command(CLI::App& root) {
  auto o = std::make_shared<ExportOptions>();
  CLI::App* app = root.add_subcommand(
      "export", "run a scenario headless and write every chart (PNG 1x/2x, SVG), its CSV, the step metrics and a manifest");
  add_model_option(app, o->model);
  add_weight_options(app, o->model);
  app->add_option("--scenario", o->scenario, "scenario JSON (engine settings + workload; its variants are compared)")
      ->required()
      ->check(CLI::ExistingFile);
  app->add_option("--out", o->out, "folder to write into (created when missing)")->required();
  app->add_option("--steps", o->steps, "engine steps to run (default: until every request has finished)");
  app->add_option("--width", o->width, "width in pixels the charts are laid out in (exports are at least 1200 px wide)")
      ->check(CLI::Range(640, 8000));
  app->add_option("--height", o->height, "height in pixels the charts are laid out in")->check(CLI::Range(480, 8000));
  app->add_option("--trace", o->trace, "also write the run as a Chrome / Perfetto trace (JSON: steps, requests' phases, KV counters)");
  app->add_option("--otlp-traces-endpoint", o->otlp_endpoint,
                  "also send the run's requests as OTLP/HTTP spans to a collector, e.g. http://127.0.0.1:4318/v1/traces");
  app->add_option("--record", o->record, "also save the run as the workbench recorded it (.isrec; `replay --export` redraws it)");
  return {app, [o] { return run_export(*o); }};
}

}  // namespace inferscope::cli
