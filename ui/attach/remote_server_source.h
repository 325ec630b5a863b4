#pragma once
// RemoteServerSource: the stream of what attached live servers publish (llama.cpp's server, vLLM,
// SGLang), beside the local engine's: it owns the pollers (on a worker thread of its own), the vLLM
// KV-event subscriber and the OTLP trace receiver, keeps every poll and traced request for a recording,
// and hands its readings to whoever shows them (AttachPanel) as values. It never touches a widget.
#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/record/recording.h"
#include "remote/kv_events/kv_prefix_cache.h"
#include "remote/kv_events/prefix_tree_layout.h"
#include "remote/otlp/llm_request_span.h"
#include "remote/otlp/otlp_trace_receiver.h"
#include "remote/record/server_poll_facts.h"
#include "remote/net/server_poller.h"

class QThread;
class QTimer;

namespace inferscope::remote {
class KvEventSubscriber;
class OtlpHttpServer;
}

namespace inferscope::ui {

class RemoteServerSource : public QObject {
  Q_OBJECT
 public:
  explicit RemoteServerSource(QObject* parent = nullptr);
  ~RemoteServerSource() override;  // stops polling and joins both threads

  // Starts polling these servers every interval_ms (>= 50), replacing any attached before; emits
  // attached(urls) first. The polls kept for a recording start over.
  void attach(const QStringList& urls, int interval_ms = 1000);
  // Also follows a vLLM KV-event publisher (replay endpoint: empty for the next port); readings come
  // every 500 ms as kvReading.
  void attachKvEvents(const QString& endpoint, const QString& replay = {}, const QString& topic = QStringLiteral("kv-events"));
  // Also receives the engines' OTLP/HTTP traces (POST /v1/traces) on hostPort ("127.0.0.1:4318"; port 0:
  // any free one), as `inferscope-cli attach --otlp-listen` does: each accepted export's requests come as
  // traced(). Loopback addresses only (anyone who reaches the port writes into the session). False with
  // *error when the address is not one or cannot be listened on; a receiver listening already is replaced.
  bool listenTraces(const QString& hostPort, QString* error = nullptr);
  // The receiver's address ("127.0.0.1:4318", the port chosen filled in); empty when not listening.
  QString tracesAddress() const { return tracesAddress_; }
  // Exports accepted and refused, requests and other spans received so far (zeros when never listening).
  remote::OtlpReceiverStats traceStats() const;
  // Stops polling, the subscription and the trace receiver; emits detached(). What was polled stays saveable.
  void detach();
  bool isAttached() const { return worker_ != nullptr || kv_ != nullptr || traces_ != nullptr; }
  QStringList servers() const { return urls_; }

  // Every poll, KV-event reading and traced request since the last attach is kept (up to 100,000 of each)
  // so that the session can be saved as a recording; false with *error when nothing was received or
  // writing failed.
  std::size_t recordedPolls() const { return recorded_.size(); }
  std::size_t recordedRequests() const { return recordedSpans_.size(); }
  bool saveRecording(const QString& path, QString* error = nullptr) const;

 signals:
  void attached(const QStringList& urls);
  void detached();
  // One poll of one server, on the GUI thread, after it was kept for the recording.
  void polled(const inferscope::remote::ServerPoint& point);
  // The KV-event stream's state and the prefix cache it describes, with its stored / removed blocks per
  // second over the last 10 s.
  void kvReading(const inferscope::remote::KvEventsFacts& facts, double storedPerS, double removedPerS);
  // Right after each kvReading: the prefix cache's forest laid out (a value computed under the cache's
  // lock, so whoever draws it never touches the subscriber's thread).
  void kvTree(const inferscope::remote::PrefixTreeLayout& layout);
  // The requests of one accepted OTLP export, in the order sent, after they were kept for the recording.
  void traced(const std::vector<inferscope::remote::LlmRequestSpan>& requests);
  // After each export, accepted or refused: traceStats() changed.
  void traceStatsChanged();

 private:
  void onPolled(const remote::ServerPoint& point);
  void readKvEvents();

  QStringList urls_;
  int intervalMs_ = 0;
  QThread* worker_ = nullptr;
  QList<remote::ServerPoller*> pollers_;  // live on worker_
  std::unique_ptr<remote::KvEventSubscriber> kv_;
  QTimer* kvTimer_ = nullptr;
  std::mutex kvMutex_;
  remote::KvPrefixCache kvCache_;  // fed on the subscriber's thread
  std::uint64_t kvApplied_ = 0;    // batches applied to kvCache_ (under kvMutex_)
  // The layout last emitted and the kvApplied_ it was made at (GUI thread; made under kvMutex_).
  remote::PrefixTreeLayout kvTree_;
  std::uint64_t kvTreeApplied_ = ~std::uint64_t(0);
  QString kvEndpoint_;
  std::vector<record::ServerPollRecord> recorded_;
  std::vector<record::KvEventsRecord> recordedKv_;
  // The session clock of traced requests (polls keep their own, started with the pollers at attach).
  QElapsedTimer clock_;
  std::unique_ptr<remote::OtlpTraceReceiver> receiver_;
  remote::OtlpHttpServer* traces_ = nullptr;  // a child; deleted before receiver_
  QString tracesAddress_;
  std::vector<record::RequestSpanRecord> recordedSpans_;
};

}  // namespace inferscope::ui
