#include "engine/workload/variant_run.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "engine/quant/quality.h"
#include "engine/quant/quantized_model.h"
#include "engine/workload/run_summary.h"
#include "engine/workload/sample_text.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope {

std::vector<VariantSpec> scenario_variants(const Scenario& scenario, const EngineConfig& base, bool with_compare) {
  const quant::WeightMode weights = scenario_weight_mode(scenario);
  std::vector<VariantSpec> out;
  out.push_back({with_compare ? scenario_base_name(scenario, base) : std::string("base"), base, weights});
  if (!with_compare) return out;
  for (const auto& v : scenario.compare) {
    VariantSpec spec{v.name, {}, weights};
    try {
      spec.config = engine_config_from_json(v.engine, base);
      if (!v.weights.empty()) {
        spec.weights = quant::parse_weight_mode(v.weights);
        spec.weights.outlier = weights.outlier;  // the scenario's experiment, on every variant's weights
      }
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("scenario variant " + v.name + ": " + e.what());
    }
    out.push_back(std::move(spec));
  }
  return out;
}

std::shared_ptr<const LoadedModel> variant_model(const std::shared_ptr<const LoadedModel>& loaded,
                                                 const quant::WeightMode& weights, const quant::RequantizeOptions& opt) {
  if (loaded->card.weight_mode_label == weights.label()) return loaded;
  return quant::apply_weight_mode(*loaded, weights, opt);
}

VariantModels variant_models(const std::shared_ptr<const LoadedModel>& loaded, const std::vector<VariantSpec>& variants,
                             const quant::RequantizeOptions& opt, const std::function<void(size_t)>& before_each) {
  VariantModels out;
  bool vary = false;
  for (const VariantSpec& v : variants) vary |= v.weights.label() != variants.front().weights.label();
  if (!vary) {  // one weight mode: the loaded model's (the caller applied the scenario's weights to it)
    out.models.assign(variants.size(), loaded);
    return out;
  }
  out.stored = variant_model(loaded, quant::WeightMode{}, opt);
  std::map<std::string, std::shared_ptr<const LoadedModel>> made;  // by weight-mode label
  made[out.stored->card.weight_mode_label] = out.stored;
  made[loaded->card.weight_mode_label] = loaded;
  for (size_t i = 0; i < variants.size(); ++i) {
    if (before_each) before_each(i);
    auto& m = made[variants[i].weights.label()];
    if (!m) m = variant_model(loaded, variants[i].weights, opt);
    out.models.push_back(m);
  }
  return out;
}

WeightQuality measure_weight_quality(const LoadedModel& stored, const LoadedModel& model, int tokens, int threads,
                                     const std::atomic<bool>* cancel) {
  kernels::ThreadPool pool(threads);
  quant::QualityOptions qo;
  qo.pool = &pool;
  qo.cancel = cancel;
  const std::vector<int32_t> ids = quant::quality_tokens(stored, std::string(sample_text()), tokens);
  if (&stored == &model) return {0, 1, quant::perplexity(*stored.model, KvDtype::F32, ids, qo)};
  const quant::QualityResult q =
      quant::compare_quality(*stored.model, KvDtype::F32, *model.model, KvDtype::F32, ids, qo);
  return {q.kl_mean, q.top1_agreement, q.perplexity};
}

VariantResult run_variant(const std::shared_ptr<const LoadedModel>& model, const VariantSpec& variant,
                          const WorkloadSpec& workload, const std::function<bool()>& cancelled) {
  VariantResult r;
  r.name = variant.name;
  r.config = variant.config;
  r.weights = model->card.weight_mode_label;
  r.weight_bytes = int64_t(model->card.weight_bytes);
  r.weight_bytes_encoded = int64_t(model->card.weight_bytes_encoded);
  try {
    LLMEngine engine(model, variant.config);
    WorkloadDriver driver(engine, make_workload(workload, *model));
    r.cancelled = !driver.run_to_completion(RunClock::Engine, {}, cancelled) && cancelled && cancelled();
    r.steps = engine.metrics().full_log();
    for (const auto& m : r.steps) r.engine_s += m.step_ms / 1000.0;
    std::vector<double> ttft;
    for (const auto& info : engine.all_requests()) {
      r.generated_tokens += info.n_generated;
      if (info.n_generated > 0 && info.ttft_ms >= 0) ttft.push_back(info.ttft_ms);
    }
    // The same percentile as `inferscope-cli run` reports (engine/workload/run_summary.h).
    r.ttft_p50_ms = percentile(ttft, 50);
    r.ttft_p50_runs = {r.ttft_p50_ms};
    r.ttft_p95_ms = percentile(ttft, 95);
    int64_t hit = 0, query = 0, drafted = 0, accepted = 0, held = 0;
    double waste = 0;
    for (const auto& m : r.steps) {
      r.kv_peak_bytes = std::max(r.kv_peak_bytes, m.kv_bytes_allocated);
      r.contiguous_peak_bytes = std::max(r.contiguous_peak_bytes, m.kv_bytes_contiguous_reserved);
      if (m.kv_bytes_allocated > 0) {
        waste += double(m.kv_bytes_allocated - m.kv_bytes_logical);
        ++held;
      }
      hit += m.prefix_hit_tokens, query += m.prefix_query_tokens;
      drafted += m.spec_drafted, accepted += m.spec_accepted;
    }
    r.kv_waste_mean_bytes = held > 0 ? waste / double(held) : 0.0;
    if (query > 0) r.prefix_hit_pct = 100.0 * double(hit) / double(query);
    if (drafted > 0) r.spec_accept_pct = 100.0 * double(accepted) / double(drafted);
    r.preemptions = engine.total_preemptions();
    r.engine_s_runs = {r.engine_s};
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  return r;
}

void add_repeat(VariantResult& r, const VariantResult& again) {
  if (!again.error.empty()) return;
  r.engine_s_runs.push_back(again.engine_s);
  r.ttft_p50_runs.push_back(again.ttft_p50_ms);
  r.engine_s = percentile(r.engine_s_runs, 50);  // the median
  r.ttft_p50_ms = percentile(r.ttft_p50_runs, 50);
  // The steps shown are those of the run nearest the median, so the charts' times agree with the bars
  // (a first run slowed by another program would otherwise draw a line the numbers contradict).
  auto engine_s_of = [](const std::vector<StepMetrics>& steps) {
    double ms = 0;
    for (const StepMetrics& m : steps) ms += m.step_ms;
    return ms / 1000.0;
  };
  if (std::abs(again.engine_s - r.engine_s) < std::abs(engine_s_of(r.steps) - r.engine_s)) r.steps = again.steps;
}

}  // namespace inferscope
