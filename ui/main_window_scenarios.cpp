// MainWindow, scenarios: the Scenarios menu and loading / saving scenario files (engine settings,
// workload, weights and compared variants together).
#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <fstream>
#include <optional>

#include "engine/quant/weight_mode.h"
#include "engine/workload/scenario.h"
#include "ui/compare/compare_panel.h"
#include "ui/engine/engine_controller.h"
#include "ui/main_window.h"
#include "ui/panels/engine_settings_panel.h"
#include "ui/panels/load_generator_panel.h"
#include "ui/panels/log_panel.h"

namespace inferscope::ui {

void MainWindow::rebuildScenarioMenu() {
  if (!scenarioMenu_) return;
  scenarioMenu_->clear();
  const QDir dir(QStringLiteral(":/scenarios"));
  for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
    QString title = f;
    QFile file(dir.filePath(f));
    if (file.open(QIODevice::ReadOnly)) {
      const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
      if (o.contains(QStringLiteral("name"))) title = o.value(QStringLiteral("name")).toString();
    }
    const QString path = dir.filePath(f);
    QAction* a = scenarioMenu_->addAction(title, this, [this, path] {
      QString err;
      if (!loadScenario(path, &err)) showError(tr("Scenario not loaded"), err);
    });
    a->setToolTip(path);
  }
  scenarioMenu_->addSeparator();
  scenarioMenu_->addAction(openScenarioAct_);
  scenarioMenu_->addAction(saveScenarioAct_);
}

bool MainWindow::loadScenario(const QString& path, QString* error) {
  // Resource paths are not files the engine's reader can open: read through QFile, parse with the engine.
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = f.errorString();
    return false;
  }
  try {
    const Scenario s = parse_scenario(nlohmann::json::parse(f.readAll().toStdString()));
    const EngineConfig cfg = engine_config_from_json(s.engine, settingsPanel_->config());
    std::optional<quant::WeightMode> weights = weightsOverride_;
    if (!weights && (!s.weights.empty() || s.outlier)) {
      weights = quant::parse_weight_mode(s.weights.empty() ? "stored" : s.weights);
      if (s.outlier) weights->outlier = float(*s.outlier);
    }
    const auto card = controller_->modelCard();
    const bool sameWeights = !weights || !card || card->weight_mode_label == weights->label() ||
                             (!weights->requantizes() && card->weight_mode == "stored");
    if (!sameWeights) {
      // The workload must run on the scenario's weights: re-quantize first, apply the rest when ready.
      if (!confirmDiscard()) return false;
      pendingScenario_ = path;
      log_->append(tr("Scenario \"%1\" runs with weights %2: re-quantizing first")
                       .arg(QString::fromStdString(s.name), QString::fromStdString(weights->label())));
      applyWeightMode(*weights);
      return true;
    }
    const std::string baseDir = path.startsWith(QLatin1Char(':')) ? std::string() : QFileInfo(path).absolutePath().toStdString();
    // A scenario's workload starts from the defaults, not from the previous one: a field it leaves out
    // (the shared prefix of the prefix-caching scenario) must not carry over into the next scenario.
    const WorkloadSpec spec = workload_from_json(s.workload, baseDir, WorkloadSpec{});
    if (!confirmDiscard()) return false;
    settingsPanel_->setConfig(cfg);
    loadGen_->setSpec(spec);
    scenarioName_ = QString::fromStdString(s.name);
    controller_->applyConfig(cfg);  // queued in order: the workload starts on the new engine
    controller_->startLoad(spec);
    log_->append(tr("Scenario \"%1\": %2").arg(scenarioName_, QString::fromStdString(s.description)));
    variants_ = s.compare.empty() ? std::vector<VariantSpec>{} : scenario_variants(s, cfg);
    variantWorkload_ = spec;
    compareAct_->setEnabled(false);
    workloadStarted_ = true;
    leaveStartPage();
    if (!variants_.empty()) {
      // Queued after the live engine's rebuild: the variants run first, then the live run can start.
      log_->append(tr("This scenario compares %n variant(s); each runs on its own engine (Compare tab).", nullptr, int(variants_.size())));
      compare_->setRunning(scenarioName_, int(variants_.size()));
      controller_->runCompare(s.name, variants_, spec);
    }
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

bool MainWindow::saveScenario(const QString& path, QString* error) {
  Scenario s;
  s.name = QFileInfo(path).completeBaseName().toStdString();
  s.description = "Saved from the InferScope workbench";
  s.engine = engine_config_to_json(settingsPanel_->config());
  s.workload = workload_to_json(loadGen_->spec());
  std::ofstream out(path.toStdString());
  out << scenario_to_json(s).dump(2) << '\n';
  if (!out) {
    if (error) *error = tr("cannot write %1").arg(path);
    return false;
  }
  return true;
}

}  // namespace inferscope::ui
