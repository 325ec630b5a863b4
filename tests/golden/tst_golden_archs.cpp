// The random-weight models of tests/reference/make_arch_models.py (llama with rope_freqs.weight, llama
// with linear RoPE scaling, qwen3, gemma3 with an 8-token sliding window) against llama.cpp on the same
// files: tokens, teacher-forced logits position by position (top-20 of each), greedy text.
#include <QtTest/QtTest>

#include "tests/common/test_support.h"
#include "tests/golden/golden_reference.h"

using namespace inferscope;

class TestGoldenArchs : public QObject {
  Q_OBJECT
 private slots:
  void matchesLlamaCpp_data() {
    QTest::addColumn<QString>("arch");
    for (const char* a : {"llama3", "llama_linear", "qwen3", "gemma3"}) QTest::newRow(a) << QString(a);
  }
  void matchesLlamaCpp() {
    QFETCH(QString, arch);
    const std::string name = arch.toStdString();
    const auto ref = test::load_reference("reference_arch_" + name + ".json");
    QVERIFY(!ref.is_null());
    test::GoldenFigures fig;
    test::run_golden_checks(test::source_dir() + "/tests/data/arch_" + name + ".gguf", ref, 64, fig);
    if (QTest::currentTestFailed()) return;
    qInfo("%s: top-1 agreement %d/%d, mean KL %.2e (max %.2e), largest logit difference %.5f, greedy %d/%d equal",
          name.c_str(), fig.top1_agree, fig.positions, fig.kl_mean(), fig.kl_max, fig.logit_max_abs_diff,
          fig.greedy_equal, fig.greedy_compared);
    // F32 weights on both sides and an F16 KV cache on both: the logits differ by float summation order
    // only (a wrong RoPE frequency, norm or window moves them by whole units).
    QVERIFY2(fig.logit_max_abs_diff < 0.01, qPrintable(QString::number(fig.logit_max_abs_diff)));
    QCOMPARE(fig.top1_agree, fig.positions);
    QVERIFY(fig.kl_max < 1e-5);
    QVERIFY(fig.divergences.empty());
    QCOMPARE(fig.greedy_equal, fig.greedy_compared);
  }
};

QTEST_APPLESS_MAIN(TestGoldenArchs)
#include "tst_golden_archs.moc"
