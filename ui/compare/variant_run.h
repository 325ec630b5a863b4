#pragma once
// Scenario variants ("compare": [...]) run for real, one after another, each on a fresh engine built
// with that variant's settings and fed the same workload. Plain C++ over the engine API (no Qt), so the
// engine thread can run it and a test can check it against a hand-built engine.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/llm_engine.h"
#include "engine/workload/scenario.h"
#include "engine/workload/workload.h"

namespace inferscope::ui {

struct VariantSpec {
  std::string name;
  EngineConfig config;
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
  std::string error;                // non-empty when the variant could not run (bad settings)
  bool cancelled = false;
};

// The scenario's own settings first (named after the values the variants change, e.g.
// "batching: continuous"), then each variant's overrides on top of base. Throws std::invalid_argument.
std::vector<VariantSpec> scenario_variants(const Scenario& scenario, const EngineConfig& base);

// Runs the workload to completion on a step clock: arrivals are measured in engine time (the sum of
// step times), and an idle engine jumps to the next arrival, so every variant sees the same arrivals
// without sleeping. cancelled() is polled between steps.
VariantResult run_variant(const std::shared_ptr<const LoadedModel>& model, const VariantSpec& variant,
                          const WorkloadSpec& workload, const std::function<bool()>& cancelled = {});

// Folds another run of the same variant into r: its time and TTFT join the runs, whose medians r reports.
void add_repeat(VariantResult& r, const VariantResult& again);

}  // namespace inferscope::ui
