// `inferscope-cli run --record` then `inferscope-cli replay` end to end, on the real tiny model
// (stories260K): the replayed metrics CSV is the run's own --metrics-out byte for byte, the summary's
// totals are the run's, the recording opens after the model file is gone, and damaged files are refused
// or opened up to their last whole step with a warning.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "tests/common/cli_run.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {
const QString kCli = QStringLiteral(INFERSCOPE_CLI_PATH);

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(bytes);
}
}  // namespace

class TstCliReplay : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  QString rec_, liveCsv_;
  QJsonObject run_;

 private slots:
  void initTestCase() {
    const std::string model = test::stories260k_path();
    INFERSCOPE_REQUIRE_MODEL(model, "stories260K");
    QVERIFY(tmp_.isValid());
    // A copy of the model that is deleted before the replay: the recording must not need it.
    const QString copy = tmp_.filePath(QStringLiteral("model.gguf"));
    QVERIFY(QFile::copy(QString::fromStdString(model), copy));
    rec_ = tmp_.filePath(QStringLiteral("run.isrec"));
    liveCsv_ = tmp_.filePath(QStringLiteral("live.csv"));
    // A cache of 5 blocks for 8 requests of up to 100 tokens that share a 16-token prefix: preemption,
    // prefix hits and a full cache.
    const test::CliRun r = test::run_cli(
        kCli, {"run", "-m", copy, "--requests", "8", "--prompt-len", "20:40", "--gen-len", "30:60", "--shared-prefix",
               "16", "--max-seqs", "4", "--kv-budget-mib", "0.05", "--threads", "1", "--json", "--metrics-out", liveCsv_,
               "--record", rec_},
        120000);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(r.err.contains("recorded"));
    run_ = QJsonDocument::fromJson(r.out).object();
    QVERIFY(run_.value("preemptions").toInt() > 0);
    QVERIFY(QFile::remove(copy));
  }

  void replayedMetricsEqualTheRunsCsv() {
    const QString out = tmp_.filePath(QStringLiteral("replay.csv"));
    const test::CliRun r = test::run_cli(kCli, {"replay", rec_, "--metrics-out", out}, 60000);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(r.err.isEmpty());  // a complete recording: no warning
    const QByteArray live = readAll(liveCsv_);
    QVERIFY(live.count('\n') > 50);
    QCOMPARE(readAll(out), live);
  }

  void summaryTotalsAreTheRuns() {
    const test::CliRun r = test::run_cli(kCli, {"replay", rec_, "--json", "--step", "5"}, 60000);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    for (const char* k : {"requests_submitted", "requests_completed", "generated_tokens", "prompt_tokens", "steps",
                          "preemptions", "prefix_hit_tokens"})
      QVERIFY2(j.value(k).toInteger() == run_.value(k).toInteger(), k);
    QCOMPARE(j.value("stop_reasons").toObject(), run_.value("stop_reasons").toObject());
    QCOMPARE(j.value("complete").toBool(), true);
    QVERIFY(j.value("log_lines").toInt() >= 1);  // the engine's own line about its cache, logged at construction
    const QJsonObject markers = j.value("markers").toObject();
    QCOMPARE(markers.value("finished").toInt(), 8);
    QCOMPARE(markers.value("preempted").toInteger(), run_.value("preemptions").toInteger());
    QVERIFY(markers.value("prefix_hit").toInt() > 0);
    QCOMPARE(j.value("at_step").toObject().value("step").toInt(), 5);
    QCOMPARE(j.value("at_step").toObject().value("metrics").toObject().value("step").toInt(), 5);
  }

  // The first step admits what the 5-block cache holds and, within the default budget of 512 tokens,
  // prefills each admitted prompt whole (20-40 tokens; nothing is cached yet): one chunk per running
  // request, each its request's prompt, adding up to the step's prefill_tokens.
  void stepShowsItsPrefillChunks() {
    const test::CliRun r = test::run_cli(kCli, {"replay", rec_, "--json", "--step", "0"}, 60000);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject at = QJsonDocument::fromJson(r.out).object().value("at_step").toObject();
    QHash<qint64, int> prompt;
    int running = 0;
    for (const QJsonValue& q : at.value("requests").toArray()) {
      prompt[q.toObject().value("id").toInteger()] = q.toObject().value("n_prompt").toInt();
      running += q.toObject().value("state").toString() == QLatin1String("running");
    }
    const QJsonArray chunks = at.value("prefill_chunks").toArray();
    QVERIFY(running >= 1);
    QCOMPARE(chunks.size(), running);
    int sum = 0;
    for (const QJsonValue& c : chunks) {
      const qint64 id = c.toObject().value("request_id").toInteger();
      const int tokens = c.toObject().value("tokens").toInt();
      QVERIFY(prompt.contains(id));
      QCOMPARE(tokens, prompt[id]);
      QVERIFY(tokens >= 20 && tokens <= 40);
      sum += tokens;
    }
    QCOMPARE(sum, at.value("metrics").toObject().value("prefill_tokens").toInt());
  }

  void truncatedOpensWithAWarning() {
    const QByteArray whole = readAll(rec_);
    const QString cut = tmp_.filePath(QStringLiteral("cut.isrec"));
    writeAll(cut, whole.left(whole.size() / 2));
    const test::CliRun r = test::run_cli(kCli, {"replay", cut, "--json"}, 60000);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(r.err.contains("warning"));
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QVERIFY(j.value("steps").toInt() > 0);
    QVERIFY(j.value("steps").toInt() < run_.value("steps").toInt());
    QCOMPARE(j.value("complete").toBool(), false);
  }

  // A run where every request failed (each prompt larger than the whole cache) still reports, but exits
  // non-zero; one where some succeeded exits 0.
  void runWhereEveryRequestFailedExitsNonZero() {
    const QString model = QString::fromStdString(test::stories260k_path());
    const test::CliRun bad = test::run_cli(kCli, {"run", "-m", model, "--requests", "2", "--prompt-len", "400:400", "--gen-len", "4:4",
                                                  "--block-size", "16", "--kv-budget-mib", "0.01", "-t", "1", "--json"},
                                           60000);
    QVERIFY2(bad.code != 0, bad.out.constData());
    QVERIFY2(bad.err.contains("every request failed"), bad.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(bad.out).object();
    QCOMPARE(j.value("requests_failed").toInt(), 2);
    const test::CliRun good = test::run_cli(kCli, {"run", "-m", model, "--requests", "2", "--prompt-len", "8:8", "--gen-len", "4:4",
                                                   "-t", "1", "--json"},
                                            60000);
    QVERIFY2(good.code == 0, good.err.constData());
  }

  // A scenario whose variants name their own weights: each runs on its own re-encoded copy and reports
  // its format's bytes and its distance from the stored weights; a bad mode is refused naming its entry.
  void scenarioVariantsRunOnTheirOwnWeights() {
    const QString model = QString::fromStdString(test::stories260k_path());
    const QString sc = tmp_.filePath(QStringLiteral("weights.json"));
    writeAll(sc, R"({"weights": "sim:int8:per-channel", "base_name": "int8",
        "workload": {"requests": 2, "prompt_len": [8, 8], "gen_len": [4, 4]},
        "compare": [{"name": "as stored", "weights": "stored"}, {"name": "int2", "weights": "sim:int2:per-channel"}]})");
    const test::CliRun r = test::run_cli(kCli, {"run", "-m", model, "--scenario", sc, "-t", "1", "--json"}, 120000);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonArray runs = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(runs.size(), 3);
    QCOMPARE(runs[0].toObject().value("variant").toString(), QStringLiteral("int8"));
    QCOMPARE(runs[0].toObject().value("weights").toString(), QStringLiteral("sim:int8:per-channel (simulated)"));
    QCOMPARE(runs[1].toObject().value("weights").toString(), QStringLiteral("stored"));
    QCOMPARE(runs[1].toObject().value("kl_vs_stored").toDouble(), 0.0);
    QCOMPARE(runs[1].toObject().value("weight_bytes_encoded").toDouble(), runs[1].toObject().value("model_bytes").toDouble());
    const double kl8 = runs[0].toObject().value("kl_vs_stored").toDouble(), kl2 = runs[2].toObject().value("kl_vs_stored").toDouble();
    QVERIFY2(kl8 > 0 && kl8 < kl2, qPrintable(QStringLiteral("%1 %2").arg(kl8).arg(kl2)));
    for (int i : {0, 2}) {
      const QJsonObject o = runs[i].toObject();
      QVERIFY(o.value("weight_bytes_encoded").toDouble() < o.value("model_bytes").toDouble());  // held as F32
      QCOMPARE(o.value("requests_completed").toInt(), 2);
    }
    writeAll(sc, R"({"compare": [{"name": "odd", "weights": "int5"}]})");
    const test::CliRun bad = test::run_cli(kCli, {"run", "-m", model, "--scenario", sc, "-t", "1"}, 60000);
    QVERIFY(bad.code != 0);
    QVERIFY2(bad.err.contains("compare entry odd"), bad.err.constData());
  }

  // replay --trace: the recorded run as trace JSON, one step slice per step and a "preempted" phase per
  // preemption of the run (the model is gone: the recording alone makes it).
  void traceOfTheRecording() {
    const QString out = tmp_.filePath(QStringLiteral("run.trace.json"));
    const test::CliRun r = test::run_cli(kCli, {"replay", rec_, "--trace", out}, 60000);
    QVERIFY2(r.code == 0, r.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject t = QJsonDocument::fromJson(f.readAll()).object();
    int steps = 0, preempted = 0;
    for (const QJsonValue& v : t.value("traceEvents").toArray()) {
      const QJsonObject e = v.toObject();
      if (e.value("ph").toString() != "X") continue;
      if (e.value("pid").toInt() == 1) ++steps;
      else if (e.value("name").toString() == "preempted") ++preempted;
    }
    QCOMPARE(steps, run_.value("steps").toInt());
    QCOMPARE(preempted, run_.value("preemptions").toInt());
    const test::CliRun bad = test::run_cli(kCli, {"replay", rec_, "--trace", "/nonexistent/dir/x.json"}, 60000);
    QVERIFY(bad.code != 0);
    QVERIFY2(bad.err.contains("cannot write"), bad.err.constData());
  }

  void notARecordingIsRefused() {
    const test::CliRun r = test::run_cli(kCli, {"replay", liveCsv_}, 60000);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("not an InferScope recording"), r.err.constData());
    const test::CliRun past = test::run_cli(kCli, {"replay", rec_, "--step", "100000"}, 60000);
    QCOMPARE(past.code, 1);
    QVERIFY(past.err.contains("--step"));
  }

  // The charts at a step: their CSVs stop at that step (a build without the GUI says it cannot).
  void exportAtAStep() {
    const QString dir = tmp_.filePath(QStringLiteral("export"));
    const test::CliRun r = test::run_cli(kCli, {"replay", rec_, "--export", dir, "--step", "40"}, 120000);
    if (r.code != 0) {
      QVERIFY2(r.err.contains("without the GUI"), r.err.constData());
      return;
    }
    for (const char* f : {"kv_cache.png", "kv_cache@2x.png", "kv_cache.svg", "block_map.png", "manifest.json"})
      QVERIFY2(QFile::exists(dir + "/" + f), f);
    const QByteArray steps = readAll(dir + "/step_metrics.csv");
    QCOMPARE(steps.count('\n'), 1 + 41);  // header + steps 0..40
    QVERIFY(readAll(liveCsv_).startsWith(steps));
  }
};

QTEST_GUILESS_MAIN(TstCliReplay)
#include "tst_cli_replay.moc"
