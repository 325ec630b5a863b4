#pragma once
// SnapshotSource: the one stream of data the workbench's views show. The charts, the block map, the
// Requests table, the Playground's transcript and the Compare tab take what they draw from the
// WorkbenchSession's current source only, never from the engine: a live engine (LiveEngineSource) is
// one source; a recording played back, or a remote server, are others written against this interface.
//
// What every source promises:
//  - Thread: it lives on the GUI thread and emits every signal there (a source fed by another thread
//    hands its data over with queued calls first). Receivers never lock.
//  - Values only: a snapshot is an immutable EngineSnapshot (engine/llm_engine.h value types:
//    StepMetrics, BlockMapSnapshot, RequestInfo, TokenEvent) shared as shared_ptr<const>; no pointer
//    into an engine, a scheduler or a KV cache crosses this interface.
//  - Order: snapshots arrive in step order. new_steps holds each step exactly once, ascending
//    (StepMetrics::step), continuing the previous snapshot's; events are the tokens streamed since the
//    previous snapshot, in the order they were produced. A snapshot with engine_rebuilt set starts a
//    new history: receivers drop what they kept (its steps restart).
//  - State: each snapshot's block_map, requests, totals, total_steps, running and has_unfinished are
//    the state after its newest step (block_map may be null before a model exists); lastSnapshot()
//    returns the newest one emitted.
//  - Log lines are emitted in the order they were written, interleaved with snapshots as they happened.
//  - promptTokens(id, pieces) (a request's prompt as token pieces, for the Playground) comes before the
//    first snapshot whose events belong to request id; a source may send it for some requests only (the
//    live engine: those submitted one by one, not the load generator's).
//  - transcriptReady(id, known, prompt, output) answers a request for one request's transcript (the live
//    engine: WorkbenchSession::describeRequest): its prompt and first sample's output so far as token
//    pieces, emitted after every snapshot whose events it covers; known false when the source has no such
//    request.
//  - compareProgress / compareFinished report a comparison of the scenario's variants (each its own
//    engine); a source without one never emits them.
#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>

#include <vector>

#include "engine/record/recording.h"
#include "ui/compare/compare_result.h"
#include "ui/engine/engine_snapshot.h"

namespace inferscope::ui {

class SnapshotSource : public QObject {
  Q_OBJECT
 public:
  enum LogLevel { Info, Warning, Error };  // the same order as LogPanel::Level

  using QObject::QObject;
  ~SnapshotSource() override = default;

  // True for a source that runs an engine now (commands such as Step and submit reach it).
  virtual bool isLive() const = 0;
  // The newest snapshot emitted, or null before the first.
  virtual EngineSnapshotPtr lastSnapshot() const = 0;
  // The model the snapshots come from (its card, not its weights), when known.
  virtual std::optional<ModelCard> modelCard() const = 0;
  // Physical KV blocks of the engine the snapshots come from (0 before one exists).
  virtual qint64 numBlocks() const = 0;
  // Bytes those blocks hold (the KV chart's capacity line); 0 when unknown.
  virtual qint64 kvCapacityBytes() const { return 0; }
  // The state after step index of the stream (see History above); null when unknown.
  virtual EngineSnapshotPtr stateAt(int64_t index) const { (void)index; return nullptr; }
  // Events worth a mark on the timeline, ascending step (stream indices); empty when the source has none.
  virtual std::vector<record::Marker> markers() const { return {}; }
  // The engine settings the source's run used, when it carries them (a recording); nullopt for the live
  // engine, whose settings the engine controller has.
  virtual std::optional<EngineConfig> recordedConfig() const { return std::nullopt; }
  virtual size_t markerCount() const { return markers().size(); }  // cheap where markers grow (live)

 signals:
  void snapshotReady(inferscope::ui::EngineSnapshotPtr snapshot);
  void logLine(const QString& text, int level);
  void promptTokens(qint64 id, const QStringList& pieces);
  void transcriptReady(qint64 id, bool known, const QStringList& prompt, const QStringList& output);
  void compareProgress(int done, int total, const QString& running);
  void compareFinished(inferscope::ui::CompareResultPtr result);
  void runningChanged(bool running);
};

}  // namespace inferscope::ui
