// Weight quantization modes (engine/quant): names, re-encoding error against each format's closed-form
// bound, exact model bytes, GGUF round trip, simulated modes and the outlier, cancellation.
#include <QtTest/QtTest>

#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <optional>
#include <set>

#include "engine/gguf/gguf_file.h"
#include "engine/kv/kv_storage.h"
#include "engine/quant/gguf_export.h"
#include "engine/quant/quantized_model.h"
#include "engine/quant/requantize.h"
#include "engine/quant/sim_quant.h"
#include "kernels/cpu/matmul.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;
using kernels::GgmlType;

namespace {

// The 2-D weights of a model, in the order requantize_weights visits them.
std::vector<const WeightRef*> matrices(const ModelWeights& w) {
  std::vector<const WeightRef*> v{&w.token_embd};
  if (!w.tied_output) v.push_back(&w.output);
  for (const LayerWeights& L : w.layers)
    for (const WeightRef* r : {&L.wq, &L.wk, &L.wv, &L.wo, &L.w_gate, &L.w_up, &L.w_down}) v.push_back(r);
  return v;
}

std::vector<float> dequantized(const WeightRef& r) {
  std::vector<float> out(size_t(r.n_in) * r.n_out);
  kernels::dequantize_row_ref(r.type, r.data, out.data(), int64_t(out.size()));
  return out;
}

// Bytes per element block of each format, from the GGML format table (not from type_traits).
size_t closed_form_bytes(GgmlType t, uint64_t n_elements) {
  switch (t) {
    case GgmlType::F32: return n_elements * 4;
    case GgmlType::F16:
    case GgmlType::BF16: return n_elements * 2;
    case GgmlType::Q8_0: return n_elements / 32 * 34;   // fp16 d + 32 int8
    case GgmlType::Q4_0: return n_elements / 32 * 18;   // fp16 d + 16 bytes of nibbles
    case GgmlType::Q4_1: return n_elements / 32 * 20;   // fp16 d, m + 16 bytes of nibbles
    default: return 0;
  }
}

// The largest error the format's round-to-nearest encoding of element j of a 32-block may make.
// d is the ideal scale; fp16 storage of d (and m) perturbs it by at most 2^-11 relative plus 2^-25 absolute
// (fp16 subnormal spacing / 2), which the terms after the first account for.
double closed_form_bound(GgmlType t, const float* blk, int j) {
  constexpr double u16 = 1.0 / 2048, sub = 1.0 / 33554432.0;
  double amax = 0, lo = blk[0], hi = blk[0], signed_max = 0;
  for (int i = 0; i < 32; ++i) {
    if (std::fabs(blk[i]) > amax) {
      amax = std::fabs(blk[i]);
      signed_max = blk[i];
    }
    lo = std::min<double>(lo, blk[i]);
    hi = std::max<double>(hi, blk[i]);
  }
  const double x = blk[j];
  switch (t) {
    case GgmlType::F32: return 0;
    case GgmlType::F16: return std::fabs(x) * u16 + sub;
    case GgmlType::BF16: return std::fabs(x) / 256;
    case GgmlType::Q8_0: {  // d = amax / 127, |x - d q| <= d / 2; codes up to 127 times the error of d
      const double d = amax / 127;
      return 0.5 * d * (1 + u16) + 127 * (d * u16 + sub);
    }
    case GgmlType::Q4_0: {  // d = signed max / -8: codes -8..7, so x / d > 7.5 (the far side) is clamped to 7
      const double d = signed_max / -8;
      const double ad = std::fabs(d) * (1 + u16) + sub;
      return (d != 0 && x / d > 7.5) ? std::fabs(x - 7 * d) + 8 * ad * u16 + sub : 0.5 * ad + 8 * (ad * u16 + sub);
    }
    case GgmlType::Q4_1: {  // d = (max - min) / 15, m = min, both fp16
      const double d = (hi - lo) / 15;
      return 0.5 * d * (1 + u16) + 15 * (d * u16 + sub) + std::fabs(lo) * u16 + sub;
    }
    default: return 0;
  }
}

std::shared_ptr<LoadedModel> tiny(test::TinyModelSpec spec = {}) { return load_model(test::write_tiny_model(spec)); }

std::vector<float> logits_of(LlamaModel& m, const std::vector<int32_t>& tokens) {
  const ModelConfig& c = m.config();
  KvStorage kv({c.n_layers, c.n_kv_heads, c.head_dim, 16, KvDtype::F32}, 4);
  std::vector<int32_t> table{0, 1, 2, 3};
  ForwardBatch b;
  b.tokens = tokens;
  b.seqs.push_back({0, 0, int(tokens.size()), 0, &table, int(tokens.size())});
  std::vector<float> logits;
  m.forward(b, kv, nullptr, logits);
  return logits;
}

const char* kRealModes[] = {"f32", "f16", "bf16", "q8_0", "q4_0", "q4_1"};

}  // namespace

