// `inferscope-cli attach` and the Servers tab (AttachPanel, offscreen) against a real llama.cpp server
// (llama-server from the pinned llama-cpp-python sdist, built by the bootstrap) on the default model:
// concurrent completions show as busy slots, slot fill and rising token counters, the idle state follows,
// and killing the server mid-run shows it down until it comes back on the same port. The session is
// recorded (attach --record, the panel's Save recording) and replayed: the replayed CSV is the live one,
// byte for byte, and a panel fed by the recording shows what the live one showed.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

#include "engine/record/recording.h"
#include "remote/record/server_poll_facts.h"
#include "tests/common/test_support.h"
#include "ui/attach/attach_panel.h"
#include "ui/attach/slot_fill_view.h"
#include "ui/charts/metrics_chart.h"

namespace {

// INFERSCOPE_LLAMA_SERVER, else the bootstrap's cache folder; empty when absent.
QByteArray read_all(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

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
  QTemporaryDir tmp_;

  // Four concurrent completions of exactly 48 tokens each (EOS ignored): the counters' closed form.
  void sendCompletions(QNetworkAccessManager& net, int& done) {
    for (int i = 0; i < 4; ++i) {
      QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1/completion").arg(port_)));
      req.setHeader(QNetworkRequest::ContentTypeHeader, "application/json");
      QNetworkReply* r = net.post(req, R"({"prompt":"Once upon a time, in a quiet village,","n_predict":48,"ignore_eos":true,"temperature":0})");
      connect(r, &QNetworkReply::finished, this, [&done, r] { ++done; r->deleteLater(); });
    }
  }

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

    const QString rec = tmp_.filePath("cli.isrec"), live_csv = tmp_.filePath("live.csv");
    QProcess attach;
    attach.start(QStringLiteral(INFERSCOPE_CLI_PATH),
                 {"attach", QStringLiteral("http://127.0.0.1:%1").arg(port_), "--interval", "200", "--duration", "24", "--json",
                  "--record", rec, "--metrics-out", live_csv});
    QVERIFY(attach.waitForStarted(10000));
    QTest::qWait(1500);

    QNetworkAccessManager net;
    int done = 0;
    sendCompletions(net, done);
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
          // The server's own count of the tokens in the slot's cache: the prompt computed so far and the
          // tokens sampled (a slot that has just taken its task may hold none yet).
          const int context = slot.value("context_tokens").toInt();
          QVERIFY(context >= slot.value("prompt_tokens").toInt());
          max_fill = std::max(max_fill, context);
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

    // The recording replays: the same CSV, byte for byte, and a summary of the same polls.
    const QString replay_csv = tmp_.filePath("replay.csv");
    QProcess replay;
    replay.start(QStringLiteral(INFERSCOPE_CLI_PATH), {"replay", rec, "--json", "--metrics-out", replay_csv});
    QVERIFY(replay.waitForFinished(30000));
    QCOMPARE(replay.exitCode(), 0);
    const QByteArray live_bytes = read_all(live_csv);
    QVERIFY(live_bytes.count('\n') == polls.size() + 1);
    QCOMPARE(read_all(replay_csv), live_bytes);
    const QJsonObject summary = QJsonDocument::fromJson(replay.readAllStandardOutput()).object();
    QCOMPARE(summary.value("kind").toString(), QStringLiteral("attach"));
    QCOMPARE(summary.value("complete").toBool(), true);
    QCOMPARE(summary.value("polls").toInt(), int(polls.size()));
    const QJsonObject seen = summary.value("servers").toArray().at(0).toObject();
    QCOMPARE(seen.value("max_slots_busy").toInt(), max_busy);
    QCOMPARE(seen.value("slots").toInt(), 4);
    QVERIFY(seen.value("disconnects").toInt() >= 1);
    QCOMPARE(seen.value("generation_tokens_total").toDouble(), 0.0);  // the restarted server's, last
  }

  // The Servers tab on its own (offscreen): the same phases, seen in its views; then its session saved
  // and shown again from the file.
  void panelSeesBusyIdleDownAndBack() {
    port_ = free_port();
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port_);
    auto server = std::make_unique<QProcess>();
    startServer(*server);

