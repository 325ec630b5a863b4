// `inferscope-cli attach --otlp-listen` fed by the real OpenTelemetry Python SDK and its OTLP/HTTP protobuf
// exporter (pinned from PyPI, packaging/bootstrap.sh) with 100 spans shaped like vLLM's llm_request, beside a
// vLLM /metrics served from a published exposition (tests/remote/otlp_vllm_spans.py plays vLLM, which needs a
// GPU). A corrupt export first: refused with 400 and a reason, and the exports after it still taken. The
// --json report and the recording hold all 100 requests, their queue time, TTFT, e2e and token counts bit
// for bit as sent, and the polls beside them.
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <csignal>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

#include "engine/record/recording.h"
#include "remote/otlp/request_span_record.h"

using nlohmann::json;

namespace {

const QString kScript = QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/remote/otlp_vllm_spans.py");

// The first line a process writes on the channel, within timeout_ms; empty when none.
QString first_line(QProcess& p, QProcess::ProcessChannel channel, int timeout_ms) {
  p.setReadChannel(channel);
  QElapsedTimer t;
  t.start();
  while (!p.canReadLine() && t.elapsed() < timeout_ms)
    if (!p.waitForReadyRead(200) && p.state() != QProcess::Running) break;
  return p.canReadLine() ? QString::fromUtf8(p.readLine()).trimmed() : QString();
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

class TestAttachOtlp : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;

 private slots:
  void initTestCase() {
    QProcess check;
    check.start("python3", {"-c", "import opentelemetry.sdk, opentelemetry.exporter.otlp.proto.http, google.rpc.status_pb2"});
    check.waitForFinished(30000);
    if (check.exitStatus() != QProcess::NormalExit || check.exitCode() != 0) {
      if (qEnvironmentVariableIsSet("INFERSCOPE_REQUIRE_MODELS"))
        QFAIL("python3 lacks the OpenTelemetry SDK and its OTLP/HTTP exporter (packaging/bootstrap.sh installs them)");
      QSKIP("python3 lacks opentelemetry-sdk and opentelemetry-exporter-otlp-proto-http (pip install them; the bootstrap does)");
    }
  }

  void hundredVllmSpansThroughTheSdk() {
    QProcess metrics;
    metrics.start("python3", {kScript, "serve-metrics", QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/data/remote/published/vllm_v1_t10.txt")});
    const QString metrics_port = first_line(metrics, QProcess::StandardOutput, 30000);
    QVERIFY2(!metrics_port.isEmpty(), "the stand-in /metrics server did not start");

    const QString rec = tmp_.filePath("otlp.isrec");
    QProcess attach;
    attach.start(QStringLiteral(INFERSCOPE_CLI_PATH),
                 {"attach", "http://127.0.0.1:" + metrics_port, "--interval", "100", "--duration", "0", "--json",
                  "--record", rec, "--otlp-listen", "127.0.0.1:0", "--otlp-keep", "1000"});
    QVERIFY(attach.waitForStarted(10000));
    const QString listening = first_line(attach, QProcess::StandardError, 30000);
    const qsizetype at = listening.indexOf("http://");
    QVERIFY2(at >= 0, qPrintable("attach did not say where it listens: " + listening));
    const QString endpoint = listening.mid(at);

    QProcess sender;
    sender.start("python3", {kScript, "send", endpoint, "100"});
    QVERIFY(sender.waitForFinished(120000));
    QVERIFY2(sender.exitCode() == 0, sender.readAllStandardError().constData());
    const json sent = json::parse(sender.readAllStandardOutput().toStdString());

    // Stopped as a user stops it (Ctrl-C); its report and the recording's end follow.
    ::kill(pid_t(attach.processId()), SIGINT);
    QVERIFY(attach.waitForFinished(30000));
    metrics.closeWriteChannel();
    metrics.waitForFinished(5000);
    attach.setReadChannel(QProcess::StandardOutput);
    const QByteArray out = attach.readAllStandardOutput();
    QVERIFY2(attach.exitCode() == 0, attach.readAllStandardError().constData());

    // The corrupt export: 400 with google.rpc.Status INVALID_ARGUMENT and why; the SDK's exports after it: taken.
    QCOMPARE(sent["corrupt"]["status"].get<int>(), 400);
    QCOMPARE(sent["corrupt"]["code"].get<int>(), 3);
    QVERIFY(sent["corrupt"]["message"].get<std::string>().find("runs past the end") != std::string::npos);
    int exported = 0;
    for (const json& e : sent["exports"]) {
      QCOMPARE(e["result"].get<std::string>(), std::string("SUCCESS"));
      exported += e["spans"].get<int>();
    }
    QCOMPARE(exported, 100);
    QVERIFY(sent["exports"].size() >= 4);  // batches of 32 at most
    QCOMPARE(sent["json"]["status"].get<int>(), 200);

    const json doc = json::parse(out.toStdString());
    const json& otlp = doc.at("otlp");
    QCOMPARE(otlp["refused"].get<int>(), 1);
    QCOMPARE(otlp["exports"].get<size_t>(), sent["exports"].size() + 1);
    QCOMPARE(otlp["requests_received"].get<int>(), 101);
    QCOMPARE(otlp["dropped"].get<int>(), 0);
    QVERIFY(otlp["last_error"].get<std::string>().rfind("400 ", 0) == 0);
    std::map<std::string, json> reported;
    for (const json& r : otlp["requests"]) reported[r["request_id"].get<std::string>()] = r;
    QCOMPARE(reported.size(), std::size_t(101));
    for (const json& want : sent["requests"]) {
      const std::string id = want["request_id"];
      QVERIFY2(reported.count(id), id.c_str());
      const json& got = reported[id];
      QCOMPARE(got["service"].get<std::string>(), std::string("vllm"));
      QCOMPARE(got["name"].get<std::string>(), std::string("llm_request"));
      QVERIFY2(same_bits(got["queue_s"].get<double>(), want["queue_s"].get<double>()), id.c_str());
      QVERIFY2(same_bits(got["ttft_s"].get<double>(), want["ttft_s"].get<double>()), id.c_str());
      QVERIFY2(same_bits(got["e2e_s"].get<double>(), want["e2e_s"].get<double>()), id.c_str());
      QCOMPARE(got["prompt_tokens"].get<int64_t>(), want["prompt_tokens"].get<int64_t>());
      QCOMPARE(got["completion_tokens"].get<int64_t>(), want["completion_tokens"].get<int64_t>());
      QCOMPARE(got["max_tokens"].get<int64_t>(), int64_t(256));
    }
    QCOMPARE(reported["json-1"]["service"].get<std::string>(), std::string("sglang"));
    QCOMPARE(reported["json-1"]["prompt_tokens"].get<int>(), 11);
    // The metrics side went on beside the traces.
    bool vllm_up = false;
    for (const json& p : doc.at("polls")) vllm_up = vllm_up || (p["up"].get<bool>() && p["kind"] == "vLLM");
    QVERIFY(vllm_up);

    // The recording: the same 101 requests, bit for bit, after the polls of the same session.
    const inferscope::record::Recording r = inferscope::record::Recording::open(rec.toStdString());
    QVERIFY2(r.warning().empty(), r.warning().c_str());
    QVERIFY(r.is_attach());
    QVERIFY(!r.server_polls().empty());
    QCOMPARE(r.request_spans().size(), std::size_t(101));
    std::map<std::string, inferscope::remote::LlmRequestSpan> recorded;
    for (const auto& s : r.request_spans()) {
      auto back = inferscope::remote::from_record(s);
      recorded[back.request_id] = back;
    }
    for (const json& want : sent["requests"]) {
      const auto& got = recorded.at(want["request_id"].get<std::string>());
      QVERIFY(same_bits(got.queue_s.value(), want["queue_s"].get<double>()));
      QVERIFY(same_bits(got.ttft_s.value(), want["ttft_s"].get<double>()));
      QCOMPARE(got.prompt_tokens.value(), want["prompt_tokens"].get<int64_t>());
      QCOMPARE(got.completion_tokens.value(), want["completion_tokens"].get<int64_t>());
      QCOMPARE(got.trace_id.size(), std::size_t(32));
    }
  }

  void nonLoopbackIsRefusedUnlessAllowed() {
    QProcess attach;
    attach.start(QStringLiteral(INFERSCOPE_CLI_PATH), {"attach", "http://127.0.0.1:1", "--otlp-listen", "0.0.0.0:0", "--duration", "1"});
    QVERIFY(attach.waitForFinished(30000));
    QVERIFY(attach.exitCode() != 0);
    QVERIFY(attach.readAllStandardError().contains("--otlp-allow-remote"));
  }
};

QTEST_GUILESS_MAIN(TestAttachOtlp)
#include "tst_attach_otlp.moc"
