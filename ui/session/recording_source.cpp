#include "ui/session/recording_source.h"

#include <algorithm>

#include "engine/workload/scenario.h"

namespace inferscope::ui {

namespace {
int logLevel(int spdlogLevel) {
  return spdlogLevel >= 4 ? SnapshotSource::Error : spdlogLevel == 3 ? SnapshotSource::Warning : SnapshotSource::Info;
}

RequestTotals totalsOf(const std::vector<RequestInfo>& requests) {
  RequestTotals t;
  t.submitted = int64_t(requests.size());
  for (const RequestInfo& r : requests) {
    if (r.state == RequestState::Waiting || r.state == RequestState::Preempted) ++t.waiting;
    else if (r.state == RequestState::Running) ++t.running;
    else if (r.state == RequestState::Finished) ++t.finished;
    else if (r.state == RequestState::Failed) ++t.failed;
    else if (r.state == RequestState::Cancelled) ++t.cancelled;
    t.prompt_tokens += r.n_prompt;
    t.generated_tokens += r.n_generated;
  }
  return t;
}
}  // namespace

RecordingSource::RecordingSource(std::shared_ptr<const record::Recording> recording, QObject* parent)
    : SnapshotSource(parent), recording_(std::move(recording)) {
  finishedAt_.resize(size_t(recording_->step_count()));
  for (const record::Marker& m : recording_->markers())
    if (m.kind == record::MarkerKind::Finished) finishedAt_[size_t(m.step)].push_back(m.request_id);
}

qint64 RecordingSource::numBlocks() const {
  const auto& all = recording_->all_metrics();
  return all.empty() ? 0 : all.back().kv_blocks_total;
}

qint64 RecordingSource::kvCapacityBytes() const {
  // Bytes per block are what the allocated bytes and the used blocks of any step with blocks say.
  for (const StepMetrics& m : recording_->all_metrics())
    if (m.kv_blocks_used > 0) return qint64(m.kv_blocks_total) * (m.kv_bytes_allocated / m.kv_blocks_used);
  return 0;
}

EngineSnapshotPtr RecordingSource::stateAt(int64_t index) const {
  if (index < 0 || index >= recording_->step_count()) return nullptr;
  auto s = std::make_shared<EngineSnapshot>();
  s->block_map = std::make_shared<const BlockMapSnapshot>(recording_->block_map_at(index));
  s->requests = recording_->requests_at(index);
  s->totals = totalsOf(s->requests);
  s->total_steps = index + 1;
  s->has_unfinished = s->totals.waiting + s->totals.running > 0;
  return s;
}

void RecordingSource::positionAt(int64_t index) {
  if (recording_->step_count() == 0) return;
  index = std::clamp<int64_t>(index, 0, recording_->step_count() - 1);
  if (index == emitted_) return;
  const bool restart = index < emitted_ || emitted_ < 0;
  const int64_t first = restart ? 0 : emitted_ + 1;
  const int64_t logFrom = restart ? 0 : int64_t(recording_->log_up_to(emitted_).size());
  const auto log = recording_->log_up_to(index);
  for (size_t i = size_t(logFrom); i < log.size(); ++i) emit logLine(QString::fromStdString(log[i].text), logLevel(log[i].level));
  const auto tokens = recording_->tokens_up_to(index);
  size_t tokenAt = first == 0 ? 0 : recording_->tokens_up_to(first - 1).size();
  const std::vector<RequestInfo> state = recording_->requests_at(index);
  for (int64_t i = first; i <= index; ++i) {
    auto s = std::make_shared<EngineSnapshot>();
    s->new_steps = {recording_->metrics(i)};
    s->engine_rebuilt = restart && i == 0;
    s->total_steps = i + 1;
    for (; tokenAt < tokens.size() && tokens[tokenAt].step <= i; ++tokenAt) s->events.push_back(tokens[tokenAt].event);
    if (i == index) {
      s->block_map = std::make_shared<const BlockMapSnapshot>(recording_->block_map_at(index));
      s->requests = state;
      s->totals = totalsOf(state);
      s->has_unfinished = s->totals.waiting + s->totals.running > 0;
    } else {
      for (int64_t id : finishedAt_[size_t(i)])
        for (const RequestInfo& q : state)
          if (q.id == id) s->requests.push_back(q);
    }
    last_ = s;
    emitted_ = i;
    emit snapshotReady(s);
  }
}

std::optional<EngineConfig> RecordingSource::recordedConfig() const {
  try {
    return engine_config_from_json(recording_->engine_json());
  } catch (const std::exception&) {
    return std::nullopt;  // settings this build does not know: the views still show the steps
  }
}

}  // namespace inferscope::ui
