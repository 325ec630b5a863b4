#pragma once
// Polls one serving engine's HTTP endpoints (/metrics, and /slots for llama.cpp's server) at an
// interval, with Qt Network, and reports each poll as a ServerPoint. Lives on whatever thread owns it
// (the GUI moves it to a worker thread; the CLI runs it on its main loop); never blocks that thread.
// A server that is down, slow or answers garbage is reported as such and retried with exponential
// backoff (up to 10 s between tries). Only GET requests to those two paths are ever sent.

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>
#include <optional>

#include "remote/metrics/llamacpp_slots.h"
#include "remote/metrics/server_metrics.h"
#include "remote/record/server_poll_facts.h"

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace inferscope::remote {

struct ServerPoint {
  QString url;
  double t_s = 0.0;  // seconds since the poller started
  bool up = false;   // this poll's /metrics answered and parsed
  QString error;     // why not, when down ("connection refused", "HTTP 404", "not Prometheus text", ...)
  int consecutive_failures = 0;
  ServerScrape scrape;                 // meaningful when up
  std::optional<ServerWindow> window;  // rates since the previous good scrape
  std::optional<SlotsRead> slot_read;  // llama.cpp only, when /slots answered
  std::size_t parse_warnings = 0;
};

// The same poll without Qt (recordings, the attach CSV) and back.
ServerPollFacts poll_facts(const ServerPoint& p);
ServerPoint server_point(const ServerPollFacts& f);

class ServerPoller : public QObject {
  Q_OBJECT
 public:
  // base: the server's root URL (e.g. http://127.0.0.1:8080); interval_ms >= 50.
  ServerPoller(QUrl base, int interval_ms, QObject* parent = nullptr);
  ~ServerPoller() override;

 public slots:
  void start();
  void stop();

 signals:
  void polled(const inferscope::remote::ServerPoint& point);

 private:
  void poll();
  void finishPoll();
  void schedule();
  QNetworkReply* get(const QString& path);

  QUrl base_;
  int interval_ms_;
  QNetworkAccessManager* net_ = nullptr;
  QTimer* timer_ = nullptr;
  QElapsedTimer clock_;
  QPointer<QNetworkReply> metrics_reply_, slots_reply_;
  std::optional<ServerScrape> last_good_;
  std::optional<SlotsRead> last_slots_;
  ServerPoint pending_;
  int failures_ = 0;
  bool running_ = false;
};

}  // namespace inferscope::remote

Q_DECLARE_METATYPE(inferscope::remote::ServerPoint)