    inferscope::ui::RemoteServerSource source;
    inferscope::ui::AttachPanel panel(&source);
    panel.resize(1280, 720);
    panel.show();
    int phase = 0, max_busy = 0, max_running_series = 0;
    double max_fill = 0, tokens_when_idle = -1;
    QStringList phase_status;
    connect(&panel, &inferscope::ui::AttachPanel::polled, this, [&](const inferscope::remote::ServerPoint& p) {
      if (phase == 0 && p.up) {
        const auto* view = panel.slotView(url);
        if (!view) return;
        int busy = 0;
        for (const auto& s : view->shownSlots().slot_states) busy += s.processing ? 1 : 0;
        max_busy = std::max(max_busy, busy);
        if (auto* kv = panel.chart("server_kv_usage"); kv && kv->seriesCount() > 0)
          max_fill = std::max(max_fill, kv->history(0).back().y());
        if (auto* req = panel.chart("server_requests"); req && req->seriesCount() > 0)
          max_running_series = std::max(max_running_series, int(req->history(0).back().y()));
        if (max_busy >= 2 && busy == 0 && p.scrape.running.value_or(-1) == 0 &&
            p.scrape.generation_tokens.value_or(0) == 4 * 48) {
          tokens_when_idle = *p.scrape.generation_tokens;
          phase_status << panel.statusText(url);
          phase = 1;
        }
      } else if (phase == 1 && !p.up) {
        phase_status << panel.statusText(url);
        phase = 2;
      } else if (phase == 2 && p.up) {
        phase_status << panel.statusText(url);
        phase = 3;
      }
    });
    source.attach({url}, 200);
    QTest::qWait(1000);
    QNetworkAccessManager net;
    int done = 0;
    sendCompletions(net, done);
    QTRY_COMPARE_WITH_TIMEOUT(done, 4, 60000);
    QTRY_COMPARE_WITH_TIMEOUT(phase, 1, 10000);
    server->kill();
    server->waitForFinished(5000);
    QTRY_COMPARE_WITH_TIMEOUT(phase, 2, 10000);
    QVERIFY(panel.statusText(url).contains("not answering"));
    server = std::make_unique<QProcess>();
    startServer(*server);
    QTRY_COMPARE_WITH_TIMEOUT(phase, 3, 20000);
    QTest::qWait(600);  // a few polls of the restarted server
    server->terminate();
    server->waitForFinished(5000);

    QVERIFY2(max_busy >= 2, "the slot bars never showed two busy slots at once");
    QVERIFY(max_running_series >= 2);
    QVERIFY(max_fill > 0.0 && max_fill <= 1.0);  // the slots' fill, a fraction of their context
    QCOMPARE(tokens_when_idle, 192.0);
    QVERIFY(phase_status.value(0).contains("0 running"));
    QVERIFY(phase_status.value(1).contains("not answering"));
    QVERIFY(phase_status.value(2).contains("llama.cpp, up"));

    // Saved and shown again: every chart's history as it was live, the slot bars of the last poll.
    const QString rec = tmp_.filePath("panel.isrec");
    QString err;
    const std::size_t n = source.recordedPolls();
    QVERIFY(n > 10);
    QVERIFY2(source.saveRecording(rec, &err), qPrintable(err));
    auto recording = std::make_shared<const inferscope::record::Recording>(inferscope::record::Recording::open(rec.toStdString()));
    QCOMPARE(recording->server_polls().size(), n);
    inferscope::ui::AttachPanel replayed(nullptr);
    replayed.resize(1280, 720);
    replayed.show();
    replayed.showRecording(recording);
    QCOMPARE(replayed.pollCount(), int(n));
    for (const QString id : {"server_requests", "server_kv_usage", "server_throughput"}) {
      // The live panel may have polled again since the save: the replay is a prefix of its history.
      auto* live_chart = panel.chart(id);
      auto* replay_chart = replayed.chart(id);
      QVERIFY(replay_chart->isVisible());
      QCOMPARE(replay_chart->seriesCount(), live_chart->seriesCount());
      for (int i = 0; i < replay_chart->seriesCount(); ++i) {
        const auto replay_points = replay_chart->history(i);
        const auto live_points = live_chart->history(i);
        QVERIFY(!replay_points.isEmpty());
        QVERIFY(live_points.size() >= replay_points.size());
        QCOMPARE(live_points.mid(0, replay_points.size()), replay_points);
      }
    }
    source.detach();
    QVERIFY(replayed.slotView(url));
    QCOMPARE(replayed.slotView(url)->shownSlots().slot_states.size(), std::size_t(4));
    // Scrubbed back to the busiest poll: the slot bars show it busy again.
    int busiest = -1, most = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const auto f = inferscope::remote::from_record(recording->server_polls()[i]);
      if (auto t = inferscope::remote::slot_totals(f); t && t->busy > most) most = t->busy, busiest = int(i);
    }
    QCOMPARE(most, max_busy);
    replayed.showPoll(busiest);
    int busy = 0;
    for (const auto& s : replayed.slotView(url)->shownSlots().slot_states) busy += s.processing ? 1 : 0;
    QCOMPARE(busy, max_busy);
    QCOMPARE(replayed.chart("server_requests")->history(0).size(), qsizetype(busiest + 1));
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

QTEST_MAIN(TestAttachLlamaServer)
#include "tst_attach_llama_server.moc"
