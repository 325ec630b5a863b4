// The Gemma 3 pieces of inferscope-cli, through the real binary: `generate --no-window-release` gives the
// tokens that sliding-window block release gives (the random-weight gemma3 architecture model, prompts past
// its window of 8) while holding more KV memory at its peak; `bench` takes the flag; and `info` reports the
// model card's parameter shares and departures from llama for the real Gemma 3 270M, checked against the
// published config (Gemma 3 270M's config.json: hidden_size 640, 18 layers, sliding_window 512, a global
// layer every 6th, vocabulary 262,144, tied embeddings, GELU (tanh), query_pre_attn_scalar 256).
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest/QtTest>

#include <cmath>
#include <filesystem>

#include "engine/model/default_model.h"
#include "tests/common/cli_run.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {
const QString kCli = QStringLiteral(INFERSCOPE_CLI_PATH);

QJsonObject json_of(const test::CliRun& r) { return QJsonDocument::fromJson(r.out).object(); }

std::string gemma_path_if_present() {
  const std::filesystem::path p =
      std::filesystem::path(default_model_path()).parent_path() / "gemma-3-270m-q4_k_m.gguf";
  return std::filesystem::exists(p) ? p.string() : std::string();
}
}  // namespace

class TstCliGemma : public QObject {
  Q_OBJECT

 private slots:
  void windowReleaseOffGivesTheSameTokens() {
    INFERSCOPE_REQUIRE_MODEL(test::arch_models_dir(), "the random-weight architecture models");
    const QString model = QString::fromStdString(test::arch_models_dir() + "/arch_gemma3.gguf");
    // About 40 prompt tokens and 24 generated against a window of 8, in blocks of 4: the window layers
    // release blocks all along.
    const QString prompt = QStringLiteral("Once upon a time there was a little girl who lived in a village near the "
                                          "forest. She liked to play with her friends and her dog every day.");
    const QStringList common{"generate", "-m", model, "-p", prompt, "-n", "24", "--ignore-eos", "--block-size", "4",
                             "-t", "1", "--json"};
    const test::CliRun on = test::run_cli(kCli, common, 120000);
    QVERIFY2(on.code == 0, on.err.constData());
    const test::CliRun off = test::run_cli(kCli, QStringList(common) << "--no-window-release", 120000);
    QVERIFY2(off.code == 0, off.err.constData());
    const QJsonObject a = json_of(on), b = json_of(off);
    QVERIFY(a.value("prompt_tokens").toInt() > 3 * 8);
    QCOMPARE(a.value("generated_tokens").toInt(), 24);
    QCOMPARE(b.value("token_ids").toArray(), a.value("token_ids").toArray());
    // Release off: one full-size table for every layer, so the peak is the full-attention peak.
    QCOMPARE(b.value("kv_bytes_peak").toInteger(), b.value("kv_bytes_peak_full_attention").toInteger());
    QVERIFY(a.value("kv_bytes_peak").toInteger() < b.value("kv_bytes_peak").toInteger());
  }

  void benchTakesTheFlag() {
    INFERSCOPE_REQUIRE_MODEL(test::arch_models_dir(), "the random-weight architecture models");
    const QString model = QString::fromStdString(test::arch_models_dir() + "/arch_gemma3.gguf");
    const test::CliRun r = test::run_cli(kCli, {"bench", "-m", model, "-p", "16", "-n", "4", "-t", "1", "-r", "1",
                                                "--no-ceilings", "--no-window-release", "--json"},
                                         120000);
    QVERIFY2(r.code == 0, r.err.constData());
    const test::CliRun help = test::run_cli(kCli, {"generate", "--help"}, 30000);
    QVERIFY(help.out.contains("--no-window-release"));
  }

  void infoShowsTheModelCard() {
    const std::string path = gemma_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "Gemma 3 270M");
    const test::CliRun r = test::run_cli(kCli, {"info", QString::fromStdString(path), "--json"}, 120000);
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonObject j = json_of(r);
    // Token embedding: vocabulary x hidden size = 262,144 x 640; tied, so no separate head.
    const QJsonObject place = j.value("parameters_by_place").toObject();
    QCOMPARE(place.value("token_embedding").toInteger(), qint64(262144) * 640);
    QCOMPARE(place.value("output_head").toInteger(), qint64(0));
    QCOMPARE(place.value("token_embedding").toInteger() + place.value("layers_and_norms").toInteger(),
             j.value("parameters").toInteger());
    const QJsonObject d = j.value("architecture_details").toObject();
    QCOMPARE(d.value("post_norms").toBool(), true);
    QCOMPARE(d.value("qk_norm").toBool(), true);
    QCOMPARE(d.value("ffn_activation").toString(), QStringLiteral("gelu_tanh"));
    QCOMPARE(d.value("sliding_window").toInt(), 512);
    // A global layer every 6th of 18 (sliding_window_pattern 6): layers 5, 11 and 17.
    QCOMPARE(d.value("global_layers").toArray(), QJsonArray({5, 11, 17}));
    QCOMPARE(d.value("rope_freq_base_swa").toDouble(), 10000.0);
    QVERIFY(std::abs(d.value("embedding_scale").toDouble() - 25.2982213) < 1e-5);  // sqrt(hidden size 640)
    QCOMPARE(j.value("differences_from_llama").toArray().size(), 6);

    const test::CliRun text = test::run_cli(kCli, {"info", QString::fromStdString(path)}, 120000);
    QVERIFY2(text.code == 0, text.err.constData());
    QVERIFY(text.out.contains("token embedding 167.77 M (62.6%)"));  // 167,772,160 of 268,098,176
    QVERIFY(text.out.contains("output head tied"));
    QVERIFY(text.out.contains("against llama: 6 differences"));
    QVERIFY(text.out.contains("a window of the last 512 tokens in 15 of 18 layers; layers 5, 11, 17 see the whole context"));
    QVERIFY(text.out.contains("GELU (tanh form), gated"));
  }
};

QTEST_GUILESS_MAIN(TstCliGemma)
#include "tst_cli_gemma.moc"
