#pragma once
// PackedState: one snapshot's state (block map, requests with their token ids and texts, totals) kept
// compactly for the live timeline's history: the recording's own encodings, zstd-compressed. A block
// map of a few thousand blocks costs ~1 MiB as BlockMapSnapshot values and a few KiB packed, so the
// timeline can keep a long history at a small, byte-bounded cost. Steps and token events are not kept
// (they are the stream, not the state).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "ui/engine/engine_snapshot.h"

namespace inferscope::ui {

class PackedState {
 public:
  // Packs s's state. Throws std::runtime_error when compression fails (not expected).
  explicit PackedState(const EngineSnapshot& s);
  // The state as packed: block_map, requests (token ids and texts included), totals, total_steps and the
  // flags equal the original's; new_steps and events are empty; parallel_timeline is shared.
  // Throws record::RecordingError on corrupt bytes (not expected: they never leave the process).
  EngineSnapshotPtr unpack() const;
  // Heap bytes this holds (the compressed payload).
  size_t bytes() const { return packed_.capacity(); }

 private:
  std::vector<uint8_t> packed_;
  std::shared_ptr<const ParallelTimeline> timeline_;
  RequestTotals totals_;
  int64_t totalSteps_ = 0;
  bool running_ = false, hasUnfinished_ = false, loadAllSubmitted_ = true, hasMap_ = false;
};

}  // namespace inferscope::ui
