// Architectures beyond plain llama: what read_model_config / bind_weights take from a file (checked
// against the values the generator wrote, tests/reference/make_arch_models.py), and the refusals: a
// tensor or a metadata key that would change the computation and that the engine does not implement
// stops the load with a message naming it. Plus the closed forms of the new element-wise operations.
#include <QtTest/QtTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <string>

#include "engine/gguf/gguf_file.h"
#include "engine/gguf/gguf_writer.h"
#include "engine/model/loaded_model.h"
#include "engine/model/model_config.h"
#include "engine/model/model_weights.h"
#include "kernels/cpu/ops.h"
#include "tests/common/test_support.h"

using namespace inferscope;
using gguf::Value;

namespace {

std::string data_path(const std::string& name) { return test::arch_models_dir() + "/" + name; }

// A copy of a committed model with edits: extra keys (replacing same-named ones) and extra tensors.
std::string rewrite(const std::string& name, const std::string& out_name,
                    const std::function<void(gguf::GgufWriter&)>& edit) {
  const auto f = gguf::GgufFile::open(data_path(name));
  gguf::GgufWriter w(static_cast<uint32_t>(f->alignment()));
  for (const gguf::KeyValue& kv : f->metadata()) w.set(kv.key, kv.value);
  for (const gguf::TensorInfo& t : f->tensors()) w.add_tensor(t.name, t.ne, t.type, std::vector<uint8_t>(t.data, t.data + t.n_bytes));
  edit(w);
  const std::string path = test::temp_dir() + "/" + out_name + ".gguf";
  w.write(path);
  return path;
}

// The load's error message, or empty when it loads.
std::string load_error(const std::string& path) {
  try {
    load_model(path);
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

std::vector<uint8_t> f32_bytes(const std::vector<float>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(float));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

#define EXPECT_REFUSED(path, needle)                                                          \
  do {                                                                                        \
    const std::string err_ = load_error(path);                                                \
    QVERIFY2(!err_.empty(), "loaded, expected a refusal naming " needle);                     \
    QVERIFY2(err_.find(needle) != std::string::npos, err_.c_str());                           \
  } while (0)

}  // namespace

class TestModelArchs : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    // Written by packaging/bootstrap.sh (tests/reference/make_arch_models.py, checksums pinned there).
    INFERSCOPE_REQUIRE_MODEL(test::arch_models_dir(), "the random-weight architecture models");
  }
  void llama3RopeFreqsAreBound() {
    const auto m = load_model(data_path("arch_llama3.gguf"));
    const ModelConfig& c = m->model->config();
    QCOMPARE(c.architecture, std::string("llama"));
    QVERIFY(c.rope_freq_factors);
    QCOMPARE(c.rope_freq_scale, 1.0f);
    QCOMPARE(c.rope_style, kernels::RopeStyle::Normal);
    const WeightRef& rf = m->model->weights().rope_freqs;
    QVERIFY(rf);
    QCOMPARE(rf.n_in, int64_t(c.rope_dims / 2));
    QVERIFY(c.beyond_llama_graph().find("rope_freqs") != std::string::npos);
  }

  void linearScalingIsRead() {
    const auto m = load_model(data_path("arch_llama_linear.gguf"));
    QCOMPARE(m->model->config().rope_freq_scale, 0.25f);  // 1 / rope.scaling.factor 4
    QVERIFY(!m->model->config().rope_freq_factors);
  }

  void qwen3Config() {
    const auto m = load_model(data_path("arch_qwen3.gguf"));
    const ModelConfig& c = m->model->config();
    QVERIFY(c.qk_norm);
    QVERIFY(!c.qkv_bias);
    QCOMPARE(c.head_dim, 32);  // attention.key_length, not embedding / heads = 16
    QCOMPARE(c.q_dim(), 128);
    QCOMPARE(c.rope_style, kernels::RopeStyle::NeoX);
    QCOMPARE(c.rms_eps, 1e-6f);
    QVERIFY(m->model->weights().layers[1].k_norm);
  }

