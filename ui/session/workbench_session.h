#pragma once
// WorkbenchSession: one workbench session without any widget. It owns the engine controller, the
// loaded model and scenario, the engine settings and workload chosen (applied or waiting for a
// re-quantization), and what an export writes (the step log, the comparison, the manifest). The main
// window, the headless `--screenshot` run and `inferscope-cli export` all drive a session; the views
// show the session's current SnapshotSource (a live engine by default) through snapshotReady.
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

#include "engine/quant/weight_mode.h"
#include "engine/workload/workload.h"
#include "ui/compare/compare_result.h"
#include "engine/workload/variant_run.h"
#include "ui/engine/engine_snapshot.h"
#include "ui/session/snapshot_source.h"

namespace inferscope::ui {

class EngineController;
class LiveEngineSource;

class WorkbenchSession : public QObject {
  Q_OBJECT
 public:
  explicit WorkbenchSession(QObject* parent = nullptr);
  ~WorkbenchSession() override;  // stops the engine thread before anything else goes

  // --- Sources -------------------------------------------------------------------------------------
  EngineController* controller() const { return controller_; }  // commands to the live engine
  LiveEngineSource* liveSource() const { return live_; }
  SnapshotSource* source() const { return source_; }  // what the views show now
  // Shows another source (a recording, a test's hand-made stream); the session takes ownership.
  // nullptr returns to the live engine. The step log restarts; sourceChanged() tells the views to clear.
  void setSource(SnapshotSource* source);
  // --- The step shown (the timeline) -------------------------------------------------------------
  // The views show the state after step index of the current source's stream (an index into steps());
  // the stream goes on arriving (a live engine is not paused) while the block map and the Requests
  // table stay at that step and the charts mark it. showLatest() follows the stream again.
  void showStep(int64_t index);
  void showLatest();
  bool followsLatest() const { return shownStep_ < 0; }
  int64_t shownStep() const { return shownStep_; }  // -1 while following
  // The state the views show: the chosen step's (null when the source has none), else the newest snapshot.
  EngineSnapshotPtr shownState() const { return shownStep_ < 0 ? source_->lastSnapshot() : shownState_; }
  // Opens a recording (no model, no engine): a RecordingSource positioned at its last step. The views
  // show it until setSource(nullptr), a model load or a scenario returns them to the live engine. False
  // with *error when the file is refused; *warning says what was lost from a file cut short.
  bool openRecording(const QString& path, QString* error = nullptr, QString* warning = nullptr);
  // Saves the live engine's run as recorded so far (every live run records as it goes, in memory, up to
  // 100,000 steps or 256 MiB) without pausing it; recordingSaved answers.
  void saveRecording(const QString& path);
  // The run shown as a Chrome / Perfetto trace (steps, each request's phases, KV counters) written to a
  // file, or, when path is an http(s):// URL, its requests as OTLP spans sent to that collector
  // (ui/engine/trace_writer.h): the live engine's recording so far, or the recording played back;
  // traceSaved answers (for a URL once the collector has).
  void saveTrace(const QString& path);
  // The engine's own log lines (spdlog) come through logLine too (one session in a process holds them).
  void captureEngineLog();
  // Stops the engine thread (within one step); nothing runs afterwards. Idempotent; the destructor calls it.
  void stop();

  // --- Model ---------------------------------------------------------------------------------------
  void openModel(const QString& path);  // loads off the GUI thread: modelLoadStarted ... modelLoaded / modelFailed
  QString modelPath() const { return modelPath_; }
  QString loadingPath() const { return pendingModelPath_; }
  bool isLoading() const;
  bool isRequantizing() const { return requantizing_; }
  void cancelLoad();
  // Re-quantizes the loaded model's stored weights (asks confirmDiscard first when named by the user).
  void applyWeightMode(const quant::WeightMode& mode);
  // Parses a weight mode named in the settings panel; false with *error when no model is loaded, the
  // name is not a mode, or the discard was declined (*error empty then).
  bool requestWeightMode(const QString& name, bool outlier, double outlierValue, QString* error);
  // The last load or settings error; empty once a model loaded.
  QString lastError() const { return lastError_; }

  // --- Settings and workload -----------------------------------------------------------------------
  // The engine settings chosen last (the base a scenario's "engine" overrides); applySettings rebuilds
  // the engine with them, setSettings only records them.
  const EngineConfig& settings() const { return settings_; }
  void setSettings(const EngineConfig& cfg) { settings_ = cfg; }
  void applySettings(const EngineConfig& cfg);
  const WorkloadSpec& workload() const { return workload_; }
  void setWorkload(const WorkloadSpec& spec) { workload_ = spec; }  // recorded, not started
  void startWorkload(const WorkloadSpec& spec);  // queues the load generator's plan on the engine
  // Asked before work in flight is discarded (settings, weights, scenario); without it the answer is yes.
  void setDiscardConfirmation(std::function<bool()> ask) { askDiscard_ = std::move(ask); }
  bool confirmDiscard() const;

