#pragma once
// RecordingSource: a recording (.isrec, engine/record/recording.h) played back as a SnapshotSource. It
// needs no model and no engine. The stream it emits is a replay of steps 0..N: positionAt(N) continues
// the stream when N is ahead of what was emitted, and starts it over (engine_rebuilt) when N is behind,
// so the charts show the run exactly as they did live at step N. stateAt(i) rebuilds any step's block
// map and requests from the reader without touching the stream (what the timeline shows).
//
// Snapshots of a catch-up (several steps at once) come one per step; only the last carries the block
// map and the requests' states, the others the steps and the requests that finished in them (so the
// latency chart numbers requests in the order they finished, as it did live).
#include <memory>

#include "engine/record/recording.h"
#include "ui/session/snapshot_source.h"

namespace inferscope::ui {

class RecordingSource : public SnapshotSource {
  Q_OBJECT
 public:
  explicit RecordingSource(std::shared_ptr<const record::Recording> recording, QObject* parent = nullptr);

  bool isLive() const override { return false; }
  EngineSnapshotPtr lastSnapshot() const override { return last_; }
  std::optional<ModelCard> modelCard() const override { return recording_->model_card(); }
  qint64 numBlocks() const override;
  qint64 kvCapacityBytes() const override;  // blocks in the pool x bytes per block, from the step metrics
  EngineSnapshotPtr stateAt(int64_t index) const override;
  std::vector<record::Marker> markers() const override { return recording_->markers(); }
  std::optional<EngineConfig> recordedConfig() const override;

  const record::Recording& recording() const { return *recording_; }
  // Emits the replay up to step index (clamped to the recording); the log lines of the new steps first.
  void positionAt(int64_t index);
  int64_t position() const { return emitted_; }  // the newest step emitted; -1 before the first

 private:
  std::shared_ptr<const record::Recording> recording_;
  EngineSnapshotPtr last_;
  int64_t emitted_ = -1;
  std::vector<std::vector<int64_t>> finishedAt_;  // per step: the requests that ended in it
};

}  // namespace inferscope::ui
