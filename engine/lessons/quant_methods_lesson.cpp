// Lesson: round-to-nearest vs GPTQ vs AWQ on the loaded model. Each method re-encodes the model's
// projections in the same integer group format (engine/quant/calibrated_quant.h: rtn:, gptq:, awq:),
// calibrated on the shipped text; the page shows each one's perplexity, KL divergence and top-1 agreement
// against the model as stored, measured on the product's sample text (not the calibration text), and
// each layer's output error on the calibration rows. With an outlier, the same again with one weight per
// projection set to it. Results are cached per model and settings, so a second run reads files.
#include <string>
#include <vector>

#include "engine/lessons/lesson_factories.h"
#include "engine/model/loaded_model.h"
#include "engine/quant/quality.h"
#include "engine/quant/quantized_model.h"
#include "engine/quant/weight_mode.h"
#include "engine/workload/sample_text.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::lessons {

namespace {

struct Method {
  const char* prefix;  // weight-mode prefix and JSON key part
  const char* label;   // English, as the numbers and the chart show it
};
constexpr Method kMethods[] = {{"rtn", "RTN"}, {"gptq", "GPTQ"}, {"awq", "AWQ"}};

class QuantMethodsLesson final : public Lesson {
 public:
  std::string id() const override { return "quant-methods"; }
  std::string title() const override { return "Quantization methods: round-to-nearest vs GPTQ vs AWQ"; }
  bool needs_model() const override { return true; }
  std::string scenario() const override { return "weight_quantization_gptq_int4.json"; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"bits", "Bits", K::Int, 4, 2, 8, {}, "", "Integer width of each quantized weight."},
        {"group", "Group", K::Choice, 0, 0, 0, {"g32", "g64", "g128", "g256", "per-channel"}, "g128",
         "Consecutive weights of a row that share one scale and zero point."},
        {"outlier", "Outlier value", K::Real, 0, -100, 100, {}, "",
         "Also quantize with one weight per projection set to this value (0 = no outlier run)."},
        {"ppl-tokens", "Perplexity tokens", K::Int, 128, 16, 1024, {}, "", "Tokens of the sample text scored for perplexity."},
        {"calibration-tokens", "Calibration tokens", K::Int, 8192, 32, 16384, {}, "",
         "Calibration tokens GPTQ sees: the shipped text, then the model's own samples (AWQ reads the first 1,024). "
         "Fewer: faster, but GPTQ then fits the calibration text instead of the model."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    if (ctx.model == nullptr) throw LessonError("the quant-methods lesson needs a loaded model");
    const int bits = static_cast<int>(p.get_int("bits"));
    const std::string group = p.get_text("group");
    const double outlier = p.get_real("outlier");
    kernels::ThreadPool pool(ctx.threads);
    quant::RequantizeOptions ro;
    ro.pool = &pool;
    ro.cancel = ctx.cancel;
    ro.calibration_tokens = static_cast<int>(p.get_int("calibration-tokens"));
    quant::QualityOptions qo;
    qo.pool = &pool;
    qo.cancel = ctx.cancel;
    const LoadedModel& base = *ctx.model;
    const std::vector<int32_t> ids = quant::quality_tokens(base, std::string(sample_text()), static_cast<int>(p.get_int("ppl-tokens")));

    LessonResult r;
    Chart& ch = r.chart;
    ch.title = "Layer output error, int" + std::to_string(bits) + " " + group;
    ch.x_label = "layer";
    ch.y_label = "output error / output energy (%)";
    ch.log_y = true;
    std::string best;
    double best_kl = 0;
    try {
      for (const bool with_outlier : {false, true}) {
        if (with_outlier && outlier == 0.0) break;
        for (const Method& m : kMethods) {
          quant::WeightMode mode = quant::parse_weight_mode(std::string(m.prefix) + ":int" + std::to_string(bits) + ":" + group);
          if (with_outlier) mode.outlier = static_cast<float>(outlier);
          quant::WeightQuantReport rep;
          const auto model = quant::apply_weight_mode(base, mode, ro, &rep);
          const auto kv = KvDtype::F32;
          const quant::QualityResult q = quant::compare_quality(*base.model, kv, *model->model, kv, ids, qo);
          const std::string key = std::string(m.prefix) + (with_outlier ? "_outlier" : "");
          const std::string name = std::string(m.label) + (with_outlier ? " (outlier)" : "");
          if (r.numbers.empty()) {
            r.numbers.push_back({"ppl_stored", q.baseline_perplexity, "", "Perplexity, weights as stored"});
            r.numbers.push_back({"calibration_tokens", double(rep.calibration->tokens), "tok", "Calibration tokens"});
          }
          // Per layer: the seven projections' summed error over their summed output energy.
          std::vector<double> err, energy;
          double e_all = 0, n_all = 0;
          for (const auto& l : rep.calibration->linears) {
            if (size_t(l.layer) >= err.size()) err.resize(size_t(l.layer) + 1), energy.resize(size_t(l.layer) + 1);
            err[size_t(l.layer)] += l.error;
            energy[size_t(l.layer)] += l.energy;
            e_all += l.error;
            n_all += l.energy;
          }
          Series s{name, {}, with_outlier};
          for (size_t l = 0; l < err.size(); ++l)
            s.points.push_back({double(l), energy[l] > 0 ? 100.0 * err[l] / energy[l] : 0.0});
          ch.series.push_back(s);
          r.numbers.push_back({"ppl_" + key, q.perplexity, "", "Perplexity, " + name});
          r.numbers.push_back({"kl_" + key, q.kl_mean, "nat", "KL divergence from the stored model, " + name});
          r.numbers.push_back({"top1_" + key, 100.0 * q.top1_agreement, "%", "Same top token as the stored model, " + name});
          r.numbers.push_back({"out_err_" + key, n_all > 0 ? 100.0 * e_all / n_all : 0.0, "%",
                               "Layer output error on the calibration text, " + name});
          if (!with_outlier && (best.empty() || q.kl_mean < best_kl)) {
            best = m.label;
            best_kl = q.kl_mean;
          }
        }
      }
    } catch (const quant::Cancelled&) {
      throw LessonError("cancelled");
    }
    r.texts.push_back({"lowest_kl", best});
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_quant_methods_lesson() { return std::make_unique<QuantMethodsLesson>(); }

}  // namespace inferscope::lessons
