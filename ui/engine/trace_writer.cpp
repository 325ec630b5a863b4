#include "ui/engine/trace_writer.h"

#include "engine/record/chrome_trace.h"
#include "remote/otlp/otlp_trace_encode.h"
#include "remote/otlp/otlp_trace_sender.h"
#include "remote/otlp/run_request_spans.h"

namespace inferscope::ui {

bool isTraceUrl(const QString& target) {
  return target.startsWith(QLatin1String("http://"), Qt::CaseInsensitive) ||
         target.startsWith(QLatin1String("https://"), Qt::CaseInsensitive);
}

QString collectorTarget(const QString& address) {
  return address.contains(QLatin1String("://")) ? address : QStringLiteral("http://") + address;
}

void writeTrace(const record::Recording& recording, const QString& target, QObject* context,
                std::function<void(bool ok, const QString& error)> done) {
  if (!isTraceUrl(target)) {
    std::string error;
    const bool ok = record::write_chrome_trace(recording, target.toStdString(), &error);
    done(ok, QString::fromStdString(error));
    return;
  }
  QString why;
  const QUrl url = remote::otlp_traces_url(target, &why);
  if (url.isEmpty()) {
    done(false, why);
    return;
  }
  std::vector<std::string> bodies;
  try {
    bodies = remote::encode_export_trace_batches(remote::run_request_spans(recording), remote::kOtlpSpansPerExport);
  } catch (const std::exception& e) {
    done(false, QString::fromUtf8(e.what()));
    return;
  }
  if (bodies.empty()) {
    done(false, QObject::tr("The run has no request yet: there is nothing to send."));
    return;
  }
  auto* sender = new remote::OtlpTraceSender(context);
  QObject::connect(sender, &remote::OtlpTraceSender::finished, context,
                   [sender, done = std::move(done)](bool ok, int, const QString& error) {
                     sender->deleteLater();
                     done(ok, error);
                   });
  sender->send(url, std::move(bodies));
}

}  // namespace inferscope::ui
