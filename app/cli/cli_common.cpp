#include "app/cli/cli_common.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/model/default_model.h"
#include "engine/quant/quantized_model.h"
#include "kernels/cpu/thread_pool.h"
#include "engine/workload/scenario.h"

namespace inferscope::cli {

void add_model_option(CLI::App* app, ModelOptions& o, bool positional) {
  const std::string help = "GGUF model file (default: $INFERSCOPE_MODEL or the SmolLM2-135M-Instruct set up by "
                           "packaging/bootstrap.sh)";
  if (positional) {
    app->add_option("model", o.path, help);
  } else {
    app->add_option("-m,--model", o.path, help);
  }
}

void add_weight_options(CLI::App* app, ModelOptions& o) {
  app->add_option("--weights", o.weights,
                  "weight mode: stored | f32 | f16 | bf16 | q8_0 | q4_0 | q4_1 | "
                  "sim:int<2..8>:<per-tensor|per-channel|g32|g64|g128|g256>[:asym] (simulated) | "
                  "gptq:int<2..8>:<per-channel|g32|g64|g128|g256> | awq:int<2..8>:<...> (simulated, calibrated)");
  app->add_option("--outlier", o.outlier, "set one weight per 2-D tensor (middle row, middle column) to this value "
                                          "before quantizing");
  app->add_option("--calibration", o.calibration_file,
                  "text the gptq:/awq: modes calibrate on (default: the shipped public-domain English text)")
      ->check(CLI::ExistingFile);
  app->add_option("--calibration-tokens", o.calibration_tokens,
                  "calibration tokens for gptq:/awq: modes (awq: reads the first 1024); a shorter text is followed by "
                  "text the model samples itself")
      ->check(CLI::Range(2, 1 << 16));
  app->add_flag("--no-self-calibration", o.no_self_calibration,
                "calibrate on the text alone, even when it has fewer tokens than --calibration-tokens");
  o.app = app;
}

quant::RequantizeOptions requantize_options_of(const ModelOptions& o, kernels::ThreadPool* pool) {
  quant::RequantizeOptions opt;
  opt.pool = pool;
  opt.calibration_tokens = o.calibration_tokens;
  opt.self_generate = !o.no_self_calibration;
  if (!o.calibration_file.empty()) {
    std::ifstream in(o.calibration_file, std::ios::binary);
    if (!in) throw UsageError("cannot read calibration file '" + o.calibration_file + "'");
    std::ostringstream text;
    text << in.rdbuf();
    opt.calibration_text = text.str();
    if (opt.calibration_text.empty()) throw UsageError("calibration file '" + o.calibration_file + "' is empty");
  }
  return opt;
}

void apply_scenario_weights(ModelOptions& o, const std::string& weights, std::optional<double> outlier) {
  if (!weights.empty() && !(o.app && o.app->count("--weights"))) o.weights = weights;
  if (outlier && !(o.app && o.app->count("--outlier"))) o.outlier = outlier;
}

quant::WeightMode weight_mode_of(const ModelOptions& o) {
  try {
    quant::WeightMode m = quant::parse_weight_mode(o.weights);
    if (o.outlier) {
      if (!std::isfinite(*o.outlier)) throw std::invalid_argument("--outlier must be a finite number");
      m.outlier = static_cast<float>(*o.outlier);
    }
    return m;
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

std::shared_ptr<LoadedModel> load_model_or_throw(const ModelOptions& o) {
  const quant::WeightMode mode = weight_mode_of(o);
  const std::string path = resolve_model_path(o.path);
  if (!mode.requantizes()) return load_model(path);
  quant::RequantizeOptions opt = requantize_options_of(o, nullptr);
  opt.threads = 0;  // one per core, for this load only
  return quant::load_model(path, mode, opt);
}

void add_sampling_options(CLI::App* app, SamplingOptions& o) {
  app->add_option("-n,--n-predict", o.n_predict, "tokens to generate at most")->check(CLI::Range(1, 1 << 20));
  app->add_option("--temp", o.temp, "temperature (0 = greedy)")->check(CLI::Range(0.0, 100.0));
  app->add_option("--top-k", o.top_k, "keep the K most likely tokens (0 = off)")->check(CLI::NonNegativeNumber);
  app->add_option("--top-p", o.top_p, "nucleus sampling mass (1 = off)")->check(CLI::Range(0.0, 1.0));
  app->add_option("--min-p", o.min_p, "drop tokens below min-p x top probability (0 = off)")->check(CLI::Range(0.0, 1.0));
  app->add_option("--repeat-penalty", o.repeat_penalty, "repetition penalty over the last 64 tokens (1 = off)");
  app->add_option("-s,--seed", o.seed, "random seed (sampling is reproducible for a seed)");
  app->add_option("--stop", o.stop, "stop string (repeatable)");
  app->add_flag("--ignore-eos", o.ignore_eos, "keep generating past end-of-generation tokens");
}

SamplingParams to_params(const SamplingOptions& o) {
  SamplingParams p;
  p.temperature = o.temp;
  p.top_k = o.top_k;
  p.top_p = o.top_p;
  p.min_p = o.min_p;
  p.repetition_penalty = o.repeat_penalty;
  p.seed = o.seed;
  p.max_tokens = o.n_predict;
  p.stop = o.stop;
  p.ignore_eos = o.ignore_eos;
  if (const std::string why = p.validate(); !why.empty()) throw UsageError(why);
  return p;
}

const char* const kNoWindowReleaseHelp =
    "sliding-window models (Gemma 3): keep every layer's KV blocks for the whole context and apply the window as "
    "a mask only, instead of handing back the blocks a window has passed (the same tokens, more KV memory)";

void add_engine_options(CLI::App* app, EngineOptions& o) {
  app->add_option("--batching", o.batching, "continuous | static")->check(CLI::IsMember({"continuous", "static"}));
  app->add_option("--max-seqs", o.max_seqs, "sequences running at once")->check(CLI::Range(1, 1024));
  app->add_option("--max-batched-tokens", o.max_batched_tokens, "token budget per engine step")->check(CLI::Range(1, 1 << 20));
  app->add_option("--block-size", o.block_size, "tokens per KV block")->check(CLI::Range(1, 256));
  app->add_option("--kv-dtype", o.kv_dtype, "KV cache storage: f32 | f16 | bf16 | fp8 | int8")
      ->check(CLI::IsMember({"f32", "f16", "bf16", "fp8", "int8"}, CLI::ignore_case));
  app->add_option("--kv-budget-mib", o.kv_budget_mib, "KV cache memory budget in MiB")->check(CLI::PositiveNumber);
  app->add_option("--prefix-cache", o.prefix_cache, "on | off")->check(CLI::IsMember({"on", "off"}));
  app->add_option("--chunked-prefill", o.chunked_prefill, "on | off")->check(CLI::IsMember({"on", "off"}));
  app->add_option("--attention", o.attention, "naive | tiled")->check(CLI::IsMember({"naive", "tiled"}));
  app->add_flag("--no-kv-cache", o.no_kv_cache, "recompute every sequence from its first token at every step");
  app->add_flag("--no-window-release", o.no_window_release, kNoWindowReleaseHelp);
  app->add_option("-t,--threads", o.threads, "compute threads (0 = one per core)")->check(CLI::Range(0, 256));
  app->add_option("--spec", o.spec,
                  "speculative decoding drafter: draft:FILE.gguf (same vocabulary), self:MODE (the target at a "
                  "weight mode, e.g. self:q4_0), early-exit:L (the target's first L layers), ngram[:N] (prompt "
                  "lookup) or off");
  app->add_option("--spec-k", o.spec_k, "tokens drafted per step when speculating (1..16)")->check(CLI::Range(1, 16));
  add_parallel_options(app, o.parallel);
  o.app = app;
}

void add_parallel_options(CLI::App* app, ParallelOptions& o) {
  app->add_option("--tp", o.tp, "tensor parallelism over D virtual devices (2 to 8; D must divide the KV and query heads)");
  app->add_option("--pp", o.pp, "pipeline parallelism over D virtual devices (2 to 8)");
  app->add_option("--micro-batches", o.micro_batches, "micro-batches per step for --pp (1-64)");
}

std::string parallel_spec(const CLI::App* app, const ParallelOptions& o) {
  auto given = [&](const char* flag) { return app && app->count(flag) > 0; };
  if (given("--tp") && given("--pp")) throw UsageError("--tp and --pp exclude each other");
  if (given("--micro-batches") && !given("--pp")) throw UsageError("--micro-batches needs --pp");
  if (given("--tp")) return "tp:" + std::to_string(o.tp);
  if (given("--pp")) return "pp:" + std::to_string(o.pp) + ":" + std::to_string(o.micro_batches);
  return {};
}

nlohmann::json engine_overrides(const EngineOptions& o) {
  nlohmann::json j = nlohmann::json::object();
  auto given = [&](const char* flag) { return o.app && o.app->count(flag) > 0; };
  if (given("--batching")) j["batching"] = o.batching;
  if (given("--max-seqs")) j["max_seqs"] = o.max_seqs;
  if (given("--max-batched-tokens")) j["max_batched_tokens"] = o.max_batched_tokens;
  if (given("--block-size")) j["block_size"] = o.block_size;
  if (given("--kv-dtype")) j["kv_dtype"] = o.kv_dtype;
  if (given("--kv-budget-mib")) j["kv_budget_mib"] = o.kv_budget_mib;
  if (given("--prefix-cache")) j["prefix_cache"] = o.prefix_cache;
  if (given("--chunked-prefill")) j["chunked_prefill"] = o.chunked_prefill;
  if (given("--attention")) j["attention"] = o.attention;
  if (given("--no-kv-cache")) j["no_kv_cache"] = o.no_kv_cache;
  if (given("--threads")) j["threads"] = o.threads;
  if (given("--spec")) j["spec"] = o.spec;
  if (given("--spec-k")) j["spec_k"] = o.spec_k;
  if (const std::string p = parallel_spec(o.app, o.parallel); !p.empty()) j["parallel"] = p;
  return j;
}

EngineConfig to_engine_config(const EngineOptions& o, const nlohmann::json& base) {
  nlohmann::json merged = base;
  merged.update(engine_overrides(o));
  // Without the KV cache there is nothing to cache prefixes in.
  if (merged.value("no_kv_cache", false) && !merged.contains("prefix_cache")) merged["prefix_cache"] = false;
  try {
    EngineConfig c = engine_config_from_json(merged);
    c.backend = selected_backend();
    if (o.no_window_release) c.kv_window_release = false;
    return c;
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

void print_json(const nlohmann::json& j) { std::cout << j.dump(2) << std::endl; }

nlohmann::json pool_stats_json(const kernels::ThreadPoolStats& s) {
  const int64_t items = s.items_caller + s.items_workers;
  return {{"threads", s.threads},
          {"active", s.active},
          {"min_active", s.min_active},
          {"loops", s.loops},
          {"inline_loops", s.inline_loops},
          {"items_caller", s.items_caller},
          {"items_workers", s.items_workers},
          {"caller_item_share", items ? double(s.items_caller) / double(items) : 1.0},
          {"run_s", s.run_s},
          {"wait_s", s.wait_s},
          {"shrinks", s.shrinks},
          {"grows", s.grows}};
}

std::string pool_stats_line(const kernels::ThreadPoolStats& s) {
  const int64_t items = s.items_caller + s.items_workers;
  char line[320];
  std::snprintf(line, sizeof line,
                "pool: %d threads, %d active now (lowest %d; %lld down, %lld up); %lld loops handed out, %lld inline; "
                "caller ran %.0f%% of their items; waited %.3f s beside %.3f s running",
                s.threads, s.active, s.min_active, static_cast<long long>(s.shrinks), static_cast<long long>(s.grows),
                static_cast<long long>(s.loops), static_cast<long long>(s.inline_loops),
                items ? 100.0 * double(s.items_caller) / double(items) : 100.0, s.wait_s, s.run_s);
  return line;
}

namespace {
BackendKind g_backend = BackendKind::Cpu;  // set once by main() before the command runs
}

void add_backend_option(CLI::App* app, std::string& backend) {
  app->add_option("--backend", backend,
                  "where the model runs: cpu, or cuda (an NVIDIA GPU of compute capability 8.0+, in a build with "
                  "the CUDA toolkit); an unavailable backend is an error")
      ->check(CLI::IsMember({"cpu", "cuda"}));
}

BackendKind select_backend(const std::string& name) {
  const std::optional<BackendKind> kind = backend_from_name(name);
  if (!kind) throw UsageError("--backend must be cpu or cuda, got '" + name + "'");
  const BackendProbe probe = probe_backend(*kind);
  if (!probe.available) throw UsageError("--backend " + name + ": " + probe.reason);
  g_backend = *kind;
  return *kind;
}

BackendKind selected_backend() { return g_backend; }

}  // namespace inferscope::cli
