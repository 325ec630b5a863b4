// inferscope-cli run: a whole workload through the serving engine, then a report.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "engine/metrics/metrics_writers.h"
#include "engine/workload/run_summary.h"
#include "engine/workload/scenario.h"

namespace inferscope::cli {

namespace {

struct RunOptions {
  ModelOptions model;
  std::string scenario;
  int requests = 16;
  std::string arrival = "all-at-once";
  std::string prompt_len = "32:128";
  std::string gen_len = "32:128";
  int shared_prefix = 0;
  std::string prompts_file;
  int n = 1;
  SamplingOptions sampling;
  EngineOptions engine;
  std::string outputs;
  std::string metrics_out;
  bool json = false;
  CLI::App* app = nullptr;
};

nlohmann::json workload_overrides(const RunOptions& o) {
  nlohmann::json j = nlohmann::json::object();
  auto given = [&](const char* flag) { return o.app->count(flag) > 0; };
  if (given("--requests")) j["requests"] = o.requests;
  if (given("--arrival")) j["arrival"] = o.arrival;
  if (given("--prompt-len")) j["prompt_len"] = o.prompt_len;
  if (given("--gen-len")) j["gen_len"] = o.gen_len;
  if (given("--shared-prefix")) j["shared_prefix"] = o.shared_prefix;
  if (given("--prompts-file")) j["prompts_file"] = std::filesystem::absolute(o.prompts_file).string();
  if (given("--seed")) j["seed"] = o.sampling.seed;  // seeds the workload and sampling
  if (given("--n")) j["n"] = o.n;
  if (given("--temp")) j["temp"] = o.sampling.temp;
  if (given("--top-k")) j["top_k"] = o.sampling.top_k;
  if (given("--top-p")) j["top_p"] = o.sampling.top_p;
  if (given("--min-p")) j["min_p"] = o.sampling.min_p;
  return j;
}

int run_run(const RunOptions& o) {
  Scenario sc;
  std::string base_dir;
  if (!o.scenario.empty()) {
    try {
      sc = load_scenario(o.scenario);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("scenario: ") + e.what());
    }
    base_dir = std::filesystem::path(o.scenario).parent_path().string();
  }
  const EngineConfig cfg = to_engine_config(o.engine, sc.engine);
  nlohmann::json wj = sc.workload;
  wj.update(workload_overrides(o));
  WorkloadSpec spec;
  try {
    spec = workload_from_json(wj, base_dir);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("workload: ") + e.what());
  }
  ModelOptions model = o.model;
  apply_scenario_weights(model, sc.weights, sc.outlier);
  auto m = load_model_or_throw(model);
  LLMEngine engine(m, cfg);
  WorkloadDriver driver(engine, make_workload(spec, *m));
  const auto t0 = Clock::now();
  driver.run_to_completion();
  const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
  const RunSummary summary = summarize_run(engine, driver.request_ids(), wall);

  if (!o.outputs.empty()) {
    std::ofstream f(o.outputs);
    if (!f) throw std::runtime_error("cannot write " + o.outputs);
    f << outputs_jsonl(engine, driver.request_ids());
  }
  if (!o.metrics_out.empty()) {
    std::ofstream f(o.metrics_out);
    if (!f) throw std::runtime_error("cannot write " + o.metrics_out);
    write_csv(f, engine.metrics().full_log());
  }
  if (o.json) {
    nlohmann::json j = summary.to_json();
    j["engine"] = engine_config_to_json(cfg);
    j["workload"] = workload_to_json(spec);
    if (!sc.name.empty()) j["scenario"] = sc.name;
    j["weights"] = m->card.weight_mode_label;
    j["model_bytes"] = m->card.weight_bytes;
    print_json(j);
  } else {
    const nlohmann::json j = summary.to_json();
    for (const auto& [k, v] : j.items()) std::printf("%-24s %s\n", k.c_str(), v.dump().c_str());
  }
  if (summary.kv_blocks_leaked != 0) {
    std::fprintf(stderr, "inferscope-cli run: %lld KV blocks leaked\n", static_cast<long long>(summary.kv_blocks_leaked));
    return 2;
  }
  return 0;
}

}  // namespace

Command add_run_command(CLI::App& root) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* app = root.add_subcommand("run", "run a workload to completion through the serving engine and report");
  o->app = app;
  add_model_option(app, o->model);
  add_weight_options(app, o->model);
  app->add_option("--scenario", o->scenario, "scenario JSON (engine settings + workload); flags override it")
      ->check(CLI::ExistingFile);
  app->add_option("--requests", o->requests, "number of requests")->check(CLI::Range(1, 100000));
  app->add_option("--arrival", o->arrival, "poisson:RATE (requests/s) or all-at-once");
  app->add_option("--prompt-len", o->prompt_len, "prompt tokens MIN:MAX (uniform)");
  app->add_option("--gen-len", o->gen_len, "generated tokens MIN:MAX (uniform; EOS ignored)");
  app->add_option("--shared-prefix", o->shared_prefix, "tokens of a system prompt shared by every request");
  app->add_option("--prompts-file", o->prompts_file, "JSONL file of {\"prompt\": ...} rows")->check(CLI::ExistingFile);
  app->add_option("--n", o->n, "parallel samples per request (share the prompt's KV blocks)");
  add_sampling_options(app, o->sampling);
  add_engine_options(app, o->engine);
  app->add_option("--outputs", o->outputs, "write each request's text and token ids (JSONL)");
  app->add_option("--metrics-out", o->metrics_out, "write the per-step metrics (CSV)");
  app->add_flag("--json", o->json, "print one JSON summary");
  return {app, [o] { return run_run(*o); }};
}

}  // namespace inferscope::cli
