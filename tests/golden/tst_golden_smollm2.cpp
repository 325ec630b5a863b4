// SmolLM2-135M-Instruct Q4_1 (the default model) against llama.cpp: tokens, logits and greedy text.
#include <QtTest/QtTest>

#include "tests/common/test_support.h"
#include "tests/golden/golden_reference.h"

using namespace inferscope;

class TestGoldenSmolLM2 : public QObject {
  Q_OBJECT
 private slots:
  void matchesLlamaCpp() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    const auto ref = test::load_reference("reference_smollm2.json");
    QVERIFY(!ref.is_null());
    QVERIFY(ref["prompts"].size() >= 8);
    test::GoldenFigures fig;
    test::run_golden_checks(path, ref, 32, fig);
    if (QTest::currentTestFailed()) return;
    test::log_golden_figures("SmolLM2", fig);
    // Both sides run the same Q4_1 weights with activations quantized to 8 bits per 32-block. A rounding
    // difference upstream flips some 8-bit activation codes, and 30 layers amplify that into logit noise of
    // up to ~1.5. That noise is measured here, not assumed: our own tiled and naive attention kernels (both
    // exact up to float rounding) agree on top-1 at only ~97.8% of positions, with logits up to ~1.5 apart.
    // llama.cpp is no steadier: tests/reference/self_agreement.py finds the same llama-cpp-python 0.3.16, built
    // on another machine than the one that wrote this reference file, matching the file's top-1 at only
    // 536/548 = 97.8%, and agreeing with itself at 531/548 = 96.9% when only its batch size changes.
    // So the agreement with llama.cpp is held to that floor (within 2 points), not to the 99%,
    // which near-ties make unreachable without bit-identical arithmetic (see the issue note).
    QVERIFY(fig.self_top1_rate() >= 0.95);
    QVERIFY2(fig.top1_rate() >= fig.self_top1_rate() - 0.02,
             qPrintable(QString("llama.cpp agreement %1 vs our own noise floor %2").arg(fig.top1_rate()).arg(fig.self_top1_rate())));
    QVERIFY(fig.kl_mean() < 0.01);
    QVERIFY(fig.logit_max_abs_diff < 1.5);
    // Greedy text may only part where llama.cpp itself nearly tied: a top-2 margin of a few tenths, far
    // inside the logit noise above (largest measured: 0.29).
    for (const auto& d : fig.divergences) QVERIFY2(d.ref_margin < 0.35, d.prompt.c_str());
  }
};

QTEST_APPLESS_MAIN(TestGoldenSmolLM2)
#include "tst_golden_smollm2.moc"
