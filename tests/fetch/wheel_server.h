#pragma once
// A package index on 127.0.0.1 for the fetch tests: serves a "simple" project page per wheel and the
// wheels themselves, whole, cut short, or stalled after a first part (for Cancel).
#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

// A zip archive (a wheel) with these members, stored uncompressed; empty on failure.
QByteArray makeWheel(const QList<QPair<QString, QByteArray>>& members);

class WheelServer : public QObject {
  Q_OBJECT
 public:
  enum class Mode { Whole, Truncated, Stall };

  bool listen() { return server_.listen(QHostAddress::LocalHost, 0); }
  QUrl indexUrl() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/simple/").arg(server_.serverPort())); }
  // project -> (wheel file name, bytes); the page links the file relatively, with a #sha256= fragment
  // unless shaInPage is false.
  void addWheel(const QString& project, const QString& file, const QByteArray& bytes, bool shaInPage = true);
  void setMode(Mode m) { mode_ = m; }
  int wheelRequests() const { return wheelRequests_; }

  WheelServer();

 private:
  void serve(QTcpSocket* s);
  struct Entry {
    QString file;
    QByteArray bytes;
    bool shaInPage;
  };
  QTcpServer server_;
  QHash<QString, Entry> byProject_;
  Mode mode_ = Mode::Whole;
  int wheelRequests_ = 0;
  QList<QPointer<QTcpSocket>> stalled_;
};
