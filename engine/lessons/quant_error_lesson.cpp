// Lesson 8: what symmetric integer quantization loses, with one scale for the whole tensor versus one per
// group of consecutive weights, and what a single outlier does to each. The quantizer is the project's
// own simulated one (engine/quant/sim_quant.h); with a model loaded, the same is measured on a real tensor.
//
// Synthetic weights (reproducible from the seed alone, so a test can rebuild them): a std::mt19937_64
// seeded with `seed` gives pairs of uniforms u1 = ((x >> 11) + 1) * 2^-53 in (0, 1] and
// u2 = (y >> 11) * 2^-53 in [0, 1); Box-Muller turns each pair into r cos(2 pi u2), r sin(2 pi u2) with
// r = sqrt(-2 ln u1), scaled by `std` and rounded to float. The outlier, when on, replaces element 100.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/gguf/gguf_file.h"
#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/quant_perplexity.h"
#include "engine/model/loaded_model.h"
#include "engine/quant/sim_quant.h"
#include "engine/quant/weight_mode.h"
#include "kernels/cpu/quant.h"

namespace inferscope::lessons {

namespace {

constexpr int64_t kOutlierIndex = 100;
constexpr int kMinBits = 2, kMaxBits = 8;

std::vector<float> synthetic_weights(int64_t n, uint64_t seed, double stddev) {
  std::mt19937_64 rng(seed);
  constexpr double kTwoPow53 = 9007199254740992.0;
  std::vector<float> w(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; i += 2) {
    const double u1 = double((rng() >> 11) + 1) / kTwoPow53;
    const double u2 = double(rng() >> 11) / kTwoPow53;
    const double radius = std::sqrt(-2.0 * std::log(u1));
    const double angle = 2.0 * 3.14159265358979323846 * u2;
    w[i] = static_cast<float>(stddev * radius * std::cos(angle));
    if (i + 1 < n) w[i + 1] = static_cast<float>(stddev * radius * std::sin(angle));
  }
  return w;
}

struct ErrorStats {
  double sum_abs = 0, max_abs = 0;
  int64_t n = 0;
  double mae() const { return n > 0 ? sum_abs / double(n) : 0.0; }
  void add(const float* orig, const float* back, int64_t len) {
    for (int64_t i = 0; i < len; ++i) {
      const double e = std::fabs(double(back[i]) - double(orig[i]));
      sum_abs += e;
      max_abs = std::max(max_abs, e);
    }
    n += len;
  }
};

// Rows of a [rows][n_in] float tensor, quantize-dequantized by sim_quantize_rows with `group`
// (quant::kPerTensor uses the whole tensor's range [lo, hi]); the error against the input.
struct Tensor {
  const float* data = nullptr;  // synthetic weights, or null for a stored tensor read row by row
  const gguf::TensorInfo* info = nullptr;
  int64_t n_in = 0, rows = 0;
  void row(int64_t r, float* out) const {
    if (data != nullptr) {
      std::copy(data + r * n_in, data + (r + 1) * n_in, out);
    } else {
      const uint8_t* src = info->data + r * static_cast<int64_t>(kernels::row_bytes(info->type, n_in));
      kernels::dequantize_row(info->type, src, out, n_in);
    }
  }
};

// Per-tensor and group errors at one bit width; one pass over the rows (each row is read once).
std::pair<ErrorStats, ErrorStats> measure(const Tensor& t, int bits, int group, float lo, float hi) {
  ErrorStats whole, grouped;
  std::vector<float> x(size_t(t.n_in)), a(size_t(t.n_in)), b(size_t(t.n_in));
  for (int64_t r = 0; r < t.rows; ++r) {
    t.row(r, x.data());
    a = x, b = x;
    quant::sim_quantize_rows(a.data(), t.n_in, 0, 1, bits, quant::kPerTensor, false, lo, hi);
    quant::sim_quantize_rows(b.data(), t.n_in, 0, 1, bits, group, false, lo, hi);
    whole.add(x.data(), a.data(), t.n_in);
    grouped.add(x.data(), b.data(), t.n_in);
  }
  return {whole, grouped};
}

struct Range {
  float lo = 0, hi = 0;
  double mean_abs = 0;
};

Range tensor_range(const Tensor& t) {
  Range g{INFINITY, -INFINITY, 0};
  std::vector<float> x(size_t(t.n_in));
  for (int64_t r = 0; r < t.rows; ++r) {
    t.row(r, x.data());
    for (float v : x) {
      g.lo = std::min(g.lo, v), g.hi = std::max(g.hi, v);
      g.mean_abs += std::fabs(double(v));
    }
  }
  g.mean_abs /= double(t.n_in * t.rows);
  return g;
}

class QuantErrorLesson final : public Lesson {
 public:
  std::string id() const override { return "quant-error"; }
  std::string title() const override { return "Quantization error: one scale per tensor vs per group"; }
  std::string scenario() const override { return "weight_quantization_int4.json"; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"bits", "Bits", K::Int, 4, kMinBits, kMaxBits, {}, "", "Integer width of each quantized weight (symmetric)."},
        {"group", "Group size", K::Int, 128, 32, 256, {}, "", "Consecutive weights that share one scale in group-wise mode."},
        {"n", "Weights", K::Int, 4096, 256, 1 << 22, {}, "", "Random weights drawn from N(0, std^2).", true},
        {"std", "Weight std", K::Real, 0.02, 1e-4, 1, {}, "", "Standard deviation of the random weights.", true},
        {"seed", "Seed", K::Int, 0, 0, 2147483647, {}, "", "Random seed of the weights."},
        {"outlier", "Outlier value", K::Real, 0, -100, 100, {}, "",
         "Replace one weight with this value (0 = no outlier), as a few large weights do in real models."},
        {"tensor", "Model tensor", K::Text, 0, 0, 0, {}, "blk.0.ffn_down.weight",
         "Tensor of the loaded model measured the same way (only when a model is loaded)."},
        {"perplexity", "Measure perplexity", K::Bool, 0, 0, 1, {}, "",
         "Re-encode the whole loaded model both ways and measure perplexity and KL against it as stored (takes seconds)."},
        {"ppl-tokens", "Perplexity tokens", K::Int, 128, 16, 1024, {}, "", "Tokens of the sample text scored for perplexity."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const int bits = static_cast<int>(p.get_int("bits"));
    const int group = static_cast<int>(p.get_int("group"));
    const int64_t n = p.get_int("n");
    const double outlier = p.get_real("outlier");
    std::vector<float> w = synthetic_weights(n, static_cast<uint64_t>(p.get_int("seed")), p.get_real("std"));
    if (outlier != 0.0) w[kOutlierIndex] = static_cast<float>(outlier);

    // The synthetic weights are one row, so groups are runs of consecutive weights.
    const Tensor synth{w.data(), nullptr, n, 1};
    const Range sr = tensor_range(synth);
    const auto [whole, grouped] = measure(synth, bits, group, sr.lo, sr.hi);
    const double qmax = double((1 << (bits - 1)) - 1);

    LessonResult r;
    r.numbers = {
        {"n_elements", double(n), "", "Weights quantized"},
        {"mean_abs_weight", sr.mean_abs, "", "Mean |weight|"},
        {"amax", std::max(std::fabs(double(sr.lo)), std::fabs(double(sr.hi))), "", "Largest |weight|"},
        {"scale_per_tensor", std::max(std::fabs(double(sr.lo)), std::fabs(double(sr.hi))) / qmax, "",
         "Per-tensor step size: largest |weight| / (2^(bits-1) - 1)"},
        {"mae_per_tensor", whole.mae(), "", "Mean absolute error, one scale for the whole tensor"},
        {"mae_group", grouped.mae(), "", "Mean absolute error, one scale per group"},
        {"ratio", grouped.mae() > 0 ? whole.mae() / grouped.mae() : 0.0, "x", "Per-tensor error / group error"},
        {"max_err_per_tensor", whole.max_abs, "", "Largest absolute error, per tensor"},
        {"max_err_group", grouped.max_abs, "", "Largest absolute error, per group"},
        {"rel_mae_per_tensor", 100.0 * whole.mae() / sr.mean_abs, "%", "Per-tensor error relative to mean |weight|"},
        {"rel_mae_group", 100.0 * grouped.mae() / sr.mean_abs, "%", "Group error relative to mean |weight|"},
    };

    Chart& ch = r.chart;
    ch.title = "Mean absolute error by bit width (group " + std::to_string(group) + (outlier != 0.0 ? ", with outlier)" : ")");
    ch.x_label = "bits";
    ch.y_label = "mean absolute error";
    ch.log_y = true;
    Series s_whole{"random: per-tensor", {}}, s_group{"random: group " + std::to_string(group), {}};
    for (int b = kMinBits; b <= kMaxBits; ++b) {
      const auto [e_whole, e_group] = measure(synth, b, group, sr.lo, sr.hi);
      s_whole.points.push_back({double(b), e_whole.mae()});
      s_group.points.push_back({double(b), e_group.mae()});
    }
    ch.series = {s_whole, s_group};

    if (ctx.model != nullptr) add_real_tensor(p.get_text("tensor"), bits, group, ctx, r);
    if (p.get_bool("perplexity")) {
      if (ctx.model == nullptr) throw LessonError("--perplexity on needs a loaded model");
      add_measured_perplexity(bits, group, outlier, static_cast<int>(p.get_int("ppl-tokens")), ctx, r);
    }
    return r;
  }

