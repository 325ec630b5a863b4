#pragma once
// tests/remote/otlp_collector.py as a child process (tests only): an OTLP/HTTP collector built on
// opentelemetry-proto's generated classes, in one mode (accept | reject | partial), its decoded exports
// read back as JSON.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>

namespace inferscope::test {

// Whether python3 has opentelemetry-proto and googleapis' status (the collector's imports).
inline bool have_otlp_collector() {
  QProcess check;
  check.start("python3", {"-c", "import opentelemetry.proto.collector.trace.v1.trace_service_pb2, google.rpc.status_pb2"});
  return check.waitForFinished(30000) && check.exitStatus() == QProcess::NormalExit && check.exitCode() == 0;
}

struct OtlpCollector {
  QProcess p;
  QString out;
  int port = 0;
  // Starts it; false when it did not print its port within 30 s.
  bool start(const QString& mode, const QString& path) {
    out = path;
    p.start("python3", {QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/remote/otlp_collector.py"), mode, out, "600"});
    if (!p.waitForStarted(10000)) return false;
    for (int i = 0; i < 150 && !p.canReadLine(); ++i) p.waitForReadyRead(200);
    const QList<QByteArray> words = p.readLine().trimmed().split(' ');
    port = words.size() == 2 && words[0] == "PORT" ? words[1].toInt() : 0;
    return port > 0;
  }
  QString url() const { return QStringLiteral("http://127.0.0.1:%1/v1/traces").arg(port); }
  // {"exports": n, "content_types": [...], "spans": [...]}, as the script writes after each export.
  QJsonObject seen() const {
    QFile f(out);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
  }
  ~OtlpCollector() {
    p.closeWriteChannel();  // the script exits when its stdin closes
    if (!p.waitForFinished(5000)) p.kill();
    p.waitForFinished(2000);
  }
};

}  // namespace inferscope::test
