// GPTQ and AWQ (engine/quant/gptq.h, awq.h, calibrated_quant.h) on the tiny real model stories260K: the
// group format's round trips against its closed form, the inverse-Hessian factor against the identity,
// the papers' properties on every projection of the model (GPTQ's output error below round-to-nearest's,
// AWQ's chosen scales never worse than none), determinism, the cache, and Cancel; and that the captured
// projection inputs the Hessians are built from are what the forward pass's projections read.
// Output errors are recomputed here in double from the dequantized weights and the activations; the
// round-to-nearest baseline is this file's own quantizer written from the format's closed form.
#include <QtTest/QtTest>

#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <random>
#include <set>

#include "engine/model/loaded_model.h"
#include "engine/quant/awq.h"
#include "engine/quant/calibrated_quant.h"
#include "engine/quant/calibration.h"
#include "engine/quant/gptq.h"
#include "engine/quant/gptq_sequential.h"
#include "engine/quant/group_quant.h"
#include "engine/quant/quantized_model.h"
#include "engine/quant/weight_mode.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"
#include "tests/common/test_support.h"

using namespace inferscope;
using Site = ForwardStats::LinearSite;

namespace {

constexpr int kCalibTokens = 128;  // few, so the suite stays fast; AWQ then searches on all of them

std::vector<float> random_matrix(int64_t rows, int64_t cols, uint32_t seed, float sd = 0.05f) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> d(0.0f, sd);
  std::vector<float> w(size_t(rows * cols));
  for (float& v : w) v = d(rng);
  return w;
}

// Round-to-nearest in the group format, from its closed form (group_quant.h's header).
std::vector<float> rtn_reference(const std::vector<float>& w, int64_t rows, int64_t cols, int bits, int group) {
  const int g = group > 0 ? group : int(cols);
  const double maxq = std::pow(2.0, bits) - 1;
  std::vector<float> out(w.size());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t i0 = 0; i0 < cols; i0 += g) {
      const int64_t i1 = std::min<int64_t>(cols, i0 + g);
      float lo = 0, hi = 0;
      for (int64_t i = i0; i < i1; ++i) {
        lo = std::min(lo, w[size_t(r * cols + i)]);
        hi = std::max(hi, w[size_t(r * cols + i)]);
      }
      const float s = std::max(hi - lo, 1e-5f) / float(maxq);
      const double z = std::nearbyint(-lo / s);
      for (int64_t i = i0; i < i1; ++i) {
        const double q = std::clamp(std::nearbyint(w[size_t(r * cols + i)] / s) + z, 0.0, maxq);
        out[size_t(r * cols + i)] = float((q - z) * s);
      }
    }
  return out;
}

// sum over rows t of ||(a - b) x_t||^2, in double.
double output_error_ref(const std::vector<float>& a, const std::vector<float>& b, int64_t rows, int64_t cols,
                        const std::vector<float>& x, int64_t n) {
  double sum = 0;
  std::vector<double> d(size_t(rows * cols));
  for (size_t i = 0; i < d.size(); ++i) d[i] = double(a[i]) - double(b[i]);
  for (int64_t t = 0; t < n; ++t)
    for (int64_t r = 0; r < rows; ++r) {
      double y = 0;
      for (int64_t i = 0; i < cols; ++i) y += d[size_t(r * cols + i)] * double(x[size_t(t * cols + i)]);
      sum += y * y;
    }
  return sum;
}

std::vector<float> stored_values(const WeightRef& r) {
  std::vector<float> w(size_t(r.n_in * r.n_out));
  kernels::dequantize_row_ref(r.type, r.data, w.data(), int64_t(w.size()));
  return w;
}

struct Projection {
  const WeightRef* ref;
  int layer;
  Site site;
};

std::vector<Projection> projections(const ModelWeights& w) {
  std::vector<Projection> v;
  for (int l = 0; l < int(w.layers.size()); ++l) {
    const LayerWeights& L = w.layers[size_t(l)];
    for (const WeightRef* r : {&L.wq, &L.wk, &L.wv}) v.push_back({r, l, Site::AttnIn});
    v.push_back({&L.wo, l, Site::AttnOut});
    for (const WeightRef* r : {&L.w_gate, &L.w_up}) v.push_back({r, l, Site::FfnIn});
    v.push_back({&L.w_down, l, Site::FfnOut});
  }
  return v;
}