 private:
  // The same measurement on a stored tensor of the loaded model, dequantized row by row by the kernels.
  static void add_real_tensor(const std::string& name, int bits, int group, const LessonContext& ctx, LessonResult& r) {
    const gguf::TensorInfo* info = ctx.model->file->tensor(name);
    if (info == nullptr) throw LessonError("--tensor '" + name + "' is not in the loaded model (try blk.0.ffn_down.weight)");
    const kernels::TypeTraits& traits = kernels::type_traits(info->type);
    if (!traits.weight_type || info->ne.empty() || int64_t(info->ne[0]) % traits.block_elems != 0)
      throw LessonError("--tensor '" + name + "' is stored as " + traits.name + ", which this lesson cannot read");
    const Tensor t{nullptr, info, int64_t(info->ne[0]), int64_t(info->n_elements / info->ne[0])};
    const Range tr = tensor_range(t);
    const auto [whole, grouped] = measure(t, bits, group, tr.lo, tr.hi);
    const double amax = std::max(std::fabs(double(tr.lo)), std::fabs(double(tr.hi)));
    r.texts.push_back({"tensor", name});
    r.texts.push_back({"tensor_type", traits.name});
    r.numbers.push_back({"real_n_elements", double(info->n_elements), "", "Model tensor: weights"});
    r.numbers.push_back({"real_mean_abs_weight", tr.mean_abs, "", "Model tensor: mean |weight|"});
    r.numbers.push_back({"real_amax_over_mean_abs", tr.mean_abs > 0 ? amax / tr.mean_abs : 0.0, "x", "Model tensor: largest |weight| / mean |weight|"});
    r.numbers.push_back({"real_mae_per_tensor", whole.mae(), "", "Model tensor: mean absolute error, per tensor"});
    r.numbers.push_back({"real_mae_group", grouped.mae(), "", "Model tensor: mean absolute error, per group"});
    r.numbers.push_back({"real_ratio", grouped.mae() > 0 ? whole.mae() / grouped.mae() : 0.0, "x",
                         "Model tensor: per-tensor error / group error"});
    r.numbers.push_back({"real_max_err_per_tensor", whole.max_abs, "", "Model tensor: largest absolute error, per tensor"});
    r.numbers.push_back({"real_max_err_group", grouped.max_abs, "", "Model tensor: largest absolute error, per group"});

    Series s_whole{name + ": per-tensor", {}, true}, s_group{name + ": group " + std::to_string(group), {}, true};
    for (int b = kMinBits; b <= kMaxBits; ++b) {
      if (ctx.cancelled()) break;  // the chart keeps the bit widths done so far
      const auto [e_whole, e_group] = measure(t, b, group, tr.lo, tr.hi);
      s_whole.points.push_back({double(b), e_whole.mae()});
      s_group.points.push_back({double(b), e_group.mae()});
    }
    r.chart.series.push_back(s_whole);
    r.chart.series.push_back(s_group);
  }
};

}  // namespace

std::unique_ptr<Lesson> make_quant_error_lesson() { return std::make_unique<QuantErrorLesson>(); }

}  // namespace inferscope::lessons
