#pragma once
// LiveEngineSource: the running engine as a SnapshotSource. It re-emits what the EngineController
// publishes (snapshots, prompt pieces, comparisons, the engine's messages) and, once asked, the engine's
// spdlog lines, all on the GUI thread. It does not own the controller: the WorkbenchSession does.
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ui/engine/packed_state.h"
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
  // The state of the newest published snapshot at or before stream step index. Each snapshot's state is
  // kept packed (PackedState), at most kMaxHistory of them and kMaxHistoryBytes in all: when either is
  // reached, every other one is dropped, so old history thins out evenly and memory stays flat however
  // long the run goes on.
  EngineSnapshotPtr stateAt(int64_t index) const override;
  size_t historySize() const { return history_.size(); }
  size_t historyBytes() const { return historyBytes_; }
  size_t seenCount() const { return seen_.size(); }  // requests the markers remember (<= kMaxSeen after a snapshot)
  // Forgets the history and the marks: the views start their stream over from the next snapshot (the
  // session calls it when the live engine comes back on screen).
  void restartStream();
  // Events of the current engine's run, as the published snapshots show them: cache full, prefix hits
  // and rejected drafts at their exact steps; admitted, preempted and finished requests at the newest
  // step of the snapshot that first shows them (the step itself while stepping). At most kMaxMarkers.
  std::vector<record::Marker> markers() const override { return markers_; }
  size_t markerCount() const override { return markers_.size(); }
  static constexpr size_t kMaxMarkers = 50000;
  static constexpr size_t kMaxHistory = 1024;
  static constexpr size_t kMaxHistoryBytes = size_t(32) << 20;
  // Distinct requests whose previous state the markers compare against: ended ones leave first.
  static constexpr size_t kMaxSeen = 4096;

 private:
  class Sink;
  EngineController* controller_;
  std::shared_ptr<Sink> sink_;
  void remember(const EngineSnapshotPtr& s);
  struct Kept {
    int64_t index;  // of the snapshot's newest step
    std::shared_ptr<const PackedState> state;
  };
  std::vector<Kept> history_;  // ascending index
  size_t historyBytes_ = 0;
  mutable int64_t unpackedIndex_ = -1;  // the last stateAt() answer, kept while the timeline rests on it
  mutable EngineSnapshotPtr unpacked_;
  int64_t streamSteps_ = 0;  // steps published since the engine was last built
  void addMarkers(const EngineSnapshot& s, int64_t firstIndex);
  std::vector<record::Marker> markers_;
  struct Seen {
    RequestState state = RequestState::Unknown;
    int preemptions = 0;
  };
  std::unordered_map<int64_t, Seen> seen_;  // request id -> as a snapshot last showed it; at most kMaxSeen
  bool wasFull_ = false;
};

}  // namespace inferscope::ui
