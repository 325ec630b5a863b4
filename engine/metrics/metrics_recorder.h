#pragma once
// MetricsRecorder: the engine's memory of past steps. A bounded ring of the newest StepMetrics feeds
// the live charts at constant memory; the optional full log keeps every step for export. It also
// holds the newest BlockMapSnapshot. Thread-compatible: the engine thread owns it; other threads get
// copies (recent(), full_log()) or the shared immutable snapshot, never a reference into it.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/metrics/block_map_snapshot.h"
#include "engine/metrics/parallel_timeline.h"
#include "engine/metrics/step_metrics.h"

namespace inferscope {

class MetricsRecorder {
 public:
  // capacity >= 1 (throws std::invalid_argument otherwise): how many recent steps the ring keeps.
  explicit MetricsRecorder(size_t capacity = 4096, bool keep_full_log = false);

  void record(const StepMetrics& m);
  void record(const StepMetrics& m, std::shared_ptr<const BlockMapSnapshot> block_map);

  size_t capacity() const { return ring_.size(); }
  size_t size() const { return count_; }                    // steps in the ring (<= capacity)
  int64_t total_recorded() const { return total_; }         // steps ever recorded since clear()
  std::optional<StepMetrics> latest() const;
  std::vector<StepMetrics> recent() const;                   // the ring, oldest first
  std::vector<StepMetrics> recent(size_t n) const;           // the newest min(n, size()), oldest first

  // Turning the full log off drops what it held; turning it on starts logging from the next record.
  void set_keep_full_log(bool keep);
  bool keeps_full_log() const { return keep_full_log_; }
  const std::vector<StepMetrics>& full_log() const { return full_log_; }

  std::shared_ptr<const BlockMapSnapshot> latest_block_map() const { return block_map_; }
  // The newest step's per-device timeline of a parallel engine (null otherwise).
  void set_latest_timeline(std::shared_ptr<const ParallelTimeline> t) { timeline_ = std::move(t); }
  std::shared_ptr<const ParallelTimeline> latest_timeline() const { return timeline_; }
  void clear();  // a new run: empties the ring, the log, the block map and the timeline; capacity and mode stay

 private:
  std::vector<StepMetrics> ring_;
  size_t next_ = 0;   // where the next record goes
  size_t count_ = 0;
  int64_t total_ = 0;
  bool keep_full_log_;
  std::vector<StepMetrics> full_log_;
  std::shared_ptr<const BlockMapSnapshot> block_map_;
  std::shared_ptr<const ParallelTimeline> timeline_;
};

}  // namespace inferscope
