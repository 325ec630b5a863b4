#include "ui/compare/variant_run.h"

#include <algorithm>
#include <set>

namespace inferscope::ui {

namespace {
constexpr int64_t kMaxSteps = 1'000'000;  // a scheduler bug must not hang the engine thread forever
}

std::vector<VariantSpec> scenario_variants(const Scenario& scenario, const EngineConfig& base) {
  std::vector<VariantSpec> out;
  std::set<std::string> changed;
  for (const auto& v : scenario.compare)
    for (const auto& [k, _] : v.engine.items()) changed.insert(k);
  const nlohmann::json baseJson = engine_config_to_json(base);
  std::string label;
  for (const auto& k : changed) {
    if (!label.empty()) label += ", ";
    const auto& val = baseJson.contains(k) ? baseJson.at(k) : nlohmann::json();
    label += k + ": " + (val.is_string() ? val.get<std::string>() : val.dump());
  }
  out.push_back({label.empty() ? std::string("base") : label, base});
  for (const auto& v : scenario.compare) out.push_back({v.name, engine_config_from_json(v.engine, base)});
  return out;
}

VariantResult run_variant(const std::shared_ptr<const LoadedModel>& model, const VariantSpec& variant,
                          const WorkloadSpec& workload, const std::function<bool()>& cancelled) {
  VariantResult r;
  r.name = variant.name;
  r.config = variant.config;
  try {
    LLMEngine engine(model, variant.config);
    WorkloadDriver driver(engine, make_workload(workload, *model));
    double clock = 0;
    for (int64_t i = 0; i < kMaxSteps; ++i) {
      if (cancelled && cancelled()) {
        r.cancelled = true;
        break;
      }
      if (!engine.has_unfinished()) {
        if (driver.all_submitted()) break;
        clock = std::max(clock, driver.next_arrival_s());
      }
      driver.submit_due(clock);
      const StepResult s = engine.step();
      if (s.ran) clock += s.metrics.step_ms / 1000.0;
    }
    r.steps = engine.metrics().full_log();
    for (const auto& m : r.steps) r.engine_s += m.step_ms / 1000.0;
    for (const auto& info : engine.all_requests()) r.generated_tokens += info.n_generated;
    r.preemptions = engine.total_preemptions();
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  return r;
}

}  // namespace inferscope::ui
