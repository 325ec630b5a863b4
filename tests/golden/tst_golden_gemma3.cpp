// Gemma 3 270M Q4_K_M (the second real model, gemma3 architecture) against llama.cpp: tokens, logits and
// greedy text, including a prompt longer than the model's 512-token sliding window.
#include <QtTest/QtTest>

#include <filesystem>

#include "engine/model/default_model.h"
#include "tests/common/test_support.h"
#include "tests/golden/golden_reference.h"

using namespace inferscope;

namespace {
// The bootstrap installs it beside the default model.
std::string gemma_path_if_present() {
  const std::filesystem::path p =
      std::filesystem::path(default_model_path()).parent_path() / "gemma-3-270m-q4_k_m.gguf";
  return std::filesystem::exists(p) ? p.string() : std::string();
}
}  // namespace

class TestGoldenGemma3 : public QObject {
  Q_OBJECT
 private slots:
  void matchesLlamaCpp() {
    const std::string path = gemma_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "Gemma 3 270M");
    const auto ref = test::load_reference("reference_gemma3.json");
    QVERIFY(!ref.is_null());
    QVERIFY(ref["prompts"].size() >= 8);
    test::GoldenFigures fig;
    test::run_golden_checks(path, ref, 32, fig);
    if (QTest::currentTestFailed()) return;
    test::log_golden_figures("Gemma 3 270M", fig);
    // Q4_K/Q5_0/Q6_K/Q8_0 weights with activations quantized to 8 bits on both sides: as for SmolLM2, the
    // agreement is held to our own noise floor (tiled vs naive attention, both exact up to rounding:
    // measured 975/985 top-1, logits up to 3.8 apart), not to bit-identity. Measured against llama.cpp:
    // 972/985 top-1 (the 640-token prompt past the 512-token window: 638/640), mean KL 0.0023, largest
    // logit difference 3.3, greedy parting only where llama.cpp's own top-2 margin was at most 0.32.
    QVERIFY(fig.self_top1_rate() >= 0.95);
    QVERIFY2(fig.top1_rate() >= fig.self_top1_rate() - 0.02,
             qPrintable(QString("llama.cpp agreement %1 vs our own noise floor %2").arg(fig.top1_rate()).arg(fig.self_top1_rate())));
    QVERIFY(fig.kl_mean() < 0.01);
    QVERIFY(fig.logit_max_abs_diff < 4.0);
    for (const auto& d : fig.divergences) QVERIFY2(d.ref_margin < 0.5, d.prompt.c_str());
  }
};

QTEST_APPLESS_MAIN(TestGoldenGemma3)
#include "tst_golden_gemma3.moc"
