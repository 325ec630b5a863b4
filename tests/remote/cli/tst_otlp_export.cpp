// `inferscope-cli replay REC --otlp-traces-endpoint URL` against a collector built on opentelemetry-proto's
// own generated classes (tests/remote/otlp_collector.py, pinned from PyPI): the peer's protobuf decodes what
// we send. A recorded run on the real tiny model (stories260K) with preemptions and prefix hits: one
// llm_request span per request with vLLM's attribute names carrying the recording's own figures, a child
// span per phase laid end to end that add up to the request's time, the same ids when sent twice. A
// collector that refuses (400 with a google.rpc.Status, or a partial success) or is not there: a non-zero
// exit with the collector's words.
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <map>

#include "engine/record/recording.h"
#include "tests/common/cli_run.h"
#include "tests/common/otlp_collector.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {

const QString kCli = QStringLiteral(INFERSCOPE_CLI_PATH);
}  // namespace

class TestOtlpExport : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  QString rec_;

 private slots:
  void initTestCase() {
    if (!test::have_otlp_collector()) {
      if (qEnvironmentVariableIsSet("INFERSCOPE_REQUIRE_MODELS"))
        QFAIL("python3 lacks opentelemetry-proto (packaging/bootstrap.sh installs it)");
      QSKIP("python3 lacks opentelemetry-proto (pip install it; the bootstrap does)");
    }
    const std::string model = test::stories260k_path();
    INFERSCOPE_REQUIRE_MODEL(model, "stories260K");
    rec_ = tmp_.filePath(QStringLiteral("run.isrec"));
    // 5 blocks for 8 requests sharing a 16-token prefix: preemptions and prefix hits.
    const test::CliRun r = test::run_cli(
        kCli, {"run", "-m", QString::fromStdString(model), "--requests", "8", "--prompt-len", "20:40", "--gen-len", "30:60",
               "--shared-prefix", "16", "--max-seqs", "4", "--kv-budget-mib", "0.05", "--threads", "1", "--record", rec_},
        120000);
    QVERIFY2(r.code == 0, r.err.constData());
  }

  void requestsAsVllmSpansDecodedByTheProtoPackage() {
    const record::Recording rec = record::Recording::open(rec_.toStdString());
    std::map<int64_t, RequestInfo> want;
    for (const RequestInfo& q : rec.requests_at(rec.step_count() - 1)) want[q.id] = q;
    QCOMPARE(int(want.size()), 8);
    double slowest_ms = 0;
    for (const StepMetrics& m : rec.all_metrics()) slowest_ms = std::max(slowest_ms, m.step_ms);

    test::OtlpCollector c;
    QVERIFY(c.start("accept", tmp_.filePath("accept.json")));
    const test::CliRun r = test::run_cli(kCli, {"replay", rec_, "--otlp-traces-endpoint", c.url()}, 60000);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject seen = c.seen();
    QCOMPARE(seen["exports"].toInt(), 1);
    QCOMPARE(seen["content_types"].toArray().at(0).toString(), QStringLiteral("application/x-protobuf"));

    std::map<QString, QJsonObject> roots;              // trace id -> the llm_request span
    std::map<QString, std::vector<QJsonObject>> kids;  // trace id -> its phase spans, in order sent
    std::map<QString, std::vector<QJsonObject>> chunks;  // trace id -> its prefill chunk spans
    for (const QJsonValue v : seen["spans"].toArray()) {
      const QJsonObject s = v.toObject();
      QCOMPARE(s["service"].toString(), QStringLiteral("inferscope"));
      QCOMPARE(s["kind"].toInt(), 2);  // SPAN_KIND_SERVER
      if (s["name"].toString() == QLatin1String("llm_request")) {
        QVERIFY(s["parent_span_id"].toString().isEmpty());
        QVERIFY(roots.emplace(s["trace_id"].toString(), s).second);  // one per trace
      } else if (s["name"].toString() == QLatin1String("prefill_chunk")) {
        chunks[s["trace_id"].toString()].push_back(s);
      } else {
        kids[s["trace_id"].toString()].push_back(s);
      }
    }
    QCOMPARE(int(roots.size()), 8);
    int preempted_spans = 0, preemptions = 0, hits = 0;
    for (const auto& [trace, root] : roots) {
      const QJsonObject a = root["attributes"].toObject();
      const int64_t id = a["gen_ai.request.id"].toString().toLongLong();
      QVERIFY(want.count(id));
      const RequestInfo& q = want[id];
      QCOMPARE(a["gen_ai.usage.prompt_tokens"].toVariant().toLongLong(), int64_t(q.n_prompt));
      QCOMPARE(a["gen_ai.usage.completion_tokens"].toVariant().toLongLong(), int64_t(q.n_generated));
      QCOMPARE(a["gen_ai.latency.time_in_queue"].toDouble(), q.queue_ms / 1000.0);
      QCOMPARE(a["gen_ai.latency.time_to_first_token"].toDouble(), q.ttft_ms / 1000.0);
      QCOMPARE(a["gen_ai.latency.e2e"].toDouble(), q.e2e_ms / 1000.0);
      QCOMPARE(a["inferscope.finish_reason"].toString(), QString::fromStdString(q.finish_reason));
      QCOMPARE(a["inferscope.preemptions"].toInt(), q.preemptions);
      QCOMPARE(a["inferscope.prefix_hit_tokens"].toInt(), q.n_prefix_hit);
      preemptions += q.preemptions;
      hits += q.n_prefix_hit;

      // The phases: children of the root, end to end from its start to its end.
      const std::vector<QJsonObject>& ph = kids[trace];
      QVERIFY(!ph.empty());
      const double root_start = root["start_ns"].toDouble(), root_end = root["end_ns"].toDouble();
      QCOMPARE(ph.front()["start_ns"].toDouble(), root_start);
      QCOMPARE(ph.back()["end_ns"].toDouble(), root_end);
      QCOMPARE(ph.front()["name"].toString(), QStringLiteral("waiting"));
      for (size_t i = 0; i < ph.size(); ++i) {
        QCOMPARE(ph[i]["parent_span_id"].toString(), root["span_id"].toString());
        if (i > 0) QCOMPARE(ph[i]["start_ns"].toDouble(), ph[i - 1]["end_ns"].toDouble());
        if (ph[i]["name"].toString() == QLatin1String("preempted")) ++preempted_spans;
      }
      // Each prefill chunk is a child of a prefill or recompute span and lies inside it; those of the
      // first prefill of a request never preempted add up to its prompt less its prefix hits.
      int first_prefill_tokens = 0;
      for (const QJsonObject& ch : chunks[trace]) {
        const auto parent = std::find_if(ph.begin(), ph.end(), [&](const QJsonObject& p) {
          return p["span_id"].toString() == ch["parent_span_id"].toString();
        });
        QVERIFY(parent != ph.end());
        const QString kind = (*parent)["name"].toString();
        QVERIFY(kind == QLatin1String("prefill") || kind == QLatin1String("recompute"));
        QVERIFY(ch["start_ns"].toDouble() >= (*parent)["start_ns"].toDouble() &&
                ch["end_ns"].toDouble() <= (*parent)["end_ns"].toDouble());
        const QJsonObject ca = ch["attributes"].toObject();
        QVERIFY(ca["inferscope.tokens"].toVariant().toLongLong() > 0);
        if (kind == QLatin1String("prefill")) first_prefill_tokens += int(ca["inferscope.tokens"].toVariant().toLongLong());
      }
      QVERIFY(!chunks[trace].empty());
      if (q.preemptions == 0) QCOMPARE(first_prefill_tokens, q.n_prompt - q.n_prefix_hit);
      // The waiting span is the engine's queue time (ns rounding); the whole is its e2e, within the part of
      // its first and last step outside its token events (two steps at most).
      const double waiting_ms = (ph.front()["end_ns"].toDouble() - root_start) / 1e6;
      QVERIFY2(std::abs(waiting_ms - q.queue_ms) < 1e-3, qPrintable(QStringLiteral("%1 vs %2").arg(waiting_ms).arg(q.queue_ms)));
      const double total_ms = (root_end - root_start) / 1e6;
      QVERIFY2(total_ms >= q.e2e_ms - 1e-3 && total_ms <= q.e2e_ms + 2 * slowest_ms + 1e-3,
               qPrintable(QStringLiteral("request %1: spans %2 ms, e2e %3 ms").arg(id).arg(total_ms).arg(q.e2e_ms)));
      // vLLM's prefill and decode split the time after the queue.
      const double inference = a["gen_ai.latency.time_in_model_inference"].toDouble();
      QVERIFY(std::abs(a["gen_ai.latency.time_in_model_prefill"].toDouble() + a["gen_ai.latency.time_in_model_decode"].toDouble() - inference) < 1e-9);
      QVERIFY(std::abs(inference * 1e3 + waiting_ms - total_ms) < 1e-3);
    }
    QVERIFY(preemptions > 0);  // the run preempted, so the trace shows it
    QCOMPARE(preempted_spans, preemptions);
    QVERIFY(hits > 0);
  }

  void sentTwiceSameIds() {
    test::OtlpCollector c;
    QVERIFY(c.start("accept", tmp_.filePath("twice.json")));
    for (int i = 0; i < 2; ++i) {
      const test::CliRun r = test::run_cli(kCli, {"replay", rec_, "--otlp-traces-endpoint", c.url()}, 60000);
      QVERIFY2(r.code == 0, r.err.constData());
    }
    const QJsonArray spans = c.seen()["spans"].toArray();
    QCOMPARE(c.seen()["exports"].toInt(), 2);
    QVERIFY(spans.size() > 0 && spans.size() % 2 == 0);
    const int n = int(spans.size() / 2);
    for (int i = 0; i < n; ++i) QCOMPARE(spans[i].toObject()["span_id"], spans[i + n].toObject()["span_id"]);
    // --otlp-out writes the same export: the proto package decodes the same number of spans from the file.
    const QString pb = tmp_.filePath("export.pb");
    QCOMPARE(test::run_cli(kCli, {"replay", rec_, "--otlp-out", pb}, 60000).code, 0);
    QProcess count;
    count.start("python3", {"-c", "import sys; from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import "
                                  "ExportTraceServiceRequest as E; r=E(); r.ParseFromString(open(sys.argv[1],'rb').read()); "
                                  "print(sum(len(s.spans) for rs in r.resource_spans for s in rs.scope_spans))", pb});
    QVERIFY(count.waitForFinished(30000));
    QCOMPARE(count.readAllStandardOutput().trimmed().toInt(), n);
  }

  void refusalsAreErrors() {
    {
      test::OtlpCollector c;
      QVERIFY(c.start("reject", tmp_.filePath("reject.json")));
      const test::CliRun r = test::run_cli(kCli, {"replay", rec_, "--otlp-traces-endpoint", c.url()}, 60000);
      QVERIFY(r.code != 0);
      QVERIFY2(r.err.contains("HTTP 400: trace ids are unwelcome here"), r.err.constData());
    }
    {
      test::OtlpCollector c;
      QVERIFY(c.start("partial", tmp_.filePath("partial.json")));
      const test::CliRun r = test::run_cli(kCli, {"replay", rec_, "--otlp-traces-endpoint", c.url()}, 60000);
      QVERIFY(r.code != 0);
      QVERIFY2(r.err.contains("the collector rejected 3 span(s): 3 spans too old"), r.err.constData());
    }
    int free_port = 0;
    {
      test::OtlpCollector c;  // a port that was just free, now closed
      QVERIFY(c.start("accept", tmp_.filePath("gone.json")));
      free_port = c.port;
    }
    const test::CliRun gone =
        test::run_cli(kCli, {"replay", rec_, "--otlp-traces-endpoint", QStringLiteral("127.0.0.1:%1").arg(free_port)}, 60000);
    QVERIFY(gone.code != 0);
    QVERIFY2(gone.err.contains("refused"), gone.err.constData());
    const test::CliRun ftp = test::run_cli(kCli, {"replay", rec_, "--otlp-traces-endpoint", "ftp://example/"}, 60000);
    QVERIFY(ftp.code != 0);
    QVERIFY2(ftp.err.contains("http:// or https://"), ftp.err.constData());
  }
};

QTEST_GUILESS_MAIN(TestOtlpExport)
#include "tst_otlp_export.moc"