class TestWeightQuant : public QObject {
  Q_OBJECT

 private slots:
  void parses_mode_names() {
    using quant::parse_weight_mode;
    QCOMPARE(parse_weight_mode("stored").kind, quant::WeightModeKind::Stored);
    QCOMPARE(parse_weight_mode("Q8_0").type, GgmlType::Q8_0);
    QCOMPARE(parse_weight_mode("bf16").type, GgmlType::BF16);
    QCOMPARE(parse_weight_mode("q4_1").name(), std::string("q4_1"));
    const auto s = parse_weight_mode("SIM:INT4:G128");
    QVERIFY(s.simulated());
    QCOMPARE(s.bits, 4);
    QCOMPARE(s.group, 128);
    QVERIFY(!s.asym);
    QCOMPARE(s.name(), std::string("sim:int4:g128"));
    const auto a = parse_weight_mode("sim:int3:per-channel:asym");
    QCOMPARE(a.group, quant::kPerChannel);
    QVERIFY(a.asym);
    QCOMPARE(a.label(), std::string("sim:int3:per-channel:asym (simulated)"));
    QCOMPARE(parse_weight_mode("sim:int8:per-tensor").group, quant::kPerTensor);
    for (const char* bad : {"q5_k", "", "int4", "sim:int4", "sim:int9:g32", "sim:int1:g32", "sim:int4:g48",
                            "sim:int4:g32:sym", "sim:intx:g32", "sim:int4:g32:asym:x", "sim:int:g32"}) {
      bool threw = false;
      try {
        parse_weight_mode(bad);
      } catch (const std::invalid_argument& e) {
        threw = true;
        const std::string msg = e.what();
        QVERIFY2(msg.find("weight mode '" + std::string(bad) + "'") != std::string::npos, msg.c_str());
        QVERIFY(msg.find('\n') == std::string::npos);
      }
      QVERIFY2(threw, bad);
    }
  }

  // Every element of every re-encoded tensor is within its format's closed-form bound, and the bound is
  // tight enough to tell the formats apart (Q8_0's is 16x smaller than Q4_0's).
  void real_modes_within_closed_form_bounds() {
    auto base = tiny();
    const auto stored = matrices(base->model->weights());
    for (const char* name : kRealModes) {
      const quant::WeightMode mode = quant::parse_weight_mode(name);
      const quant::RequantizedWeights rq = quant::requantize_weights(base->model->weights(), mode);
      const auto now = matrices(rq.weights);
      QCOMPARE(now.size(), stored.size());
      QCOMPARE(rq.errors.size(), stored.size());
      double worst_ratio = 0;
      for (size_t k = 0; k < now.size(); ++k) {
        QCOMPARE(now[k]->type, mode.type);
        QCOMPARE(now[k]->n_bytes, closed_form_bytes(mode.type, uint64_t(now[k]->n_in) * now[k]->n_out));
        const auto x = dequantized(*stored[k]);
        const auto y = dequantized(*now[k]);
        double max_err = 0, sum = 0;
        for (size_t i = 0; i < x.size(); ++i) {
          const double e = std::fabs(double(y[i]) - x[i]);
          const double bound = closed_form_bound(mode.type, &x[i / 32 * 32], int(i % 32));
          if (e > bound * (1 + 1e-6) + 1e-12)
            QFAIL(qPrintable(QString("%1 %2[%3]: |error| %4 > bound %5")
                                 .arg(name, QString::fromStdString(now[k]->name)).arg(i).arg(e).arg(bound)));
          if (bound > 0) worst_ratio = std::max(worst_ratio, e / bound);
          max_err = std::max(max_err, e);
          sum += e;
        }
        // The reported figures are the same measurement.
        QVERIFY(std::fabs(rq.errors[k].max_abs - max_err) <= 1e-9);
        QVERIFY(std::fabs(rq.errors[k].mean_abs - sum / x.size()) <= 1e-9);
      }
      qInfo("  %-5s largest |error| / bound = %.3f", name, worst_ratio);
      if (mode.type != GgmlType::F32) QVERIFY2(worst_ratio > 0.2, "the bound is far looser than the format's error");
    }
  }

