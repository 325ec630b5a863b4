// --backend on every inferscope-cli command, through the real binary: `--backend cpu` works everywhere,
// `--backend cuda` without a usable GPU exits non-zero with one line naming the reason, and a bad name
// is refused by the parser.
#include <QProcess>
#include <QtTest/QtTest>

#include "engine/backend/backend_kind.h"
#include "tests/common/cli_run.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {

using test::CliRun;

CliRun cli(const QStringList& args) { return test::run_cli(QStringLiteral(INFERSCOPE_CLI_PATH), args, 300000); }

// One cheap invocation of every command (model-dependent ones use the default model).
QList<QStringList> every_command(const QString& model, const QString& tmp) {
  return {
      {"info", model, "--json"},
      {"tokenize", "-m", model, "hello world", "--json"},
      {"generate", "-m", model, "-p", "The capital of France is", "-n", "3", "--json"},
      {"bench", "-m", model, "-p", "8", "-n", "4", "-r", "1", "-t", "2", "--no-ceilings", "--json"},
      {"run", "-m", model, "--requests", "2", "--prompt-len", "4:4", "--gen-len", "2:2", "--json"},
      {"quality", "-m", model, "--weights", "q8_0", "--tokens", "24", "--json"},
      {"requantize", "-m", model, "--weights", "q8_0", "-o", tmp + "/requant.gguf"},
      {"lesson", "kv-size", "--no-model", "--json"},
      {"export", "-m", model, "--scenario", QString::fromStdString(test::source_dir()) + "/resources/scenarios/prefix_caching.json",
       "--out", tmp + "/export", "--steps", "2"},
  };
}

}  // namespace

class TstCliBackend : public QObject {
  Q_OBJECT
 private slots:
  void cudaWithoutDeviceIsAClearError() {
    const BackendProbe p = probe_backend(BackendKind::Cuda);
    if (p.available) QSKIP("a CUDA device is present: --backend cuda runs here");
    const QString tmp = QString::fromStdString(test::temp_dir());
    // Any existing file as the model: the backend is checked before the model is opened.
    const QString file = QString::fromStdString(test::source_dir()) + "/LICENSE";
    for (const QStringList& args : every_command(file, tmp)) {
      QStringList a = args;
      a << "--backend" << "cuda";
      const CliRun r = cli(a);
      QVERIFY2(r.code != 0, qPrintable(a.join(' ')));
      const QString err = QString::fromUtf8(r.err).trimmed();
      QVERIFY2(!err.contains('\n'), qPrintable(err));
      QVERIFY2(err.contains("--backend cuda: " + QString::fromStdString(p.reason)), qPrintable(err));
      QVERIFY(r.out.isEmpty());
    }
  }

  void badBackendNameIsRefused() {
    const CliRun r = cli({"tokenize", "hello", "--backend", "metal"});
    QVERIFY(r.code != 0);
    QVERIFY2(QString::fromUtf8(r.err).contains("--backend"), r.err.constData());
  }

  void cpuWorksOnEveryCommand() {
    const std::string model = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(model, "the default model");
    const QString tmp = QString::fromStdString(test::temp_dir());
    for (const QStringList& args : every_command(QString::fromStdString(model), tmp)) {
      QStringList a = args;
      a << "--backend" << "cpu";
      const CliRun r = cli(a);
      QVERIFY2(r.code == 0, qPrintable(a.join(' ') + "\n" + QString::fromUtf8(r.err)));
      if (a.contains("--json")) QVERIFY2(!QJsonDocument::fromJson(r.out).isNull(), qPrintable(a.join(' ')));
    }
    const CliRun b = cli({"bench", "-m", QString::fromStdString(model), "-p", "0", "-n", "4", "-r", "1", "-t", "2",
                          "--no-ceilings", "--json", "--backend", "cpu"});
    QCOMPARE(QJsonDocument::fromJson(b.out).object()["backend"].toString(), QStringLiteral("cpu"));
  }
};

QTEST_GUILESS_MAIN(TstCliBackend)
#include "tst_cli_backend.moc"
