// GPTQ and AWQ on the default model (SmolLM2-135M-Instruct, Q4_1 as stored) at int3 g128 against
// round-to-nearest in the same group format (rtn:int3:g128, the embedding as stored in all three),
// measured like every weight mode (quant::compare_quality against the stored weights at F32) on a text
// that is not the calibration text (the project's LICENSE): AWQ's perplexity is below RTN's. GPTQ's
// layer output error on the calibration rows is below RTN's for every projection, but its perplexity is
// not below RTN's yet (an open defect, BENCHMARKS.md): that check is an expected failure, so fixing it
// turns it into an unexpected pass that asks for the marker to go. Calibrated on the same text as it is
// scored on, GPTQ does beat RTN here: what fails is generalization to another text (worse with a
// calibration set narrower than the projections' inputs, still there with a wider one; BENCHMARKS.md).
// Slow (minutes on 2 cores): `slow`.
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
    ro.calibration_tokens = 256;
    ro.use_cache = false;
    const auto baseline = quant::apply_weight_mode(*base, quant::parse_weight_mode("f32"), ro);
    quant::QualityOptions qo;
    qo.pool = &pool;
    std::map<std::string, quant::QualityResult> q;
    for (const char* name : {"rtn:int3:g128", "gptq:int3:g128", "awq:int3:g128"}) {
      quant::WeightQuantReport rep;
      const auto m = quant::apply_weight_mode(*base, quant::parse_weight_mode(name), ro, &rep);
      q[name] = quant::compare_quality(*baseline->model, kernels::KvDtype::F32, *m->model, kernels::KvDtype::F32, tokens, qo);
      qInfo("%s: perplexity %.3f (baseline %.3f), KL %.4f, top-1 %.3f", name, q[name].perplexity,
            q[name].baseline_perplexity, q[name].kl_mean, q[name].top1_agreement);
      QVERIFY(rep.calibration);
      if (std::string(name) == "gptq:int3:g128")
        for (const auto& l : rep.calibration->linears)
          QVERIFY2(l.error < l.error_rtn, qPrintable(QString::fromStdString(l.name)));
    }
    QVERIFY(q["awq:int3:g128"].perplexity < q["rtn:int3:g128"].perplexity);
    QEXPECT_FAIL("", "GPTQ int3 g128 on SmolLM2: beats RTN on its calibration text, not on another (open)", Continue);
    QVERIFY(q["gptq:int3:g128"].perplexity < q["rtn:int3:g128"].perplexity);
  }
};

QTEST_GUILESS_MAIN(TstCalibratedQuantSmollm2)
#include "tst_calibrated_quant_smollm2.moc"
