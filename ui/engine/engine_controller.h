#pragma once
// EngineController: the GUI's only bridge to the engine. It owns the engine thread and an EngineWorker
// on it; every command is queued to that thread and results come back as immutable snapshots through
// queued signals (KDAB hotspot's worker + value-snapshot pattern). The GUI thread never runs a step.
#include <QObject>
#include <QString>
#include <QThread>
#include <atomic>
#include <map>
#include <memory>
#include <optional>

#include "engine/lessons/lesson.h"
#include "engine/quant/weight_mode.h"
#include "engine/workload/workload.h"
#include "ui/compare/compare_result.h"
#include "ui/engine/engine_snapshot.h"

namespace inferscope::ui {

class EngineWorker;
class ModelLoader;

class EngineController : public QObject {
  Q_OBJECT
 public:
  explicit EngineController(QObject* parent = nullptr);
  ~EngineController() override;  // stops the engine thread (within one step) and frees the engine there

  // Opens the file on the loader thread (progress, cancellable); the engine keeps running the previous
  // model until the new one is ready and only then rebuilds on it.
  void loadModel(const QString& path);
  void cancelLoad();  // the previous model stays; emits loadCancelled (also cancels a re-quantization)
  // Re-encodes the loaded model's stored weights into mode off the GUI thread (loadProgress, cancelLoad,
  // loadFinished as for a load); the engine keeps running the current weights until the new ones are ready.
  void applyWeightMode(const quant::WeightMode& mode);
  // Calibration text, token count and cache folder of the calibrated modes ("" / 0: the defaults).
  void setCalibration(const QString& text, int tokens, const QString& cacheDir);
  bool isLoading() const;
  void applyConfig(const EngineConfig& config);
  // Returns a tag; requestSubmitted(tag, id) follows. chat = render the prompt with the chat template.
  quint64 submit(const Request& request, bool chat = false);
  // A request's transcript so far (EngineWorker::describeRequest); transcriptReady answers.
  void describeRequest(qint64 id);
  void startLoad(const WorkloadSpec& spec);
  void cancel(int64_t id);
  void run();
  void pause();
  void stepOnce();
  // Writes the live run recorded so far (the current engine's) to path; recordingSaved answers.
  void saveRecording(const QString& path);
  // Writes the same recording as a Chrome / Perfetto trace, or sends its requests to an OTLP collector when
  // path is an http(s):// URL (ui/engine/trace_writer.h); traceSaved answers.
  void saveTrace(const QString& path);
  // Drops every request and the history, keeping model and settings; a workload started with startLoad
  // is queued again from its beginning and the engine waits paused for run().
  void reset();
  void setStepsPerSecond(int sps);    // 0 = full speed
  // Runs each variant to completion on its own fresh engine (same model, same workload) and reports
  // their step logs in compareFinished, `repeats` times in rounds (every variant once per round, so a
  // change in the machine's load falls on all of them) for the spread of their times. The live run
  // pauses meanwhile.
  void runCompare(const std::string& scenario, const std::vector<VariantSpec>& variants, const WorkloadSpec& workload,
                  int repeats = 1);
  void cancelCompare();
  bool isComparing() const { return comparing_; }
  // Runs lesson `id` with `values` on the engine thread (which owns the model) and answers with
  // lessonComputed(tag, ...). A newer request for the same lesson cancels the one still running.
  quint64 computeLesson(const QString& id, const lessons::ParamValues& values);
  void stop();                        // idempotent; the destructor calls it
  // Engine steps that ran after stop() raised the stop flag (the one in flight then, at most): -1 before
  // stop(). What closing mid-run promises, counted rather than timed.
  int64_t stepsAfterStop() const { return stepsAfterStop_; }

  // Synchronous queries (block until the engine thread answers; meant for tests and export).
  BlockMapSnapshot currentBlockMap();
  std::vector<StepMetrics> fullLog();

  // Last known state, as published.
  bool isRunning() const { return running_; }
  bool hasUnfinishedWork() const { return hasUnfinished_; }
  bool hasModel() const { return card_.has_value(); }
  const std::optional<ModelCard>& modelCard() const { return card_; }
  const EngineConfig& config() const { return config_; }
  qint64 numBlocks() const { return numBlocks_; }
  int64_t totalSteps() const { return totalSteps_; }
  EngineSnapshotPtr lastSnapshot() const { return last_; }

 signals:
  void snapshotReady(inferscope::ui::EngineSnapshotPtr snapshot);
  void loadStarted(const QString& path);
  void loadProgress(const QString& path, double fraction);
  void loadCancelled(const QString& path);
  void calibrationProgress(const QString& mode, double fraction, const QString& step, int done, int total);
  void loadFinished(bool ok, const QString& error, const inferscope::ModelCard& card);
  void configApplied(bool ok, const QString& error, const inferscope::EngineConfig& config, qint64 numBlocks);
  void requestSubmitted(quint64 tag, qint64 id, const QString& error);
  void promptTokens(qint64 id, const QStringList& pieces);
  void transcriptReady(qint64 id, bool known, const QStringList& prompt, const QStringList& output);
  void compareProgress(int done, int total, const QString& running);
  void compareFinished(inferscope::ui::CompareResultPtr result);
  void runningChanged(bool running);
  void message(const QString& text);
  // startLoad did not start the workload (no model, a workload the engine refuses): the reason, in the
  // engine's words (EngineTexts::error translates it).
  void loadRefused(const QString& reason);
  void recordingSaved(bool ok, const QString& path, qint64 steps, const QString& error);
  void traceSaved(bool ok, const QString& path, qint64 steps, const QString& error);
  // error is the engine's one-line reason (LessonError) and result null when the lesson failed.
  void lessonComputed(quint64 tag, const QString& id, inferscope::ui::LessonResultPtr result, const QString& error);

 private:
  template <class F> void post(F&& f);

  QThread thread_;
  EngineWorker* worker_ = nullptr;
  std::atomic<bool> stop_{false};
  std::atomic<bool> cancelCompare_{false};
  std::atomic<int64_t> stepsRun_{0};
  int64_t stepsAfterStop_ = -1;
  ModelLoader* loader_ = nullptr;
  bool comparing_ = false;
  bool stopped_ = false;
  quint64 nextTag_ = 1;
  bool running_ = false;
  bool hasUnfinished_ = false;
  std::optional<ModelCard> card_;
  EngineConfig config_;
  qint64 numBlocks_ = 0;
  int64_t totalSteps_ = 0;
  EngineSnapshotPtr last_;
  std::map<QString, std::shared_ptr<std::atomic<bool>>> lessonCancel_;  // per lesson: the run in flight
};

}  // namespace inferscope::ui
