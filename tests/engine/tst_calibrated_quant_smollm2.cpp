// GPTQ and AWQ on the default model (SmolLM2-135M-Instruct, Q4_1 as stored) at int3 g128 against
// round-to-nearest in the same group format (rtn:int3:g128, the embedding as stored in all three),
// measured like every weight mode (quant::compare_quality against the stored weights at F32) on a text
// that is not the calibration text (the project's LICENSE): both methods' perplexity is below RTN's, and
// GPTQ's layer output error on its calibration rows is below RTN's for every projection. The calibration
// is the engine's default: the shipped text, then the model's own samples up to 8,192 tokens, GPTQ layer
// after layer (docs/quantization-methods.md: with 256 tokens, or with Hessians from the unquantized
// model, GPTQ lost to RTN here). Slow (minutes on 2 cores): `slow`.
#include <QtTest/QtTest>

#include <fstream>
#include <map>
#include <sstream>

#include "engine/model/loaded_model.h"
#include "engine/quant/quality.h"
#include "engine/quant/quantized_model.h"
#include "kernels/cpu/thread_pool.h"
#include "tests/common/test_support.h"

using namespace inferscope;

class TstCalibratedQuantSmollm2 : public QObject {
  Q_OBJECT

 private slots:
  void int3PerplexityBelowRoundToNearest() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    kernels::ThreadPool pool(0);
    const auto base = load_model(path);
    std::ifstream in(test::source_dir() + "/LICENSE");
    std::ostringstream text;
    text << in.rdbuf();
    const auto tokens = quant::quality_tokens(*base, text.str(), 128);

    quant::RequantizeOptions ro;
    ro.pool = &pool;
    ro.use_cache = false;
    const auto baseline = quant::apply_weight_mode(*base, quant::parse_weight_mode("f32"), ro);
    quant::QualityOptions qo;
    qo.pool = &pool;
    std::map<std::string, quant::QualityResult> q;
    for (const char* name : {"rtn:int3:g128", "gptq:int3:g128", "awq:int3:g128"}) {
      quant::WeightQuantReport rep;
      const auto m = quant::apply_weight_mode(*base, quant::parse_weight_mode(name), ro, &rep);
      q[name] = quant::compare_quality(*baseline->model, KvDtype::F32, *m->model, KvDtype::F32, tokens, qo);
      qInfo("%s: perplexity %.3f (baseline %.3f), KL %.4f, top-1 %.3f", name, q[name].perplexity,
            q[name].baseline_perplexity, q[name].kl_mean, q[name].top1_agreement);
      QVERIFY(rep.calibration);
      QCOMPARE(rep.calibration->tokens, std::string(name).rfind("gptq", 0) == 0 ? 8192 : 1024);
      if (std::string(name) == "gptq:int3:g128")
        for (const auto& l : rep.calibration->linears)
          QVERIFY2(l.error < l.error_rtn, qPrintable(QString::fromStdString(l.name)));
    }
    QVERIFY(q["awq:int3:g128"].perplexity < q["rtn:int3:g128"].perplexity);
    QVERIFY(q["gptq:int3:g128"].perplexity < q["rtn:int3:g128"].perplexity);
  }
};

QTEST_GUILESS_MAIN(TstCalibratedQuantSmollm2)
#include "tst_calibrated_quant_smollm2.moc"