  // The re-encoded model's bytes equal the closed form from shapes and block sizes, untied output included.
  void model_bytes_are_exact() {
    test::TinyModelSpec spec;
    spec.tied_output = false;
    auto base = tiny(spec);
    for (const char* name : {"f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "sim:int4:g32"}) {
      quant::WeightQuantReport rep;
      auto m = quant::apply_weight_mode(*base, quant::parse_weight_mode(name), {}, &rep);
      const GgmlType t = quant::parse_weight_mode(name).simulated() ? GgmlType::F32 : quant::parse_weight_mode(name).type;
      size_t want = 0;
      for (const auto& ti : base->file->tensors())
        want += ti.ne.size() == 2 ? closed_form_bytes(t, ti.ne[0] * ti.ne[1]) : ti.ne[0] * 4;
      QCOMPARE(rep.model_bytes, want);
      QCOMPARE(size_t(m->card.weight_bytes), want);
      QCOMPARE(quant::weight_bytes(m->model->weights()), want);
      QCOMPARE(m->card.weight_mode, std::string(name));
      QCOMPARE(m->card.weights_simulated, quant::parse_weight_mode(name).simulated());
    }
  }

  // weight_bytes_encoded: a real mode's bytes are what it holds; a simulated one counts B-bit codes, an
  // fp16 scale per group, and its zero points (fp16 for :asym, B bits for the calibrated group format),
  // summed here from the file's tensor shapes. Calibrated modes re-encode only the layers' projections.
  void encoded_bytes_follow_the_formats_layout() {
    test::TinyModelSpec spec;
    spec.tied_output = false;
    auto base = tiny(spec);
    struct Case {
      const char* mode;
      int64_t bits, group_bits;
      int64_t group;  // 0: per tensor, -1: per row
    };
    for (const Case c : {Case{"sim:int4:g32", 4, 16, 32}, Case{"sim:int3:per-channel:asym", 3, 32, -1},
                         Case{"sim:int8:per-tensor", 8, 16, 0}, Case{"rtn:int4:g32", 4, 20, 32}}) {
      const quant::WeightMode mode = quant::parse_weight_mode(c.mode);
      quant::RequantizeOptions opt;
      opt.use_cache = false;
      auto m = quant::apply_weight_mode(*base, mode, opt);
      uint64_t want = 0;
      for (const auto& t : base->file->tensors()) {
        const bool encoded = t.ne.size() == 2 && (!mode.calibrated() || t.name.rfind("blk.", 0) == 0);
        if (!encoded) {
          want += t.ne.size() == 2 ? t.ne[0] * t.ne[1] * 4 : t.ne[0] * 4;  // as the tiny file stores it: F32
          continue;
        }
        const int64_t n_in = int64_t(t.ne[0]), n_out = int64_t(t.ne[1]);
        const int64_t groups = c.group == 0 ? 1 : c.group < 0 ? n_out : n_out * (n_in / c.group);
        want += uint64_t((n_in * n_out * c.bits + groups * c.group_bits + 7) / 8);
      }
      QCOMPARE(m->card.weight_bytes_encoded, want);
      QVERIFY(m->card.weight_bytes_encoded < m->card.weight_bytes);  // it holds F32
    }
    for (const char* real : {"stored", "q8_0", "q4_0"}) {
      auto m = quant::apply_weight_mode(*base, quant::parse_weight_mode(real));
      QCOMPARE(m->card.weight_bytes_encoded, m->card.weight_bytes);
    }
  }

  // The fast (packed or dispatched) matmul of each re-encoded format matches the dot product with its
  // dequantized weights, within the activation quantization the integer kernels do (Q8 of x: relative
  // error 1/254 per element of max |x|).
  void matmul_matches_dequantized_reference() {
    auto base = tiny();
    std::vector<float> x(64);
    for (size_t i = 0; i < x.size(); ++i) x[i] = std::sin(0.7 * i) + 0.1f;
    for (const char* name : kRealModes) {
      auto m = quant::apply_weight_mode(*base, quant::parse_weight_mode(name));
      const WeightRef& w = m->model->weights().layers[0].w_gate;
      const auto& P = m->model->packed();
      std::vector<float> y(w.n_out), y_up(m->model->weights().layers[0].w_up.n_out);
      if (!P.layers.empty() && P.layers[0].gate_up) {
        float* outs[] = {y.data(), y_up.data()};
        kernels::matmul_packed(*P.layers[0].gate_up, x.data(), 1, outs, nullptr);
      } else {
        kernels::matmul(w.type, w.data, w.n_in, w.n_out, x.data(), 1, y.data(), nullptr);
      }
      const size_t rb = kernels::row_bytes(w.type, w.n_in);
      double worst = 0;
      for (int64_t r = 0; r < w.n_out; ++r) {
        const double ref = kernels::dot_row_ref(w.type, static_cast<const uint8_t*>(w.data) + r * rb, x.data(), w.n_in);
        std::vector<float> row(w.n_in);
        kernels::dequantize_row_ref(w.type, static_cast<const uint8_t*>(w.data) + r * rb, row.data(), w.n_in);
        double abs_sum = 0;
        for (int64_t i = 0; i < w.n_in; ++i) abs_sum += std::fabs(row[i]);
        // |x| <= 1.1: Q8 rounding of x moves each term by at most |w| * 1.1 / 254 (bf16 rounding by less),
        // 5% for the fp16 scales and float accumulation.
        const double tol = abs_sum * 1.1 / 254 * 1.05 + 1e-5;
        worst = std::max(worst, std::fabs(y[r] - ref) / tol);
        QVERIFY2(std::fabs(y[r] - ref) <= tol, name);
      }
      qInfo("  %-5s %s matmul: largest |error| / tolerance %.3f", name, P.layers.empty() || !P.layers[0].gate_up ? "plain" : "packed",
            worst);
    }
  }

  // requantize -> GGUF -> load gives the same tensors and bit-identical logits.
  void gguf_round_trip_is_bit_identical() {
    auto base = tiny();
    const std::vector<int32_t> tokens{1, 5, 9, 33, 70, 12, 3};
    for (const char* name : {"q8_0", "q4_0", "q4_1", "f16", "bf16", "sim:int4:g32"}) {
      auto m = quant::apply_weight_mode(*base, quant::parse_weight_mode(name));
      std::string file = name;
      std::replace(file.begin(), file.end(), ':', '_');
      const std::string path = test::temp_dir() + "/rt_" + file + ".gguf";
      quant::write_model_gguf(*m, path);
      auto back = load_model(path);
      QCOMPARE(back->model->weights().layers[1].w_down.type, m->model->weights().layers[1].w_down.type);
      QCOMPARE(back->card.weight_bytes, m->card.weight_bytes);
      QCOMPARE(back->file->get_string("inferscope.weight_mode").value_or(""), m->card.weight_mode_label);
      const auto a = logits_of(*m->model, tokens), b = logits_of(*back->model, tokens);
      QCOMPARE(a.size(), b.size());
      QVERIFY2(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0, name);
    }
  }

  // Simulated int4 per-tensor with an injected outlier: one huge weight stretches the only scale, so
  // almost every weight rounds to zero; groups of 128 confine the damage to one group.
  void outlier_hurts_per_tensor_far_more_than_groups() {
    test::TinyModelSpec spec;
    spec.n_embd = 256;
    spec.n_ff = 512;
    auto base = tiny(spec);
    auto mean_err = [&](const char* mode, std::optional<float> outlier) {
      quant::WeightMode m = quant::parse_weight_mode(mode);
      m.outlier = outlier;
      quant::WeightQuantReport rep;
      quant::apply_weight_mode(*base, m, {}, &rep);
      return rep.mean_abs;
    };
    const double pt = mean_err("sim:int4:per-tensor", 10.0f), g128 = mean_err("sim:int4:g128", 10.0f);
    const double pt_clean = mean_err("sim:int4:per-tensor", std::nullopt);
    qInfo("  int4 mean |error| with outlier 10: per-tensor %.5f, g128 %.5f, ratio %.1f (per-tensor without it %.5f)", pt,
          g128, pt / g128, pt_clean);
    QVERIFY(pt / g128 > 4.0);
    QVERIFY(pt / pt_clean > 4.0);
  }

  // Simulated values obey the grid's closed form: |x - x'| <= scale / 2 with scale from each group's range,
  // and at most 2^bits distinct values per group.
  void simulated_groups_obey_their_grid() {
    auto base = tiny();
    for (const char* name : {"sim:int4:g32", "sim:int3:per-channel:asym", "sim:int8:per-tensor", "sim:int2:g64"}) {
      const quant::WeightMode mode = quant::parse_weight_mode(name);
      const auto rq = quant::requantize_weights(base->model->weights(), mode);
      const auto src = matrices(base->model->weights());
      const auto now = matrices(rq.weights);
      for (size_t k = 0; k < src.size(); ++k) {
        const auto x = dequantized(*src[k]);
        const float* y = static_cast<const float*>(now[k]->data);
        QCOMPARE(now[k]->type, GgmlType::F32);
        const int64_t n_in = src[k]->n_in;
        const int64_t g = mode.group > 0 ? mode.group : mode.group == quant::kPerChannel ? n_in : int64_t(x.size());
        for (size_t i0 = 0; i0 < x.size(); i0 += g) {
          const size_t i1 = std::min(x.size(), i0 + size_t(g));
          double lo = x[i0], hi = x[i0];
          for (size_t i = i0; i < i1; ++i) lo = std::min<double>(lo, x[i]), hi = std::max<double>(hi, x[i]);
          const double scale = mode.asym ? (hi - lo) / ((1 << mode.bits) - 1)
                                         : std::max(std::fabs(lo), std::fabs(hi)) / ((1 << (mode.bits - 1)) - 1);
          std::set<float> levels;
          for (size_t i = i0; i < i1; ++i) {
            levels.insert(y[i]);
            QVERIFY2(std::fabs(y[i] - x[i]) <= scale * 0.5 * (1 + 1e-5) + 1e-9, name);
          }
          QVERIFY(levels.size() <= size_t(1) << mode.bits);
        }
      }
    }
  }

  void outlier_lands_on_the_documented_element() {
    auto base = tiny();
    quant::WeightMode mode = quant::parse_weight_mode("f32");
    mode.outlier = 3.5f;
    const auto rq = quant::requantize_weights(base->model->weights(), mode);
    for (const WeightRef* r : matrices(rq.weights)) {
      const float* w = static_cast<const float*>(r->data);
      QCOMPARE(w[(r->n_out / 2) * r->n_in + r->n_in / 2], 3.5f);
      int n = 0;
      for (int64_t i = 0; i < r->n_in * r->n_out; ++i) n += w[i] == 3.5f;
      QCOMPARE(n, 1);
    }
  }

  void cancel_and_progress() {
    auto base = tiny();
    std::atomic<bool> cancel{false};
    std::vector<double> seen;
    quant::RequantizeOptions opt;
    opt.cancel = &cancel;
    opt.progress = [&](double f, const std::string&) {
      seen.push_back(f);
      if (seen.size() == 3) cancel = true;
    };
    QVERIFY_THROWS_EXCEPTION(quant::Cancelled, quant::requantize_weights(base->model->weights(), quant::parse_weight_mode("q8_0"), opt));
    QCOMPARE(seen.size(), size_t(3));
    cancel = false;
    seen.clear();
    opt.progress = [&](double f, const std::string&) { seen.push_back(f); };
    quant::requantize_weights(base->model->weights(), quant::parse_weight_mode("q4_0"), opt);
    QCOMPARE(seen.back(), 1.0);
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    QCOMPARE(seen.size(), matrices(base->model->weights()).size());
  }

  // Splitting rows over threads changes nothing: same bytes, same error figures.
  void threads_give_the_same_bytes() {
    auto base = tiny();
    kernels::ThreadPool pool(2);
    quant::RequantizeOptions opt;
    opt.pool = &pool;
    for (const char* name : {"q4_1", "sim:int4:per-tensor"}) {
      const auto a = quant::requantize_weights(base->model->weights(), quant::parse_weight_mode(name));
      const auto b = quant::requantize_weights(base->model->weights(), quant::parse_weight_mode(name), opt);
      const auto ma = matrices(a.weights), mb = matrices(b.weights);
      for (size_t k = 0; k < ma.size(); ++k) {
        QCOMPARE(ma[k]->n_bytes, mb[k]->n_bytes);
        QVERIFY(std::memcmp(ma[k]->data, mb[k]->data, ma[k]->n_bytes) == 0);
        QCOMPARE(a.errors[k].max_abs, b.errors[k].max_abs);
      }
    }
  }

  // A caller above the engine asks for threads instead of lending a kernels pool: apply_weight_mode makes
  // the pool for the call, and the bytes are the single thread's.
  void threads_asked_for_give_the_same_model() {
    auto base = tiny();
    quant::RequantizeOptions opt;
    opt.use_cache = false;
    opt.threads = 2;
    const auto a = quant::apply_weight_mode(*base, quant::parse_weight_mode("q4_1"));
    const auto b = quant::apply_weight_mode(*base, quant::parse_weight_mode("q4_1"), opt);
    const auto ma = matrices(a->model->weights()), mb = matrices(b->model->weights());
    QCOMPARE(ma.size(), mb.size());
    QVERIFY(!ma.empty());
    for (size_t k = 0; k < ma.size(); ++k) {
      QCOMPARE(ma[k]->n_bytes, mb[k]->n_bytes);
      QVERIFY(std::memcmp(ma[k]->data, mb[k]->data, ma[k]->n_bytes) == 0);
    }
    QCOMPARE(a->card.weight_bytes, b->card.weight_bytes);
  }

  void rows_that_do_not_fit_blocks_are_refused() {
    test::TinyModelSpec spec;
    spec.n_embd = 48;  // 48 is not a multiple of 32
    spec.n_heads = 4;
    spec.n_kv_heads = 2;
    spec.n_ff = 96;
    auto base = tiny(spec);
    try {
      quant::requantize_weights(base->model->weights(), quant::parse_weight_mode("q8_0"));
      QFAIL("expected std::invalid_argument");
    } catch (const std::invalid_argument& e) {
      QVERIFY2(std::string(e.what()).find("not a multiple of Q8_0's 32-element blocks") != std::string::npos, e.what());
    }
    // Simulated groups need no block fit: a shorter last group.
    quant::requantize_weights(base->model->weights(), quant::parse_weight_mode("sim:int4:g32"));
  }
};

QTEST_GUILESS_MAIN(TestWeightQuant)
#include "tst_weight_quant.moc"
