#pragma once
// EngineWorker: lives on the engine thread and owns every engine object (model, LLMEngine, workload
// driver). Only EngineController talks to it, by queued calls; it answers with signals carrying values.
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <memory>
#include <optional>

#include "engine/record/memory_recording.h"
#include "engine/workload/workload.h"
#include "ui/compare/compare_result.h"
#include "ui/engine/engine_snapshot.h"

class QTimer;

namespace inferscope::ui {

class EngineWorker : public QObject {
  Q_OBJECT
 public:
  // stepsRun counts every engine step this worker runs (any thread may read it).
  EngineWorker(const std::atomic<bool>& stop, const std::atomic<bool>& cancelCompare, std::atomic<int64_t>& stepsRun);
  ~EngineWorker() override;

  // Everything below runs on the engine thread only.
  void init();  // creates the timers (they must belong to the engine thread)
  // Takes a model the ModelLoader opened; the engine is rebuilt on it with the current settings.
  void adoptModel(std::shared_ptr<const LoadedModel> model);
  void applyConfig(const EngineConfig& config);
  void submit(const Request& request, bool chat, quint64 tag);
  // A request's prompt and first sample's output so far as token pieces: transcriptReady answers, after
  // a snapshot that carries every token event before it (known false: the engine has no such request).
  void describeRequest(qint64 id);
  void startLoad(const WorkloadSpec& spec);
  void cancel(int64_t id);
  void run();
  void pause();
  void stepOnce();
  void reset();
  void setStepsPerSecond(int sps);
  BlockMapSnapshot currentBlockMap() const;
  std::vector<StepMetrics> fullLog() const;
  // Runs every variant to completion on fresh engines (the live engine is left as it was); blocks this
  // thread meanwhile, so commands queue up behind it. Stops early when cancelCompare or stop is set.
  void runCompare(const std::string& scenario, const std::vector<VariantSpec>& variants, const WorkloadSpec& workload,
                  int repeats);
  // Runs a lesson on this thread with the current model; cancel is checked between its steps.
  void computeLesson(quint64 tag, const QString& id, const lessons::ParamValues& values,
                     std::shared_ptr<const std::atomic<bool>> cancel);
  void shutdown();  // drops the engine on its own thread
  // Every live run records as it goes, into memory (the newest engine's steps, bounded by kRecord*);
  // this writes what was recorded so far to path without stopping it: recordingSaved answers.
  void saveRecording(const QString& path);
  void saveTrace(const QString& path);  // the recording so far as a Chrome / Perfetto trace
  static constexpr int64_t kRecordMaxSteps = 100000;
  static constexpr int64_t kRecordMaxBytes = int64_t(256) << 20;

 signals:
  void snapshotReady(inferscope::ui::EngineSnapshotPtr snapshot);
  void modelLoaded(bool ok, const QString& error, const inferscope::ModelCard& card);
  void configApplied(bool ok, const QString& error, const inferscope::EngineConfig& config, qint64 numBlocks);
  void requestSubmitted(quint64 tag, qint64 id, const QString& error);
  // The submitted prompt's tokens as text (special tokens rendered), one entry per token.
  void promptTokens(qint64 id, const QStringList& pieces);
  void transcriptReady(qint64 id, bool known, const QStringList& prompt, const QStringList& output);
  void compareProgress(int done, int total, const QString& running);
  void compareFinished(inferscope::ui::CompareResultPtr result);
  void message(const QString& text);
  // The load generator's workload was not started: why (also sent as a message for the log).
  void loadRefused(const QString& reason);
  void recordingSaved(bool ok, const QString& path, qint64 steps, const QString& error);
  void traceSaved(bool ok, const QString& path, qint64 steps, const QString& error);
  void lessonComputed(quint64 tag, const QString& id, inferscope::ui::LessonResultPtr result, const QString& error);

 private:
  QStringList tokenPieces(const std::vector<int32_t>& ids) const;
  void tick();
  bool stepEngine();         // one engine step; false when nothing ran
  bool rebuildEngine(const EngineConfig& config, QString* error);
  void scheduleTick();
  void advanceClock();
  void publish(bool force);
  // Plans spec's workload from the current engine clock and submits what is due; false with a message.
  bool beginLoad(const WorkloadSpec& spec);
  void refuseLoad(const QString& reason);  // message + loadRefused
  void doPublish();

  const std::atomic<bool>& stop_;
  const std::atomic<bool>& cancelCompare_;
  std::atomic<int64_t>& stepsRun_;
  std::shared_ptr<const LoadedModel> model_;
  std::unique_ptr<LLMEngine> engine_;
  std::unique_ptr<WorkloadDriver> driver_;
  EngineConfig config_;
  QTimer* stepTimer_ = nullptr;
  QTimer* publishTimer_ = nullptr;
  bool running_ = false;
  int stepsPerSecond_ = 0;
  double loadClockS_ = 0;       // engine time the load generator sees: advances only while running
  QElapsedTimer wall_;
  QElapsedTimer sincePublish_;
  int64_t totalSteps_ = 0;
  bool rebuilt_ = false;
  std::optional<WorkloadSpec> loadSpec_;  // the load generator's workload, restarted by reset()
  std::vector<StepMetrics> pendingSteps_;
  std::vector<std::vector<PrefillChunk>> pendingChunks_;  // parallel to pendingSteps_
  std::vector<TokenEvent> pendingEvents_;
  std::unique_ptr<record::MemoryRecording> recording_;  // the current engine's run (null when it failed)
  bool recordingFull_ = false;                          // its limit was reached (and said)
};

}  // namespace inferscope::ui
