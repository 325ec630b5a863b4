#pragma once
// Scenario files: engine settings and a workload together (resources/scenarios/*.json), shared by
// `inferscope-cli run/export --scenario`, the GUI's scenario menu and "save settings as scenario".
//
// {
//   "name": "...", "description": "...",
//   "engine":   {"batching": "continuous", "max_seqs": 16, "max_batched_tokens": 512, "block_size": 16,
//                "kv_dtype": "f16", "kv_budget_mib": 64, "prefix_cache": true, "chunked_prefill": true,
//                "attention": "tiled", "no_kv_cache": false, "threads": 0,
//                "spec": "off" | "draft:FILE.gguf" | "self:q4_0" | "early-exit:8" | "ngram:3", "spec_k": 4},
//   "workload": {"requests": 16, "arrival": "all-at-once" | "poisson:4", "prompt_len": [32, 128],
//                "gen_len": [32, 128], "shared_prefix": 0, "seed": 0, "n": 1, "temp": 0, "top_k": 0,
//                "top_p": 1, "prompts_file": "..."},
//   "compare":  [{"name": "static", "engine": {"batching": "static"}},   (optional: variants run side by side;
//                {"name": "as stored", "weights": "stored"}]            a variant may name its own weights)
//   "base_name": "continuous" (optional: the name of the scenario's own settings among the variants)
//   "weights":  "q8_0"   (optional: a weight mode, engine/quant/weight_mode.h; default "stored")
//   "outlier":  10.0     (optional: inject one weight of this value per tensor before quantizing)
//   "steps_per_second": 0 (optional: the GUI's display speed, 0 = full speed, the default)
//   "repeats":  3        (optional: how many times the GUI runs each compare variant, 1..10)
// }
// Every key is optional. A scenario is a complete state: an absent key takes its documented default
// (EngineConfig's, WorkloadSpec's, "stored" weights, speculation off, full display speed), never the value
// a previous scenario or the user left behind, so a scenario gives the same numbers whatever ran before
// (docs/scenarios.md). Unknown keys are rejected (typos must not pass).
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/llm_engine.h"
#include "engine/quant/weight_mode.h"
#include "engine/workload/workload.h"

namespace inferscope {

struct ScenarioVariant {
  std::string name;
  nlohmann::json engine;  // overrides on top of the scenario's engine settings
  std::string weights;    // a weight mode name; empty: the scenario's weights (its outlier applies to both)
};

struct Scenario {
  std::string name;
  std::string description;
  nlohmann::json engine = nlohmann::json::object();
  nlohmann::json workload = nlohmann::json::object();
  std::vector<ScenarioVariant> compare;
  std::string base_name;         // empty: named after the values the variants change
  std::string weights;           // empty = not named: the model runs as stored
  std::optional<double> outlier;
  std::optional<int> steps_per_second;  // not named: full speed
  std::optional<int> repeats;           // not named: kDefaultCompareRepeats
  static constexpr int kDefaultCompareRepeats = 3;
};

// Throws std::invalid_argument with the offending key or value.
Scenario parse_scenario(const nlohmann::json& j);
Scenario load_scenario(const std::string& path);
nlohmann::json scenario_to_json(const Scenario& s);
// The name of the scenario's own settings (base) beside its variants: "base_name" when given, else the
// values the variants change as base has them ("batching: continuous, block_size: 8", "weights: q8_0"),
// else "base".
std::string scenario_base_name(const Scenario& s, const EngineConfig& base);

EngineConfig engine_config_from_json(const nlohmann::json& j, EngineConfig base = {});
// The engine settings a scenario runs with: its "engine" keys over EngineConfig's defaults. Only what
// belongs to the machine and the program, not to the experiment, is taken from `machine`: threads (unless
// the scenario names them), the backend, the metrics ring and log, the request history bound.
EngineConfig scenario_engine_config(const Scenario& s, const EngineConfig& machine);
// The weights a scenario runs with: its "weights" and "outlier", else the model as stored.
quant::WeightMode scenario_weight_mode(const Scenario& s);
nlohmann::json engine_config_to_json(const EngineConfig& c);
// prompts_file is read relative to base_dir when relative.
WorkloadSpec workload_from_json(const nlohmann::json& j, const std::string& base_dir = {}, WorkloadSpec base = {});
nlohmann::json workload_to_json(const WorkloadSpec& w);

}  // namespace inferscope