  void gemma3Config() {
    const auto m = load_model(data_path("arch_gemma3.gguf"));
    const ModelConfig& c = m->model->config();
    QVERIFY(c.qk_norm && c.post_norms);
    QCOMPARE(c.ffn_act, FfnActivation::GeluTanh);
    QCOMPARE(c.embd_scale, 8.0f);                      // sqrt(64)
    QCOMPARE(c.attn_scale, 1.0f / std::sqrt(32.0f));   // from the head size
    QCOMPARE(c.sliding_window, 8);
    QCOMPARE(c.layer_swa, (std::vector<uint8_t>{1, 1, 0}));  // pattern 3: every third layer global
    QCOMPARE(c.rope_freq_base, 1000000.0f);
    QCOMPARE(c.rope_freq_base_swa, 10000.0f);          // the local layers' base when the file names none
  }

  void gemma3DefaultPatternIsEverySixthLayerGlobal() {
    const auto f = gguf::GgufFile::open(rewrite("arch_gemma3.gguf", "gemma_nopattern", [](gguf::GgufWriter& w) {
      w.set("gemma3.attention.sliding_window_pattern", Value::u32(6));
      w.set("gemma3.block_count", Value::u32(12));
    }));
    const ModelConfig c = read_model_config(*f);
    QCOMPARE(c.layer_swa, (std::vector<uint8_t>{1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0}));
  }

  void unusedTensorIsRefusedByName() {
    auto add = [](const std::string& name, int n) {
      return [name, n](gguf::GgufWriter& w) { w.add_tensor(name, {uint64_t(n)}, kernels::GgmlType::F32, f32_bytes(std::vector<float>(size_t(n), 0.5f))); };
    };
    EXPECT_REFUSED(rewrite("arch_llama3.gguf", "extra_bias", add("blk.0.attn_q.bias", 64)), "blk.0.attn_q.bias");
    EXPECT_REFUSED(rewrite("arch_qwen3.gguf", "extra_rope_freqs", add("rope_freqs.weight", 16)), "rope_freqs.weight");
    EXPECT_REFUSED(rewrite("arch_gemma3.gguf", "extra_scale", add("blk.2.layer_output_scale.weight", 1)),
                   "blk.2.layer_output_scale.weight");
  }

  void unimplementedKeysAreRefusedByName() {
    EXPECT_REFUSED(rewrite("arch_llama_linear.gguf", "yarn",
                           [](gguf::GgufWriter& w) { w.set("llama.rope.scaling.type", Value::str("yarn")); }),
                   "llama.rope.scaling.type");
    EXPECT_REFUSED(rewrite("arch_llama_linear.gguf", "yarn2",
                           [](gguf::GgufWriter& w) { w.set("llama.rope.scaling.type", Value::str("yarn")); }),
                   "yarn");
    EXPECT_REFUSED(rewrite("arch_llama3.gguf", "llama_window",
                           [](gguf::GgufWriter& w) { w.set("llama.attention.sliding_window", Value::u32(64)); }),
                   "llama.attention.sliding_window");
    EXPECT_REFUSED(rewrite("arch_gemma3.gguf", "softcap",
                           [](gguf::GgufWriter& w) { w.set("gemma3.final_logit_softcapping", Value::f32(30.0f)); }),
                   "gemma3.final_logit_softcapping");
    EXPECT_REFUSED(rewrite("arch_qwen3.gguf", "moe", [](gguf::GgufWriter& w) { w.set("qwen3.expert_count", Value::u32(8)); }),
                   "qwen3.expert_count");
    EXPECT_REFUSED(rewrite("arch_qwen3.gguf", "unknown", [](gguf::GgufWriter& w) { w.set("qwen3.attention.temperature", Value::f32(2.0f)); }),
                   "qwen3.attention.temperature");
    EXPECT_REFUSED(rewrite("arch_gemma3.gguf", "vlen", [](gguf::GgufWriter& w) { w.set("gemma3.attention.value_length", Value::u32(64)); }),
                   "gemma3.attention.value_length");
    // Neutral values of known keys load.
    QCOMPARE(load_error(rewrite("arch_llama3.gguf", "neutral", [](gguf::GgufWriter& w) {
               w.set("llama.rope.scaling.type", Value::str("none"));
               w.set("llama.expert_count", Value::u32(0));
               w.set("general.description", Value::str("anything"));
             })),
             std::string());
  }

