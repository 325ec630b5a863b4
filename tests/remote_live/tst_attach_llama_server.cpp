// `inferscope-cli attach` against a real llama.cpp server (llama-server from the pinned llama-cpp-python
// sdist, built by the bootstrap) on the default model: concurrent completions show as busy slots, slot
// fill and rising token counters, the idle state follows, and killing the server mid-run shows it down
// until it comes back on the same port.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QtTest>

#include "tests/common/test_support.h"

namespace {

// INFERSCOPE_LLAMA_SERVER, else the bootstrap's cache folder; empty when absent.
QString llama_server_binary() {
  const std::string dir = inferscope::test::cache_dir_if_present("INFERSCOPE_LLAMA_SERVER_DIR", "llama-server-0.3.36",
                                                                 "llama-server");
  return dir.empty() ? QString() : QString::fromStdString(dir) + "/llama-server";
}

int free_port() {
  QTcpServer s;
  s.listen(QHostAddress::LocalHost, 0);
  return s.serverPort();
}

}  // namespace

class TestAttachLlamaServer : public QObject {
  Q_OBJECT

  QString model_;
  QString server_bin_;
  int port_ = 0;

  void startServer(QProcess& p) {
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(server_bin_, {"-m", model_, "--metrics", "--slots", "-np", "4", "-c", "2048", "-t", "1", "--host",
                          "127.0.0.1", "--port", QString::number(port_)});
    QVERIFY(p.waitForStarted(10000));
    QNetworkAccessManager net;
    QTRY_VERIFY_WITH_TIMEOUT(([&] {
                               QNetworkReply* r = net.get(QNetworkRequest(QUrl(QStringLiteral("http://127.0.0.1:%1/health").arg(port_))));
                               QEventLoop loop;
                               connect(r, &QNetworkReply::finished, &loop, &QEventLoop::quit);
                               loop.exec();
                               const bool ok = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200;
                               r->deleteLater();
                               return ok;
                             }()),
                             60000);
  }

 private slots:
  void initTestCase() {
    const std::string model = inferscope::test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(model, "the default model");
    model_ = QString::fromStdString(model);
    server_bin_ = llama_server_binary();
    INFERSCOPE_REQUIRE_MODEL(server_bin_.toStdString(), "llama-server (built by packaging/bootstrap.sh test)");
  }

  void busyIdleDownAndBack() {
    port_ = free_port();
    QProcess server;
    startServer(server);

    QProcess attach;
    attach.start(QStringLiteral(INFERSCOPE_CLI_PATH),
                 {"attach", QStringLiteral("http://127.0.0.1:%1").arg(port_), "--interval", "200", "--duration", "24", "--json"});
    QVERIFY(attach.waitForStarted(10000));
    QTest::qWait(1500);

    // Four concurrent completions of exactly 48 tokens each (EOS ignored): the counters' closed form.
    QNetworkAccessManager net;
    int done = 0;
    for (int i = 0; i < 4; ++i) {
      QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1/completion").arg(port_)));
      req.setHeader(QNetworkRequest::ContentTypeHeader, "application/json");
      QNetworkReply* r = net.post(req, R"({"prompt":"Once upon a time, in a quiet village,","n_predict":48,"ignore_eos":true,"temperature":0})");
      connect(r, &QNetworkReply::finished, this, [&done, r] { ++done; r->deleteLater(); });
    }
    QTRY_COMPARE_WITH_TIMEOUT(done, 4, 60000);
    QTest::qWait(1500);  // idle polls

    server.kill();
    server.waitForFinished(5000);
    QTest::qWait(2500);  // down polls
    QProcess server2;
    startServer(server2);

    QVERIFY(attach.waitForFinished(60000));
    server2.terminate();
    server2.waitForFinished(5000);
    QCOMPARE(attach.exitCode(), 0);
    const QJsonDocument doc = QJsonDocument::fromJson(attach.readAllStandardOutput());
    const QJsonArray polls = doc.object().value("polls").toArray();
    QVERIFY(polls.size() > 10);

    // Walk the polls in order: busy -> idle with all 192 tokens counted -> down -> up again (new server).
    int phase = 0, max_busy = 0, max_fill = 0;
    for (const QJsonValue& v : polls) {
      const QJsonObject p = v.toObject();
      const bool up = p.value("up").toBool();
      if (up) QCOMPARE(p.value("kind").toString(), QStringLiteral("llama.cpp"));
      if (phase == 0 && up) {
        int busy = 0;
        for (const QJsonValue& s : p.value("slots").toArray()) {
          const QJsonObject slot = s.toObject();
          if (!slot.value("processing").toBool()) continue;
          ++busy;
          QVERIFY(slot.value("prompt_tokens").toInt() > 0);
          max_fill = std::max(max_fill, slot.value("prompt_tokens").toInt() + slot.value("generated_tokens").toInt());
        }
        max_busy = std::max(max_busy, busy);
        if (busy > 0) QVERIFY(p.value("running").toDouble() > 0);
        if (max_busy >= 2 && p.value("running").toDouble() == 0 && p.value("generation_tokens_total").toDouble() == 4 * 48)
          phase = 1;  // idle after the work, every generated token counted
      } else if (phase == 1 && !up) {
        QVERIFY(!p.value("error").toString().isEmpty());
        phase = 2;
      } else if (phase == 2 && up) {
        QCOMPARE(p.value("generation_tokens_total").toDouble(), 0.0);  // the restarted server's counters
        phase = 3;
      }
    }
    QVERIFY2(max_busy >= 2, "never saw two busy slots at once");
    QVERIFY(max_fill > 8 && max_fill <= 512);  // a slot's context filled, within its 512 tokens
    QCOMPARE(phase, 3);
  }

  void nothingAnswersExitsNonZero() {
    QProcess attach;
    attach.start(QStringLiteral(INFERSCOPE_CLI_PATH),
                 {"attach", QStringLiteral("http://127.0.0.1:%1").arg(free_port()), "--interval", "100", "--duration", "1"});
    QVERIFY(attach.waitForFinished(20000));
    QVERIFY(attach.exitCode() != 0);
    QVERIFY(attach.readAllStandardError().contains("no server answered"));
  }
};

QTEST_GUILESS_MAIN(TestAttachLlamaServer)
#include "tst_attach_llama_server.moc"
