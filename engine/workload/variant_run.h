#pragma once
// Scenario variants ("compare": [...]) built and run for real, one after another, each on a fresh engine
// with that variant's settings and weights, fed the same workload. The one variant builder of the GUI's
// Compare tab and `inferscope-cli run --scenario`, so both name and configure a variant the same way.
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/llm_engine.h"
#include "engine/quant/requantize.h"
#include "engine/quant/weight_mode.h"
#include "engine/workload/scenario.h"
#include "engine/workload/workload.h"

namespace inferscope {

struct VariantSpec {
  std::string name;
  EngineConfig config;
  quant::WeightMode weights;  // the scenario's weights unless the variant names its own
};

struct VariantResult {
  std::string name;
  EngineConfig config;
  std::vector<StepMetrics> steps;   // the engine's full step log
  int64_t generated_tokens = 0;     // over every request
  int64_t preemptions = 0;
  double engine_s = 0;              // sum of step times: what the comparison of speed is about
  // What each demo is about, from the same run (docs/scenarios.md): latency, memory, cache, drafts.
  double ttft_p50_ms = 0, ttft_p95_ms = 0;  // over the requests that produced a first token
  // Repeated runs (add_repeat): each run's engine time and median TTFT, the first run's included;
  // engine_s and ttft_p50_ms are then their medians, and `steps` is the log of the run nearest the
  // median time. Tokens and KV figures do not vary by run.
  std::vector<double> engine_s_runs, ttft_p50_runs;
  int64_t kv_peak_bytes = 0;                // the largest kv_bytes_allocated of any step
  int64_t contiguous_peak_bytes = 0;        // the largest kv_bytes_contiguous_reserved (no paging)
  double kv_waste_mean_bytes = 0;           // allocated - stored, averaged over the steps that held any
  double prefix_hit_pct = -1;               // prompt tokens served from the prefix cache; -1: none looked up
  double spec_accept_pct = -1;              // drafted tokens accepted; -1: nothing drafted
  // The weights the variant ran on (the model card's figures): the mode's label, the bytes the engine
  // held (a simulated mode holds F32), and the bytes the mode's own format takes.
  std::string weights = "stored";
  int64_t weight_bytes = 0, weight_bytes_encoded = 0;
  // Teacher-forced over the same text (measure_weight_quality's): KL(stored || this) per token, how often
  // the two argmaxes agree (0..1), and this variant's perplexity. -1: not measured.
  double kl_vs_stored = -1, top1_vs_stored = -1, perplexity = -1;
  std::string error;                // non-empty when the variant could not run (bad settings)
  bool cancelled = false;
};

// The scenario's own settings first (named after the values the variants change, e.g.
// "batching: continuous"), then, with_compare, each variant's overrides on top of base (without:
// base alone, named "base"). Throws std::invalid_argument naming the variant whose settings are bad.
std::vector<VariantSpec> scenario_variants(const Scenario& scenario, const EngineConfig& base, bool with_compare = true);

// The model a variant runs on: `loaded` itself when it already runs in the variant's weight mode (the same
// label, so the outlier too), else loaded's stored weights re-encoded into it (quant::apply_weight_mode,
// sharing the file). Throws what that throws (quant::Cancelled included).
std::shared_ptr<const LoadedModel> variant_model(const std::shared_ptr<const LoadedModel>& loaded,
                                                 const quant::WeightMode& weights,
                                                 const quant::RequantizeOptions& opt = {});

// The models a comparison's variants run on, one per variant. When their weights differ: variant_model's,
// each weight mode made once, and the stored weights to measure them against; otherwise `loaded` for all
// and stored null. before_each(i) is called before variant i's model is made (a progress report; only
// when the weights differ).
struct VariantModels {
  std::vector<std::shared_ptr<const LoadedModel>> models;
  std::shared_ptr<const LoadedModel> stored;
};
VariantModels variant_models(const std::shared_ptr<const LoadedModel>& loaded, const std::vector<VariantSpec>& variants,
                             const quant::RequantizeOptions& opt = {}, const std::function<void(size_t)>& before_each = {});

// Runs the workload to completion on a step clock: arrivals are measured in engine time (the sum of
// step times), and an idle engine jumps to the next arrival, so every variant sees the same arrivals
// without sleeping. cancelled() is polled between steps. The model should be variant_model()'s.
VariantResult run_variant(const std::shared_ptr<const LoadedModel>& model, const VariantSpec& variant,
                          const WorkloadSpec& workload, const std::function<bool()>& cancelled = {});

// `model` against `stored` (the same file as stored) over the first `tokens` predictions of the shipped
// sample text, F32 KV for both so that only the weights differ, on `threads` threads (0: one per core).
// When `model` is `stored` itself, one pass gives its perplexity and the reference figures (KL 0,
// agreement 1). Throws quant::Cancelled when cancel becomes true.
struct WeightQuality {
  double kl_vs_stored = -1, top1_vs_stored = -1, perplexity = -1;
};
WeightQuality measure_weight_quality(const LoadedModel& stored, const LoadedModel& model, int tokens = 256, int threads = 0,
                                     const std::atomic<bool>* cancel = nullptr);

// Folds another run of the same variant into r: its time and TTFT join the runs, whose medians r reports.
void add_repeat(VariantResult& r, const VariantResult& again);

}  // namespace inferscope
