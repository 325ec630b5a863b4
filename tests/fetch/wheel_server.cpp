#include "tests/fetch/wheel_server.h"

#include <zip.h>

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>

QByteArray makeWheel(const QList<QPair<QString, QByteArray>>& members) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("w.whl"));
  int err = 0;
  zip_t* z = zip_open(QFile::encodeName(path).constData(), ZIP_CREATE | ZIP_TRUNCATE, &err);
  if (!z) return {};
  for (const auto& [name, bytes] : members) {
    zip_source_t* src = zip_source_buffer(z, bytes.constData(), static_cast<zip_uint64_t>(bytes.size()), 0);
    const zip_int64_t i = zip_file_add(z, name.toUtf8().constData(), src, ZIP_FL_OVERWRITE);
    zip_set_file_compression(z, static_cast<zip_uint64_t>(i), ZIP_CM_STORE, 0);
  }
  if (zip_close(z) != 0) return {};
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

WheelServer::WheelServer() {
  connect(&server_, &QTcpServer::newConnection, this, [this] {
    while (QTcpSocket* s = server_.nextPendingConnection()) {
      connect(s, &QTcpSocket::readyRead, this, [this, s] { serve(s); });
      connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
    }
  });
}

void WheelServer::addWheel(const QString& project, const QString& file, const QByteArray& bytes, bool shaInPage) {
  byProject_.insert(project, {file, bytes, shaInPage});
}

void WheelServer::serve(QTcpSocket* s) {
  QByteArray request = s->property("request").toByteArray() + s->readAll();
  s->setProperty("request", request);
  if (!request.contains("\r\n\r\n")) return;
  const QList<QByteArray> first = request.left(request.indexOf("\r\n")).split(' ');
  const QString path = QString::fromLatin1(first.value(1));
  auto respond = [s](const QByteArray& status, const QByteArray& type, const QByteArray& body, qint64 length) {
    s->write("HTTP/1.1 " + status + "\r\nContent-Type: " + type + "\r\nContent-Length: " + QByteArray::number(length) +
             "\r\nConnection: close\r\n\r\n");
    s->write(body);
  };
  const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
  // /simple/<project>/ : the project page; /files/<file> : a wheel.
  if (parts.size() == 2 && parts[0] == QLatin1String("simple") && byProject_.contains(parts[1])) {
    const Entry& e = byProject_[parts[1]];
    QByteArray href = "../../files/" + e.file.toUtf8();
    if (e.shaInPage) href += "#sha256=" + QCryptographicHash::hash(e.bytes, QCryptographicHash::Sha256).toHex();
    const QByteArray page = "<!DOCTYPE html><html><body><a href=\"../../files/other-0.1.tar.gz\">other-0.1.tar.gz</a><br/>"
                            "<a href=\"" + href + "\" data-requires-python=\"&gt;=3.9\">" + e.file.toUtf8() +
                            "</a><br/></body></html>";
    respond("200 OK", "text/html", page, page.size());
    s->disconnectFromHost();
    return;
  }
  if (parts.size() == 2 && parts[0] == QLatin1String("files")) {
    for (const Entry& e : std::as_const(byProject_)) {
      if (e.file != parts[1]) continue;
      ++wheelRequests_;
      switch (mode_) {
        case Mode::Whole:
          respond("200 OK", "application/octet-stream", e.bytes, e.bytes.size());
          s->disconnectFromHost();
          break;
        case Mode::Truncated:  // the header promises everything, the connection ends halfway
          respond("200 OK", "application/octet-stream", e.bytes.left(e.bytes.size() / 2), e.bytes.size());
          s->disconnectFromHost();
          break;
        case Mode::Stall:  // a first part, then nothing until the client gives up
          respond("200 OK", "application/octet-stream", e.bytes.left(e.bytes.size() / 4), e.bytes.size());
          stalled_ << s;
          break;
      }
      return;
    }
  }
  respond("404 Not Found", "text/plain", "not here\n", 9);
  s->disconnectFromHost();
}
