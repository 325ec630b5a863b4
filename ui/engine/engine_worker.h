#pragma once
// EngineWorker: lives on the engine thread and owns every engine object (model, LLMEngine, workload
// driver). Only EngineController talks to it, by queued calls; it answers with signals carrying values.
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <optional>

#include "engine/workload/workload.h"
#include "ui/engine/engine_snapshot.h"

class QTimer;

namespace inferscope::ui {

class EngineWorker : public QObject {
  Q_OBJECT
 public:
  explicit EngineWorker(const std::atomic<bool>& stop);
  ~EngineWorker() override;

  // Everything below runs on the engine thread only.
  void init();  // creates the timers (they must belong to the engine thread)
  void loadModel(const QString& path);
  void applyConfig(const EngineConfig& config);
  void submit(const Request& request, bool chat, quint64 tag);
  void startLoad(const WorkloadSpec& spec);
  void cancel(int64_t id);
  void run();
  void pause();
  void stepOnce();
  void reset();
  void setStepsPerSecond(int sps);
  BlockMapSnapshot currentBlockMap() const;
  std::vector<StepMetrics> fullLog() const;
  void shutdown();  // drops the engine on its own thread

 signals:
  void snapshotReady(inferscope::ui::EngineSnapshotPtr snapshot);
  void modelLoaded(bool ok, const QString& error, const inferscope::ModelCard& card);
  void configApplied(bool ok, const QString& error, const inferscope::EngineConfig& config, qint64 numBlocks);
  void requestSubmitted(quint64 tag, qint64 id, const QString& error);
  void message(const QString& text);

 private:
  void tick();
  bool stepEngine();         // one engine step; false when nothing ran
  bool rebuildEngine(const EngineConfig& config, QString* error);
  void scheduleTick();
  void advanceClock();
  void publish(bool force);
  void doPublish();

  const std::atomic<bool>& stop_;
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
  std::vector<StepMetrics> pendingSteps_;
  std::vector<TokenEvent> pendingEvents_;
};

}  // namespace inferscope::ui
