#include "remote/otlp/otlp_trace_sender.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include "remote/otlp/otlp_export_reply.h"

namespace inferscope::remote {

QUrl otlp_traces_url(const QString& text, QString* error) {
  QString t = text.trimmed();
  if (!t.contains(QStringLiteral("://"))) t.prepend(QStringLiteral("http://"));
  QUrl url(t, QUrl::StrictMode);
  if (!url.isValid() || url.host().isEmpty()) {
    if (error) *error = QStringLiteral("%1 is not a URL (expected e.g. http://127.0.0.1:4318/v1/traces)").arg(text);
    return {};
  }
  if (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) {
    if (error) *error = QStringLiteral("%1: OTLP/HTTP goes to an http:// or https:// URL").arg(text);
    return {};
  }
  if (url.path().isEmpty() || url.path() == QLatin1String("/")) url.setPath(QStringLiteral("/v1/traces"));
  return url;
}

OtlpTraceSender::OtlpTraceSender(QObject* parent) : QObject(parent), net_(new QNetworkAccessManager(this)) {}

void OtlpTraceSender::send(const QUrl& url, std::vector<std::string> bodies, int timeout_ms) {
  if (busy_) {
    emit finished(false, 0, QStringLiteral("a trace is still being sent"));
    return;
  }
  url_ = url;
  bodies_ = std::move(bodies);
  next_ = 0;
  timeout_ms_ = timeout_ms;
  busy_ = true;
  sendNext();
}

void OtlpTraceSender::sendNext() {
  if (next_ == bodies_.size()) {
    busy_ = false;
    emit finished(true, int(next_), QString());
    return;
  }
  QNetworkRequest req(url_);
  req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-protobuf"));
  req.setTransferTimeout(timeout_ms_);
  const std::string& body = bodies_[next_];
  QNetworkReply* reply = net_->post(req, QByteArray(body.data(), qsizetype(body.size())));
  connect(reply, &QNetworkReply::finished, this, [this, reply] {
    reply->deleteLater();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    QString why;
    if (status == 0) {
      why = reply->error() == QNetworkReply::OperationCanceledError
                ? QStringLiteral("%1 did not answer in %2 s").arg(url_.toString()).arg(timeout_ms_ / 1000.0)
                : QStringLiteral("%1: %2").arg(url_.toString(), reply->errorString());
    } else {
      const QByteArray body = reply->readAll();
      const QByteArray type = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
      const OtlpExportReply r = read_otlp_export_reply(status, std::string_view(type.constData(), size_t(type.size())),
                                                       std::string_view(body.constData(), size_t(body.size())));
      why = QString::fromStdString(describe_otlp_export_reply(status, r));
      if (!why.isEmpty()) why = QStringLiteral("%1: %2").arg(url_.toString(), why);
    }
    if (!why.isEmpty()) {
      busy_ = false;
      emit finished(false, int(next_), why);
      return;
    }
    ++next_;
    sendNext();
  });
}

QString OtlpTraceSender::sendAndWait(const QUrl& url, std::vector<std::string> bodies, int timeout_ms) {
  OtlpTraceSender sender;
  QEventLoop loop;
  QString error;
  connect(&sender, &OtlpTraceSender::finished, &loop, [&](bool ok, int, const QString& why) {
    if (!ok) error = why;
    loop.quit();
  });
  sender.send(url, std::move(bodies), timeout_ms);
  if (sender.busy_) loop.exec();
  return error;
}

}  // namespace inferscope::remote
