#include "ui/attach/remote_server_source.h"

#include <QSaveFile>
#include <QThread>
#include <QTimer>
#include <QUrl>
#include <sstream>

#include "engine/record/poll_recording_writer.h"
#include "remote/kv_events/kv_event_subscriber.h"
#include "remote/otlp/listen_address.h"
#include "remote/otlp/otlp_http_server.h"
#include "remote/otlp/request_span_record.h"

namespace inferscope::ui {

namespace {
// A session left attached for a day at 1 s keeps ~86,000 polls (some tens of MiB); past this the oldest
// are not dropped, recording just stops (the saved file says what it holds).
constexpr std::size_t kMaxRecordedPolls = 100'000;
}  // namespace

RemoteServerSource::RemoteServerSource(QObject* parent) : QObject(parent) {
  kvTimer_ = new QTimer(this);
  kvTimer_->setInterval(500);
  connect(kvTimer_, &QTimer::timeout, this, &RemoteServerSource::readKvEvents);
}

RemoteServerSource::~RemoteServerSource() { detach(); }

void RemoteServerSource::attach(const QStringList& urls, int interval_ms) {
  detach();
  // What was polled before stays saveable until now.
  recorded_.clear();
  recordedKv_.clear();
  recordedSpans_.clear();
  clock_.start();
  urls_ = urls;
  intervalMs_ = interval_ms;
  emit attached(urls_);
  worker_ = new QThread(this);
  worker_->setObjectName(QStringLiteral("inferscope-attach"));
  for (const QString& url : urls) {
    auto* poller = new remote::ServerPoller(QUrl(url), interval_ms);
    poller->moveToThread(worker_);
    connect(worker_, &QThread::started, poller, &remote::ServerPoller::start);
    // Deleted on the worker thread as it ends: its network objects belong to that thread.
    connect(worker_, &QThread::finished, poller, &QObject::deleteLater);
    connect(poller, &remote::ServerPoller::polled, this, &RemoteServerSource::onPolled, Qt::QueuedConnection);
    pollers_.push_back(poller);
  }
  worker_->start();
}

void RemoteServerSource::attachKvEvents(const QString& endpoint, const QString& replay, const QString& topic) {
  kvTimer_->stop();
  kv_.reset();
  {
    std::lock_guard lock(kvMutex_);
    kvCache_ = remote::KvPrefixCache();
    kvApplied_ = 0;
    kvTreeApplied_ = ~std::uint64_t(0);
  }
  kvEndpoint_ = endpoint;
  const std::string replayEndpoint =
      replay.isEmpty() ? remote::default_replay_endpoint(endpoint.toStdString()) : replay.toStdString();
  kv_ = std::make_unique<remote::KvEventSubscriber>(endpoint.toStdString(), replayEndpoint, topic.toStdString(),
                                                    [this](std::int64_t, remote::KvEventBatch b) {
                                                      std::lock_guard lock(kvMutex_);
                                                      kvCache_.apply(b);
                                                      ++kvApplied_;
                                                    });
  kv_->start();
  kvTimer_->start();
  readKvEvents();
}

bool RemoteServerSource::listenTraces(const QString& hostPort, QString* error) {
  auto fail = [error](const QString& why) {
    if (error) *error = why;
    return false;
  };
  std::string why;
  std::optional<remote::ListenAddress> address = remote::parse_listen_address(hostPort.toStdString(), &why);
  if (!address) return fail(QString::fromStdString(why));
  if (!address->loopback)
    return fail(tr("%1 is not a loopback address: the Servers tab receives traces on this computer only "
                   "(inferscope-cli attach --otlp-allow-remote takes them from other hosts).")
                    .arg(hostPort));
  delete traces_;
  traces_ = nullptr;
  tracesAddress_.clear();
  if (!clock_.isValid()) clock_.start();
  receiver_ = std::make_unique<remote::OtlpTraceReceiver>(kMaxRecordedPolls);
  receiver_->on_requests([this](const std::vector<remote::LlmRequestSpan>& got) {
    for (const remote::LlmRequestSpan& r : got)
      if (recordedSpans_.size() < kMaxRecordedPolls) recordedSpans_.push_back(remote::to_record(r));
    emit traced(got);
  });
  auto* server = new remote::OtlpHttpServer(*receiver_, [this] { return clock_.nsecsElapsed() / 1e9; }, {}, this);
  QString listenError;
  if (!server->listen(*address, &listenError)) {
    delete server;
    receiver_.reset();
    return fail(listenError);
  }
  traces_ = server;
  address->port = server->port();
  tracesAddress_ = QString::fromStdString(address->text());
  connect(server, &remote::OtlpHttpServer::exportHandled, this, &RemoteServerSource::traceStatsChanged);
  return true;
}

remote::OtlpReceiverStats RemoteServerSource::traceStats() const {
  return receiver_ ? receiver_->stats() : remote::OtlpReceiverStats{};
}

void RemoteServerSource::detach() {
  const bool was = isAttached();
  if (worker_) {
    for (remote::ServerPoller* p : pollers_) QMetaObject::invokeMethod(p, &remote::ServerPoller::stop, Qt::BlockingQueuedConnection);
    worker_->quit();
    worker_->wait();
    delete worker_;
    worker_ = nullptr;
  }
  pollers_.clear();
  kvTimer_->stop();
  kv_.reset();  // joins the subscriber thread
  delete traces_;  // the receiver stays: its counts are still shown
  traces_ = nullptr;
  tracesAddress_.clear();
  if (was) emit detached();
}

void RemoteServerSource::onPolled(const remote::ServerPoint& p) {
  if (recorded_.size() < kMaxRecordedPolls) recorded_.push_back(remote::to_record(remote::poll_facts(p)));
  emit polled(p);
}

void RemoteServerSource::readKvEvents() {
  if (!kv_) return;
  const remote::KvEventStreamStatus st = kv_->status();
  remote::KvEventsFacts k{0.0, kvEndpoint_.toStdString(), st.batches, st.replayed, st.missed, st.decode_errors,
                          st.last_error, {}};
  double stored = 0, removed = 0;
  {
    std::lock_guard lock(kvMutex_);
    k.summary = kvCache_.summary();
    stored = kvCache_.stored_per_second(10);
    removed = kvCache_.removed_per_second(10);
    // Laid out again only when a batch changed the cache: the walk is over every held block.
    if (kvTreeApplied_ != kvApplied_) {
      kvTree_ = remote::layout_prefix_tree(kvCache_);
      kvTreeApplied_ = kvApplied_;
    }
  }
  if (!recorded_.empty()) k.t_s = recorded_.back().t_s;
  if (recordedKv_.size() < kMaxRecordedPolls) recordedKv_.push_back(remote::to_record(k));
  emit kvReading(k, stored, removed);
  emit kvTree(kvTree_);
}

bool RemoteServerSource::saveRecording(const QString& path, QString* error) const {
  if (recorded_.empty() && recordedSpans_.empty()) {
    if (error) *error = tr("No server was polled yet: there is nothing to save.");
    return false;
  }
  std::ostringstream out;
  std::vector<std::string> servers;
  for (const QString& u : urls_) servers.push_back(u.toStdString());
  record::PollRecordingWriter w(out, {"InferScope (Servers tab)", servers, intervalMs_, kvEndpoint_.toStdString()});
  for (const auto& p : recorded_) w.add_poll(p);
  for (const auto& k : recordedKv_) w.add_kv_events(k);
  w.add_request_spans(recordedSpans_);
  w.finish();
  const std::string bytes = out.str();
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly) || f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()) || !f.commit()) {
    if (error) *error = tr("%1 cannot be written: %2").arg(path, f.errorString());
    return false;
  }
  return true;
}

}  // namespace inferscope::ui
