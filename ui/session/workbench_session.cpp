#include "ui/session/workbench_session.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <fstream>
#include <utility>

#include "engine/workload/scenario.h"
#include "ui/engine/engine_controller.h"
#include "ui/engine/trace_writer.h"
#include "ui/session/live_engine_source.h"
#include "ui/session/recording_source.h"

namespace inferscope::ui {

namespace {
QJsonObject toQJson(const nlohmann::json& j) {
  return QJsonDocument::fromJson(QByteArray::fromStdString(j.dump())).object();
}
}  // namespace

WorkbenchSession::WorkbenchSession(QObject* parent) : QObject(parent) {
  controller_ = new EngineController(this);
  live_ = new LiveEngineSource(controller_, this);
  connectSource(live_);
  source_ = live_;

  connect(controller_, &EngineController::loadStarted, this, &WorkbenchSession::modelLoadStarted);
  connect(controller_, &EngineController::loadProgress, this, [this](const QString&, double f) { emit loadProgress(f); });
  connect(controller_, &EngineController::loadFinished, this, &WorkbenchSession::onLoadFinished);
  connect(controller_, &EngineController::calibrationProgress, this, &WorkbenchSession::calibrationProgress);
  connect(controller_, &EngineController::loadCancelled, this, [this](const QString& path) {
    // A scenario waiting for a cancelled model load is dropped with it (the load's own line says so).
    const bool requantizing = std::exchange(requantizing_, false);
    if (!pendingScenario_.isEmpty() && requantizing)
      emit logLine(tr("Scenario not applied: its re-quantization was cancelled."), SnapshotSource::Info);
    pendingScenario_.clear();
    emit logLine(tr("Loading %1 cancelled; the previous model stays.").arg(path), SnapshotSource::Info);
    emit loadCancelled();
  });
  connect(controller_, &EngineController::configApplied, this,
          [this](bool ok, const QString& error, const EngineConfig& cfg, qint64 blocks) {
            if (!ok) {
              lastError_ = error;
              emit logLine(tr("Settings rejected: %1").arg(error), SnapshotSource::Error);
            }
            emit settingsApplied(ok, error, cfg, blocks);
          });
  connect(controller_, &EngineController::snapshotReady, this, [this](const EngineSnapshotPtr& s) {
    // A queued comparison starts once the live workload it follows has run to its end.
    if (compareQueued_ && s->total_steps > 0 && !s->has_unfinished && !controller_->isComparing() && !variants_.empty())
      startCompare(scenarioName_.toStdString());
  });
  connect(controller_, &EngineController::requestSubmitted, this, &WorkbenchSession::requestSubmitted);
  connect(controller_, &EngineController::recordingSaved, this, &WorkbenchSession::recordingSaved);
  connect(controller_, &EngineController::traceSaved, this, &WorkbenchSession::traceSaved);
}

WorkbenchSession::~WorkbenchSession() {
  // Stop the engine thread before the receivers of its snapshots (and this session's state) go away.
  stop();
}

void WorkbenchSession::stop() { controller_->stop(); }
void WorkbenchSession::captureEngineLog() { live_->captureEngineLog(); }

void WorkbenchSession::connectSource(SnapshotSource* s) {
  connect(s, &SnapshotSource::snapshotReady, this, &WorkbenchSession::onSnapshot);
  connect(s, &SnapshotSource::logLine, this, &WorkbenchSession::logLine);
  connect(s, &SnapshotSource::promptTokens, this, &WorkbenchSession::promptTokens);
  connect(s, &SnapshotSource::transcriptReady, this, &WorkbenchSession::transcriptReady);
  connect(s, &SnapshotSource::compareProgress, this, &WorkbenchSession::compareProgress);
  connect(s, &SnapshotSource::runningChanged, this, &WorkbenchSession::runningChanged);
  connect(s, &SnapshotSource::compareFinished, this, [this](CompareResultPtr r) {
    compare_ = r;
    emit logLine(r->cancelled ? tr("Comparison cancelled.") : tr("Comparison finished: %n variant(s) ran.", nullptr, int(r->variants.size())),
                 SnapshotSource::Info);
    emit compareFinished(r);
  });
}

void WorkbenchSession::setSource(SnapshotSource* source) {
  SnapshotSource* next = source ? source : live_;
  if (next == source_) return;
  disconnect(source_, nullptr, this, nullptr);
  if (source_ != live_) source_->deleteLater();  // a replaced non-live source is owned here
  if (next != live_) next->setParent(this);
  source_ = next;
  if (next == live_) live_->restartStream();  // its stream starts over with the views'
  connectSource(source_);
  steps_.clear();
  compare_.reset();
  shownStep_ = -1;
  shownState_.reset();
  emit sourceChanged();
}

void WorkbenchSession::saveRecording(const QString& path) { controller_->saveRecording(path); }

void WorkbenchSession::saveTrace(const QString& path) {
  if (source_->isLive()) {
    controller_->saveTrace(path);
    return;
  }
  const auto* played = qobject_cast<RecordingSource*>(source_);
  if (!played) {
    emit traceSaved(false, path, 0, tr("This stream is not a run: there is no trace to write."));
    return;
  }
  const qint64 steps = played->recording().step_count();
  writeTrace(played->recording(), path, this,
             [this, path, steps](bool ok, const QString& error) { emit traceSaved(ok, path, steps, error); });
}

void WorkbenchSession::showStep(int64_t index) {
  if (steps_.empty()) return;
  index = std::clamp<int64_t>(index, 0, int64_t(steps_.size()) - 1);
  shownStep_ = index;
  shownState_ = source_->stateAt(index);
  emit stepShown(index, shownState_);
}

void WorkbenchSession::showLatest() {
  shownStep_ = -1;
  shownState_.reset();
  emit stepShown(-1, source_->lastSnapshot());
}

bool WorkbenchSession::openRecording(const QString& path, QString* error, QString* warning) {
  std::shared_ptr<const record::Recording> rec;
  try {
    rec = std::make_shared<const record::Recording>(record::Recording::open(path.toStdString()));
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  if (rec->step_count() == 0) {
    if (error) *error = tr("%1 holds no whole step.").arg(path);
    return false;
  }
  const QString lost = QString::fromStdString(rec->warning());
  if (warning) *warning = lost;
  auto* source = new RecordingSource(rec);
  setSource(source);
  emit logLine(tr("Opened recording %1: %n step(s) of %2", nullptr, int(rec->step_count()))
                   .arg(path, QString::fromStdString(rec->model_card().name)),
               SnapshotSource::Info);
  if (!lost.isEmpty()) emit logLine(tr("The recording is incomplete: %1").arg(lost), SnapshotSource::Warning);
  source->positionAt(rec->step_count() - 1);
  return true;
}

void WorkbenchSession::onSnapshot(const EngineSnapshotPtr& s) {
  if (s->engine_rebuilt) steps_.clear();
  steps_.insert(steps_.end(), s->new_steps.begin(), s->new_steps.end());
  if (!s->requests.empty()) workloadStarted_ = true;
  emit snapshotReady(s);
  if (s->engine_rebuilt && shownStep_ >= 0) showLatest();  // the step shown belonged to the old history
}

// --- Model ------------------------------------------------------------------------------------------

void WorkbenchSession::openModel(const QString& path) {
  setSource(nullptr);  // a model is for the live engine: leave a recording on screen
  pendingModelPath_ = path;
  emit logLine(tr("Loading model %1").arg(path), SnapshotSource::Info);
  controller_->loadModel(path);
}

bool WorkbenchSession::isLoading() const { return controller_->isLoading(); }
void WorkbenchSession::cancelLoad() { controller_->cancelLoad(); }

void WorkbenchSession::onLoadFinished(bool ok, const QString& error, const ModelCard& card) {
  requantizing_ = false;
  const QString scenario = std::exchange(pendingScenario_, QString());
  if (!ok) {
    // The previous model (if any) stays loaded; say why this one was refused.
    lastError_ = error;
    emit modelFailed(pendingModelPath_, error);
    return;
  }
  lastError_.clear();
  modelPath_ = pendingModelPath_.isEmpty() ? QString::fromStdString(card.path) : pendingModelPath_;
  steps_.clear();
  emit logLine(tr("Loaded %1 (%2 layers)").arg(QString::fromStdString(card.name)).arg(card.n_layers), SnapshotSource::Info);
  if (card.weight_mode != "stored")
    emit logLine(tr("Weights: %1, %2 MiB").arg(QString::fromStdString(card.weight_mode_label)).arg(card.weight_bytes / 1048576.0, 0, 'f', 1),
                 SnapshotSource::Info);
  emit modelLoaded(card);
  if (!scenario.isEmpty()) {
    QString err;
    if (!loadScenario(scenario, &err, std::exchange(startPending_, false))) emit errorOccurred(tr("Scenario not loaded"), err);
  }
}

void WorkbenchSession::applyWeightMode(const quant::WeightMode& mode) {
  pendingModelPath_ = modelPath_;
  requantizing_ = true;
  emit logLine(tr("Re-quantizing the weights to %1").arg(QString::fromStdString(mode.label())), SnapshotSource::Info);
  controller_->applyWeightMode(mode);
}

bool WorkbenchSession::requestWeightMode(const QString& name, bool outlier, double outlierValue, QString* error) {
  if (!controller_->hasModel()) {
    *error = tr("Load a model before choosing its weight quantization.");
    return false;
  }
  quant::WeightMode mode;
  try {
    mode = quant::parse_weight_mode(name.toStdString());
  } catch (const std::invalid_argument& e) {
    *error = QString::fromStdString(e.what());
    return false;
  }
  if (outlier) mode.outlier = float(outlierValue);
  error->clear();
  if (!confirmDiscard()) return false;
  applyWeightMode(mode);
  return true;
}

// --- Settings and workload --------------------------------------------------------------------------

void WorkbenchSession::applySettings(const EngineConfig& cfg) {
  settings_ = cfg;
  controller_->applyConfig(cfg);
}

void WorkbenchSession::startWorkload(const WorkloadSpec& spec) {
  setSource(nullptr);
  workload_ = spec;
  workloadStarted_ = true;
  controller_->startLoad(spec);
}

bool WorkbenchSession::confirmDiscard() const {
  if (!controller_->hasUnfinishedWork() || !askDiscard_) return true;
  return askDiscard_();
}

// --- Scenario ---------------------------------------------------------------------------------------

bool WorkbenchSession::loadScenario(const QString& path, QString* error, bool start) {
  // Resource paths are not files the engine's reader can open: read through QFile, parse with the engine.
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = f.errorString();
    return false;
  }
  try {
    const Scenario s = parse_scenario(nlohmann::json::parse(f.readAll().toStdString()));
    if (controller_->isLoading() && !requantizing_) {
      // A model is still loading (`inferscope MODEL --scenario F`): its workload and comparison need
      // that model, so the scenario is applied once it has loaded.
      pendingScenario_ = path;
      startPending_ = start;
      return true;
    }
    // A scenario is a complete state (engine/workload/scenario.h): what it leaves out takes the
    // default, not what the previous scenario or the settings dock left behind.
    const EngineConfig cfg = scenario_engine_config(s, settings_);
    const quant::WeightMode weights = weightsOverride_ ? *weightsOverride_ : scenario_weight_mode(s);
    const auto card = controller_->modelCard();
    const bool sameWeights = !card || card->weight_mode_label == weights.label() ||
                             (!weights.requantizes() && card->weight_mode == "stored");
    if (!sameWeights) {
      // The workload must run on the scenario's weights (the stored ones when it names none):
      // re-quantize first, apply the rest when ready.
      if (!confirmDiscard()) return false;
      pendingScenario_ = path;
      startPending_ = start;
      emit logLine(tr("Scenario \"%1\" runs with weights %2: re-quantizing first")
                       .arg(QString::fromStdString(s.name), QString::fromStdString(weights.label())),
                   SnapshotSource::Info);
      applyWeightMode(weights);
      return true;
    }
    const std::string baseDir = path.startsWith(QLatin1Char(':')) ? std::string() : QFileInfo(path).absolutePath().toStdString();
    // A scenario's workload starts from the defaults, not from the previous one: a field it leaves out
    // (the shared prefix of the prefix-caching scenario) must not carry over into the next scenario.
    const WorkloadSpec spec = workload_from_json(s.workload, baseDir, WorkloadSpec{});
    if (!confirmDiscard()) return false;
    scenarioName_ = QString::fromStdString(s.name);
    variants_ = s.compare.empty() ? std::vector<VariantSpec>{} : scenario_variants(s, cfg);
    variantWorkload_ = spec;
    settings_ = cfg;
    setStepsPerSecond(s.steps_per_second.value_or(0));
    compareRepeats_ = s.repeats.value_or(Scenario::kDefaultCompareRepeats);
    emit scenarioApplied(scenarioName_, cfg, spec);
    controller_->applyConfig(cfg);  // queued in order: the workload starts on the new engine
    startWorkload(spec);
    emit logLine(tr("Scenario \"%1\": %2").arg(scenarioName_, QString::fromStdString(s.description)), SnapshotSource::Info);
    compareQueued_ = false;
    if (!variants_.empty()) {
      emit logLine(tr("This scenario compares %n variant(s); each runs on its own engine (Compare tab).", nullptr, int(variants_.size())),
                   SnapshotSource::Info);
      if (start) {
        // The live run is what the room watches first; the variants follow it (the engine thread runs
        // one thing at a time, and timings taken side by side on a laptop's cores would lie).
        compareQueued_ = true;
        emit compareQueued(scenarioName_, int(variants_.size()));
      } else {
        startCompare(s.name);  // queued after the live engine's rebuild: the variants run first
      }
    }
    if (start) controller_->run();  // queued behind the rebuild and the workload
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

bool WorkbenchSession::saveScenario(const QString& path, QString* error) const {
  Scenario s;
  s.name = QFileInfo(path).completeBaseName().toStdString();
  s.description = "Saved from the InferScope workbench";
  s.engine = engine_config_to_json(settings_);
  s.workload = workload_to_json(workload_);
  // The weights too: a saved scenario reloads the state it was saved in.
  if (const auto card = controller_->modelCard(); card && card->weight_mode != "stored") s.weights = card->weight_mode;
  if (stepsPerSecond_ != 0) s.steps_per_second = stepsPerSecond_;
  std::ofstream out(path.toStdString());
  out << scenario_to_json(s).dump(2) << '\n';
  if (!out) {
    if (error) *error = tr("cannot write %1").arg(path);
    return false;
  }
  return true;
}

void WorkbenchSession::startCompare(const std::string& name) {
  compareQueued_ = false;
  compare_.reset();
  emit compareStarted(scenarioName_, int(variants_.size()));
  controller_->runCompare(name, variants_, variantWorkload_, compareRepeats_);
}

bool WorkbenchSession::runCompare() {
  if (variants_.empty() || controller_->isComparing()) return false;
  startCompare(scenarioName_.toStdString());
  return true;
}

void WorkbenchSession::cancelCompare() { controller_->cancelCompare(); }
bool WorkbenchSession::isComparing() const { return controller_->isComparing(); }

// --- Run --------------------------------------------------------------------------------------------

// Run, Step, Reset and a submitted request work the live engine: it comes back on screen for them.
void WorkbenchSession::run() {
  setSource(nullptr);
  controller_->run();
}
void WorkbenchSession::pause() { controller_->pause(); }
void WorkbenchSession::stepOnce() {
  setSource(nullptr);
  controller_->stepOnce();
}
void WorkbenchSession::reset() {
  setSource(nullptr);
  controller_->reset();
}
void WorkbenchSession::setStepsPerSecond(int sps) {
  const bool changed = sps != stepsPerSecond_;
  stepsPerSecond_ = sps;
  controller_->setStepsPerSecond(sps);
  if (changed) emit stepsPerSecondChanged(sps);
}
void WorkbenchSession::describeRequest(qint64 id) {
  if (source_->isLive()) controller_->describeRequest(id);
}

quint64 WorkbenchSession::submit(const Request& request, bool chat) {
  setSource(nullptr);
  workloadStarted_ = true;
  return controller_->submit(request, chat);
}
void WorkbenchSession::cancelRequest(int64_t id) { controller_->cancel(id); }

// State as the current source last delivered it (the live engine's controller mirrors its snapshots).
bool WorkbenchSession::isRunning() const {
  if (source_ == live_) return controller_->isRunning();
  const auto s = source_->lastSnapshot();
  return s && s->running;
}
bool WorkbenchSession::hasUnfinishedWork() const {
  if (source_ == live_) return controller_->hasUnfinishedWork();
  const auto s = source_->lastSnapshot();
  return s && s->has_unfinished;
}
int64_t WorkbenchSession::totalSteps() const {
  if (source_ == live_) return controller_->totalSteps();
  const auto s = source_->lastSnapshot();
  return s ? s->total_steps : 0;
}
qint64 WorkbenchSession::numBlocks() const { return source_->numBlocks(); }
std::optional<ModelCard> WorkbenchSession::modelCard() const { return source_->modelCard(); }
EngineSnapshotPtr WorkbenchSession::lastSnapshot() const { return source_->lastSnapshot(); }

// --- Export -----------------------------------------------------------------------------------------

QJsonObject WorkbenchSession::manifest() const {
  QJsonObject m;
  m[QStringLiteral("application")] = QStringLiteral("InferScope");
  m[QStringLiteral("model")] = modelPath_;
  if (auto card = modelCard()) {
    m[QStringLiteral("model_name")] = QString::fromStdString(card->name);
    m[QStringLiteral("weights")] = QString::fromStdString(card->weight_mode_label);
    m[QStringLiteral("weight_bytes")] = double(card->weight_bytes);
  }
  m[QStringLiteral("settings")] = toQJson(engine_config_to_json(settings_));
  m[QStringLiteral("workload")] = toQJson(workload_to_json(workload_));
  m[QStringLiteral("scenario")] = scenarioName_;
  if (compare_) {
    QJsonArray variants;
    for (const auto& v : compare_->variants) {
      QJsonObject o;
      o[QStringLiteral("name")] = QString::fromStdString(v.name);
      o[QStringLiteral("settings")] = toQJson(engine_config_to_json(v.config));
      o[QStringLiteral("steps")] = qint64(v.steps.size());
      o[QStringLiteral("generated_tokens")] = qint64(v.generated_tokens);
      o[QStringLiteral("engine_s")] = v.engine_s;
      o[QStringLiteral("preemptions")] = qint64(v.preemptions);
      // What each demo is about (the Compare tab's columns and finding).
      o[QStringLiteral("ttft_p50_ms")] = v.ttft_p50_ms;
      o[QStringLiteral("ttft_p95_ms")] = v.ttft_p95_ms;
      o[QStringLiteral("kv_peak_bytes")] = qint64(v.kv_peak_bytes);
      o[QStringLiteral("kv_waste_mean_bytes")] = v.kv_waste_mean_bytes;
      if (v.prefix_hit_pct >= 0) o[QStringLiteral("prefix_hit_pct")] = v.prefix_hit_pct;
      if (v.spec_accept_pct >= 0) o[QStringLiteral("spec_accept_pct")] = v.spec_accept_pct;
      if (!v.error.empty()) o[QStringLiteral("error")] = QString::fromStdString(v.error);
      variants.append(o);
    }
    if (!variants.isEmpty()) m[QStringLiteral("compare")] = variants;
  }
  return m;
}

}  // namespace inferscope::ui
