#include "ui/session/live_engine_source.h"

#include <QPointer>
#include <algorithm>
#include <atomic>
#include <iterator>
#include <mutex>
#include <unordered_set>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

#include "engine/kv/kv_storage.h"
#include "engine/record/step_codec.h"
#include "ui/engine/engine_controller.h"

namespace inferscope::ui {

// Lives in spdlog's logger and is called on whatever thread logs; each line is posted to the source on
// the GUI thread. The QPointer makes a line that arrives after the source is gone a no-op.
class LiveEngineSource::Sink : public spdlog::sinks::base_sink<std::mutex> {
 public:
  explicit Sink(LiveEngineSource* source) : source_(source) {}
  void detach() {
    std::lock_guard<std::mutex> lock(mutex_);
    source_.clear();
  }

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    if (!source_) return;
    const QString line = QString::fromUtf8(msg.payload.data(), qsizetype(msg.payload.size()));
    const int level = msg.level >= spdlog::level::err ? Error : msg.level == spdlog::level::warn ? Warning : Info;
    QPointer<LiveEngineSource> s = source_;
    QMetaObject::invokeMethod(source_.data(), [s, line, level] { if (s) emit s->logLine(line, level); }, Qt::QueuedConnection);
  }
  void flush_() override {}

 private:
  QPointer<LiveEngineSource> source_;
};

namespace {
std::atomic<bool> g_sinkHeld{false};  // spdlog's default logger is process-wide
}  // namespace

LiveEngineSource::LiveEngineSource(EngineController* controller, QObject* parent)
    : SnapshotSource(parent), controller_(controller) {
  connect(controller_, &EngineController::snapshotReady, this, [this](const EngineSnapshotPtr& s) {
    remember(s);
    emit snapshotReady(s);
  });
  connect(controller_, &EngineController::promptTokens, this, &SnapshotSource::promptTokens);
  connect(controller_, &EngineController::transcriptReady, this, &SnapshotSource::transcriptReady);
  connect(controller_, &EngineController::compareProgress, this, &SnapshotSource::compareProgress);
  connect(controller_, &EngineController::compareFinished, this, &SnapshotSource::compareFinished);
  connect(controller_, &EngineController::runningChanged, this, &SnapshotSource::runningChanged);
  connect(controller_, &EngineController::message, this, [this](const QString& m) { emit logLine(m, Warning); });
}

LiveEngineSource::~LiveEngineSource() {
  if (!sink_) return;
  sink_->detach();
  auto& sinks = spdlog::default_logger()->sinks();
  sinks.erase(std::remove(sinks.begin(), sinks.end(), sink_), sinks.end());
  g_sinkHeld.store(false);
}

void LiveEngineSource::captureEngineLog() {
  if (sink_ || g_sinkHeld.exchange(true)) return;
  sink_ = std::make_shared<Sink>(this);
  spdlog::default_logger()->sinks().push_back(sink_);
}

void LiveEngineSource::remember(const EngineSnapshotPtr& s) {
  if (s->engine_rebuilt) restartStream();
  addMarkers(*s, streamSteps_);
  streamSteps_ += int64_t(s->new_steps.size());
  if (s->new_steps.empty() || !s->block_map) return;
  Kept kept{streamSteps_ - 1, s->packed ? s->packed : std::make_shared<const PackedState>(*s)};
  while (!history_.empty() && (history_.size() >= kMaxHistory || historyBytes_ + kept.state->bytes() > kMaxHistoryBytes)) {
    // Thin evenly, keeping the newest: the history stays bounded however long the run goes on.
    std::vector<Kept> thinned;
    thinned.reserve(history_.size() / 2 + 1);
    historyBytes_ = 0;
    for (size_t i = history_.size() % 2; i < history_.size(); i += 2) {
      historyBytes_ += history_[i].state->bytes();
      thinned.push_back(std::move(history_[i]));
    }
    history_ = std::move(thinned);
  }
  historyBytes_ += kept.state->bytes();
  history_.push_back(std::move(kept));
}