  void unsupportedArchitectureNamesItself() {
    EXPECT_REFUSED(rewrite("arch_qwen3.gguf", "phi", [](gguf::GgufWriter& w) { w.set("general.architecture", Value::str("phi3")); }),
                   "'phi3'");
  }

  void geluTanhClosedForm() {
    // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), evaluated independently in double.
    const std::vector<float> g{-3.0f, -1.0f, 0.0f, 0.5f, 1.0f, 2.0f, 6.0f}, up{1.0f, 2.0f, 3.0f, -1.0f, 1.0f, 0.5f, 1.0f};
    std::vector<float> out(g.size());
    kernels::gelu_tanh_mul(g.data(), up.data(), out.data(), int64_t(g.size()));
    const double want[] = {-0.0036373920817729, -0.3176160188, 0.0, -0.3457140098, 0.8411919906, 0.9772988470,
                           6.0};
    for (size_t i = 0; i < g.size(); ++i) QVERIFY2(std::fabs(out[i] - want[i]) < 2e-6, qPrintable(QString::number(out[i], 'g', 10)));
    // A row long enough for the 16-wide vector path and a tail, against the tanh form in double.
    std::vector<float> xs, ups;
    for (int i = 0; i < 45; ++i) {
      xs.push_back(-9.0f + 0.4f * float(i));
      ups.push_back(1.0f + 0.01f * float(i));
    }
    std::vector<float> row(xs.size());
    kernels::gelu_tanh_mul(xs.data(), ups.data(), row.data(), int64_t(xs.size()));
    for (size_t i = 0; i < xs.size(); ++i) {
      const double x = xs[i];
      const double ref = 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))) * ups[i];
      QVERIFY2(std::fabs(row[i] - ref) <= 2e-6 + 1e-6 * std::fabs(ref),
               qPrintable(QStringLiteral("x=%1: %2 vs %3").arg(x).arg(row[i], 0, 'g', 9).arg(ref, 0, 'g', 9)));
    }
  }

  void scaledRopeAnglesClosedForm() {
    // theta_i = pos * scale * base^(-2i/d) / factor_i: pos 3, base 100, d 4, scale 0.5, factors {2, 4}.
    const float factors[] = {2.0f, 4.0f};
    float cs[2], sn[2];
    kernels::rope_angles_scaled(3, 4, 100.0f, 0.5f, factors, cs, sn);
    const double theta[] = {3 * 0.5 / 2.0, 3 * 0.5 * 0.1 / 4.0};
    for (int i = 0; i < 2; ++i) {
      QVERIFY(std::fabs(cs[i] - std::cos(theta[i])) < 1e-7);
      QVERIFY(std::fabs(sn[i] - std::sin(theta[i])) < 1e-7);
    }
    // No scaling is exactly the plain angles.
    float cs0[2], sn0[2];
    kernels::rope_angles(77, 4, 100.0f, cs0, sn0);
    kernels::rope_angles_scaled(77, 4, 100.0f, 1.0f, nullptr, cs, sn);
    QCOMPARE(cs[1], cs0[1]);
    QCOMPARE(sn[0], sn0[0]);
  }
};

QTEST_GUILESS_MAIN(TestModelArchs)
#include "tst_model_archs.moc"
