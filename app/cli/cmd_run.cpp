// inferscope-cli run: a whole workload through the serving engine, then a report.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "app/cli/run_recorder.h"
#include "engine/metrics/metrics_writers.h"
#include "engine/workload/run_summary.h"
#include "engine/workload/scenario.h"
#include "engine/workload/variant_run.h"

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
  RecordOptions record;
  bool json = false;
  bool no_compare = false;
  CLI::App* app = nullptr;
};

// Communication per token and mean bubble over the steps of a parallel run.
nlohmann::json parallel_summary(const LLMEngine& engine) {
  int64_t bytes = 0, tokens = 0;
  double bubble = 0;
  int steps = 0;
  for (const StepMetrics& m : engine.metrics().full_log()) {
    bytes += m.comm_bytes;
    tokens += m.prefill_tokens + m.decode_tokens;
    bubble += m.bubble_fraction;
    ++steps;
  }
  const ParallelConfig& p = engine.config().parallel;
  nlohmann::json j;
  j["mode"] = parallel_mode_name(p.mode);
  j["devices"] = p.devices;
  if (p.mode == ParallelMode::Pipeline) {
    j["micro_batches"] = p.micro_batches;
    j["bubble_closed_form"] = pipeline_bubble_closed_form(p.devices, p.micro_batches);
  }
  j["comm_bytes"] = bytes;
  j["comm_bytes_per_token"] = tokens > 0 ? double(bytes) / double(tokens) : 0.0;
  j["bubble_fraction_mean"] = steps > 0 ? bubble / steps : 0.0;
  return j;
}

// The variants' weights and their quality against the stored weights (when the variants' weights differ).
void print_weight_rows(const std::vector<nlohmann::json>& docs) {
  std::printf("\n%-28s %-34s %12s %12s %10s %8s %10s\n", "variant", "weights", "held_MiB", "encoded_MiB", "kl_stored",
              "top1", "perplexity");
  for (const nlohmann::json& j : docs)
    std::printf("%-28s %-34s %12.1f %12.1f %10.4f %8.3f %10.2f\n", j.value("variant", "base").c_str(),
                j["weights"].get<std::string>().c_str(), j["model_bytes"].get<double>() / 1048576.0,
                j["weight_bytes_encoded"].get<double>() / 1048576.0, j["kl_vs_stored"].get<double>(),
                j["top1_vs_stored"].get<double>(), j["perplexity"].get<double>());
}

void print_rows(const std::vector<std::pair<std::string, RunSummary>>& rows) {
  std::printf("%-28s %9s %9s %9s %10s %10s %10s %7s %6s\n", "variant", "requests", "wall_s", "tok/s", "slot_util",
              "ttft_p50", "ttft_p99", "steps", "preempt");
  for (const auto& [name, s] : rows)
    std::printf("%-28s %9d %9.2f %9.1f %10.3f %10.1f %10.1f %7lld %6lld\n", name.c_str(), s.requests_completed,
                s.wall_s, s.throughput_tok_s, s.slot_utilization_mean, s.ttft_ms_p50, s.ttft_ms_p99,
                static_cast<long long>(s.steps), static_cast<long long>(s.preemptions));
}

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

