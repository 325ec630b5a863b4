#pragma once
// Immutable values that cross from the engine thread to the GUI thread (docs/architecture.md, "Threads").
// The worker builds one EngineSnapshot per publish (<= ~30 Hz) and hands it over as a
// shared_ptr<const>, so the GUI can keep it as long as it likes without copying or locking.
#include <QMetaType>
#include <memory>
#include <vector>

#include "engine/lessons/lesson.h"
#include "engine/llm_engine.h"

namespace inferscope::ui {

class PackedState;

struct EngineSnapshot {
  std::vector<StepMetrics> new_steps;                  // steps run since the previous snapshot, in order
  // Each new step's prefill chunks (StepResult::prefill_chunks), parallel to new_steps; empty where the
  // source does not know them.
  std::vector<std::vector<PrefillChunk>> new_prefill_chunks;
  std::shared_ptr<const BlockMapSnapshot> block_map;   // after the newest step (never null once a model is loaded)
  std::shared_ptr<const ParallelTimeline> parallel_timeline;  // newest step's virtual devices (null: unsplit)
  // A bounded view, ascending id: the running requests, the head of the queue and the most recently
  // ended ones (LLMEngine::request_view); totals counts every request.
  std::vector<RequestInfo> requests;
  RequestTotals totals;
  std::vector<TokenEvent> events;                      // tokens streamed since the previous snapshot
  int64_t total_steps = 0;                             // engine steps run since the engine was built
  bool running = false;                                // the run loop is stepping (not paused)
  bool has_unfinished = false;                         // requests are waiting or running
  bool engine_rebuilt = false;                         // first snapshot of a fresh engine: drop old history
  bool load_all_submitted = true;                      // the load generator has submitted its whole plan
  bool has_workload = false;                           // a load generator workload is loaded: Reset queues it again
  // The same state packed for the live timeline's history, made on the engine thread so the GUI thread
  // does not spend its time compressing (null where a source does not make one).
  std::shared_ptr<const PackedState> packed;
};

using EngineSnapshotPtr = std::shared_ptr<const EngineSnapshot>;
// A lesson's computed result (engine/lessons/lesson.h), handed over like a snapshot.
using LessonResultPtr = std::shared_ptr<const lessons::LessonResult>;

}  // namespace inferscope::ui

Q_DECLARE_METATYPE(inferscope::ui::EngineSnapshotPtr)
Q_DECLARE_METATYPE(inferscope::ModelCard)
Q_DECLARE_METATYPE(inferscope::EngineConfig)
Q_DECLARE_METATYPE(inferscope::ui::LessonResultPtr)
