#include "engine/metrics/metrics_recorder.h"

#include <algorithm>
#include <stdexcept>

namespace inferscope {

MetricsRecorder::MetricsRecorder(size_t capacity, bool keep_full_log) : keep_full_log_(keep_full_log) {
  if (capacity == 0) throw std::invalid_argument("MetricsRecorder: capacity must be >= 1");
  ring_.resize(capacity);
}

void MetricsRecorder::record(const StepMetrics& m) {
  ring_[next_] = m;
  next_ = (next_ + 1) % ring_.size();
  if (count_ < ring_.size()) ++count_;
  ++total_;
  if (keep_full_log_) full_log_.push_back(m);
}

void MetricsRecorder::record(const StepMetrics& m, std::shared_ptr<const BlockMapSnapshot> block_map) {
  record(m);
  block_map_ = std::move(block_map);
}

std::optional<StepMetrics> MetricsRecorder::latest() const {
  if (count_ == 0) return std::nullopt;
  return ring_[(next_ + ring_.size() - 1) % ring_.size()];
}

std::vector<StepMetrics> MetricsRecorder::recent() const { return recent(count_); }

std::vector<StepMetrics> MetricsRecorder::recent(size_t n) const {
  n = std::min(n, count_);
  std::vector<StepMetrics> out;
  out.reserve(n);
  const size_t cap = ring_.size();
  for (size_t i = 0; i < n; ++i) out.push_back(ring_[(next_ + cap - n + i) % cap]);
  return out;
}

void MetricsRecorder::set_keep_full_log(bool keep) {
  keep_full_log_ = keep;
  if (!keep) std::vector<StepMetrics>().swap(full_log_);
}

void MetricsRecorder::clear() {
  next_ = count_ = 0;
  total_ = 0;
  full_log_.clear();
  block_map_.reset();
  timeline_.reset();
}

}  // namespace inferscope