void write_run_files(const RunOptions& o, const LLMEngine& engine, const WorkloadDriver& driver);

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
  EngineConfig cfg = to_engine_config(o.engine, sc.engine);
  cfg.request_history = 0;  // the report covers every request of the run
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
  std::vector<VariantSpec> variants;
  try {
    variants = scenario_variants(sc, cfg, !o.no_compare);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  // --weights / --outlier replace the scenario's weights, for the variants that do not name their own.
  const quant::WeightMode base_weights = weight_mode_of(model);
  variants.front().weights = base_weights;
  for (size_t i = 1; i < variants.size(); ++i)
    if (sc.compare[i - 1].weights.empty()) variants[i].weights = base_weights;
  kernels::ThreadPool requant_pool(cfg.threads);
  const VariantModels models = variant_models(m, variants, requantize_options_of(model, &requant_pool));
  const bool weights_vary = models.stored != nullptr;
  std::vector<std::pair<std::string, RunSummary>> rows;
  std::vector<nlohmann::json> docs;
  std::vector<kernels::ThreadPoolStats> pools;  // per variant, its engine's compute pool at the end
  int rc = 0;
  for (const VariantSpec& v : variants) {
    const std::shared_ptr<const LoadedModel>& vm = models.models[size_t(&v - variants.data())];
    // Each variant on a fresh engine with the same workload; only the first writes --outputs / --metrics-out.
    // The first variant is the one --record keeps (like --outputs and --metrics-out); the recorder
    // starts before the engine so that the engine's first log lines are in the file.
    std::unique_ptr<RunRecorder> recorder;
    if (&v == &variants.front() && !o.record.path.empty())
      recorder = std::make_unique<RunRecorder>(o.record, "inferscope-cli run", v.config, workload_to_json(spec),
                                               o.scenario.empty() ? nlohmann::json() : scenario_to_json(sc), vm->card);
    std::unique_ptr<LLMEngine> engine_ptr;
    try {
      engine_ptr = std::make_unique<LLMEngine>(vm, v.config);
    } catch (const std::invalid_argument& e) {
      if (!v.config.parallel.enabled()) throw;
      throw UsageError(e.what());  // a split this model cannot take (e.g. KV heads not divisible)
    }
    LLMEngine& engine = *engine_ptr;
    WorkloadDriver driver(engine, make_workload(spec, *vm));
    const auto t0 = Clock::now();
    if (recorder) driver.run_to_completion(RunClock::Wall, [&](const StepResult& r) { recorder->step(engine, r); });
    else driver.run_to_completion(RunClock::Wall);
    if (recorder) recorder->finish();
    const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
    const RunSummary summary = summarize_run(engine, driver.request_ids(), wall);
    if (&v == &variants.front()) write_run_files(o, engine, driver);
    nlohmann::json j = summary.to_json();
    // The cache's peak, and what it would have been had every layer kept every token (sliding windows).
    if (const auto last = engine.metrics().latest()) {
      j["kv_bytes_peak"] = last->kv_bytes_peak;
      j["kv_bytes_peak_full_attention"] = last->kv_bytes_peak_full_attention;
    }
    j["engine"] = engine_config_to_json(v.config);
    j["workload"] = workload_to_json(spec);
    if (!sc.name.empty()) j["scenario"] = sc.name;
    if (variants.size() > 1) j["variant"] = v.name;
    j["weights"] = vm->card.weight_mode_label;
    j["model_bytes"] = vm->card.weight_bytes;
    j["weight_bytes_encoded"] = vm->card.weight_bytes_encoded;
    if (weights_vary) {
      const WeightQuality q = measure_weight_quality(*models.stored, *vm, 256, cfg.threads);
      j["kl_vs_stored"] = q.kl_vs_stored;
      j["top1_vs_stored"] = q.top1_vs_stored;
      j["perplexity"] = q.perplexity;
    }
    if (v.config.parallel.enabled()) j["parallel"] = parallel_summary(engine);
    pools.push_back(engine.thread_pool().stats());
    if (v.config.backend != BackendKind::Cuda) j["pool"] = pool_stats_json(pools.back());
    docs.push_back(std::move(j));
    rows.emplace_back(v.name, summary);
    if (summary.kv_blocks_leaked != 0) {
      std::fprintf(stderr, "inferscope-cli run: %s: %lld KV blocks leaked\n", v.name.c_str(),
                   static_cast<long long>(summary.kv_blocks_leaked));
      rc = 2;
    }
    // Nothing succeeded: the report still prints (it says why in requests_failed and the log), but the
    // command fails, so a script does not take an empty run for a result.
    if (summary.requests_submitted > 0 && summary.requests_completed == 0) {
      std::fprintf(stderr, "inferscope-cli run: %s: every request failed (%d of %d); see the warnings above\n", v.name.c_str(),
                   summary.requests_failed, summary.requests_submitted);
      if (rc == 0) rc = 3;
    }
  }
  if (o.json) {
    if (docs.size() == 1) print_json(docs.front());
    else print_json(nlohmann::json(docs));
  } else if (rows.size() == 1) {
    const nlohmann::json j = rows.front().second.to_json();
    for (const auto& [k, val] : j.items()) std::printf("%-24s %s\n", k.c_str(), val.dump().c_str());
    if (docs.front().contains("pool")) std::printf("%s\n", pool_stats_line(pools.front()).c_str());
    if (docs.front().contains("parallel")) {
      const nlohmann::json& p = docs.front()["parallel"];
      std::printf("%-24s %s\n", "parallel", cfg.parallel.label().c_str());
      std::printf("%-24s %.0f\n", "comm_bytes_per_token", p["comm_bytes_per_token"].get<double>());
      std::printf("%-24s %.4f\n", "bubble_fraction", p["bubble_fraction_mean"].get<double>());
      if (p.contains("bubble_closed_form"))
        std::printf("%-24s %.4f\n", "bubble_closed_form", p["bubble_closed_form"].get<double>());
    }
  } else {
    print_rows(rows);
    if (weights_vary) print_weight_rows(docs);
    for (size_t i = 0; i < rows.size(); ++i)
      if (docs[i].contains("pool")) std::printf("%s: %s\n", rows[i].first.c_str(), pool_stats_line(pools[i]).c_str());
  }
  return rc;
}

void write_run_files(const RunOptions& o, const LLMEngine& engine, const WorkloadDriver& driver) {
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
  app->add_option("--outputs", o->outputs, "write each request's text and token ids (JSONL; first variant)");
  app->add_option("--metrics-out", o->metrics_out, "write the per-step metrics (CSV; first variant)");
  add_record_options(app, o->record);
  app->add_flag("--json", o->json, "print one JSON summary (a list of them when the scenario compares variants)");
  app->add_flag("--no-compare", o->no_compare, "run only the scenario's own settings, not its compare variants");
  return {app, [o] { return run_run(*o); }};
}

}  // namespace inferscope::cli
