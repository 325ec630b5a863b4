// The random-weight models of tests/reference/make_arch_models.py (llama with rope_freqs.weight, llama
// with linear RoPE scaling, qwen3, gemma3 with an 8-token sliding window) against llama.cpp on the same
// files: tokens, teacher-forced logits position by position (top-20 of each), greedy text.
#include <QtTest/QtTest>

#include <cstring>
#include <functional>

#include "engine/gguf/gguf_file.h"
#include "engine/gguf/gguf_writer.h"
#include "tests/common/test_support.h"
#include "tests/golden/golden_reference.h"

using namespace inferscope;

namespace {

std::string arch_path(const std::string& name) { return test::arch_models_dir() + "/arch_" + name + ".gguf"; }

// A copy of a committed model with one feature knocked out (edit may replace keys; `drop` names a tensor
// to leave out, which edit may add back with other values).
std::string knock_out(const std::string& name, const std::string& drop, const std::function<void(gguf::GgufWriter&)>& edit) {
  const auto f = gguf::GgufFile::open(arch_path(name));
  gguf::GgufWriter w(static_cast<uint32_t>(f->alignment()));
  for (const gguf::KeyValue& kv : f->metadata()) w.set(kv.key, kv.value);
  for (const gguf::TensorInfo& t : f->tensors())
    if (t.name != drop) w.add_tensor(t.name, t.ne, t.type, std::vector<uint8_t>(t.data, t.data + t.n_bytes));
  edit(w);
  const std::string path = test::temp_dir() + "/knocked_out_" + name + ".gguf";
  w.write(path);
  return path;
}

}  // namespace

class TestGoldenArchs : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    // Written by packaging/bootstrap.sh (tests/reference/make_arch_models.py, checksums pinned there).
    INFERSCOPE_REQUIRE_MODEL(test::arch_models_dir(), "the random-weight architecture models");
  }
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
    test::run_golden_checks(arch_path(name), ref, 64, fig);
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

  // The comparison can fail: the same models with rope_freqs' divisors set to 1, or with the window
  // wider than every prompt, are far from llama.cpp's logits on the real files.
  void knockedOutFeaturesAreDetected() {
    const std::string no_factors = knock_out("llama3", "rope_freqs.weight", [](gguf::GgufWriter& w) {
      std::vector<uint8_t> ones(8 * sizeof(float));
      const float one = 1.0f;
      for (int i = 0; i < 8; ++i) std::memcpy(ones.data() + i * sizeof(float), &one, sizeof one);
      w.add_tensor("rope_freqs.weight", {8}, kernels::GgmlType::F32, ones);
    });
    const std::string no_window = knock_out("gemma3", "", [](gguf::GgufWriter& w) {
      w.set("gemma3.attention.sliding_window", gguf::Value::u32(4096));
    });
    for (const auto& [file, ref] : {std::pair{no_factors, "llama3"}, std::pair{no_window, "gemma3"}}) {
      test::GoldenFigures fig;
      test::run_golden_checks(file, test::load_reference(std::string("reference_arch_") + ref + ".json"), 64, fig);
      qInfo("%s knocked out: largest logit difference %.3f, top-1 %d/%d", ref, fig.logit_max_abs_diff, fig.top1_agree,
            fig.positions);
      QVERIFY(fig.logit_max_abs_diff > 0.1);
    }
  }
};

QTEST_APPLESS_MAIN(TestGoldenArchs)
#include "tst_golden_archs.moc"
