// The lesson framework (parameter checking, registry) and lesson 1 (KV bytes per token) against the
// closed form 2 x layers x kv_heads x head_dim x bytes(dtype), and against the engine's KvStorage.
#include <QtTest/QtTest>

#include <set>

#include "engine/kv/kv_storage.h"
#include "engine/lessons/lesson.h"
#include "engine/model/loaded_model.h"
#include "engine/quant/quality.h"
#include "engine/workload/sample_text.h"
#include "engine/workload/scenario.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;
using namespace inferscope::lessons;

namespace {

LessonResult run(const char* id, const ParamValues& v, const LessonContext& ctx = {}) {
  const Lesson* l = find_lesson(id);
  if (l == nullptr) throw std::runtime_error(std::string("no lesson ") + id);
  return l->run(v, ctx);
}

QString error_of(const char* id, const ParamValues& v) {
  try {
    run(id, v);
  } catch (const LessonError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace

class TstLessonCore : public QObject {
  Q_OBJECT
 private slots:
  void registryIsConsistent() {
    std::set<std::string> ids;
    QVERIFY(!all_lessons().empty());
    for (const auto& l : all_lessons()) {
      QVERIFY2(ids.insert(l->id()).second, l->id().c_str());
      QVERIFY(find_lesson(l->id()) == l.get());
      QVERIFY(!l->title().empty());
      std::set<std::string> names;
      for (const ParamSpec& s : l->params()) {
        QVERIFY2(names.insert(s.name).second, (l->id() + " --" + s.name).c_str());
        QVERIFY2(!s.label.empty() && !s.help.empty(), (l->id() + " --" + s.name).c_str());
        if (s.kind == ParamSpec::Kind::Int || s.kind == ParamSpec::Kind::Real) {
          QVERIFY2(s.min <= s.def && s.def <= s.max, (l->id() + " --" + s.name).c_str());
        }
        if (s.kind == ParamSpec::Kind::Choice) {
          QVERIFY2(std::find(s.choices.begin(), s.choices.end(), s.def_text) != s.choices.end(),
                   (l->id() + " --" + s.name).c_str());
        }
      }
      // Defaults are valid by construction.
      const Params p(l->params(), {});
      QCOMPARE(p.values().size(), l->params().size());
    }
    QVERIFY(find_lesson("no-such-lesson") == nullptr);
  }

  // "See it for real": every scenario a lesson names ships and loads (only MoE has none: the engine runs
  // dense models).
  void scenariosExistAndLoad() {
    int with_scenario = 0;
    for (const auto& l : all_lessons()) {
      if (l->scenario().empty()) continue;
      ++with_scenario;
      const std::string path = test::source_dir() + "/resources/scenarios/" + l->scenario();
      try {
        const Scenario s = load_scenario(path);
        QVERIFY2(!s.name.empty(), path.c_str());
      } catch (const std::exception& e) {
        QFAIL((l->id() + ": " + e.what()).c_str());
      }
    }
    QCOMPARE(with_scenario, int(all_lessons().size()) - 1);
    QVERIFY(find_lesson("moe")->scenario().empty());
  }

  void paramsAreChecked() {
    QVERIFY(error_of("kv-size", {{"layers", "0"}}).contains("--layers = 0 is outside 1..512"));
    QVERIFY(error_of("kv-size", {{"users", "-3"}}).contains("--users"));
    QVERIFY(error_of("kv-size", {{"layers", "2.5"}}).contains("not a whole number"));
    QVERIFY(error_of("kv-size", {{"layers", "many"}}).contains("not a number"));
    QVERIFY(error_of("kv-size", {{"dtype", "fp4"}}).contains("'fp4' is not one of fp32, fp16, bf16, fp8, int8"));
    QVERIFY(error_of("kv-size", {{"heads", "8"}}).contains("unknown parameter --heads"));
    QVERIFY(error_of("kv-size", {{"preset", "loaded"}}).contains("needs a model"));
  }

  void kvSizeClosedForm_data() {
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("kvHeads");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<double>("elemBytes");
    QTest::addColumn<int>("context");
    QTest::addColumn<int>("users");
    QTest::newRow("llama3-8b fp16 128k") << 32 << 8 << 128 << "fp16" << 2.0 << 131072 << 1;
    QTest::newRow("smollm2 fp16 8k x 4") << 30 << 3 << 64 << "fp16" << 2.0 << 8192 << 4;
    QTest::newRow("fp32") << 12 << 12 << 64 << "fp32" << 4.0 << 2048 << 16;
    QTest::newRow("int8") << 80 << 8 << 128 << "int8" << 1.0 << 32768 << 8;
    QTest::newRow("fp8") << 32 << 8 << 128 << "fp8" << 1.0 << 100000 << 3;
  }
  void kvSizeClosedForm() {
    QFETCH(int, layers);
    QFETCH(int, kvHeads);
    QFETCH(int, headDim);
    QFETCH(QString, dtype);
    QFETCH(double, elemBytes);
    QFETCH(int, context);
    QFETCH(int, users);
    const LessonResult r = run("kv-size", {{"layers", std::to_string(layers)},
                                           {"kv-heads", std::to_string(kvHeads)},
                                           {"head-dim", std::to_string(headDim)},
                                           {"dtype", dtype.toStdString()},
                                           {"context", std::to_string(context)},
                                           {"users", std::to_string(users)},
                                           {"vram-gb", "80"}});
    const double per_token = 2.0 * layers * kvHeads * headDim * elemBytes;
    QCOMPARE(r.value("bytes_per_token"), per_token);
    QCOMPARE(r.value("bytes_per_user"), per_token * context);
    QCOMPARE(r.value("total_bytes"), per_token * context * users);
    QCOMPARE(r.value("fits_vram"), per_token * context * users <= 80e9 ? 1.0 : 0.0);
    QCOMPARE(r.value("max_users_in_vram"), std::floor(80e9 / (per_token * context)));
    // The engine's cache adds one float scale per (block of 16, head) for K and V in fp8/int8.
    const bool scaled = dtype == "fp8" || dtype == "int8";
    const double scale_per_token = scaled ? 2.0 * layers * kvHeads * 4.0 / 16.0 : 0.0;
    QCOMPARE(r.value("engine_bytes_per_token"), per_token + scale_per_token);
    // The chart: KV grows linearly with context (doubling x doubles y) and carries the VRAM lines.
    QVERIFY(r.chart.log_x && r.chart.log_y);
    const auto& one = r.chart.series.front().points;
    QVERIFY(one.size() > 4);
    QCOMPARE(one[1].second / one[0].second, one[1].first / one[0].first);
    QCOMPARE(one[0].second, per_token * one[0].first / 1e9);
  }

  void kvSizePublishedPresets() {
    // Llama-3-8B / 70B and Mixtral-8x7B (config.json): 32/80/32 layers, 8 KV heads, head 128, fp16.
    QCOMPARE(run("kv-size", {{"preset", "llama-3-8b"}}).value("bytes_per_token"), 131072.0);
    QCOMPARE(run("kv-size", {{"preset", "llama-3-70b"}}).value("bytes_per_token"), 327680.0);
    QCOMPARE(run("kv-size", {{"preset", "mixtral-8x7b"}}).value("bytes_per_token"), 131072.0);
    // A preset overrides the fields.
    QCOMPARE(run("kv-size", {{"preset", "llama-3-8b"}, {"layers", "2"}}).value("layers"), 32.0);
  }

  void kvSizeLoadedModelIsMeasured() {
    test::TinyModelSpec spec;  // 2 layers, 2 KV heads, head dim 64 / 4 heads = 16
    const auto model = load_model(test::write_tiny_model(spec, "lesson_core_tiny"));
    LessonContext ctx;
    ctx.model = model;
    const LessonResult r = run("kv-size", {{"preset", "loaded"}, {"dtype", "fp16"}}, ctx);
    const double head_dim = double(spec.n_embd) / spec.n_heads;
    QCOMPARE(r.value("bytes_per_token"), 2.0 * spec.n_layers * spec.n_kv_heads * head_dim * 2.0);
    // Measured on a real one-block KvStorage of the loaded model: equals the formula at fp16.
    QCOMPARE(r.value("loaded_model_bytes_per_token"), r.value("bytes_per_token"));
  }

  // The quantization lesson's measured-quality link: the baseline perplexity is the quality module's own
  // figure for the stored model on the same tokens, and more bits bring the re-encoded model closer.
  void quantErrorMeasuresPerplexity() {
    QVERIFY(error_of("quant-error", {{"perplexity", "on"}}).contains("needs a loaded model"));
    test::TinyModelSpec spec;
    spec.n_embd = 128;
    spec.n_ff = 256;
    const auto model = load_model(test::write_tiny_model(spec, "lesson_core_ppl"));
    LessonContext ctx;
    ctx.model = model;
    ctx.threads = 1;
    const ParamValues base = {{"perplexity", "on"}, {"ppl-tokens", "48"}, {"tensor", "blk.0.ffn_down.weight"},
                              {"group", "32"}};
    ParamValues two = base, eight = base;
    two["bits"] = "2";
    eight["bits"] = "8";
    const LessonResult r2 = run("quant-error", two, ctx);
    const LessonResult r8 = run("quant-error", eight, ctx);
    const auto ids = quant::quality_tokens(*model, std::string(sample_text()), 48);
    QCOMPARE(r2.value("ppl_tokens"), 48.0);
    QCOMPARE(r2.value("ppl_stored"), quant::perplexity(*model->model, KvDtype::F32, ids));
    QCOMPARE(r8.value("ppl_stored"), r2.value("ppl_stored"));
    for (const char* k : {"kl_per_tensor", "kl_group"}) {
      QVERIFY(r2.value(k) >= 0.0);
      QVERIFY2(r8.value(k) < r2.value(k), k);
    }
    QVERIFY(r8.value("top1_group") >= r2.value("top1_group"));
    // A group size the simulated modes do not have gives a note, not a wrong number.
    ParamValues odd = base;
    odd["group"] = "48";
    const LessonResult ro = run("quant-error", odd, ctx);
    QVERIFY(ro.find("ppl_group") == nullptr);
    QVERIFY(!ro.texts.empty());
  }

  void defaultModelMatchesDesignFigure() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    LessonContext ctx;
    ctx.model = load_model(path);
    // docs/architecture.md: SmolLM2-135M at fp16 = 2 x 30 x 3 x 64 x 2 = 23,040 bytes per token.
    const LessonResult r = run("kv-size", {{"preset", "loaded"}}, ctx);
    QCOMPARE(r.value("bytes_per_token"), 23040.0);
    QCOMPARE(r.value("loaded_model_bytes_per_token"), 23040.0);
  }
};

QTEST_GUILESS_MAIN(TstLessonCore)
#include "tst_lesson_core.moc"
