// `inferscope-cli export` end to end: the real binary runs a comparing scenario on a tiny model
// headless and must write the workbench's "Export all" files: PNGs of the right sizes, SVGs that parse,
// the step metrics CSV with the documented columns, one CSV per variant and a complete manifest.
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDir>
#include <QProcess>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "engine/metrics/metrics_writers.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

namespace {
QStringList readCsv(const QString& path, QString* header) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
  *header = QString::fromUtf8(f.readLine()).trimmed();
  QStringList rows;
  while (!f.atEnd()) {
    const QString l = QString::fromUtf8(f.readLine()).trimmed();
    if (!l.isEmpty()) rows << l;
  }
  return rows;
}
}  // namespace

class TstCliExport : public QObject {
  Q_OBJECT
 private slots:
  void exportWritesEveryFile() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    test::TinyModelSpec spec;
    spec.context = 256;
    const QString model = QString::fromStdString(test::write_tiny_model(spec, "cli_export_tiny"));
    const QString scenario = tmp.filePath(QStringLiteral("cmp.json"));
    {
      QFile f(scenario);
      QVERIFY(f.open(QIODevice::WriteOnly));
      // Mixed generation lengths and 4 slots: static batching must need more steps than continuous.
      f.write(R"({"name": "tiny continuous vs static",
        "engine": {"batching": "continuous", "max_seqs": 4, "max_batched_tokens": 64, "block_size": 8,
                   "kv_budget_mib": 1, "prefix_cache": false, "threads": 1},
        "workload": {"requests": 12, "arrival": "all-at-once", "prompt_len": [8, 16], "gen_len": [2, 30], "seed": 3},
        "compare": [{"name": "static", "engine": {"batching": "static"}}]})");
    }
    const QString out = tmp.filePath(QStringLiteral("out"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));  // the command must pick the offscreen platform itself
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(INFERSCOPE_CLI_PATH), {QStringLiteral("export"), QStringLiteral("-m"), model,
                                                  QStringLiteral("--scenario"), scenario, QStringLiteral("--out"), out,
                                                  QStringLiteral("--width"), QStringLiteral("1200"),
                                                  QStringLiteral("--height"), QStringLiteral("800")});
    QVERIFY(p.waitForFinished(180000));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAllStandardError().constData());

    // Manifest: the keys the GUI's export writes, and the compared variants.
    QFile mf(out + "/manifest.json");
    QVERIFY(mf.open(QIODevice::ReadOnly));
    const QJsonObject m = QJsonDocument::fromJson(mf.readAll()).object();
    for (const char* key : {"application", "model", "settings", "workload", "scenario", "time", "steps", "charts", "files", "compare"})
      QVERIFY2(m.contains(QLatin1String(key)), key);
    QCOMPARE(m.value("model").toString(), model);
    QCOMPARE(m.value("scenario").toString(), QStringLiteral("tiny continuous vs static"));
    QCOMPARE(m.value("settings").toObject().value("block_size").toInt(), 8);
    const QJsonArray variants = m.value("compare").toArray();
    QCOMPARE(variants.size(), 2);
    QCOMPARE(variants[0].toObject().value("name").toString(), QStringLiteral("batching: continuous"));
    QCOMPARE(variants[1].toObject().value("name").toString(), QStringLiteral("static"));
    QCOMPARE(variants[1].toObject().value("settings").toObject().value("batching").toString(), QStringLiteral("static"));
    const qint64 contSteps = variants[0].toObject().value("steps").toInteger();
    const qint64 staticSteps = variants[1].toObject().value("steps").toInteger();
    QVERIFY2(staticSteps > contSteps, qPrintable(QStringLiteral("%1 vs %2").arg(staticSteps).arg(contSteps)));
    for (const auto& v : variants) QCOMPARE(v.toObject().value("generated_tokens").toInteger(), variants[0].toObject().value("generated_tokens").toInteger());
    // The demo's point, stated with the variants' own figures.
    for (const auto& v : variants) QVERIFY(v.toObject().value("ttft_p50_ms").toDouble() > 0);
    QVERIFY2(m.value("compare_finding").toString().startsWith(QStringLiteral("Continuous batching finished the same requests in")),
             qPrintable(m.value("compare_finding").toString()));

    // Every file the manifest lists exists; every chart has PNG 1x, 2x (exactly twice the size) and SVG.
    const QJsonArray files = m.value("files").toArray();
    for (const auto& f : files) QVERIFY2(QFile::exists(out + "/" + f.toString()), qPrintable(f.toString()));
    QStringList ids;
    for (const auto& c : m.value("charts").toArray()) ids << c.toObject().value("id").toString();
    for (const char* id : {"kv_cache", "utilization", "tokens_per_step", "throughput", "latency", "compare_utilization", "compare_throughput"})
      QVERIFY2(ids.contains(QLatin1String(id)), id);
    ids << QStringLiteral("block_map");
    for (const QString& id : ids) {
      const QImage png1(out + "/" + id + ".png"), png2(out + "/" + id + "@2x.png");
      QVERIFY2(!png1.isNull() && png1.width() >= 200 && png1.height() >= 100, qPrintable(id));
      QCOMPARE(png2.size(), png1.size() * 2);
      QSvgRenderer svg(out + "/" + id + ".svg");
      QVERIFY2(svg.isValid(), qPrintable(id));
      QCOMPARE(svg.viewBox().size(), png1.size());
    }
    // Every view also as a 16:9 slide at 1920x1080 whose smallest text (read back from the fonts the view
    // was drawn with) is at least 24 px; the title band and the view are drawn, not blank.
    QJsonObject slideText;
    for (const auto& sl : m.value("slides").toArray()) slideText[sl.toObject().value("file").toString()] = sl.toObject().value("smallest_text_px");
    for (const QString& id : ids) {
      const QString file = id + QStringLiteral("_slide.png");
      const QImage slide(out + "/" + file);
      QVERIFY2(!slide.isNull(), qPrintable(file));
      QCOMPARE(slide.size(), QSize(1920, 1080));
      QVERIFY2(slideText.contains(file), qPrintable(file));
      QVERIFY2(slideText.value(file).toInt() >= 24, qPrintable(QStringLiteral("%1: %2 px").arg(file).arg(slideText.value(file).toInt())));
      const auto inkRows = [&](int top, int bottom) {
        int rows = 0;
        for (int y = top; y < bottom; ++y)
          for (int x = 0; x < slide.width(); x += 2)
            if (qGray(slide.pixel(x, y)) < 128) {
              ++rows;
              break;
            }
        return rows;
      };
      QVERIFY2(inkRows(0, 110) >= 30, qPrintable(file + QStringLiteral(": no title")));  // a 54 px title's glyphs
      QVERIFY2(inkRows(200, 1000) >= 100, qPrintable(file + QStringLiteral(": no view")));
    }

    // The live run's step metrics: documented columns, one row per step the manifest counts.
    QStringList cols;
    for (const auto& c : step_metrics_columns()) cols << QString::fromStdString(c);
    QString header;
    const QStringList rows = readCsv(out + "/step_metrics.csv", &header);
    QCOMPARE(header, cols.join(QLatin1Char(',')));
    QCOMPARE(qint64(rows.size()), m.value("steps").toInteger());
    QVERIFY(!rows.isEmpty());
    // Each variant's log, and the overlay chart's data with one column pair per variant.
    QCOMPARE(qint64(readCsv(out + "/step_metrics_static.csv", &header).size()), staticSteps);
    QCOMPARE(header, cols.join(QLatin1Char(',')));
    QCOMPARE(qint64(readCsv(out + "/step_metrics_batching__continuous.csv", &header).size()), contSteps);
    const QStringList util = readCsv(out + "/compare_utilization.csv", &header);
    QCOMPARE(header, QStringLiteral("step,batching__continuous_slot_utilization,batching__continuous_token_utilization,"
                                    "static_slot_utilization,static_token_utilization"));
    QCOMPARE(qint64(util.size()), std::max(contSteps, staticSteps));
  }

  // A scenario's "weights" re-quantizes the model before its workload runs; --weights overrides it.
  void exportAppliesScenarioWeightsAndTheFlag() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    test::TinyModelSpec spec;
    const QString model = QString::fromStdString(test::write_tiny_model(spec, "cli_export_weights"));
    const QString scenario = tmp.filePath(QStringLiteral("w.json"));
    {
      QFile f(scenario);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(R"({"name": "tiny int8", "weights": "sim:int8:per-channel",
        "engine": {"max_seqs": 2, "max_batched_tokens": 64, "block_size": 8, "kv_budget_mib": 1, "threads": 1},
        "workload": {"requests": 2, "arrival": "all-at-once", "prompt_len": [4, 8], "gen_len": [2, 4], "seed": 1}})");
    }
    auto exportWith = [&](const QStringList& extra, QJsonObject* manifest) {
      const QString out = tmp.filePath(QStringLiteral("out%1").arg(extra.size()));
      QProcess p;
      p.start(QStringLiteral(INFERSCOPE_CLI_PATH),
              QStringList{QStringLiteral("export"), QStringLiteral("-m"), model, QStringLiteral("--scenario"), scenario,
                          QStringLiteral("--out"), out} + extra);
      if (!p.waitForFinished(180000) || p.exitCode() != 0) return QString::fromUtf8(p.readAllStandardError());
      QFile mf(out + "/manifest.json");
      if (!mf.open(QIODevice::ReadOnly)) return QStringLiteral("no manifest");
      *manifest = QJsonDocument::fromJson(mf.readAll()).object();
      return QString();
    };
    QJsonObject m;
    QString err = exportWith({}, &m);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    QVERIFY2(m.value("weights").toString().startsWith(QLatin1String("sim:int8:per-channel")),
             qPrintable(m.value("weights").toString()));
    QVERIFY(m.value("steps").toInteger() > 0);
    err = exportWith({QStringLiteral("--weights"), QStringLiteral("q8_0")}, &m);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    QCOMPARE(m.value("weights").toString(), QStringLiteral("q8_0"));
    QVERIFY(m.value("steps").toInteger() > 0);
  }

  // `export --record` saves the run as the workbench recorded it; `replay --export` of that file redraws
  // it through the same session views: every picture the same pixels, the step CSV the same bytes.
  void replayExportEqualsTheLiveExport() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    test::TinyModelSpec spec;
    spec.context = 256;
    const QString model = QString::fromStdString(test::write_tiny_model(spec, "cli_export_replay"));
    const QString scenario = tmp.filePath(QStringLiteral("run.json"));
    {
      QFile f(scenario);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(R"({"name": "tiny preemption",
        "engine": {"batching": "continuous", "max_seqs": 4, "max_batched_tokens": 64, "block_size": 8,
                   "kv_budget_mib": 0.05, "prefix_cache": false, "threads": 1},
        "workload": {"requests": 10, "arrival": "all-at-once", "prompt_len": [8, 16], "gen_len": [10, 40], "seed": 5}})");
    }
    const QString live = tmp.filePath(QStringLiteral("live")), replay = tmp.filePath(QStringLiteral("replay"));
    const QString rec = tmp.filePath(QStringLiteral("run.isrec"));
    QProcess p;
    p.start(QStringLiteral(INFERSCOPE_CLI_PATH), {QStringLiteral("export"), QStringLiteral("-m"), model, QStringLiteral("--scenario"),
                                                  scenario, QStringLiteral("--out"), live, QStringLiteral("--record"), rec});
    QVERIFY(p.waitForFinished(180000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QProcess q;
    q.start(QStringLiteral(INFERSCOPE_CLI_PATH), {QStringLiteral("replay"), rec, QStringLiteral("--export"), replay});
    QVERIFY(q.waitForFinished(180000));
    QVERIFY2(q.exitCode() == 0, q.readAllStandardError().constData());
    const QStringList pngs = QDir(replay).entryList({QStringLiteral("*.png")});
    QVERIFY(pngs.contains(QStringLiteral("kv_cache.png")));
    for (const QString& f : pngs) {
      const QImage a(live + QLatin1Char('/') + f), b(replay + QLatin1Char('/') + f);
      QVERIFY2(!a.isNull(), qPrintable(f));
      QVERIFY2(a == b, qPrintable(f + QStringLiteral(" differs")));
    }
    QFile la(live + QStringLiteral("/step_metrics.csv")), lb(replay + QStringLiteral("/step_metrics.csv"));
    QVERIFY(la.open(QIODevice::ReadOnly) && lb.open(QIODevice::ReadOnly));
    QCOMPARE(lb.readAll(), la.readAll());
  }

  void missingScenarioFailsWithReason() {
    QProcess p;
    p.start(QStringLiteral(INFERSCOPE_CLI_PATH), {QStringLiteral("export"), QStringLiteral("--scenario"),
                                                  QStringLiteral("/nonexistent.json"), QStringLiteral("--out"), QStringLiteral("/tmp/x")});
    QVERIFY(p.waitForFinished(30000));
    QVERIFY(p.exitCode() != 0);
    QVERIFY(!p.readAllStandardError().isEmpty());
  }
};

QTEST_GUILESS_MAIN(TstCliExport)
#include "tst_cli_export.moc"