void LiveEngineSource::restartStream() {
  history_.clear();
  historyBytes_ = 0;
  unpackedIndex_ = -1;
  unpacked_.reset();
  streamSteps_ = 0;
  markers_.clear();
  seen_.clear();
  wasFull_ = false;
}

void LiveEngineSource::addMarkers(const EngineSnapshot& s, int64_t firstIndex) {
  auto add = [this](int64_t step, record::MarkerKind kind, int64_t id, std::string detail) {
    if (markers_.size() < kMaxMarkers) markers_.push_back({step, kind, id, std::move(detail)});
  };
  int64_t index = firstIndex;
  for (const StepMetrics& m : s.new_steps) {
    const bool full = m.kv_blocks_total > 0 && m.kv_blocks_used >= m.kv_blocks_total;
    if (full && !wasFull_) add(index, record::MarkerKind::CacheFull, -1, {});
    wasFull_ = full;
    if (m.prefix_hit_tokens > 0) add(index, record::MarkerKind::PrefixHit, -1, std::to_string(m.prefix_hit_tokens) + " tokens");
    if (m.spec_drafted > m.spec_accepted)
      add(index, record::MarkerKind::SpecRejected, -1, std::to_string(m.spec_drafted - m.spec_accepted) + " drafts rejected");
    ++index;
  }
  if (s.new_steps.empty()) return;
  const int64_t at = index - 1;
  for (const RequestInfo& r : s.requests) {
    Seen& before = seen_[r.id];
    if (r.state == RequestState::Running && before.state != RequestState::Running) add(at, record::MarkerKind::Admitted, r.id, {});
    if (r.preemptions > before.preemptions) add(at, record::MarkerKind::Preempted, r.id, {});
    if (request_ended(r.state) && before.state != r.state) add(at, record::MarkerKind::Finished, r.id, r.finish_reason);
    before = {r.state, r.preemptions};
  }
  if (seen_.size() > kMaxSeen) {
    // Ended requests never change again: forget those the view no longer shows, then (a queue this long
    // is rare) any the view does not show.
    std::unordered_set<int64_t> shown;
    for (const RequestInfo& r : s.requests) shown.insert(r.id);
    for (int pass = 0; pass < 2 && seen_.size() > kMaxSeen; ++pass)
      for (auto it = seen_.begin(); it != seen_.end();) {
        if (!shown.count(it->first) && (request_ended(it->second.state) || pass == 1)) it = seen_.erase(it);
        else ++it;
      }
  }
}

EngineSnapshotPtr LiveEngineSource::stateAt(int64_t index) const {
  auto it = std::upper_bound(history_.begin(), history_.end(), index, [](int64_t i, const Kept& e) { return i < e.index; });
  if (it == history_.begin()) return nullptr;
  const Kept& k = *std::prev(it);
  if (k.index != unpackedIndex_ || !unpacked_) {
    unpacked_ = k.state->unpack();
    unpackedIndex_ = k.index;
  }
  return unpacked_;
}

EngineSnapshotPtr LiveEngineSource::lastSnapshot() const { return controller_->lastSnapshot(); }
std::optional<ModelCard> LiveEngineSource::modelCard() const { return controller_->modelCard(); }
qint64 LiveEngineSource::numBlocks() const { return controller_->numBlocks(); }
qint64 LiveEngineSource::kvCapacityBytes() const {
  const auto& card = controller_->modelCard();
  if (!card) return 0;
  const EngineConfig& cfg = controller_->config();
  const KvLayout layout{card->n_layers, card->n_kv_heads, card->head_dim, cfg.block_size, cfg.kv_dtype};
  // With sliding-window KV groups each block holds only one group's layers: never more than the budget.
  return std::min<qint64>(controller_->numBlocks() * qint64(layout.block_bytes()), qint64(cfg.kv_budget_bytes));
}

}  // namespace inferscope::ui
