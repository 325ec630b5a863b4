// inferscope-cli bench: prompt processing (ppN) and text generation (tgN) tokens/s, llama-bench style.
#include <cmath>
#include <cstdio>
#include <random>
#include <thread>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "kernels/cpu/quant.h"

namespace inferscope::cli {

namespace {

struct BenchOptions {
  ModelOptions model;
  std::vector<int> prompt = {512};
  std::vector<int> gen = {128};
  std::vector<int> threads = {0};
  int reps = 3;
  bool json = false;
  std::string kv_dtype = "f16";
};

struct Sample {
  std::string test;
  int threads;
  double mean_tps, std_tps;
  std::vector<double> runs;
};

// One timed engine run: a prompt of n_prompt random ids, then n_gen generated tokens. Returns seconds of
// the phase being measured (prefill when n_gen == 1, else all generation steps).
double timed_run(const std::shared_ptr<LoadedModel>& m, const EngineConfig& cfg, int n_prompt, int n_gen, uint64_t seed) {
  LLMEngine engine(m, cfg);
  std::mt19937_64 rng(seed);
  Request req;
  const int vocab = m->model->config().n_vocab;
  for (int i = 0; i < n_prompt; ++i) req.prompt_ids.push_back(static_cast<int32_t>(rng() % vocab));
  req.params.max_tokens = n_gen;
  req.params.ignore_eos = true;
  engine.submit(req);
  const auto t0 = Clock::now();
  while (engine.has_unfinished()) engine.step();
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

Sample measure(const std::shared_ptr<LoadedModel>& m, const BenchOptions& o, int threads, bool prompt_test, int n) {
  EngineConfig cfg;
  cfg.threads = threads;
  cfg.kv_dtype = *kernels::kv_dtype_from_name(o.kv_dtype);
  cfg.prefix_caching = false;
  cfg.sched.max_num_batched_tokens = std::max(n, 1);
  cfg.sched.max_num_seqs = 1;
  cfg.kv_budget_bytes = std::max<size_t>(size_t(m->card.kv_bytes_per_token(cfg.kv_dtype)) * (n + 64) * 2, 1 << 20);
  Sample s;
  s.test = (prompt_test ? "pp" : "tg") + std::to_string(n);
  s.threads = threads;
  timed_run(m, cfg, prompt_test ? n : 1, prompt_test ? 1 : n, 99);  // warm-up
  for (int r = 0; r < o.reps; ++r) {
    const double sec = timed_run(m, cfg, prompt_test ? n : 1, prompt_test ? 1 : n, 1000 + r);
    s.runs.push_back(n / sec);
  }
  double sum = 0, sq = 0;
  for (double v : s.runs) sum += v;
  s.mean_tps = sum / s.runs.size();
  for (double v : s.runs) sq += (v - s.mean_tps) * (v - s.mean_tps);
  s.std_tps = s.runs.size() > 1 ? std::sqrt(sq / (s.runs.size() - 1)) : 0.0;
  return s;
}

int run_bench(const BenchOptions& o) {
  auto m = load_model_or_throw(o.model);
  std::vector<Sample> results;
  for (int t : o.threads) {
    const int threads = t > 0 ? t : static_cast<int>(std::thread::hardware_concurrency());
    for (int p : o.prompt)
      if (p > 0) results.push_back(measure(m, o, threads, true, p));
    for (int g : o.gen)
      if (g > 0) results.push_back(measure(m, o, threads, false, g));
  }
  const ModelCard& c = m->card;
  if (o.json) {
    nlohmann::json j;
    j["model"] = c.name;
    j["path"] = c.path;
    j["weight_bytes"] = c.weight_bytes;
    j["parameters"] = c.n_parameters;
    j["simd"] = kernels::simd_level();
    j["reps"] = o.reps;
    j["results"] = nlohmann::json::array();
    for (const auto& s : results)
      j["results"].push_back({{"test", s.test}, {"threads", s.threads}, {"tok_s", s.mean_tps}, {"tok_s_std", s.std_tps}, {"runs", s.runs}});
    print_json(j);
    return 0;
  }
  std::printf("| %-28s | %10s | %8s | %-10s | %7s | %8s | %18s |\n", "model", "size", "params", "backend", "threads",
              "test", "t/s");
  std::printf("| %s | %s: | %s: | %s | %s: | %s: | %s: |\n", std::string(28, '-').c_str(), std::string(9, '-').c_str(),
              std::string(7, '-').c_str(), std::string(10, '-').c_str(), std::string(6, '-').c_str(),
              std::string(7, '-').c_str(), std::string(17, '-').c_str());
  char size[32], params[32], backend[32], tps[48];
  std::snprintf(size, sizeof size, "%.2f MiB", c.weight_bytes / 1048576.0);
  std::snprintf(params, sizeof params, "%.2f M", c.n_parameters / 1e6);
  std::snprintf(backend, sizeof backend, "CPU %s", kernels::simd_level());
  for (const auto& s : results) {
    std::snprintf(tps, sizeof tps, "%.2f ± %.2f", s.mean_tps, s.std_tps);
    std::printf("| %-28.28s | %10s | %8s | %-10s | %7d | %8s | %18s |\n", c.name.c_str(), size, params, backend, s.threads,
                s.test.c_str(), tps);
  }
  return 0;
}

}  // namespace

Command add_bench_command(CLI::App& root) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* app = root.add_subcommand("bench", "prompt-processing (pp) and text-generation (tg) tokens/s");
  add_model_option(app, o->model);
  app->add_option("-p,--n-prompt", o->prompt, "prompt lengths to measure (pp); 0 skips")->delimiter(',');
  app->add_option("-n,--n-gen", o->gen, "generation lengths to measure (tg); 0 skips")->delimiter(',');
  app->add_option("-t,--threads", o->threads, "thread counts (0 = one per core)")->delimiter(',');
  app->add_option("-r,--repetitions", o->reps, "timed repetitions after one warm-up")->check(CLI::Range(1, 100));
  app->add_option("--kv-dtype", o->kv_dtype, "KV cache dtype")->check(CLI::IsMember({"f32", "f16", "bf16", "fp8", "int8"}));
  app->add_flag("--json", o->json, "print one JSON document");
  return {app, [o] { return run_bench(*o); }};
}

}  // namespace inferscope::cli