  // --- Scenario ------------------------------------------------------------------------------------
  // Applies a scenario as a complete state: every engine, weight, speculation, workload and display
  // setting it does not name takes the default (threads and the backend stay the machine's). When its
  // weights (the stored ones if it names none) differ from the running ones, the weights are
  // re-quantized first and the rest of the scenario is applied once they are ready; while a model is
  // loading, the scenario waits for it. False with *error when the file cannot be read or parsed.
  // start = true (every interactive path): the live run starts as soon as the scenario is applied and
  // its comparison, if it has one, waits until the live workload has finished (or Compare is pressed),
  // so the screen never sits still while variants run out of sight. start = false (headless runs,
  // tests): the comparison runs first and the live engine waits paused.
  bool loadScenario(const QString& path, QString* error = nullptr, bool start = false);
  bool saveScenario(const QString& path, QString* error = nullptr) const;
  // When set, scenarios run with these weights instead of their own "weights"/"outlier" (CLI export --weights).
  void setWeightsOverride(std::optional<quant::WeightMode> mode) { weightsOverride_ = std::move(mode); }
  bool hasPendingScenario() const { return !pendingScenario_.isEmpty(); }  // waiting for a load or re-quantization
  QString scenarioName() const { return scenarioName_; }
  bool hasVariants() const { return !variants_.empty(); }
  // Runs the loaded scenario's variants again (Compare tab); false when it has none or one is running.
  bool runCompare();
  void cancelCompare();
  bool isComparing() const;
  // True once a scenario, the load generator or a submitted request gave the engine work.
  bool workloadStarted() const { return workloadStarted_; }

  // --- Run (live engine) ---------------------------------------------------------------------------
  // Commands reach the live engine; run, stepOnce, reset and submit also bring it back on screen (a
  // recording shown is closed). The state queries below describe the current source (its newest snapshot).
  void run();
  void pause();
  void stepOnce();
  void reset();  // drops requests and history, queues the loaded workload again, waits paused
  // The display speed (0 = full speed); the engine's own numbers are not slowed by it.
  void setStepsPerSecond(int sps);
  int stepsPerSecond() const { return stepsPerSecond_; }
  quint64 submit(const Request& request, bool chat);  // requestSubmitted(tag, ...) answers
  // One request's transcript so far from the live engine (transcriptReady answers); nothing for a
  // recording, which keeps no token texts of the load generator's requests.
  void describeRequest(qint64 id);
  void cancelRequest(int64_t id);
  bool isRunning() const;
  bool hasUnfinishedWork() const;
  int64_t totalSteps() const;
  qint64 numBlocks() const;
  std::optional<ModelCard> modelCard() const;
  EngineSnapshotPtr lastSnapshot() const;

  // --- Export inputs -------------------------------------------------------------------------------
  // Every step the current source delivered since its engine was last built, in order.
  const std::vector<StepMetrics>& steps() const { return steps_; }
  CompareResultPtr compareResult() const { return compare_; }
  // The manifest's run description: model, weights, settings, workload, scenario and compared variants.
  QJsonObject manifest() const;

 signals:
  void snapshotReady(inferscope::ui::EngineSnapshotPtr snapshot);  // from the current source
  void sourceChanged();
  // The step the views show changed: state is the source's stateAt(index), or its newest snapshot
  // when following (index -1).
  void stepShown(int64_t index, inferscope::ui::EngineSnapshotPtr state);
  void recordingSaved(bool ok, const QString& path, qint64 steps, const QString& error);
  void traceSaved(bool ok, const QString& path, qint64 steps, const QString& error);
  void logLine(const QString& text, int level);  // SnapshotSource::LogLevel
  void errorOccurred(const QString& title, const QString& text);
  void modelLoadStarted(const QString& path);
  void loadProgress(double fraction);
  void loadCancelled();
  // A calibrated weight mode is being computed (EngineController::calibrationProgress).
  void calibrationProgress(const QString& mode, double fraction, const QString& step, int done, int total);
  void modelLoaded(const inferscope::ModelCard& card);
  void modelFailed(const QString& path, const QString& error);
  void settingsApplied(bool ok, const QString& error, const inferscope::EngineConfig& config, qint64 numBlocks);
  // A scenario's settings and workload were applied (the panels show them).
  void scenarioApplied(const QString& name, const inferscope::EngineConfig& config, const inferscope::WorkloadSpec& workload);
  void compareStarted(const QString& scenario, int variants);
  void compareProgress(int done, int total, const QString& running);
  void compareFinished(inferscope::ui::CompareResultPtr result);
  void requestSubmitted(quint64 tag, qint64 id, const QString& error);
  void promptTokens(qint64 id, const QStringList& pieces);
  void transcriptReady(qint64 id, bool known, const QStringList& prompt, const QStringList& output);
  void runningChanged(bool running);
  void stepsPerSecondChanged(int sps);  // a scenario chose another display speed
  // A scenario's comparison waits for its live run to finish (loadScenario with start).
  void compareQueued(const QString& scenario, int variants);

 private:
  void connectSource(SnapshotSource* s);
  void onSnapshot(const EngineSnapshotPtr& s);
  void onLoadFinished(bool ok, const QString& error, const ModelCard& card);
  void startCompare(const std::string& name);

  EngineController* controller_ = nullptr;
  LiveEngineSource* live_ = nullptr;
  SnapshotSource* source_ = nullptr;
  std::function<bool()> askDiscard_;
  QString modelPath_, pendingModelPath_;
  QString pendingScenario_;  // applied when the re-quantization it asked for has finished
  bool requantizing_ = false;
  QString lastError_;
  std::optional<quant::WeightMode> weightsOverride_;
  EngineConfig settings_;
  WorkloadSpec workload_;
  QString scenarioName_;
  std::vector<VariantSpec> variants_;  // the loaded scenario's comparison (empty when it has none)
  WorkloadSpec variantWorkload_;
  bool workloadStarted_ = false;
  int stepsPerSecond_ = 0;
  int compareRepeats_ = Scenario::kDefaultCompareRepeats;  // the loaded scenario's "repeats"
  bool startPending_ = false;   // the pending scenario starts its live run when applied
  bool compareQueued_ = false;  // the scenario's comparison starts when its live workload has finished
  std::vector<StepMetrics> steps_;
  CompareResultPtr compare_;
  int64_t shownStep_ = -1;
  EngineSnapshotPtr shownState_;  // stateAt(shownStep_)
};

}  // namespace inferscope::ui
