// Lessons 5, 7, 8, 9, 11 and 12 (engine/lessons): every number checked against a closed form or a brute
// count written here, independently of the lesson's code, for several parameter sets; impossible input
// rejected with LessonError; the Monte-Carlo check within 5 standard errors of the exact variance; the
// MoE sums against the published totals; the model-backed parts on a tiny random model.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "engine/gguf/gguf_file.h"
#include "engine/lessons/lesson.h"
#include "engine/llm_engine.h"
#include "engine/model/loaded_model.h"
#include "engine/spec/spec_config.h"
#include "kernels/cpu/quant.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;
using lessons::LessonContext;
using lessons::LessonError;
using lessons::LessonResult;
using lessons::ParamValues;

namespace {

LessonResult run(const std::string& id, const ParamValues& v, const LessonContext& ctx = {}) {
  const lessons::Lesson* l = lessons::find_lesson(id);
  if (l == nullptr) throw std::runtime_error("no lesson " + id);
  return l->run(v, ctx);
}

bool rejects(const std::string& id, const ParamValues& v, const LessonContext& ctx = {}) {
  try {
    run(id, v, ctx);
  } catch (const LessonError& e) {
    return std::string(e.what()).find('\n') == std::string::npos;  // one line
  }
  return false;
}

bool close(double a, double b, double rel = 1e-9, double abs_tol = 0) {
  return std::fabs(a - b) <= std::max(abs_tol, rel * std::max(std::fabs(a), std::fabs(b)));
}

#define CHECK_CLOSE(actual, expected, rel)                                                                        \
  QVERIFY2(close((actual), (expected), (rel)),                                                                  \
           qPrintable(QString("%1 = %2, expected %3").arg(#actual).arg((actual), 0, 'g', 12).arg((expected), 0, 'g', 12)))

// ---- independent references ----

// Box-Muller over std::mt19937_64 as the quant-error lesson documents it.
std::vector<double> normal_weights(int64_t n, uint64_t seed, double stddev) {
  std::mt19937_64 g(seed);
  std::vector<double> w;
  while (int64_t(w.size()) < n) {
    const double u1 = (double(g() >> 11) + 1.0) / 9007199254740992.0;
    const double u2 = double(g() >> 11) / 9007199254740992.0;
    const double rad = std::sqrt(-2.0 * std::log(u1));
    w.push_back(float(stddev * rad * std::cos(2 * M_PI * u2)));
    w.push_back(float(stddev * rad * std::sin(2 * M_PI * u2)));
  }
  w.resize(size_t(n));
  return w;
}

struct QuantRef {
  double mae = 0, max_err = 0;
};

// Symmetric absmax quantization of rows of n_in values: one scale for everything (group 0) or per run
// of `group` values within a row.
QuantRef quant_ref(const std::vector<double>& w, int64_t n_in, int bits, int group) {
  const double qmax = std::pow(2.0, bits - 1) - 1;
  double tensor_amax = 0;
  for (double x : w) tensor_amax = std::max(tensor_amax, std::fabs(x));
  QuantRef r;
  for (size_t row = 0; row < w.size(); row += size_t(n_in)) {
    const size_t g = group > 0 ? size_t(group) : size_t(n_in);
    for (size_t a = row; a < row + size_t(n_in); a += g) {
      const size_t b = std::min(row + size_t(n_in), a + g);
      double amax = tensor_amax;
      if (group > 0) {
        amax = 0;
        for (size_t i = a; i < b; ++i) amax = std::max(amax, std::fabs(w[i]));
      }
      const double s = amax / qmax;
      for (size_t i = a; i < b; ++i) {
        const double q = s == 0 ? 0 : std::clamp(std::nearbyint(w[i] / s), -qmax, qmax);
        const double e = std::fabs(q * s - w[i]);
        r.mae += e;
        r.max_err = std::max(r.max_err, e);
      }
    }
  }
  r.mae /= double(w.size());
  return r;
}

}  // namespace

class TestLessonsFormulas : public QObject {
  Q_OBJECT

  std::shared_ptr<LoadedModel> tiny_;    // F32 weights
  std::shared_ptr<LoadedModel> tiny_q8_; // Q8_0 weights, to read a quantized tensor
  test::TinyModelSpec spec_;

 private slots:
  void initTestCase() {
    tiny_ = load_model(test::write_tiny_model(spec_, "lessons_tiny"));
    test::TinyModelSpec q = spec_;
    q.weight_type = kernels::GgmlType::Q8_0;
    tiny_q8_ = load_model(test::write_tiny_model(q, "lessons_tiny_q8"));
  }

  void registered_with_charts_and_snake_case_keys() {
    const std::regex snake("[a-z][a-z0-9_]*");
    for (const char* id : {"kv-reads", "memory-planner", "quant-error", "spec-decode", "paged-kv", "moe"}) {
      const LessonResult r = run(id, {});
      QVERIFY2(!r.chart.series.empty(), id);
      QVERIFY2(!r.chart.title.empty() && !r.chart.x_label.empty() && !r.chart.y_label.empty(), id);
      for (const auto& q : r.numbers) {
        QVERIFY2(std::regex_match(q.key, snake), q.key.c_str());
        QVERIFY2(!q.label.empty(), q.key.c_str());
        QVERIFY2(std::isfinite(q.value), q.key.c_str());
      }
      for (const auto& s : r.chart.series) {
        if (s.bars) QVERIFY2(!r.chart.categories.empty(), id);
      }
    }
    // Teaching order: 5 after 4's slot, 12 before 13's; ours in ascending order.
    std::vector<std::string> order;
    for (const auto& l : lessons::all_lessons()) order.push_back(l->id());
    auto at = [&](const char* id) { return std::find(order.begin(), order.end(), id) - order.begin(); };
    QVERIFY(at("kv-reads") < at("memory-planner"));
    QVERIFY(at("memory-planner") < at("quant-error"));
    QVERIFY(at("quant-error") < at("spec-decode"));
    QVERIFY(at("spec-decode") < at("paged-kv"));
    QVERIFY(at("paged-kv") < at("moe"));
  }

  // ---- 5. kv-reads: a brute count of which pass needs which position ----
  void kv_reads_matches_brute_count() {
    const std::vector<std::pair<int, int>> cases = {{4, 6}, {1, 1}, {16, 1}, {7, 33}, {300, 120}};
    for (auto [P, G] : cases) {
      // Pass 0 processes positions 0..P-1; pass s >= 1 processes position P+s-1. Every pass needs the K/V
      // of all positions up to its last one, and the Q of the positions it processes.
      const int N = P + G - 1;
      std::vector<long long> kv(size_t(N), 0), q(size_t(N), 0);
      long long pairs = 0;
      for (int s = 0; s < G; ++s) {
        const int first = s == 0 ? 0 : P + s - 1, last = s == 0 ? P - 1 : P + s - 1;
        for (int j = 0; j <= last; ++j) kv[size_t(j)]++;
        for (int i = first; i <= last; ++i) {
          q[size_t(i)]++;
          pairs += i + 1;  // causal: query i meets keys 0..i
        }
      }
      long long kv_sum = 0, q_sum = 0;
      for (int j = 0; j < N; ++j) kv_sum += kv[size_t(j)], q_sum += q[size_t(j)];
      for (int j = 0; j < N; ++j) QCOMPARE(q[size_t(j)], 1LL);

      const LessonResult r =
          run("kv-reads", {{"prompt-tokens", std::to_string(P)}, {"generated-tokens", std::to_string(G)}});
      QCOMPARE(r.value("positions"), double(N));
      QCOMPARE(r.value("forward_passes"), double(G));
      QCOMPARE(r.value("kv_reads_total"), double(kv_sum));
      QCOMPARE(r.value("q_uses_total"), double(q_sum));
      QCOMPARE(r.value("kv_reads_first_prompt_token"), double(kv[0]));
      QCOMPARE(r.value("kv_reads_last_prompt_token"), double(kv[size_t(P - 1)]));
      QCOMPARE(r.value("kv_reads_first_generated_token"), G >= 2 ? double(kv[size_t(P)]) : 0.0);
      QCOMPARE(r.value("kv_cache_reads"), double(kv_sum - N));
      QCOMPARE(r.value("q_cache_reads"), 0.0);
      QCOMPARE(r.value("kv_computed_with_cache"), double(N));
      CHECK_CLOSE(r.value("recompute_factor"), double(kv_sum) / N, 1e-12);
      QCOMPARE(r.value("attention_pairs"), double(pairs));
      QVERIFY(r.find("model_kv_bytes_per_token") == nullptr);  // no model, no model numbers

      // The chart plots the same per-position counts (bars with labels while short).
      const auto& kvs = r.chart.series.at(0).points;
      if (N <= 48) {
        QCOMPARE(int(kvs.size()), N);
        QCOMPARE(int(r.chart.categories.size()), N);
        for (int j = 0; j < N; ++j) QCOMPARE(kvs[size_t(j)].second, double(kv[size_t(j)]));
      } else {
        for (auto [x, y] : kvs) QCOMPARE(y, double(kv[size_t(x)]));
        QCOMPARE(kvs.back().first, double(N - 1));
      }
    }
  }

  void kv_reads_model_bytes() {
    LessonContext ctx;
    ctx.model = tiny_;
    const LessonResult r = run("kv-reads", {{"prompt-tokens", "10"}, {"generated-tokens", "5"}}, ctx);
    // fp16: 2 (K, V) x layers x kv heads x head dim x 2 bytes; Q: layers x heads x head dim x 2 bytes.
    const int head_dim = spec_.n_embd / spec_.n_heads;
    const double kv_bpt = 2.0 * spec_.n_layers * spec_.n_kv_heads * head_dim * 2;
    const double q_bpt = 1.0 * spec_.n_layers * spec_.n_heads * head_dim * 2;
    const double N = 14, kv_total = 10 * 5 + (4 + 3 + 2 + 1);
    QCOMPARE(r.value("model_kv_bytes_per_token"), kv_bpt);
    QCOMPARE(r.value("model_q_bytes_per_token"), q_bpt);
    QCOMPARE(r.value("model_kv_cache_bytes"), N * kv_bpt);
    QCOMPARE(r.value("model_kv_bytes_saved"), (kv_total - N) * kv_bpt);
    QCOMPARE(r.value("model_q_cache_bytes_unused"), N * q_bpt);
  }

  void kv_reads_rejects_bad_input() {
    QVERIFY(rejects("kv-reads", {{"prompt-tokens", "0"}}));
    QVERIFY(rejects("kv-reads", {{"generated-tokens", "-3"}}));
    QVERIFY(rejects("kv-reads", {{"generated-tokens", "2.5"}}));
    QVERIFY(rejects("kv-reads", {{"prompt-tokens", "many"}}));
    QVERIFY(rejects("kv-reads", {{"queries", "4"}}));
  }

  // ---- 7. memory-planner ----
  void memory_planner_matches_closed_form() {
    struct Case {
      ParamValues v;
      double params;
      int layers, kv_heads, head_dim;
      double elem_bytes;
      bool scaled;
      double context, users, vram_gb;
    };
    const std::vector<Case> cases = {
        {{}, 8.03e9, 32, 8, 128, 2, false, 8192, 1, 24},  // defaults: Llama-3-8B, fp16 KV, 24 GB
        {{{"preset", "llama-3-70b"}, {"vram-gb", "80"}, {"context", "32768"}, {"users", "4"}, {"kv-dtype", "fp8"}},
         70.6e9, 80, 8, 128, 1, true, 32768, 4, 80},
        {{{"preset", "custom"}, {"params-b", "1.5"}, {"layers", "28"}, {"kv-heads", "2"}, {"head-dim", "128"},
          {"kv-dtype", "int8"}, {"context", "1000"}, {"users", "3"}, {"vram-gb", "2.5"}},
         1.5e9, 28, 2, 128, 1, true, 1000, 3, 2.5},
        {{{"preset", "mixtral-8x7b"}, {"kv-dtype", "fp32"}, {"context", "4096"}, {"users", "2"}, {"vram-gb", "48"}},
         46.7e9, 32, 8, 128, 4, false, 4096, 2, 48},
    };
    // Bytes per weight of ggml's block formats: a block of 32 (Q8_0, Q4_x) or 256 (K-quants) weights.
    const std::vector<std::pair<std::string, double>> formats = {
        {"f32", 4}, {"f16", 2}, {"bf16", 2}, {"q8_0", 34.0 / 32}, {"q6_k", 210.0 / 256},
        {"q4_k", 144.0 / 256}, {"q4_1", 20.0 / 32}, {"q4_0", 18.0 / 32}};
    for (const Case& c : cases) {
      const LessonResult r = run("memory-planner", c.v);
      // Whole 16-token blocks; fp8/int8 add one f32 scale per (block, layer, kv head) for K and for V.
      const double block_bytes = 16.0 * 2 * c.layers * c.kv_heads * c.head_dim * c.elem_bytes +
                                 (c.scaled ? 2.0 * c.layers * c.kv_heads * 4 : 0.0);
      const double kv = c.users * std::ceil(c.context / 16) * block_bytes;
      const double vram = c.vram_gb * 1e9;
      CHECK_CLOSE(r.value("n_params"), c.params, 1e-12);
      CHECK_CLOSE(r.value("kv_bytes"), kv, 1e-12);
      int fitting = 0;
      for (const auto& [name, bpw] : formats) {
        const double total = c.params * bpw + kv;
        CHECK_CLOSE(r.value("bytes_per_weight_" + name), bpw, 1e-12);
        CHECK_CLOSE(r.value("weight_bytes_" + name), c.params * bpw, 1e-12);
        CHECK_CLOSE(r.value("total_bytes_" + name), total, 1e-12);
        QCOMPARE(r.value("fits_" + name), total <= vram ? 1.0 : 0.0);
        CHECK_CLOSE(r.value("headroom_bytes_" + name), vram - total, 1e-9);
        fitting += total <= vram;
      }
      QCOMPARE(r.value("formats_that_fit"), double(fitting));
      QCOMPARE(r.chart.categories.size(), formats.size());
    }
    // The seed exercise: 8B on 12 GB without a cache: f16 does not fit, 8-bit and 4-bit do.
    const LessonResult r = run("memory-planner", {{"vram-gb", "12"}, {"context", "1"}});
    QCOMPARE(r.value("fits_f16"), 0.0);
    QCOMPARE(r.value("fits_q8_0"), 1.0);
    QCOMPARE(r.value("fits_q4_0"), 1.0);
  }

  // Gemma 3's published configs: 18 / 26 layers with every sixth global, 1 KV head of 256, window 512.
  // By hand, fp16 (1,024 bytes per layer-token): 270M at 4,096 tokens keeps 3 x 4096 + 15 x 512 layer-
  // tokens = 20,447,232 bytes against 18 x 4096 x 1024 = 75,497,472 for full attention (27%); in whole
  // 16-token blocks 3 x 256 + 15 x (32 + 1) = 1,263 blocks of 16,384 bytes = 20,692,992.
  void sliding_window_presets() {
    const LessonResult k = run("kv-size", {{"preset", "gemma-3-270m"}, {"context", "4096"}});
    QCOMPARE(k.value("window"), 512.0);
    QCOMPARE(k.value("window_layers"), 15.0);
    QCOMPARE(k.value("bytes_per_token"), 18.0 * 1024);
    QCOMPARE(k.value("bytes_per_user"), 20447232.0);
    QCOMPARE(k.value("bytes_per_user_full_attention"), 75497472.0);
    QCOMPARE(k.value("engine_bytes_per_user"), 20692992.0);
    QVERIFY(std::abs(k.value("bytes_per_user") / k.value("bytes_per_user_full_attention") - 0.27) < 0.005);
    // Below the window nothing changes: 300 tokens x 18 layers.
    QCOMPARE(run("kv-size", {{"preset", "gemma-3-270m"}, {"context", "300"}}).value("bytes_per_user"), 300.0 * 18 * 1024);
    // 24 GB for one user: (24e9 / 1024 - 15 x 512) / 3 tokens.
    QCOMPARE(k.value("max_context_in_vram"), std::floor((24e9 / 1024 - 15.0 * 512) / 3));
    // 1B: 26 layers -> 4 global (5, 11, 17, 23), 22 local.
    const LessonResult b = run("kv-size", {{"preset", "gemma-3-1b"}, {"context", "32768"}});
    QCOMPARE(b.value("window_layers"), 22.0);
    QCOMPARE(b.value("bytes_per_user"), 1024.0 * (4 * 32768 + 22 * 512));
    // 27B: 62 layers -> 10 global, 52 local of window 1024; 16 KV heads of 128 (8,192 bytes per layer-token).
    const LessonResult g = run("kv-size", {{"preset", "gemma-3-27b"}, {"context", "131072"}});
    QCOMPARE(g.value("window_layers"), 52.0);
    QCOMPARE(g.value("bytes_per_user"), 8192.0 * (10 * 131072.0 + 52 * 1024));
    // The memory planner's cache: whole blocks, window layers at ceil(1024 / 16) + 1 = 65 of them.
    const LessonResult m = run("memory-planner", {{"preset", "gemma-3-27b"}, {"context", "131072"}, {"users", "2"}});
    QCOMPARE(m.value("kv_bytes"), 2 * (10 * 8192.0 + 52 * 65.0) * 16 * 8192);
    QCOMPARE(m.value("kv_bytes_full_attention"), 2 * 62 * 8192.0 * 16 * 8192);
    QCOMPARE(m.value("n_params"), 27.4e9);
    const LessonResult m270 = run("memory-planner", {{"preset", "gemma-3-270m"}, {"context", "4096"}});
    QCOMPARE(m270.value("kv_bytes"), 20692992.0);
  }

  void memory_planner_loaded_model() {
    LessonContext ctx;
    ctx.model = tiny_;
    const LessonResult r = run("memory-planner", {{"preset", "loaded"}, {"context", "100"}}, ctx);
    double n = 0, bytes = 0;
    for (const auto& t : tiny_->file->tensors()) n += double(t.n_elements), bytes += double(t.n_bytes);
    QCOMPARE(r.value("n_params"), n);
    QCOMPARE(r.value("loaded_weight_bytes"), bytes);
    const int head_dim = spec_.n_embd / spec_.n_heads;
    QCOMPARE(r.value("kv_bytes"), 7 * 16.0 * 2 * spec_.n_layers * spec_.n_kv_heads * head_dim * 2);  // ceil(100/16) = 7
  }

  void memory_planner_rejects_bad_input() {
    QVERIFY(rejects("memory-planner", {{"preset", "loaded"}}));  // no model
    QVERIFY(rejects("memory-planner", {{"preset", "gpt-9"}}));
    QVERIFY(rejects("memory-planner", {{"vram-gb", "0.1"}}));
    QVERIFY(rejects("memory-planner", {{"kv-dtype", "fp4"}}));
    QVERIFY(rejects("memory-planner", {{"params-b", "0"}}));
    QVERIFY(rejects("memory-planner", {{"users", "0"}}));
  }

  // ---- 8. quant-error ----
  void quant_error_matches_reference() {
    struct Case {
      int bits, group;
      int64_t n;
      uint64_t seed;
      double outlier;
    };
    const std::vector<Case> cases = {{4, 128, 4096, 0, 0}, {4, 128, 4096, 0, 0.5}, {8, 32, 1000, 7, 0.5},
                                     {2, 256, 5000, 3, -1}, {6, 100, 777, 11, 0}};
    for (const Case& c : cases) {
      std::vector<double> w = normal_weights(c.n, c.seed, 0.02);
      if (c.outlier != 0) w[100] = float(c.outlier);
      const QuantRef whole = quant_ref(w, c.n, c.bits, 0), grouped = quant_ref(w, c.n, c.bits, c.group);
      const LessonResult r = run("quant-error", {{"bits", std::to_string(c.bits)},
                                                 {"group", std::to_string(c.group)},
                                                 {"n", std::to_string(c.n)},
                                                 {"seed", std::to_string(c.seed)},
                                                 {"outlier", std::to_string(c.outlier)}});
      // float vs double rounding of the scale moves the errors by float epsilons only.
      CHECK_CLOSE(r.value("mae_per_tensor"), whole.mae, 1e-5);
      CHECK_CLOSE(r.value("mae_group"), grouped.mae, 1e-5);
      CHECK_CLOSE(r.value("max_err_per_tensor"), whole.max_err, 1e-5);
      CHECK_CLOSE(r.value("max_err_group"), grouped.max_err, 1e-5);
      CHECK_CLOSE(r.value("ratio"), whole.mae / grouped.mae, 1e-4);
      // Rounding error is at most half a step.
      QVERIFY(r.value("max_err_per_tensor") <= r.value("scale_per_tensor") / 2 * (1 + 1e-6));
      // The chart's point at this bit width is the same measurement.
      for (auto [x, y] : r.chart.series.at(0).points)
        if (int(x) == c.bits) CHECK_CLOSE(y, whole.mae, 1e-5);
    }
    // The lesson's point: a 0.5 outlier stretches the per-tensor int4 step to 0.5 / 7, so nearly every
    // weight rounds to 0 and the error grows several-fold; group-wise, only the outlier's own group (128 of
    // 4096 weights, about 3%) suffers, so its error grows by a fraction of that.
    const LessonResult clean = run("quant-error", {}), spiked = run("quant-error", {{"outlier", "0.5"}});
    const double grow_whole = spiked.value("mae_per_tensor") / clean.value("mae_per_tensor");
    const double grow_group = spiked.value("mae_group") / clean.value("mae_group");
    QVERIFY2(grow_whole > 3 && grow_group < 1.5 && spiked.value("ratio") > 3,
             qPrintable(QString("per-tensor x%1, group x%2").arg(grow_whole).arg(grow_group)));
  }

  void quant_error_uniform_rounding_closed_form() {
    // At 8 bits on 2^16 Gaussian weights the rounding error is close to uniform on [-s/2, s/2], so the
    // MAE is s/4. The mean of n such |errors| has relative std 1/sqrt(3n) = 0.23%; 3% leaves room for the
    // few weights near the extremes (and the amax weight itself, whose error is 0).
    const LessonResult r = run("quant-error", {{"bits", "8"}, {"n", "65536"}, {"seed", "5"}});
    CHECK_CLOSE(r.value("mae_per_tensor"), r.value("scale_per_tensor") / 4, 0.03);
  }

  void quant_error_on_a_model_tensor() {
    LessonContext ctx;
    ctx.model = tiny_q8_;
    const std::string name = "blk.0.ffn_down.weight";
    const LessonResult r = run("quant-error", {{"bits", "4"}, {"group", "32"}, {"tensor", name}}, ctx);
    const gguf::TensorInfo* t = tiny_q8_->file->tensor(name);
    QVERIFY(t != nullptr && t->type == kernels::GgmlType::Q8_0);
    const int64_t n_in = int64_t(t->ne[0]), rows = int64_t(t->n_elements) / n_in;
    std::vector<double> w;
    std::vector<float> row(static_cast<size_t>(n_in));
    for (int64_t i = 0; i < rows; ++i) {
      kernels::dequantize_row_ref(t->type, t->data + i * int64_t(kernels::row_bytes(t->type, n_in)), row.data(), n_in);
      w.insert(w.end(), row.begin(), row.end());
    }
    const QuantRef whole = quant_ref(w, n_in, 4, 0), grouped = quant_ref(w, n_in, 4, 32);
    QCOMPARE(r.value("real_n_elements"), double(w.size()));
    CHECK_CLOSE(r.value("real_mae_per_tensor"), whole.mae, 1e-5);
    CHECK_CLOSE(r.value("real_mae_group"), grouped.mae, 1e-5);
    CHECK_CLOSE(r.value("real_max_err_group"), grouped.max_err, 1e-5);
    QCOMPARE(r.chart.series.size(), size_t(4));  // random and model tensor, per-tensor and group
    QVERIFY(rejects("quant-error", {{"tensor", "blk.99.nothing"}}, ctx));
  }

  void quant_error_rejects_bad_input() {
    QVERIFY(rejects("quant-error", {{"bits", "9"}}));
    QVERIFY(rejects("quant-error", {{"bits", "1"}}));
    QVERIFY(rejects("quant-error", {{"group", "16"}}));
    QVERIFY(rejects("quant-error", {{"n", "10"}}));
    QVERIFY(rejects("quant-error", {{"outlier", "nan"}}));
  }

  // ---- 9. spec-decode ----
  void spec_decode_closed_form_and_monte_carlo() {
    const std::vector<std::pair<double, int>> cases = {{0.8, 4}, {0.5, 1}, {0.95, 8}, {0.3, 16}, {1.0, 3}, {0.0, 5}};
    for (auto [alpha, k] : cases) {
      // Tokens per pass T = a + 1 with P(a) = alpha^a (1 - alpha) for a < k and alpha^k for a = k.
      double mean = 0, second = 0;
      for (int a = 0; a <= k; ++a) {
        const double pa = a < k ? std::pow(alpha, a) * (1 - alpha) : std::pow(alpha, k);
        mean += pa * (a + 1), second += pa * (a + 1) * (a + 1);
      }
      double geometric = 0;  // 1 + alpha + ... + alpha^k, the closed form
      for (int i = 0; i <= k; ++i) geometric += std::pow(alpha, i);
      QVERIFY(close(mean, geometric, 1e-12));
      const int trials = 40000;
      const LessonResult r = run("spec-decode", {{"alpha", std::to_string(alpha)}, {"k", std::to_string(k)},
                                                 {"trials", std::to_string(trials)}, {"seed", "9"}});
      CHECK_CLOSE(r.value("closed_form_tokens_per_pass"), geometric, 1e-12);
      QCOMPARE(r.value("max_tokens_per_pass"), double(k + 1));
      // 5 standard errors of the exact variance: a false failure has probability ~6e-7 per case.
      const double se = std::sqrt(std::max(0.0, second - mean * mean) / trials);
      QVERIFY2(std::fabs(r.value("mc_tokens_per_pass") - geometric) <= 5 * se + 1e-12,
               qPrintable(QString("alpha %1 k %2: MC %3 vs %4 (se %5)").arg(alpha).arg(k)
                              .arg(r.value("mc_tokens_per_pass")).arg(geometric).arg(se)));
      // Same seed, same numbers.
      const LessonResult again = run("spec-decode", {{"alpha", std::to_string(alpha)}, {"k", std::to_string(k)},
                                                     {"trials", std::to_string(trials)}, {"seed", "9"}});
      QCOMPARE(again.value("mc_tokens_per_pass"), r.value("mc_tokens_per_pass"));
    }
    // Against k: one closed-form point per k from 1 to 16.
    const LessonResult byk = run("spec-decode", {{"x-axis", "k"}, {"alpha", "0.7"}});
    QCOMPARE(byk.chart.series.at(0).points.size(), size_t(16));
    for (auto [x, y] : byk.chart.series.at(0).points) CHECK_CLOSE(y, (1 - std::pow(0.7, x + 1)) / 0.3, 1e-12);
  }

  void spec_decode_measures_a_real_drafter() {
    LessonContext ctx;
    ctx.model = tiny_;
    ctx.threads = 2;
    const std::string prompt = "abc abc abc abc abc abc";
    for (const char* drafter : {"ngram:3", "early-exit"}) {
      const LessonResult r = run("spec-decode", {{"measure", "on"}, {"drafter", drafter}, {"k", "4"},
                                                 {"prompt", prompt}, {"max-tokens", "24"}}, ctx);
      // The same run, done here: the engine with the same drafter, greedy, 24 tokens.
      EngineConfig cfg;
      cfg.threads = 2;
      cfg.spec = spec::parse_spec(std::string(drafter) == "early-exit" ? "early-exit:1" : drafter);
      cfg.spec.k = 4;
      LLMEngine e(tiny_, cfg);
      Request req;
      req.prompt_ids = tiny_->encode_prompt(prompt);
      req.params.max_tokens = 24;
      req.params.ignore_eos = true;
      const int64_t id = e.submit(req);
      while (e.has_unfinished()) e.step();
      const RequestInfo info = e.request_info(id);
      QCOMPARE(r.value("measured_generated"), 24.0);
      QCOMPARE(r.value("measured_drafted"), double(info.spec_drafted));
      QCOMPARE(r.value("measured_accepted"), double(info.spec_accepted));
      QCOMPARE(r.value("measured_passes"), double(info.spec_passes));
      QVERIFY2(info.spec_passes > 0, drafter);
      const double alpha = double(info.spec_accepted) / double(info.spec_accepted + info.spec_rejections);
      CHECK_CLOSE(r.value("measured_alpha"), alpha, 1e-12);
      CHECK_CLOSE(r.value("measured_tokens_per_pass"), double(info.spec_accepted + info.spec_passes) / info.spec_passes, 1e-12);
      // The closed form at the draft length the drafter really proposed (drafted / passes, at most k).
      const double len = double(info.spec_drafted) / double(info.spec_passes);
      QVERIFY(len > 0 && len <= 4);
      CHECK_CLOSE(r.value("measured_draft_length"), len, 1e-12);
      const double cf = alpha == 1.0 ? len + 1 : (1 - std::pow(alpha, len + 1)) / (1 - alpha);
      CHECK_CLOSE(r.value("closed_form_at_measured_alpha"), cf, 1e-12);
      QVERIFY(r.chart.series.size() >= 5);  // closed form, MC, baseline, measured, closed form at measured alpha
    }
  }

  void spec_decode_rejects_bad_input() {
    QVERIFY(rejects("spec-decode", {{"measure", "on"}}));  // no model
    QVERIFY(rejects("spec-decode", {{"alpha", "1.5"}}));
    QVERIFY(rejects("spec-decode", {{"k", "0"}}));
    QVERIFY(rejects("spec-decode", {{"k", "17"}}));
    QVERIFY(rejects("spec-decode", {{"trials", "5"}}));
    QVERIFY(rejects("spec-decode", {{"drafter", "oracle"}}));
    QVERIFY(rejects("spec-decode", {{"x-axis", "time"}}));
  }

  // ---- 11. paged-kv ----
  void paged_kv_matches_resampled_workload() {
    const std::vector<ParamValues> cases = {
        {},
        {{"block-size", "1"}},
        {{"block-size", "256"}, {"requests", "10"}, {"seed", "4"}},
        {{"prompt-min", "100"}, {"prompt-max", "100"}, {"gen-min", "0"}, {"gen-max", "0"}, {"requests", "5"},
         {"max-len", "100"}},
        {{"requests", "1000"}, {"prompt-min", "1"}, {"prompt-max", "2000"}, {"gen-min", "1"}, {"gen-max", "2000"},
         {"max-len", "4000"}, {"block-size", "32"}, {"bytes-per-token", "23040"}, {"seed", "77"}},
    };
    for (const ParamValues& v : cases) {
      auto get = [&](const char* k, long long def) { return v.count(k) ? std::stoll(v.at(k)) : def; };
      const long long R = get("requests", 64), pmin = get("prompt-min", 32), pmax = get("prompt-max", 512);
      const long long gmin = get("gen-min", 16), gmax = get("gen-max", 512), L = get("max-len", 4096);
      const long long B = get("block-size", 16), bpt = get("bytes-per-token", 131072), seed = get("seed", 0);
      std::mt19937_64 g{static_cast<uint64_t>(seed)};
      double used = 0, paged = 0;
      for (long long i = 0; i < R; ++i) {
        const long long p = pmin + static_cast<long long>(g() % uint64_t(pmax - pmin + 1));
        const long long n = p + gmin + static_cast<long long>(g() % uint64_t(gmax - gmin + 1));
        used += double(n);
        paged += std::ceil(double(n) / double(B)) * double(B);
      }
      const LessonResult r = run("paged-kv", v);
      QCOMPARE(r.value("tokens_used"), used);
      QCOMPARE(r.value("used_bytes"), used * bpt);
      QCOMPARE(r.value("contiguous_reserved_bytes"), double(R) * L * bpt);
      QCOMPARE(r.value("paged_allocated_bytes"), paged * bpt);
      CHECK_CLOSE(r.value("contiguous_waste_fraction"), 1 - used / (double(R) * L), 1e-12);
      CHECK_CLOSE(r.value("paged_waste_fraction"), 1 - used / paged, 1e-12);
      QCOMPARE(r.value("paged_tail_tokens"), paged - used);
      QVERIFY(r.value("paged_tail_tokens") <= double(R) * (B - 1));  // less than one block per request
      QCOMPARE(r.chart.categories.size(), size_t(3));
    }
    // Fixed lengths: 100-token requests in 16-token blocks take 7 blocks, 12 empty slots each.
    const LessonResult fixed = run("paged-kv", {{"prompt-min", "60"}, {"prompt-max", "60"}, {"gen-min", "40"},
                                                {"gen-max", "40"}, {"requests", "3"}, {"max-len", "1000"}});
    QCOMPARE(fixed.value("blocks_allocated"), 21.0);
    QCOMPARE(fixed.value("paged_tail_tokens"), 36.0);
    CHECK_CLOSE(fixed.value("contiguous_waste_fraction"), 0.9, 1e-12);
  }

  void paged_kv_rejects_bad_input() {
    QVERIFY(rejects("paged-kv", {{"prompt-min", "600"}, {"prompt-max", "500"}}));
    QVERIFY(rejects("paged-kv", {{"gen-min", "600"}, {"gen-max", "500"}}));
    QVERIFY(rejects("paged-kv", {{"max-len", "1000"}}));  // 512 + 512 > 1000
    QVERIFY(rejects("paged-kv", {{"block-size", "0"}}));
    QVERIFY(rejects("paged-kv", {{"block-size", "300"}}));
    QVERIFY(rejects("paged-kv", {{"requests", "0"}}));
  }

  // ---- 12. moe ----
  void moe_sums_match_published_totals() {
    // Mixtral-8x7B, layer by layer: GQA attention, 2 norms, router, 8 experts (2 active), untied head.
    {
      const double H = 4096, V = 32000, I = 14336;
      const double attn = H * 4096 + H * 1024 + H * 1024 + 4096 * H;
      const double layer_common = attn + 2 * H + 8 * H;
      const double total = V * H * 2 + H + 32 * (layer_common + 8 * 3 * H * I);
      const double active = V * H * 2 + H + 32 * (layer_common + 2 * 3 * H * I);
      const LessonResult r = run("moe", {{"model", "mixtral-8x7b"}});
      CHECK_CLOSE(r.value("total_params"), total, 1e-12);
      CHECK_CLOSE(r.value("active_params"), active, 1e-12);
      CHECK_CLOSE(r.value("total_params"), 46.7e9, 0.01);
      CHECK_CLOSE(r.value("active_params"), 12.9e9, 0.01);
      CHECK_CLOSE(r.value("active_fraction"), active / total, 1e-12);
      QCOMPARE(r.value("dense_ffn_total"), 0.0);
    }
    // DeepSeek-V3: MLA attention, 3 dense layers, 58 MoE layers of 256 routed (8 active) + 1 shared expert.
    {
      const double H = 7168, V = 129280;
      const double mla = H * 1536 + 1536 + 1536 * 128 * 192 + H * 576 + 512 + 512 * 128 * 256 + 128 * 128 * H;
      const double expert = 3 * H * 2048;
      const double dense_layer = mla + 2 * H + 3 * H * 18432;
      const double moe_common = mla + 2 * H + 256 * H + 256 + expert;  // router (+ bias), shared expert
      const double total = V * H * 2 + H + 3 * dense_layer + 58 * (moe_common + 256 * expert);
      const double active = V * H * 2 + H + 3 * dense_layer + 58 * (moe_common + 8 * expert);
      const LessonResult r = run("moe", {{"model", "deepseek-v3"}});
      CHECK_CLOSE(r.value("total_params"), total, 1e-12);
      CHECK_CLOSE(r.value("active_params"), active, 1e-12);
      CHECK_CLOSE(r.value("total_params"), 671e9, 0.01);
      // The card's "37B" is given to two digits: 37.55B counting the embedding table, 36.63B without it.
      CHECK_CLOSE(r.value("active_params"), 37e9, 0.02);
      CHECK_CLOSE(r.value("active_params_without_embedding"), 37e9, 0.011);
    }
    // The components add up, and active never exceeds total.
    for (const char* m : {"mixtral-8x7b", "deepseek-v3"}) {
      const LessonResult r = run("moe", {{"model", m}});
      double t = 0, a = 0;
      for (const auto& q : r.numbers) {
        const std::string& k = q.key;
        if (k.size() > 6 && k.compare(k.size() - 6, 6, "_total") == 0 && k.rfind("published", 0) != 0) t += q.value;
        if (k.size() > 7 && k.compare(k.size() - 7, 7, "_active") == 0 && k.rfind("published", 0) != 0) a += q.value;
      }
      CHECK_CLOSE(t, r.value("total_params"), 1e-12);
      CHECK_CLOSE(a, r.value("active_params"), 1e-12);
      QVERIFY(r.value("active_params") < r.value("total_params"));
    }
    QVERIFY(rejects("moe", {{"model", "gpt-4"}}));
  }
};

QTEST_GUILESS_MAIN(TestLessonsFormulas)
#include "tst_lessons_formulas.moc"
