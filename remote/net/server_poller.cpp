#include "remote/net/server_poller.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <algorithm>

namespace inferscope::remote {
namespace {
constexpr qint64 kMaxBody = 32 << 20;  // a /metrics body beyond this is not a serving engine's
constexpr int kMaxBackoffMs = 10'000;

QString reply_error(QNetworkReply* r) {
  const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  if (r->error() == QNetworkReply::NoError && status >= 400) return QStringLiteral("HTTP %1").arg(status);
  if (r->error() == QNetworkReply::OperationCanceledError) return QStringLiteral("timed out");
  return r->errorString();
}
}  // namespace

ServerPollFacts poll_facts(const ServerPoint& p) {
  return {p.url.toStdString(), p.t_s, p.up, p.error.toStdString(), p.consecutive_failures, p.parse_warnings,
          p.scrape, p.window, p.slot_read};
}

ServerPoint server_point(const ServerPollFacts& f) {
  ServerPoint p;
  p.url = QString::fromStdString(f.url);
  p.t_s = f.t_s;
  p.up = f.up;
  p.error = QString::fromStdString(f.error);
  p.consecutive_failures = f.consecutive_failures;
  p.parse_warnings = f.parse_warnings;
  p.scrape = f.scrape;
  p.window = f.window;
  p.slot_read = f.slot_read;
  return p;
}

ServerPoller::ServerPoller(QUrl base, int interval_ms, QObject* parent)
    : QObject(parent), base_(std::move(base)), interval_ms_(std::max(50, interval_ms)) {
  qRegisterMetaType<ServerPoint>();
}

ServerPoller::~ServerPoller() { stop(); }

void ServerPoller::start() {
  if (running_) return;
  if (!net_) {
    net_ = new QNetworkAccessManager(this);
    timer_ = new QTimer(this);
    timer_->setSingleShot(true);
    connect(timer_, &QTimer::timeout, this, &ServerPoller::poll);
  }
  running_ = true;
  clock_.start();
  poll();
}

void ServerPoller::stop() {
  running_ = false;
  if (timer_) timer_->stop();
  for (QNetworkReply* r : {metrics_reply_.data(), slots_reply_.data()})
    if (r) r->abort();
}

QNetworkReply* ServerPoller::get(const QString& path) {
  QUrl url = base_;
  url.setPath(url.path().endsWith('/') ? url.path() + path.mid(1) : url.path() + path);
  QNetworkRequest req(url);
  req.setTransferTimeout(std::max(2000, 2 * interval_ms_));
  req.setRawHeader("Accept", "text/plain;version=0.0.4, application/json");
  QNetworkReply* reply = net_->get(req);
  // Stop reading a body that grows past any real server's.
  connect(reply, &QNetworkReply::downloadProgress, reply, [reply](qint64 received, qint64) {
    if (received > kMaxBody) reply->abort();
  });
  return reply;
}

void ServerPoller::poll() {
  if (!running_) return;
  pending_ = ServerPoint{};
  pending_.url = base_.toString();
  pending_.t_s = static_cast<double>(clock_.nsecsElapsed()) / 1e9;
  metrics_reply_ = get(QStringLiteral("/metrics"));
  // /slots only where it exists: a llama.cpp server (known from an earlier scrape, or not known yet).
  const bool maybe_llamacpp = !last_good_ || last_good_->kind == ServerKind::LlamaCpp;
  slots_reply_ = maybe_llamacpp ? get(QStringLiteral("/slots")) : nullptr;
  for (QNetworkReply* r : {metrics_reply_.data(), slots_reply_.data()})
    if (r) connect(r, &QNetworkReply::finished, this, &ServerPoller::finishPoll);
}

void ServerPoller::finishPoll() {
  // Both replies must be done; the second to finish completes the poll.
  for (QNetworkReply* r : {metrics_reply_.data(), slots_reply_.data()})
    if (r && !r->isFinished()) return;
  QNetworkReply* metrics = metrics_reply_.data();
  QNetworkReply* slots_reply = slots_reply_.data();
  metrics_reply_.clear();
  slots_reply_.clear();
  if (!metrics) return;
  if (!running_) {  // stopped mid-poll: the aborted replies are not a server being down
    metrics->deleteLater();
    if (slots_reply) slots_reply->deleteLater();
    return;
  }

  const int status = metrics->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
  if (metrics->error() != QNetworkReply::NoError || status >= 400) {
    pending_.error = reply_error(metrics);
  } else {
    const QByteArray body = metrics->readAll();
    const Exposition e = parse_prometheus_text(std::string_view(body.constData(), static_cast<std::size_t>(body.size())));
    pending_.parse_warnings = e.warnings.size();
    ServerScrape s = read_server_scrape(e, pending_.t_s);
    if (e.families.empty()) {
      pending_.error = QStringLiteral("the answer to /metrics is not Prometheus text");
    } else {
      pending_.up = true;
      if (last_good_ && last_good_->kind == s.kind) pending_.window = server_window(s, *last_good_);
      pending_.scrape = s;
      last_good_ = s;
    }
  }
  if (pending_.up && slots_reply && slots_reply->error() == QNetworkReply::NoError) {
    const QByteArray body = slots_reply->readAll();
    SlotsRead sr = read_llamacpp_slots(std::string_view(body.constData(), static_cast<std::size_t>(body.size())));
    if (sr.error.empty()) {
      if (last_slots_ && pending_.window && pending_.window->seconds > 0.0)
        if (const auto generated = generated_between(*last_slots_, sr))
          pending_.window->generation_tokens_per_s = *generated / pending_.window->seconds;
      last_slots_ = sr;
      pending_.slot_read = std::move(sr);
    }
  }
  metrics->deleteLater();
  if (slots_reply) slots_reply->deleteLater();
  failures_ = pending_.up ? 0 : failures_ + 1;
  pending_.consecutive_failures = failures_;
  emit polled(pending_);
  schedule();
}

void ServerPoller::schedule() {
  if (!running_) return;
  int wait = interval_ms_;
  if (failures_ > 0) wait = std::min(kMaxBackoffMs, interval_ms_ << std::min(failures_, 8));
  timer_->start(wait);
}

}  // namespace inferscope::remote
