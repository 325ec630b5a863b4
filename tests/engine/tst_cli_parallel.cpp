// Virtual tensor and pipeline parallelism through the real inferscope-cli on the default model (SmolLM2-135M:
// 30 layers, 9 query heads, 3 KV heads): `generate --pp 3 --micro-batches 4` gives the unsplit greedy tokens
// exactly (each layer runs whole on one device); `--tp 3` splits every layer by heads and chains the
// partial sums between devices in the kernel's own order, so it gives them exactly too;
// `bench` takes the same flags and refuses a split the model cannot take, saying why.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest/QtTest>

#include <filesystem>

#include "engine/model/default_model.h"
#include "tests/common/cli_run.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {
const QString kCli = QStringLiteral(INFERSCOPE_CLI_PATH);

QJsonObject json_of(const test::CliRun& r) { return QJsonDocument::fromJson(r.out).object(); }
}  // namespace

class TstCliParallel : public QObject {
  Q_OBJECT

 private slots:
  void generateSplitsGiveTheUnsplitTokens() {
    const std::string model_path = default_model_path();
    if (!std::filesystem::exists(model_path)) INFERSCOPE_REQUIRE_MODEL(std::string(), "the default model");
    const QString model = QString::fromStdString(model_path);
    const QStringList common{"generate", "-m", model, "-p", "The capital of France is", "-n", "48", "--temp", "0",
                             "--ignore-eos", "-t", "1", "--json"};
    const test::CliRun plain = test::run_cli(kCli, common, 120000);
    QVERIFY2(plain.code == 0, plain.err.constData());
    const QJsonArray want = json_of(plain).value("token_ids").toArray();
    QCOMPARE(want.size(), 48);
    QCOMPARE(json_of(plain).value("parallel").toString(), QStringLiteral("none"));

    const test::CliRun pp = test::run_cli(kCli, QStringList(common) << "--pp" << "3" << "--micro-batches" << "4", 120000);
    QVERIFY2(pp.code == 0, pp.err.constData());
    QCOMPARE(json_of(pp).value("token_ids").toArray(), want);
    QCOMPARE(json_of(pp).value("parallel").toString(), QStringLiteral("PP 3 x m 4"));
    QVERIFY(json_of(pp).value("comm_bytes").toInteger() > 0);  // activations handed from device to device

    const test::CliRun tp = test::run_cli(kCli, QStringList(common) << "--tp" << "3", 120000);
    QVERIFY2(tp.code == 0, tp.err.constData());
    QCOMPARE(json_of(tp).value("parallel").toString(), QStringLiteral("TP 3"));
    QVERIFY(json_of(tp).value("comm_bytes").toInteger() > json_of(pp).value("comm_bytes").toInteger());  // all-reduces per layer
    const QJsonArray got = json_of(tp).value("token_ids").toArray();
    QCOMPARE(got.size(), 48);
    QCOMPARE(got, want);  // docs/architecture.md "Virtual devices": the chained reduction
  }

  void benchTakesTheFlagsAndRefusesASplitTheModelCannotTake() {
    const std::string model_path = default_model_path();
    if (!std::filesystem::exists(model_path)) INFERSCOPE_REQUIRE_MODEL(std::string(), "the default model");
    const QString model = QString::fromStdString(model_path);
    const QStringList common{"bench", "-m", model, "-p", "16", "-n", "4", "-t", "1", "-r", "1", "--no-ceilings", "--json"};
    const test::CliRun tp = test::run_cli(kCli, QStringList(common) << "--tp" << "3", 120000);
    QVERIFY2(tp.code == 0, tp.err.constData());
    QCOMPARE(json_of(tp).value("parallel").toString(), QStringLiteral("TP 3"));
    QCOMPARE(json_of(tp).value("results").toArray().size(), 2);
    const test::CliRun pp = test::run_cli(kCli, QStringList(common) << "--pp" << "2" << "--micro-batches" << "2", 120000);
    QVERIFY2(pp.code == 0, pp.err.constData());
    QCOMPARE(json_of(pp).value("parallel").toString(), QStringLiteral("PP 2 x m 2"));
    const test::CliRun four = test::run_cli(kCli, QStringList(common) << "--tp" << "4", 120000);
    QVERIFY(four.code != 0);
    QVERIFY2(four.err.contains("3 KV heads"), four.err.constData());
    const test::CliRun both = test::run_cli(kCli, QStringList(common) << "--tp" << "3" << "--pp" << "3", 60000);
    QVERIFY(both.code != 0);
    QVERIFY2(both.err.contains("exclude each other"), both.err.constData());
  }
};

QTEST_GUILESS_MAIN(TstCliParallel)
#include "tst_cli_parallel.moc"
