#pragma once
// Shared pieces of the inferscope-cli subcommands: option groups, model loading, output.
#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "engine/llm_engine.h"
#include "engine/quant/requantize.h"
#include "engine/quant/weight_mode.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::cli {

// A failure the user caused or can fix: printed as one line on stderr, exit code 1.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ModelOptions {
  std::string path;  // -m; empty = the default model
  std::string weights = "stored";  // --weights MODE (engine/quant/weight_mode.h)
  std::optional<double> outlier;   // --outlier V
  std::string calibration_file;    // --calibration FILE (gptq:/awq: modes; "" = the shipped text)
  int calibration_tokens = 8192;   // --calibration-tokens N
  bool no_self_calibration = false;  // --no-self-calibration
  CLI::App* app = nullptr;         // set by add_weight_options; tells whether --weights was given
};
void add_model_option(CLI::App* app, ModelOptions& o, bool positional = false);
// --weights MODE and --outlier V (generate, run, bench, quality, requantize).
void add_weight_options(CLI::App* app, ModelOptions& o);
// A scenario's "weights"/"outlier" where the flags did not give them.
void apply_scenario_weights(ModelOptions& o, const std::string& weights, std::optional<double> outlier);
// The mode the options name; throws UsageError with the parser's one-line reason.
quant::WeightMode weight_mode_of(const ModelOptions& o);
// The re-encoding options the flags give (the calibration text read from its file), on pool.
quant::RequantizeOptions requantize_options_of(const ModelOptions& o, kernels::ThreadPool* pool);
// Loads the model and applies the weight mode (re-encoding on every core, with a log line).
std::shared_ptr<LoadedModel> load_model_or_throw(const ModelOptions& o);

struct SamplingOptions {
  float temp = 0.0f;
  int top_k = 0;
  float top_p = 1.0f;
  float min_p = 0.0f;
  float repeat_penalty = 1.0f;
  uint64_t seed = 0;
  int n_predict = 128;
  std::vector<std::string> stop;
  bool ignore_eos = false;
};
void add_sampling_options(CLI::App* app, SamplingOptions& o);
SamplingParams to_params(const SamplingOptions& o);

// Engine flags shared by generate, run, bench and export.
// --tp D | --pp D [--micro-batches M]: virtual devices (engine/parallel), for generate, run and bench.
struct ParallelOptions {
  int tp = 0, pp = 0, micro_batches = 1;
};
void add_parallel_options(CLI::App* app, ParallelOptions& o);
// The scenario form of the flags given ("tp:3", "pp:3:4"), empty when none. Throws UsageError for --tp
// with --pp, or --micro-batches without --pp.
std::string parallel_spec(const CLI::App* app, const ParallelOptions& o);

struct EngineOptions {
  std::string batching = "continuous";
  int max_seqs = 16;
  int max_batched_tokens = 512;
  int block_size = 16;
  std::string kv_dtype = "f16";
  double kv_budget_mib = 64;
  std::string prefix_cache = "on";
  std::string chunked_prefill = "on";
  std::string attention = "tiled";
  bool no_kv_cache = false;
  bool no_window_release = false;  // --no-window-release: sliding-window layers keep every block (mask only)
  int threads = 0;
  std::string spec = "off";  // --spec draft:FILE.gguf | self:MODE | early-exit:L | ngram[:N] | off
  int spec_k = 4;            // --spec-k K (1..16)
  ParallelOptions parallel;  // --tp D | --pp D [--micro-batches M]
  CLI::App* app = nullptr;  // set by add_engine_options; tells which flags were given
};
void add_engine_options(CLI::App* app, EngineOptions& o);
// The help text of --no-window-release (generate, run and bench).
extern const char* const kNoWindowReleaseHelp;
// Only the flags the user gave, as scenario-style engine settings (so they can override a scenario).
nlohmann::json engine_overrides(const EngineOptions& o);
// Defaults + the given flags (+ base settings underneath, e.g. from a scenario). Throws UsageError.
EngineConfig to_engine_config(const EngineOptions& o, const nlohmann::json& base = nlohmann::json::object());

void print_json(const nlohmann::json& j);

// A compute pool's counters (kernels::ThreadPool::stats()) as the "pool" object of bench / run JSON, and as
// one log line: loops, the share of items the calling thread ran, time waited, active threads now (lowest).
nlohmann::json pool_stats_json(const kernels::ThreadPoolStats& s);
std::string pool_stats_line(const kernels::ThreadPoolStats& s);

// --backend cpu|cuda, which every subcommand takes (main.cpp adds it and checks it before the command
// runs: an unavailable backend is a one-line error). Engines the CLI builds run on the selected one.
void add_backend_option(CLI::App* app, std::string& backend);
// Throws UsageError ("--backend cuda: <reason>") when the named backend cannot run here.
BackendKind select_backend(const std::string& name);
BackendKind selected_backend();

}  // namespace inferscope::cli
