#include "ui/session/live_engine_source.h"

#include <QPointer>
#include <algorithm>
#include <atomic>
#include <mutex>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

#include "engine/kv/kv_storage.h"
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
  connect(controller_, &EngineController::snapshotReady, this, &SnapshotSource::snapshotReady);
  connect(controller_, &EngineController::promptTokens, this, &SnapshotSource::promptTokens);
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