std::vector<uint8_t> weight_bytes_of(const LoadedModel& m) {
  std::vector<uint8_t> out;
  const ModelWeights& w = m.model->weights();
  auto add = [&](const WeightRef& r) {
    const auto* p = static_cast<const uint8_t*>(r.data);
    out.insert(out.end(), p, p + r.n_bytes);
  };
  add(w.token_embd);
  for (const auto& p : projections(w)) add(*p.ref);
  return out;
}

// A 2-D weight as n_out x n_in floats (the reference dequantizer), or a 1-D one as n floats.
std::vector<float> values_of(const WeightRef& r) {
  const int64_t rows = std::max<int64_t>(r.n_out, 1), cols = r.n_in;
  std::vector<float> v(size_t(rows * cols));
  const size_t rb = kernels::row_bytes(r.type, cols);
  for (int64_t i = 0; i < rows; ++i)
    kernels::dequantize_row_ref(r.type, static_cast<const uint8_t*>(r.data) + size_t(i) * rb, &v[size_t(i * cols)], cols);
  return v;
}

// y = x W^T in double: rows of x (n x n_in), W (n_out x n_in).
std::vector<double> times_wt(const std::vector<double>& x, int64_t n, const std::vector<float>& w, int64_t n_in, int64_t n_out) {
  std::vector<double> y(size_t(n * n_out), 0.0);
  for (int64_t t = 0; t < n; ++t)
    for (int64_t o = 0; o < n_out; ++o) {
      double a = 0;
      for (int64_t i = 0; i < n_in; ++i) a += x[size_t(t * n_in + i)] * double(w[size_t(o * n_in + i)]);
      y[size_t(t * n_out + o)] = a;
    }
  return y;
}

std::vector<double> rms_normed(const std::vector<double>& x, int64_t n, int64_t e, const std::vector<float>& g, double eps) {
  std::vector<double> y(x.size());
  for (int64_t t = 0; t < n; ++t) {
    double ss = 0;
    for (int64_t i = 0; i < e; ++i) ss += x[size_t(t * e + i)] * x[size_t(t * e + i)];
    const double k = 1.0 / std::sqrt(ss / double(e) + eps);
    for (int64_t i = 0; i < e; ++i) y[size_t(t * e + i)] = x[size_t(t * e + i)] * k * double(g[size_t(i)]);
  }
  return y;
}

// ||a - b|| / ||b||
double rel_diff(const std::vector<float>& a, const std::vector<double>& b) {
  double d = 0, n = 0;
  for (size_t i = 0; i < b.size(); ++i) {
    d += (double(a[i]) - b[i]) * (double(a[i]) - b[i]);
    n += b[i] * b[i];
  }
  return std::sqrt(d / std::max(n, 1e-300));
}

}  // namespace

class TstCalibratedQuant : public QObject {
  Q_OBJECT

  std::shared_ptr<LoadedModel> model_;
  std::unique_ptr<kernels::ThreadPool> pool_;

  // QFAIL/QSKIP inside a helper only leave the helper: callers return on false, so a missing model
  // fails (or skips) the test with its reason instead of dereferencing what was never loaded.
  bool requireModel() {
    if (!model_) {
      const std::string path = test::stories260k_path();
      [&] { INFERSCOPE_REQUIRE_MODEL(path, "stories260K.gguf"); }();
      if (path.empty()) return false;
      model_ = load_model(path);
    }
    return model_ != nullptr;
  }

  quant::RequantizeOptions options(const std::string& cache_dir = {}) {
    quant::RequantizeOptions o;
    o.pool = pool_.get();
    o.calibration_tokens = kCalibTokens;
    o.use_cache = !cache_dir.empty();
    o.cache_dir = cache_dir;
    return o;
  }

 private slots:
  void initTestCase() { pool_ = std::make_unique<kernels::ThreadPool>(2); }

