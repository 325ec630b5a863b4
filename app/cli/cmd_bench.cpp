// inferscope-cli bench: prompt processing (ppN), text generation (tgN) and batched decode tokens/s,
// llama-bench style, each next to its roofline bound from this machine's ceilings measured in the
// same run (streaming read bandwidth, fp32 FMA and int8 dot peaks). With --backend cuda the same tests
// run on the GPU and the ceilings are the GPU's, measured in the same run: device-memory bandwidth (a
// device-to-device copy) and the bf16 matrix rate (cuBLAS).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <thread>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "engine/backend/forward_backend.h"
#include "engine/model/model_cost.h"
#include "engine/parallel/parallel_config.h"
#include "kernels/cpu/ceilings.h"
#include "kernels/cpu/large_buffer.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::cli {

namespace {

struct BenchOptions {
  ModelOptions model;
  std::vector<int> prompt = {512};
  std::vector<int> gen = {128};
  std::vector<int> threads = {0};
  std::vector<int> batch;  // concurrent sequences for batched decode (empty = skip)
  int batch_prompt = 128, batch_gen = 128;
  int reps = 3;
  bool json = false;
  bool ceilings = true;
  bool window_release = true;
  std::string kv_dtype = "f16";
  ParallelOptions parallel_flags;
  ParallelConfig parallel;  // from the flags, checked against the model before anything runs
  CLI::App* app = nullptr;
};

struct Sample {
  std::string test;
  int threads = 0;
  int batch = 1;
  std::vector<double> runs;  // tokens/s per timed repetition
  double median = 0, mean = 0, std = 0;
  double bound = 0;          // roofline bound, tokens/s (0 = not measured)
  double bound_ws = 0;       // the same with the bandwidth of a read the size of the weights (cache-resident)
  const char* bound_kind = "";
  kernels::ThreadPoolStats pool;  // the compute pool's counters, summed over the timed repetitions
};

// Adds one run's pool counters to a sum (active: the last run's; min_active: the lowest).
void add_pool_stats(kernels::ThreadPoolStats& sum, const kernels::ThreadPoolStats& r, bool first) {
  sum.threads = r.threads;
  sum.active = r.active;
  sum.min_active = first ? r.min_active : std::min(sum.min_active, r.min_active);
  sum.loops += r.loops;
  sum.inline_loops += r.inline_loops;
  sum.items_caller += r.items_caller;
  sum.items_workers += r.items_workers;
  sum.run_s += r.run_s;
  sum.wait_s += r.wait_s;
  sum.shrinks += r.shrinks;
  sum.grows += r.grows;
}

void summarize(Sample& s) {
  std::vector<double> v = s.runs;
  std::sort(v.begin(), v.end());
  s.median = v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
  double sum = 0, sq = 0;
  for (double x : v) sum += x;
  s.mean = sum / v.size();
  for (double x : v) sq += (x - s.mean) * (x - s.mean);
  s.std = v.size() > 1 ? std::sqrt(sq / (v.size() - 1)) : 0.0;
}

EngineConfig bench_config(const LoadedModel& m, const BenchOptions& o, int threads, int seqs, int tokens_per_seq) {
  EngineConfig cfg;
  cfg.backend = selected_backend();
  cfg.threads = threads;
  cfg.kv_dtype = *kv_dtype_from_name(o.kv_dtype);
  cfg.prefix_caching = false;
  cfg.kv_window_release = o.window_release;
  cfg.parallel = o.parallel;
  cfg.sched.max_num_seqs = seqs;
  cfg.sched.max_num_batched_tokens = std::max(512, tokens_per_seq);
  cfg.kv_budget_bytes =
      std::max<size_t>(size_t(m.card.kv_bytes_per_token(cfg.kv_dtype)) * size_t(seqs) * (tokens_per_seq + 64), 1 << 20);
  return cfg;
}

Request random_request(const LoadedModel& m, int n_prompt, int n_gen, std::mt19937_64& rng) {
  Request req;
  const int vocab = m.model->config().n_vocab;
  for (int i = 0; i < n_prompt; ++i) req.prompt_ids.push_back(static_cast<int32_t>(rng() % vocab));
  req.params.max_tokens = n_gen;
  req.params.ignore_eos = true;
  return req;
}

// Tokens/s of the phase under test in one engine run: the prompt pass (pp), or the decode steps.
// Decode is timed from the first step in which every sequence decodes, over the steps that only decode
// (llama-batched-bench's S_TG), so prefill never counts towards it.
double timed_run(const std::shared_ptr<LoadedModel>& m, const EngineConfig& cfg, int seqs, int n_prompt, int n_gen,
                 bool prompt_phase, uint64_t seed, kernels::ThreadPoolStats* pool_stats = nullptr) {
  LLMEngine engine(m, cfg);
  std::mt19937_64 rng(seed);
  for (int s = 0; s < seqs; ++s) engine.submit(random_request(*m, n_prompt, n_gen, rng));
  double ms = 0;
  int64_t tokens = 0;
  while (engine.has_unfinished()) {
    const auto t0 = std::chrono::steady_clock::now();
    const StepResult r = engine.step();
    const double step_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (prompt_phase) {
      if (r.metrics.prefill_tokens > 0) {
        ms += step_ms;
        tokens += r.metrics.prefill_tokens;
      }
    } else if (r.metrics.prefill_tokens == 0 && r.metrics.decode_tokens > 0) {
      ms += step_ms;
      tokens += r.metrics.decode_tokens;
    }
  }
  if (pool_stats) *pool_stats = engine.thread_pool().stats();
  return ms > 0 ? tokens / (ms / 1000.0) : 0.0;
}

Sample measure(const std::shared_ptr<LoadedModel>& m, const BenchOptions& o, int threads, const std::string& test,
               int seqs, int n_prompt, int n_gen, bool prompt_phase) {
  const EngineConfig cfg = bench_config(*m, o, threads, seqs, n_prompt + n_gen);
  Sample s;
  s.test = test;
  s.threads = threads;
  s.batch = seqs;
  timed_run(m, cfg, seqs, n_prompt, std::min(n_gen, 8), prompt_phase, 99);  // warm-up: caches, pool, page faults
  for (int r = 0; r < o.reps; ++r) {
    kernels::ThreadPoolStats ps;
    s.runs.push_back(timed_run(m, cfg, seqs, n_prompt, n_gen, prompt_phase, 1000 + r, &ps));
    add_pool_stats(s.pool, ps, r == 0);
  }
  summarize(s);
  return s;
}

double warm_load_seconds(const ModelOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  auto again = load_model_or_throw(o);  // the file is in the page cache by now: a warm load
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int run_bench(const BenchOptions& o) {
  auto m = load_model_or_throw(o.model);
  if (const std::string why = o.parallel.model_fit(m->model->config()); o.parallel.enabled() && !why.empty())
    throw UsageError(why);
  const ModelCard& card = m->card;
  const double load_s = warm_load_seconds(o.model);
  const ModelCost cost = model_cost(*m->model);
  const bool int8_kernels = !m->model->packed().layers.empty();
  // The packed weights ask for transparent huge pages (kernels::LargeBuffer); whether the system gave them
  // moves decode speed by several percent, so the run says so.
  const size_t huge_after_load = kernels::process_huge_page_bytes();
  const std::string thp_mode = kernels::transparent_huge_page_mode();
  std::vector<Sample> results;
  std::vector<std::pair<int, kernels::Ceilings>> ceilings;
  // Streaming read over a buffer as large as the weights: where the last-level cache holds the whole model
  // (it can on big-L3 servers), this, not the 1 GiB DRAM stream, is what decode really competes with.
  std::vector<double> ws_bw;
  const bool gpu = selected_backend() == BackendKind::Cuda;
  GpuRoofline gpu_roof;
  std::string device_name;
  if (gpu) {
    device_name = probe_backend(BackendKind::Cuda).device.name;
    if (o.ceilings) gpu_roof = measure_cuda_roofline();
  }
  // On the GPU the thread count only drives the host side: one pass is enough.
  const std::vector<int> thread_list = gpu ? std::vector<int>{o.threads.front()} : o.threads;
  for (int t : thread_list) {
    const int threads = t > 0 ? t : static_cast<int>(std::thread::hardware_concurrency());
    kernels::Ceilings c;
    if (gpu) {
      // The GPU's rooflines: bf16 tensor-core rate for compute, device-memory bandwidth for bytes. There
      // is no separate "weights-sized" read: the copy is measured on 1 GiB, larger than the L2.
      c.read_gb_s = gpu_roof.hbm_bytes_per_s / 1e9;
      c.fp32_gflop_s = gpu_roof.bf16_flop_per_s / 1e9;
      ws_bw.push_back(0.0);
    } else if (o.ceilings) {
      kernels::ThreadPool pool(threads);
      pool.set_adaptive(false);  // the machine's ceilings on every thread asked for
      c = kernels::measure_ceilings(&pool);
      ceilings.push_back({threads, c});
      ws_bw.push_back(kernels::measure_read_bandwidth(&pool, size_t(cost.weight_bytes_per_pass()), 5));
    }
    const double bw_ws = o.ceilings && !gpu ? ws_bw.back() * 1e9 : 0.0;
    // The compute roofline of the instructions each part runs on: the projections and the head on the
    // int8 dot product where the packed kernels run them, attention always on fp32 FMA (on a GPU,
    // everything against the bf16 tensor-core rate). Seconds per token for given flops:
    const double proj_peak = (!gpu && int8_kernels && c.int8_gop_s > 0 ? c.int8_gop_s : c.fp32_gflop_s) * 1e9;
    const double attn_peak = c.fp32_gflop_s * 1e9;
    const bool have_compute = proj_peak > 0 && attn_peak > 0;
    auto compute_s = [&](double proj_flops, double attn_flops) { return proj_flops / proj_peak + attn_flops / attn_peak; };
    const double bw = c.read_gb_s * 1e9;
    const double bytes = cost.weight_bytes_per_pass();
    // Every decoded token also reads its sequence's whole K/V once per step.
    const double kv_per_key = double(card.kv_bytes_per_token(*kv_dtype_from_name(o.kv_dtype)));
    for (int p : o.prompt) {
      if (p <= 0) continue;
      Sample s = measure(m, o, threads, "pp" + std::to_string(p), 1, p, 1, true);
      // Per prompt token: the layers, attention over (p+1)/2 keys on average, 1/p of the head.
      if (have_compute)
        s.bound = 1.0 / compute_s(cost.layer_flops + cost.output_flops / p, cost.attention_flops((p + 1) / 2.0)),
        s.bound_kind = "compute";
      results.push_back(s);
    }
    for (int g : o.gen) {
      if (g <= 0) continue;
      Sample s = measure(m, o, threads, "tg" + std::to_string(g), 1, 1, g, false);
      if (bw > 0) s.bound = bw / (bytes + kv_per_key * (g / 2.0)), s.bound_kind = "bandwidth";
      if (bw_ws > 0) s.bound_ws = bw_ws / (bytes + kv_per_key * (g / 2.0));
      results.push_back(s);
    }
    for (int b : o.batch) {
      if (b <= 0) continue;
      Sample s = measure(m, o, threads, "decode@" + std::to_string(b), b, o.batch_prompt, o.batch_gen, false);
      if (bw > 0 && have_compute) {
        const double avg_keys = o.batch_prompt + o.batch_gen / 2.0;
        const double t_mem = (bytes + b * avg_keys * kv_per_key) / bw;
        const double t_compute = b * compute_s(cost.layer_flops + cost.output_flops, cost.attention_flops(avg_keys));
        s.bound = b / std::max(t_mem, t_compute);
        s.bound_ws = b / std::max(t_mem * bw / bw_ws, t_compute);
        s.bound_kind = t_mem >= t_compute ? "bandwidth" : "compute";
      }
      results.push_back(s);
    }
  }

  if (o.json) {
    nlohmann::json j;
    j["model"] = card.name;
    j["path"] = card.path;
    j["weight_bytes"] = card.weight_bytes;
    j["weights"] = card.weight_mode_label;
    j["parameters"] = card.n_parameters;
    j["simd"] = kernels::simd_level();
    j["backend"] = backend_name(selected_backend());
    if (gpu) {
      j["device"] = device_name;
      if (o.ceilings)
        j["gpu_ceilings"] = {{"hbm_gb_s", gpu_roof.hbm_bytes_per_s / 1e9},
                             {"bf16_tflop_s", gpu_roof.bf16_flop_per_s / 1e12},
                             {"hbm_method", "cudaMemcpy device-to-device of 1 GiB, bytes read + written, median of 10"},
                             {"bf16_method", "cublasGemmEx 8192^3 bf16 in, f32 accumulate, random data, median of 10"}};
    }
    j["int8_kernels"] = int8_kernels;
    j["huge_page_bytes_after_load"] = huge_after_load;
    j["packed_weight_bytes"] = m->model->packed().bytes;
    j["transparent_huge_pages"] = thp_mode;
    j["reps"] = o.reps;
    j["load_s_warm"] = load_s;
    j["weight_bytes_per_pass"] = cost.weight_bytes_per_pass();
    j["layer_flops_per_token"] = cost.layer_flops;
    j["output_flops_per_token"] = cost.output_flops;
    j["compute_bound_method"] = gpu ? "all flops at the bf16 tensor-core rate"
                                    : int8_kernels ? "projections and head at the int8 dot peak + attention at the fp32 FMA peak"
                                                   : "all flops at the fp32 FMA peak";
    j["ceilings"] = nlohmann::json::array();
    for (size_t i = 0; i < ceilings.size() && !gpu; ++i) {
      const auto& [t, c] = ceilings[i];
      j["ceilings"].push_back({{"threads", t}, {"read_gb_s", c.read_gb_s}, {"read_bytes", c.read_bytes},
                               {"read_gb_s_weights_size", ws_bw[i]}, {"fp32_gflop_s", c.fp32_gflop_s},
                               {"fp32_isa", c.fp32_isa}, {"int8_gop_s", c.int8_gop_s}, {"int8_isa", c.int8_isa}});
    }
    j["parallel"] = o.parallel.label();
    j["results"] = nlohmann::json::array();
    for (const auto& s : results) {
      nlohmann::json r = {{"test", s.test},     {"threads", s.threads}, {"batch", s.batch},  {"tok_s", s.median},
                          {"tok_s_mean", s.mean}, {"tok_s_std", s.std},   {"runs", s.runs}};
      if (s.bound > 0) {
        r["bound_tok_s"] = s.bound;
        r["bound_kind"] = s.bound_kind;
        r["fraction_of_bound"] = s.median / s.bound;
      }
      if (s.bound_ws > 0) {
        r["bound_weights_size_read_tok_s"] = s.bound_ws;
        r["fraction_of_weights_size_read_bound"] = s.median / s.bound_ws;
      }
      if (!gpu) r["pool"] = pool_stats_json(s.pool);
      j["results"].push_back(r);
    }
    print_json(j);
    return 0;
  }
  if (gpu && o.ceilings)
    std::printf("ceilings, %s: device memory %.0f GB/s (copy, read + write), bf16 matrix %.1f TFLOP/s (cuBLAS)\n",
                device_name.c_str(), gpu_roof.hbm_bytes_per_s / 1e9, gpu_roof.bf16_flop_per_s / 1e12);
  for (size_t i = 0; i < ceilings.size() && !gpu; ++i) {
    const auto& [t, c] = ceilings[i];
    std::printf("ceilings, %d threads: read %.1f GB/s (%.0f MiB stream; %.1f GB/s over a weights-sized buffer), "
                "fp32 %.0f GFLOP/s (%s), int8 %.0f GOP/s (%s)\n",
                t, c.read_gb_s, c.read_bytes / 1048576.0, ws_bw[i], c.fp32_gflop_s, c.fp32_isa, c.int8_gop_s, c.int8_isa);
  }
  std::printf("weights %s, %.2f MiB\n", card.weight_mode_label.c_str(), card.weight_bytes / 1048576.0);
  if (o.parallel.enabled()) std::printf("virtual devices: %s (on this machine's cores)\n", o.parallel.label().c_str());
  std::printf("weights read per pass %.1f MB, %.1f MFLOP per token in the layers; warm load %.3f s\n",
              cost.weight_bytes_per_pass() / 1e6, cost.layer_flops / 1e6, load_s);
  if (!gpu)
    std::printf("huge pages: %.1f MiB of this process after loading (packed weights %.1f MiB; transparent huge pages: %s)\n\n",
                huge_after_load / 1048576.0, m->model->packed().bytes / 1048576.0, thp_mode.c_str());
  else
    std::printf("\n");
  std::printf("| %-24s | %10s | %-15s | %7s | %10s | %18s | %10s | %8s | %11s |\n", "model", "size", "backend", "threads",
              "test", "t/s (median)", "bound t/s", "of bound", "of ws bound");
  std::printf("| %s | %s: | %s | %s: | %s: | %s: | %s: | %s: | %s: |\n", std::string(24, '-').c_str(),
              std::string(9, '-').c_str(), std::string(15, '-').c_str(), std::string(6, '-').c_str(),
              std::string(9, '-').c_str(), std::string(17, '-').c_str(), std::string(9, '-').c_str(),
              std::string(7, '-').c_str(), std::string(10, '-').c_str());
  char size[32], backend[48], tps[48], bound[32], frac[32], frac_ws[32];
  std::snprintf(size, sizeof size, "%.2f MiB", card.weight_bytes / 1048576.0);
  if (gpu)
    std::snprintf(backend, sizeof backend, "CUDA %s", device_name.c_str());
  else
    std::snprintf(backend, sizeof backend, "CPU %s", kernels::simd_level());
  for (const auto& s : results) {
    std::snprintf(tps, sizeof tps, "%.2f ± %.2f", s.median, s.std);
    std::snprintf(bound, sizeof bound, s.bound > 0 ? "%.0f" : "-", s.bound);
    std::snprintf(frac, sizeof frac, s.bound > 0 ? "%.0f%%" : "-", 100.0 * s.median / std::max(s.bound, 1e-9));
    std::snprintf(frac_ws, sizeof frac_ws, s.bound_ws > 0 ? "%.0f%%" : "-", 100.0 * s.median / std::max(s.bound_ws, 1e-9));
    std::printf("| %-24.24s | %10s | %-15s | %7d | %10s | %18s | %10s | %8s | %11s |\n", card.name.c_str(), size, backend,
                s.threads, s.test.c_str(), tps, bound, frac, frac_ws);
  }
  if (!gpu) {
    std::printf("\n");
    for (const auto& s : results) std::printf("%s, %d threads, %s\n", s.test.c_str(), s.threads, pool_stats_line(s.pool).c_str());
  }
  return 0;
}

}  // namespace

Command add_bench_command(CLI::App& root) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* app = root.add_subcommand(
      "bench", "prompt-processing (pp), text-generation (tg) and batched-decode tokens/s against this machine's roofline");
  add_model_option(app, o->model);
  add_weight_options(app, o->model);
  app->add_option("-p,--n-prompt", o->prompt, "prompt lengths to measure (pp); 0 skips")->delimiter(',');
  app->add_option("-n,--n-gen", o->gen, "generation lengths to measure (tg, batch 1); 0 skips")->delimiter(',');
  app->add_option("-t,--threads", o->threads, "thread counts (0 = one per core)")->delimiter(',');
  app->add_option("-b,--batch", o->batch, "concurrent sequences for batched decode, e.g. 1,4,16,64")->delimiter(',');
  app->add_option("--batch-prompt", o->batch_prompt, "prompt tokens per sequence in batched decode")->check(CLI::Range(1, 8192));
  app->add_option("--batch-gen", o->batch_gen, "generated tokens per sequence in batched decode")->check(CLI::Range(2, 8192));
  app->add_option("-r,--repetitions", o->reps, "timed repetitions after one warm-up (median reported)")->check(CLI::Range(1, 100));
  app->add_option("--kv-dtype", o->kv_dtype, "KV cache dtype")->check(CLI::IsMember({"f32", "f16", "bf16", "fp8", "int8"}));
  app->add_flag("!--no-window-release", o->window_release, kNoWindowReleaseHelp);
  app->add_flag("!--no-ceilings", o->ceilings, "skip measuring bandwidth and compute peaks (no roofline fractions)");
  app->add_flag("--json", o->json, "print one JSON document");
  add_parallel_options(app, o->parallel_flags);
  o->app = app;
  return {app, [o] {
            // Virtual devices split the model on this one machine: the tokens/s show what the split costs
            // (hand-offs, all-reduces, the pipeline's bubble), against the same machine's roofline.
            if (const std::string spec = parallel_spec(o->app, o->parallel_flags); !spec.empty()) {
              try {
                o->parallel = parse_parallel(spec);
              } catch (const std::invalid_argument& e) {
                throw UsageError(e.what());
              }
              if (const std::string why = o->parallel.validate(); !why.empty()) throw UsageError(why);
            }
            return run_bench(*o);
          }};
}

}  // namespace inferscope::cli
