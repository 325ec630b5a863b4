#include "remote/otlp/otlp_http_server.h"

#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace inferscope::remote {

namespace {
constexpr qint64 kReadChunk = 64 * 1024;
}

OtlpHttpServer::OtlpHttpServer(OtlpTraceReceiver& receiver, std::function<double()> clock, Options options, QObject* parent)
    : QObject(parent), receiver_(receiver), clock_(std::move(clock)), options_(options), server_(new QTcpServer(this)) {
  connect(server_, &QTcpServer::newConnection, this, &OtlpHttpServer::accept);
}

OtlpHttpServer::~OtlpHttpServer() = default;

bool OtlpHttpServer::listen(const ListenAddress& address, QString* error) {
  if (server_->listen(QHostAddress(QString::fromStdString(address.host)), address.port)) return true;
  if (error)
    *error = QStringLiteral("cannot listen on %1: %2").arg(QString::fromStdString(address.text()), server_->errorString());
  return false;
}

quint16 OtlpHttpServer::port() const { return server_->serverPort(); }

void OtlpHttpServer::accept() {
  while (QTcpSocket* s = server_->nextPendingConnection()) {
    if (connections_ >= options_.max_connections) {
      // Over the cap: answered, not served (the sender retries later).
      HttpResponse busy;
      busy.status = 503;
      busy.content_type = "text/plain; charset=utf-8";
      busy.body = "too many connections\n";
      busy.close = true;
      busy.extra_headers.emplace_back("Retry-After", "1");
      const std::string bytes = busy.serialize();
      s->write(bytes.data(), qint64(bytes.size()));
      s->disconnectFromHost();
      connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
      continue;
    }
    serve(s);
  }
}

void OtlpHttpServer::serve(QTcpSocket* socket) {
  ++connections_;
  socket->setReadBufferSize(kReadChunk);  // Qt reads no more ahead than this: memory stays bounded
  auto reader = std::make_shared<HttpRequestReader>(options_.limits);
  auto* idle = new QTimer(socket);
  idle->setSingleShot(true);
  idle->setInterval(options_.idle_timeout_ms);
  connect(idle, &QTimer::timeout, socket, [socket] { socket->abort(); });
  idle->start();
  connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
    --connections_;
    socket->deleteLater();
  });
  connect(socket, &QTcpSocket::readyRead, socket, [this, socket, reader, idle] {
    idle->start();
    while (socket->bytesAvailable() > 0 && !reader->failed()) {
      const QByteArray chunk = socket->read(kReadChunk);
      reader->feed(std::string_view(chunk.constData(), size_t(chunk.size())));
      for (;;) {
        HttpRequestReader::Next n = reader->next();
        HttpResponse reply;
        if (n.error) {
          receiver_.count_refusal(*n.error);
          reply = std::move(*n.error);
        } else if (n.request) {
          reply = receiver_.handle(*n.request, clock_());
          reply.close = reply.close || !n.request->keep_alive;
        } else {
          break;
        }
        const std::string bytes = reply.serialize();
        socket->write(bytes.data(), qint64(bytes.size()));
        emit exportHandled();
        if (reply.close) {
          socket->disconnectFromHost();  // after the reply is written
          return;
        }
      }
    }
  });
}

}  // namespace inferscope::remote
