#pragma once
// LiveEngineSource: the running engine as a SnapshotSource. It re-emits what the EngineController
// publishes (snapshots, prompt pieces, comparisons, the engine's messages) and, once asked, the engine's
// spdlog lines, all on the GUI thread. It does not own the controller: the WorkbenchSession does.
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ui/session/snapshot_source.h"

namespace inferscope::ui {

class EngineController;

class LiveEngineSource : public SnapshotSource {
  Q_OBJECT
 public:
  explicit LiveEngineSource(EngineController* controller, QObject* parent = nullptr);
  ~LiveEngineSource() override;  // removes the log sink it installed

  bool isLive() const override { return true; }
  EngineSnapshotPtr lastSnapshot() const override;
  std::optional<ModelCard> modelCard() const override;
  qint64 numBlocks() const override;
  qint64 kvCapacityBytes() const override;  // numBlocks() x the block bytes of the model and settings

  // Routes spdlog's default logger (the engine's log, written on any thread) into logLine. One source
  // at a time holds it; a second call, here or on another source, does nothing while it is held.
  void captureEngineLog();
  // The newest published snapshot at or before stream step index (snapshots are kept as published,
  // bounded by kMaxHistory: when full, every other one is dropped, so old history thins out evenly).
  EngineSnapshotPtr stateAt(int64_t index) const override;
  // Forgets the history and the marks: the views start their stream over from the next snapshot (the
  // session calls it when the live engine comes back on screen).
  void restartStream();
  // Events of the current engine's run, as the published snapshots show them: cache full, prefix hits
  // and rejected drafts at their exact steps; admitted, preempted and finished requests at the newest
  // step of the snapshot that first shows them (the step itself while stepping). At most kMaxMarkers.
  std::vector<record::Marker> markers() const override { return markers_; }
  size_t markerCount() const override { return markers_.size(); }
  static constexpr size_t kMaxMarkers = 50000;
  static constexpr size_t kMaxHistory = 1024;  // a block map each: ~100 MiB for a 4,096-block pool

 private:
  class Sink;
  EngineController* controller_;
  std::shared_ptr<Sink> sink_;
  void remember(const EngineSnapshotPtr& s);
  std::vector<std::pair<int64_t, EngineSnapshotPtr>> history_;  // (index of its newest step, snapshot), ascending
  int64_t streamSteps_ = 0;  // steps published since the engine was last built
  void addMarkers(const EngineSnapshot& s, int64_t firstIndex);
  std::vector<record::Marker> markers_;
  struct Seen {
    std::string state;
    int preemptions = 0;
  };
  std::unordered_map<int64_t, Seen> seen_;  // request id -> as the previous snapshot showed it
  bool wasFull_ = false;
};

}  // namespace inferscope::ui
