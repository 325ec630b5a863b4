#pragma once
// The OTLP/HTTP trace receiver on a socket (Qt Network): connections accepted on the event loop's thread,
// their bytes framed by HttpRequestReader and answered by OtlpTraceReceiver. The decoding and the rules
// live there, Qt-free; this file only moves bytes.
//
// Bounds: at most max_connections at once (more are closed on arrival), each holding at most one header
// section and one body (the limits), read 64 KiB at a time; a connection idle for idle_timeout_ms is closed.
#include <QObject>
#include <QString>
#include <functional>
#include <memory>

#include "remote/otlp/http_request_reader.h"
#include "remote/otlp/listen_address.h"
#include "remote/otlp/otlp_trace_receiver.h"

class QTcpServer;
class QTcpSocket;

namespace inferscope::remote {

class OtlpHttpServer : public QObject {
  Q_OBJECT
 public:
  struct Options {
    HttpLimits limits;
    int max_connections = 32;
    int idle_timeout_ms = 60000;
  };
  // receiver must outlive the server; clock gives the session's seconds (each request's received_t_s).
  OtlpHttpServer(OtlpTraceReceiver& receiver, std::function<double()> clock, Options options, QObject* parent = nullptr);
  ~OtlpHttpServer() override;

  // Starts listening; false and *error ("cannot listen on 127.0.0.1:4318: address in use") when it cannot.
  bool listen(const ListenAddress& address, QString* error);
  // The port listened on (the one chosen when the address asked for 0).
  quint16 port() const;

 signals:
  // After each export accepted or refused (stats() changed).
  void exportHandled();

 private:
  void accept();
  void serve(QTcpSocket* socket);
  OtlpTraceReceiver& receiver_;
  std::function<double()> clock_;
  Options options_;
  QTcpServer* server_ = nullptr;
  int connections_ = 0;
};

}  // namespace inferscope::remote