  void parsesCalibratedModes() {
    const auto g = quant::parse_weight_mode("GPTQ:int4:g128");
    QVERIFY(g.calibrated());
    QVERIFY(g.simulated());
    QCOMPARE(g.bits, 4);
    QCOMPARE(g.group, 128);
    QCOMPARE(g.name(), std::string("gptq:int4:g128"));
    const auto a = quant::parse_weight_mode("awq:int3:per-channel");
    QVERIFY(a.method == quant::QuantMethod::Awq);
    QCOMPARE(a.group, quant::kPerChannel);
    QCOMPARE(a.name(), std::string("awq:int3:per-channel"));
    QVERIFY(!quant::parse_weight_mode("sim:int3:g128:asym").calibrated());
    QCOMPARE(quant::parse_weight_mode("rtn:int3:g64").name(), std::string("rtn:int3:g64"));
    QVERIFY(quant::parse_weight_mode("rtn:int3:g64").calibrated());
    for (const char* bad : {"gptq:int4:per-tensor", "gptq:int4:g128:asym", "awq:int9:g128", "awq:int4", "gptq:int4:g100"})
      QVERIFY_THROWS_EXCEPTION(std::invalid_argument, quant::parse_weight_mode(bad));
  }

  // dequantize(quantize(w)) is within s/2 of w, s from the group's widened range; quantizing the
  // dequantized tensor gives the same codes; the byte form gives back every field.
  void groupFormatRoundTrips() {
    for (int bits : {2, 3, 4, 8})
      for (int group : {32, 128, -1}) {
        const int64_t rows = 7, cols = 256;
        std::vector<float> w = random_matrix(rows, cols, 11u + uint32_t(bits));
        w[5] = 0.9f;  // one outlier
        const quant::GroupQuantTensor t = quant::rtn_quantize(w.data(), rows, cols, bits, group);
        std::vector<float> back(w.size());
        quant::dequantize(t, back.data());
        const std::vector<float> ref = rtn_reference(w, rows, cols, bits, group);
        const int g = group > 0 ? group : int(cols);
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t i0 = 0; i0 < cols; i0 += g) {
            float lo = 0, hi = 0;
            for (int64_t i = i0; i < i0 + g; ++i) {
              lo = std::min(lo, w[size_t(r * cols + i)]);
              hi = std::max(hi, w[size_t(r * cols + i)]);
            }
            const double s = double(hi - lo) / (std::pow(2.0, bits) - 1);
            for (int64_t i = i0; i < i0 + g; ++i) {
              const size_t k = size_t(r * cols + i);
              QVERIFY2(std::fabs(double(back[k]) - double(w[k])) <= s / 2 * (1 + 1e-5) + 1e-7,
                       qPrintable(QString("bits %1 group %2 element %3").arg(bits).arg(group).arg(k)));
              QVERIFY(std::fabs(back[k] - ref[k]) <= 1e-6f);
            }
          }
        const quant::GroupQuantTensor again = quant::rtn_quantize(back.data(), rows, cols, bits, group);
        QVERIFY(again.codes == t.codes);
        QVERIFY(again.zeros == t.zeros);

        quant::GroupQuantTensor scaled = t;
        scaled.name = "blk.0.ffn_down.weight";
        scaled.input_scale.assign(size_t(cols), 1.5f);
        std::vector<uint8_t> bytes;
        quant::append_bytes(scaled, bytes);
        size_t at = 0;
        const quant::GroupQuantTensor read = quant::from_bytes(bytes, at);
        QCOMPARE(at, bytes.size());
        QCOMPARE(read.name, scaled.name);
        QVERIFY(read.codes == scaled.codes && read.scales == scaled.scales && read.zeros == scaled.zeros &&
                read.input_scale == scaled.input_scale);
        QCOMPARE(read.bits, bits);
        bytes.pop_back();
        at = 0;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, quant::from_bytes(bytes, at));
      }
  }

  // U^T U A = I for the factor GPTQ runs on.
  void inverseCholeskyFactor() {
    const int64_t n = 48, m = 200;
    const std::vector<float> x = random_matrix(m, n, 5u, 1.0f);
    std::vector<float> a = quant::gptq_hessian(x.data(), m, n, pool_.get());
    for (int64_t i = 0; i < n; ++i) a[size_t(i * n + i)] += 0.01f;
    std::vector<float> u;
    QVERIFY(quant::inverse_cholesky_upper(a, n, u));
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < i; ++j) QCOMPARE(u[size_t(i * n + j)], 0.0f);
    double worst = 0;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double v = 0;  // (U^T U A)[i][j]
        for (int64_t k = 0; k < n; ++k) {
          double utu = 0;
          for (int64_t p = 0; p <= std::min(i, k); ++p) utu += double(u[size_t(p * n + i)]) * u[size_t(p * n + k)];
          v += utu * a[size_t(k * n + j)];
        }
        worst = std::max(worst, std::fabs(v - (i == j ? 1.0 : 0.0)));
      }
    QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
    std::vector<float> singular(size_t(n * n), 0.0f);
    QVERIFY(!quant::inverse_cholesky_upper(singular, n, u));
  }

  // The paper's property: on the calibration rows, every projection's output error after GPTQ is below
  // round-to-nearest's in the same format.
  // What GPTQ's Hessians are built from must be what the projections read in the forward pass. The
  // residual stream is rebuilt here in double from the embedding, the captured attention outputs and
  // the stored weights, and every captured input must match it: Q/K/V read the attention RMSNorm's
  // output of that layer's stream, gate/up the FFN RMSNorm's output after the attention residual, down
  // SiLU(gate) * up. A source from the wrong place (the norm's input, the gate before SiLU * up, the
  // previous layer) is far off, as the controls show.
  void capturedInputsAreWhatTheProjectionsRead() {
    if (!requireModel()) return;
    using Site = quant::CalibrationActivations::Site;
    const std::vector<int32_t> tokens = quant::calibration_tokens(*model_, quant::default_calibration_text(), 48);
    const auto acts = quant::capture_activations(*model_->model, tokens, 512, pool_.get());
    const ModelConfig& c = model_->model->config();
    const ModelWeights& w = model_->model->weights();
    const int64_t n = acts.n_rows, E = c.n_embd, Q = c.q_dim(), F = c.n_ff;
    QCOMPARE(n, int64_t(tokens.size()));
    std::vector<double> x(size_t(n * E));
    const std::vector<float> embd = values_of(w.token_embd);
    for (int64_t t = 0; t < n; ++t)
      for (int64_t i = 0; i < E; ++i) x[size_t(t * E + i)] = double(embd[size_t(tokens[size_t(t)] * E + i)]) * c.embd_scale;
    constexpr double kTol = 2e-3, kFar = 0.05;
    std::vector<double> prev_attn_in;
    for (int l = 0; l < c.n_layers; ++l) {
      const LayerWeights& L = w.layers[size_t(l)];
      const std::vector<double> attn_in = rms_normed(x, n, E, values_of(L.attn_norm), c.rms_eps);
      const double e_attn = rel_diff(acts.at(l, Site::AttnIn), attn_in);
      QVERIFY2(e_attn < kTol, qPrintable(QString("layer %1 AttnIn: %2").arg(l).arg(e_attn)));
      if (l > 0) QVERIFY(rel_diff(acts.at(l, Site::AttnIn), prev_attn_in) > kFar);  // not the previous layer's
      QVERIFY(rel_diff(acts.at(l, Site::AttnIn), x) > kFar);                        // not the norm's input
      prev_attn_in = attn_in;

      const std::vector<float>& att = acts.at(l, Site::AttnOut);
      const std::vector<double> att_d(att.begin(), att.end());
      const std::vector<double> o = times_wt(att_d, n, values_of(L.wo), Q, E);
      for (size_t i = 0; i < x.size(); ++i) x[i] += o[i];
      const std::vector<double> ffn_in = rms_normed(x, n, E, values_of(L.ffn_norm), c.rms_eps);
      const double e_ffn = rel_diff(acts.at(l, Site::FfnIn), ffn_in);
      QVERIFY2(e_ffn < kTol, qPrintable(QString("layer %1 FfnIn: %2").arg(l).arg(e_ffn)));

      const std::vector<double> gate = times_wt(ffn_in, n, values_of(L.w_gate), E, F);
      const std::vector<double> up = times_wt(ffn_in, n, values_of(L.w_up), E, F);
      std::vector<double> act(gate.size());
      for (size_t i = 0; i < act.size(); ++i) act[i] = gate[i] / (1.0 + std::exp(-gate[i])) * up[i];
      const double e_down = rel_diff(acts.at(l, Site::FfnOut), act);
      QVERIFY2(e_down < kTol, qPrintable(QString("layer %1 FfnOut: %2").arg(l).arg(e_down)));
      QVERIFY(rel_diff(acts.at(l, Site::FfnOut), gate) > kFar);  // not the gate projection's output

      const std::vector<double> down = times_wt(act, n, values_of(L.w_down), F, E);
      for (size_t i = 0; i < x.size(); ++i) x[i] += down[i];
    }
  }

  void gptqBeatsRoundToNearestOnEveryProjection_data() {
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("group");
    QTest::newRow("int4 g32") << 4 << 32;
    QTest::newRow("int3 g32") << 3 << 32;
    QTest::newRow("int3 per-channel") << 3 << -1;
  }
  void gptqBeatsRoundToNearestOnEveryProjection() {
    QFETCH(int, bits);
    QFETCH(int, group);
    if (!requireModel()) return;
    const auto tokens = quant::calibration_tokens(*model_, quant::default_calibration_text(), kCalibTokens);
    const auto acts = quant::capture_activations(*model_->model, tokens, 512, pool_.get());
    QCOMPARE(acts.n_rows, kCalibTokens);
    for (const Projection& p : projections(model_->model->weights())) {
      const WeightRef& r = *p.ref;
      const std::vector<float> w = stored_values(r);
      const std::vector<float>& x = acts.at(p.layer, p.site);
      quant::GptqOptions go;
      go.bits = bits;
      go.group = group;
      const auto h = quant::gptq_hessian(x.data(), acts.n_rows, r.n_in, pool_.get());
      const quant::GroupQuantTensor t = quant::gptq_quantize(r.name, w.data(), r.n_out, r.n_in, h, go, pool_.get());
      std::vector<float> back(w.size());
      quant::dequantize(t, back.data());
      const double e_gptq = output_error_ref(w, back, r.n_out, r.n_in, x, acts.n_rows);
      const double e_rtn = output_error_ref(w, rtn_reference(w, r.n_out, r.n_in, bits, group), r.n_out, r.n_in, x, acts.n_rows);
      QVERIFY2(e_gptq < e_rtn, qPrintable(QString("%1: GPTQ %2, RTN %3").arg(QString::fromStdString(r.name)).arg(e_gptq).arg(e_rtn)));
    }
  }

  // Layer after layer: layer 0 reads the embedding either way, so its Q projection is exactly GPTQ on the
  // unquantized model's inputs, with the window's first row (the attention sink) counted once per row of
  // the window, or once when that weighting is off; layer 1 reads what the quantized layer 0 wrote, so its
  // Q projection is not the clean one. Every projection still beats round-to-nearest on what it read.
  void sequentialGptqReadsTheQuantizedLayersOutputs() {
    if (!requireModel()) return;
    const auto tokens = quant::calibration_tokens(*model_, quant::default_calibration_text(), kCalibTokens);
    const auto acts = quant::capture_activations(*model_->model, tokens, 512, pool_.get());
    const ModelWeights& stored = model_->model->weights();
    auto clean_q = [&](int layer, float sink_factor) {
      const WeightRef& r = stored.layers[size_t(layer)].wq;
      const std::vector<float> w = stored_values(r);
      std::vector<float> x = acts.at(layer, Site::AttnIn);
      for (int64_t i = 0; i < r.n_in; ++i) x[size_t(i)] *= std::sqrt(sink_factor);
      const auto h = quant::gptq_hessian(x.data(), acts.n_rows, r.n_in, pool_.get());
      quant::GptqOptions go;
      go.bits = 3;
      go.group = 32;
      return quant::gptq_quantize(r.name, w.data(), r.n_out, r.n_in, h, go, pool_.get());
    };
    for (const bool weight_sink : {true, false}) {
      quant::SequentialGptqOptions so;
      so.bits = 3;
      so.group = 32;
      so.weight_sink = weight_sink;
      int calls = 0;
      const auto seq = quant::gptq_sequential(
          model_->file, stored, tokens, [](const WeightRef& r) { return stored_values(r); }, so, pool_.get(), nullptr,
          [&](int, int) { ++calls; });
      QCOMPARE(seq.size(), stored.layers.size() * 7);
      QCOMPARE(calls, int(seq.size()));
      const auto same = clean_q(0, weight_sink ? float(kCalibTokens) : 1.0f);
      const auto other = clean_q(0, weight_sink ? 1.0f : float(kCalibTokens));
      QVERIFY(seq[0].tensor.codes == same.codes);
      QVERIFY(seq[0].tensor.scales == same.scales);
      QVERIFY(seq[0].tensor.codes != other.codes);
      QVERIFY(seq[7].tensor.codes != clean_q(1, weight_sink ? float(kCalibTokens) : 1.0f).codes);
      for (const auto& r : seq) {
        QVERIFY2(r.error < r.error_rtn, qPrintable(QString::fromStdString(r.tensor.name)));
        QVERIFY(r.energy > r.error);
      }
    }
  }

  // The model's own text: reproducible for a seed whatever the pool, each sequence from the given first
  // token, and another seed gives other text.
  void selfGeneratedTokensAreReproducible() {
    if (!requireModel()) return;
    const int32_t bos = model_->tokenizer->bos();
    const auto a = quant::self_generated_tokens(*model_->model, bos, 3, 40, 7, pool_.get());
    const auto b = quant::self_generated_tokens(*model_->model, bos, 3, 40, 7, nullptr);
    const auto c = quant::self_generated_tokens(*model_->model, bos, 3, 40, 8, pool_.get());
    QCOMPARE(a.size(), size_t(120));
    QVERIFY(a == b);
    QVERIFY(a != c);
    const int n_vocab = model_->model->config().n_vocab;
    for (size_t i = 0; i < a.size(); ++i) {
      if (i % 40 == 0) QCOMPARE(a[i], bos);
      QVERIFY(a[i] >= 0 && a[i] < n_vocab);
    }
    // Not a constant stream: a sampled text has many distinct tokens.
    QVERIFY(std::set<int32_t>(a.begin(), a.end()).size() > 20);
  }

  // A text shorter than calibration_tokens is followed by the model's own samples up to that many (for
  // GPTQ; AWQ reads at most 1,024), unless self_generate is off; the two are different cache keys.
  void shortTextIsExtendedWithOwnSamples() {
    if (!requireModel()) return;
    quant::RequantizeOptions o = options();
    o.calibration_text = "Once upon a time there was a little dog who liked to run in the park.";
    o.calibration_tokens = 300;
    const auto mode = quant::parse_weight_mode("gptq:int4:g32");
    quant::WeightQuantReport rep;
    quant::apply_weight_mode(*model_, mode, o, &rep);
    QCOMPARE(rep.calibration->tokens, 300);
    quant::RequantizeOptions text_only = o;
    text_only.self_generate = false;
    const int text_tokens = int(quant::calibration_tokens(*model_, o.calibration_text, 300).size());
    QVERIFY(text_tokens < 40);
    quant::apply_weight_mode(*model_, mode, text_only, &rep);
    QCOMPARE(rep.calibration->tokens, text_tokens);
    QVERIFY(quant::calibrated_cache_path(*model_, mode, o) != quant::calibrated_cache_path(*model_, mode, text_only));
    o.calibration_tokens = 5000;
    quant::apply_weight_mode(*model_, quant::parse_weight_mode("awq:int4:g32"), o, &rep);
    QCOMPARE(rep.calibration->tokens, 1024);
  }

  // The paper's search never picks scales worse than none (alpha = 0) on the rows it measures.
  void awqNeverWorseThanScaleOne() {
    if (!requireModel()) return;
    const auto tokens = quant::calibration_tokens(*model_, quant::default_calibration_text(), kCalibTokens);
    const auto acts = quant::capture_activations(*model_->model, tokens, 512, pool_.get());
    int improved = 0, n = 0;
    for (const Projection& p : projections(model_->model->weights())) {
      const WeightRef& r = *p.ref;
      const std::vector<float> w = stored_values(r);
      const std::vector<float>& x = acts.at(p.layer, p.site);
      quant::AwqOptions ao;
      ao.bits = 3;
      ao.group = 32;
      const quant::AwqResult res = quant::awq_quantize(r.name, w.data(), r.n_out, r.n_in, x.data(), acts.n_rows, ao, pool_.get());
      std::vector<float> back(w.size());
      quant::dequantize(res.tensor, back.data());
      const double e_awq = output_error_ref(w, back, r.n_out, r.n_in, x, acts.n_rows);
      const double e_one = output_error_ref(w, rtn_reference(w, r.n_out, r.n_in, 3, 32), r.n_out, r.n_in, x, acts.n_rows);
      QVERIFY2(e_awq <= e_one * (1 + 1e-4), qPrintable(QString("%1: AWQ %2 (alpha %3), scale 1 %4")
                                                          .arg(QString::fromStdString(r.name)).arg(e_awq).arg(res.alpha).arg(e_one)));
      QVERIFY(res.alpha >= 0.0 && res.alpha <= 1.0);
      QCOMPARE(res.errors.size(), size_t(ao.grid + 1));
      QCOMPARE(res.tensor.input_scale.empty(), res.alpha == 0.0);
      improved += e_awq < e_one;
      ++n;
    }
    QVERIFY2(improved > 0, "the search never found a better scale than 1 on any projection");
    qInfo("AWQ improved %d of %d projections", improved, n);
  }

  // Same model, mode and calibration text: the same weights, bit for bit; then the cache gives them back.
  void deterministicAndCached() {
    if (!requireModel()) return;
    const auto mode = quant::parse_weight_mode("gptq:int4:g32");
    const auto first = quant::apply_weight_mode(*model_, mode, options());
    const auto second = quant::apply_weight_mode(*model_, mode, options());
    QVERIFY(weight_bytes_of(*first) == weight_bytes_of(*second));
    QCOMPARE(first->card.weight_mode, std::string("gptq:int4:g32"));

    const std::string dir = test::temp_dir() + "/quant-cache";
    quant::WeightQuantReport rep1, rep2;
    const auto computed = quant::apply_weight_mode(*model_, mode, options(dir), &rep1);
    QVERIFY(rep1.calibration && !rep1.calibration->from_cache);
    QVERIFY(std::filesystem::exists(rep1.calibration->cache_file));
    const auto cached = quant::apply_weight_mode(*model_, mode, options(dir), &rep2);
    QVERIFY(rep2.calibration && rep2.calibration->from_cache);
    QVERIFY(weight_bytes_of(*cached) == weight_bytes_of(*first));
    QCOMPARE(rep2.calibration->linears.size(), rep1.calibration->linears.size());

    // Another calibration text is another key: computed again, and different weights.
    quant::RequantizeOptions other = options(dir);
    other.calibration_text = "The quick brown fox jumps over the lazy dog. " + std::string(400, 'a');
    QVERIFY(quant::calibrated_cache_path(*model_, mode, other) != rep1.calibration->cache_file);
    quant::WeightQuantReport rep3;
    const auto retuned = quant::apply_weight_mode(*model_, mode, other, &rep3);
    QVERIFY(!rep3.calibration->from_cache);
    QVERIFY(weight_bytes_of(*retuned) != weight_bytes_of(*first));
  }

  // Cancel raised while the first layer is quantized: nothing more is quantized, and no cache file
  // (nor a temporary one) is left.
  void cancelStopsWithinOneLayer() {
    if (!requireModel()) return;
    const std::string dir = test::temp_dir() + "/cancel-cache";
    for (const char* name : {"gptq:int4:g32", "awq:int4:g32"}) {
      const auto mode = quant::parse_weight_mode(name);
      std::atomic<bool> cancel{false};
      quant::RequantizeOptions o = options(dir);
      o.cancel = &cancel;
      int after = 0;
      std::string raised_at;
      o.progress = [&](double, const std::string& tensor) {
        if (cancel) ++after;
        if (tensor == "blk.0.attn_q.weight") {
          cancel = true;
          raised_at = tensor;
        }
      };
      QVERIFY_THROWS_EXCEPTION(quant::Cancelled, quant::apply_weight_mode(*model_, mode, o));
      QCOMPARE(raised_at, std::string("blk.0.attn_q.weight"));
      QCOMPARE(after, 0);
      QVERIFY(!std::filesystem::exists(quant::calibrated_cache_path(*model_, mode, o)));
      if (std::filesystem::exists(dir)) QVERIFY(std::filesystem::is_empty(dir));
    }
  }
};

QTEST_GUILESS_MAIN(TstCalibratedQuant)
#include "tst_calibrated_quant.moc"
