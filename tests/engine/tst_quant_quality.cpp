// Quality measured on the running model (engine/quant/quality.h): closed forms on tiny models, and the
// perplexity ordering of the real weight formats on the default model.
#include <QtTest/QtTest>

#include <cmath>

#include "engine/quant/quality.h"
#include "engine/quant/quantized_model.h"
#include "engine/workload/sample_text.h"
#include "kernels/cpu/thread_pool.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

class TestQuantQuality : public QObject {
  Q_OBJECT

 private slots:
  // All-zero weights give all-zero logits: a uniform next-token distribution, so perplexity is exactly
  // the vocabulary size and nothing diverges.
  void uniform_model_has_perplexity_vocab_size() {
    test::TinyModelSpec spec;
    spec.weight_scale = 0.0f;
    auto m = load_model(test::write_tiny_model(spec));
    std::vector<int32_t> tokens;
    for (int i = 0; i < 40; ++i) tokens.push_back((i * 7 + 3) % m->model->config().n_vocab);
    quant::QualityOptions opt;
    opt.window = 16;  // several windows, overlapping by one token
    const double ppl = quant::perplexity(*m->model, KvDtype::F32, tokens, opt);
    QVERIFY(std::fabs(ppl - m->model->config().n_vocab) < 1e-6 * m->model->config().n_vocab);
    const auto r = quant::compare_quality(*m->model, KvDtype::F32, *m->model, KvDtype::INT8, tokens, opt);
    QCOMPARE(r.tokens, 39);
    QVERIFY(r.kl_mean < 1e-12);
  }

  // Perplexity is exp(mean NLL) over each token predicted once: the windowed measurement equals one
  // computed from single-window passes (window = whole text) when the windows cannot lose context, and
  // the candidate equal to the baseline gives KL 0 and full agreement.
  void identical_models_agree_exactly() {
    auto m = load_model(test::write_tiny_model({}));
    std::vector<int32_t> tokens;
    for (int i = 0; i < 33; ++i) tokens.push_back((i * 13 + 1) % m->model->config().n_vocab);
    quant::QualityOptions opt;
    opt.window = 64;
    const auto r = quant::compare_quality(*m->model, KvDtype::F32, *m->model, KvDtype::F32, tokens, opt);
    QCOMPARE(r.tokens, 32);
    QCOMPARE(r.top1_agreement, 1.0);
    QVERIFY(r.kl_mean < 1e-12);
    QCOMPARE(r.perplexity, r.baseline_perplexity);
    QCOMPARE(r.perplexity, quant::perplexity(*m->model, KvDtype::F32, tokens, opt));
    // A random model is close to uniform: perplexity a little below the vocabulary size, never above
    // by more than the spread of its logits allows.
    QVERIFY(r.perplexity > 1 && r.perplexity < 3.0 * m->model->config().n_vocab);
    // A lossier KV dtype measurably diverges but keeps most top-1 choices.
    const auto kv = quant::compare_quality(*m->model, KvDtype::F32, *m->model, KvDtype::FP8_E4M3, tokens, opt);
    qInfo("  tiny model, fp8 KV vs f32 KV: KL %.3g, top-1 %.3f", kv.kl_mean, kv.top1_agreement);
    QVERIFY(kv.kl_mean > 0);
    QVERIFY(kv.top1_agreement > 0.5);
  }

  // On the real model: perplexity F32 <= Q8_0 <= Q4_0, Q4_1 over a generated text. The file stores Q4_1
  // projections and a Q8_0 embedding, so F32 is the stored weights exactly and every other mode re-rounds
  // them (Q4_1 too: its embedding goes from 8 to 4 bits).
  void real_model_perplexity_ordering() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model (SmolLM2-135M-Instruct Q4_1)");
    auto base = load_model(path);
    kernels::ThreadPool pool(2);
    const auto tokens = quant::quality_tokens(*base, std::string(sample_text()), 128);
    quant::QualityOptions opt;
    opt.pool = &pool;
    quant::RequantizeOptions ro;
    ro.pool = &pool;
    std::map<std::string, double> ppl;
    for (const char* name : {"f32", "q8_0", "q4_0", "q4_1"}) {
      auto m = quant::apply_weight_mode(*base, quant::parse_weight_mode(name), ro);
      ppl[name] = quant::perplexity(*m->model, KvDtype::F32, tokens, opt);
      qInfo("  %-5s perplexity %.4f over %zu tokens, %llu bytes", name, ppl[name], tokens.size() - 1,
            static_cast<unsigned long long>(m->card.weight_bytes));
    }
    QVERIFY(ppl["f32"] <= ppl["q8_0"]);
    QVERIFY(ppl["q8_0"] <= ppl["q4_0"]);
    QVERIFY(ppl["q8_0"] <= ppl["q4_1"]);
    QVERIFY(ppl["q4_0"] < 1.5 * ppl["f32"]);  // still the same model
  }
};

QTEST_GUILESS_MAIN(TestQuantQuality)
#include "tst_quant_quality.moc"
