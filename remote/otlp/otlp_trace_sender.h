#pragma once
// Sends OTLP/HTTP trace exports (protobuf bodies, POST application/x-protobuf) to a collector, one after
// another, with Qt Network on the thread that owns it; never blocks that thread. Reports once: finished.
// An export the collector refuses (an error status, or spans it rejects) stops the rest and says why in
// the collector's words (remote/otlp/otlp_export_reply.h).
#include <QObject>
#include <QString>
#include <QUrl>
#include <string>
#include <vector>

class QNetworkAccessManager;

namespace inferscope::remote {

// The URL exports go to: an http(s) URL used as given when it has a path (vLLM's --otlp-traces-endpoint,
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), "/v1/traces" appended to a bare host:port (as the SDKs do with
// OTEL_EXPORTER_OTLP_ENDPOINT); "127.0.0.1:4318" is taken as http://127.0.0.1:4318/v1/traces. An
// invalid URL or another scheme: an empty QUrl and *error saying why.
QUrl otlp_traces_url(const QString& text, QString* error);

class OtlpTraceSender : public QObject {
  Q_OBJECT
 public:
  explicit OtlpTraceSender(QObject* parent = nullptr);

  // Starts sending (one send at a time: a call while sending is refused through finished). Each export
  // may take timeout_ms; a collector that does not answer in time fails the send.
  void send(const QUrl& url, std::vector<std::string> bodies, int timeout_ms = 15000);

  // Sends and waits (a nested event loop; needs a Q(Core)Application): empty on success, else why.
  static QString sendAndWait(const QUrl& url, std::vector<std::string> bodies, int timeout_ms = 15000);

 signals:
  // exports: how many the collector took (all of them when ok).
  void finished(bool ok, int exports, const QString& error);

 private:
  void sendNext();
  QNetworkAccessManager* net_;
  QUrl url_;
  std::vector<std::string> bodies_;
  size_t next_ = 0;
  int timeout_ms_ = 15000;
  bool busy_ = false;
};

}  // namespace inferscope::remote
