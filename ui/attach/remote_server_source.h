#pragma once
// RemoteServerSource: the stream of what attached live servers publish (llama.cpp's server, vLLM,
// SGLang), beside the local engine's: it owns the pollers (on a worker thread of its own) and the vLLM
// KV-event subscriber, keeps every poll for a recording, and hands its readings to whoever shows them
// (AttachPanel) as values. It never touches a widget.
#include <QObject>
#include <QStringList>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/record/recording.h"
#include "remote/kv_events/kv_prefix_cache.h"
#include "remote/record/server_poll_facts.h"
#include "remote/net/server_poller.h"

class QThread;
class QTimer;

namespace inferscope::remote {
class KvEventSubscriber;
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
  // Stops polling and the subscription; emits detached(). What was polled stays saveable.
  void detach();
  bool isAttached() const { return worker_ != nullptr || kv_ != nullptr; }
  QStringList servers() const { return urls_; }

  // Every poll (and KV-event reading) since the last attach is kept (up to 100,000 polls) so that the
  // session can be saved as a recording; false with *error when nothing was polled or writing failed.
  std::size_t recordedPolls() const { return recorded_.size(); }
  bool saveRecording(const QString& path, QString* error = nullptr) const;

 signals:
  void attached(const QStringList& urls);
  void detached();
  // One poll of one server, on the GUI thread, after it was kept for the recording.
  void polled(const inferscope::remote::ServerPoint& point);
  // The KV-event stream's state and the prefix cache it describes, with its stored / removed blocks per
  // second over the last 10 s.
  void kvReading(const inferscope::remote::KvEventsFacts& facts, double storedPerS, double removedPerS);

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
  QString kvEndpoint_;
  std::vector<record::ServerPollRecord> recorded_;
  std::vector<record::KvEventsRecord> recordedKv_;
};

}  // namespace inferscope::ui
