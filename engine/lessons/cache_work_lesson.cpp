// Lesson 3: what the KV cache saves. Without a cache every generated token re-runs the whole sequence
// through the model (quadratic total work); with it each step runs only the new token (linear). The
// closed forms count tokens through the model exactly as the engine schedules them: the step that
// produces generated token k+1 (k = 0..G-1) runs P+k tokens without a cache, and the last generated
// token is returned without a pass, so
//   no cache: sum_{k=0}^{G-1} (P + k) = G*P + G*(G-1)/2        with cache: P + G - 1.
// Then a real run: the same request through LLMEngine in both modes (SchedulerConfig::recompute_all is
// the engine's "no KV cache" mode), timed, with the check that the greedy outputs are identical, and a
// direct LlamaModel comparison of the final logits (incremental with cache vs one full recompute).
#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/model_probe.h"
#include "engine/llm_engine.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::lessons {

namespace {

// Largest no-cache work (tokens through the model) the measured run may cost: a couple of seconds of a
// 135M model on two cores. A bigger request is measured on a smaller run of at most kRunPrompt +
// kRunGen tokens (at most 16*24 + 16*15/2 = 504 tokens without a cache), and the lesson says so.
constexpr double kRunWorkCap = 600;
constexpr int kRunPrompt = 24, kRunGen = 16;

double no_cache_work(double P, double G) { return G * P + G * (G - 1) / 2; }
double cache_work(double P, double G) { return P + G - 1; }

struct EngineRun {
  std::vector<int32_t> tokens;
  double model_tokens = 0;        // prefill_tokens + decode_tokens over all steps
  double ms = 0;
  std::vector<double> cumulative;  // model tokens after each step
};

EngineRun run_engine(const LessonContext& ctx, const std::vector<int32_t>& prompt, int gen, bool no_cache,
                     const std::string& lesson_id) {
  EngineConfig ec;
  ec.threads = ctx.threads;
  ec.prefix_caching = false;  // the engine refuses prefix caching without a cache; keep both runs alike
  ec.sched.max_num_seqs = 1;
  ec.sched.recompute_all = no_cache;
  ec.sched.max_num_batched_tokens = std::max(16, int(prompt.size()) + gen);  // a whole recompute fits one step
  reserve_kv_tokens(ec, *ctx.model, prompt.size() + size_t(gen) + 4 * size_t(ec.block_size));
  LLMEngine engine(ctx.model, ec);
  Request req;
  req.prompt_ids = prompt;
  req.params.max_tokens = gen;
  req.params.ignore_eos = true;
  const auto t0 = std::chrono::steady_clock::now();
  const int64_t rid = engine.submit(req);
  EngineRun out;
  while (engine.has_unfinished()) {
    check_cancel(ctx, lesson_id);
    const StepResult s = engine.step();
    if (!s.ran) break;
    out.model_tokens += s.metrics.prefill_tokens + s.metrics.decode_tokens;
    out.cumulative.push_back(out.model_tokens);
  }
  out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const RequestInfo info = engine.request_info(rid);
  if (info.state != RequestState::Finished) throw LessonError("the engine could not run the request: " + info.error);
  out.tokens = info.token_ids.at(0);
  return out;
}

class CacheWorkLesson final : public Lesson {
 public:
  std::string id() const override { return "cache-work"; }
  std::string title() const override { return "No cache vs KV cache: quadratic vs linear work, same answer"; }
  std::string scenario() const override { return "no_kv_cache.json"; }
  bool needs_model() const override { return true; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"prompt", "Prompt (tokens)", K::Int, 200, 1, 100000, {}, "", "Prompt length P.", true},
        {"gen", "Generated tokens", K::Int, 100, 1, 100000, {}, "", "Tokens generated G.", true},
        {"run", "Measure on the model", K::Bool, 1, 0, 1, {}, "",
         "Also run the engine with and without the cache and compare outputs (scaled down when large)."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const LoadedModel& m = require_model(ctx, id());
    const double P = double(p.get_int("prompt")), G = double(p.get_int("gen"));
    const double without = no_cache_work(P, G), with = cache_work(P, G);

    LessonResult r;
    r.numbers = {
        {"prompt_tokens", P, "tok", "Prompt length P"},
        {"gen_tokens", G, "tok", "Generated tokens G"},
        {"no_cache_kv_computations", without, "tok", "K/V computed without a cache: G*P + G*(G-1)/2"},
        {"cache_kv_computations", with, "tok", "K/V computed with the cache: P + G - 1"},
        {"work_ratio", without / with, "x", "Extra work without a cache"},
    };

    Chart& ch = r.chart;
    ch.title = "Tokens through the model vs tokens generated (prompt " + std::to_string(int64_t(P)) + ")";
    ch.x_label = "tokens generated";
    ch.y_label = "total K/V computations (tokens)";
    Series s_without{"no cache (recompute everything)", {}}, s_with{"KV cache (new token only)", {}};
    const int n_points = static_cast<int>(std::min(G, 200.0));
    for (int i = 1; i <= n_points; ++i) {
      const double g = std::round(G * i / n_points);
      s_without.points.push_back({g, no_cache_work(P, g)});
      s_with.points.push_back({g, cache_work(P, g)});
    }
    ch.series = {s_without, s_with};

    if (!p.get_bool("run")) return r;
    const ModelConfig& c = m.model->config();
    const bool scaled = without > kRunWorkCap || P + G > c.context_length;
    const int rp = scaled ? static_cast<int>(std::min(P, double(kRunPrompt))) : static_cast<int>(P);
    const int rg = scaled ? static_cast<int>(std::min(G, double(kRunGen))) : static_cast<int>(G);
    if (rp + rg > c.context_length)
      throw LessonError("the measured run needs " + std::to_string(rp + rg) + " tokens but the model's context is " +
                        std::to_string(c.context_length) + "; use --run off");
    if (scaled)
      r.texts.push_back({"measured_run", "Measured on a smaller run (prompt " + std::to_string(rp) + ", generate " +
                                             std::to_string(rg) + "): the requested size costs " +
                                             std::to_string(int64_t(without)) + " tokens without a cache, above the " +
                                             std::to_string(int64_t(kRunWorkCap)) + "-token cap of a live run."});
    const std::vector<int32_t> prompt = sample_tokens(m, rp);
    const EngineRun cached = run_engine(ctx, prompt, rg, false, id());
    const EngineRun recomputed = run_engine(ctx, prompt, rg, true, id());
    const bool identical = cached.tokens == recomputed.tokens;

    // Final logits, bit for bit: the sequence the engine fed (prompt + generated tokens but the last),
    // once incrementally (prefill, then one token per pass reading the cache) and once in one pass.
    std::vector<int32_t> fed = prompt;
    fed.insert(fed.end(), cached.tokens.begin(), cached.tokens.end() - 1);
    auto pool = make_pool(ctx);
    SequenceProbe inc(m, int(fed.size()), pool.get(), KvDtype::F16);
    inc.append(prompt);
    for (size_t i = prompt.size(); i < fed.size(); ++i) {
      check_cancel(ctx, id());
      inc.append({fed[i]});
    }
    SequenceProbe full(m, int(fed.size()), pool.get(), KvDtype::F16);
    full.append(fed);
    const double logit_diff = max_abs_diff(inc.logits(), full.logits());

    r.numbers.insert(r.numbers.end(), {
        {"run_prompt_tokens", double(rp), "tok", "Measured run: prompt tokens"},
        {"run_gen_tokens", double(rg), "tok", "Measured run: generated tokens"},
        {"measured_tokens_no_cache", recomputed.model_tokens, "tok", "Measured: tokens through the model, no cache"},
        {"measured_tokens_cache", cached.model_tokens, "tok", "Measured: tokens through the model, KV cache"},
        {"measured_ratio", recomputed.model_tokens / cached.model_tokens, "x", "Measured extra work without a cache"},
        {"ms_no_cache", recomputed.ms, "ms", "Wall time without a cache"},
        {"ms_cache", cached.ms, "ms", "Wall time with the KV cache"},
        {"outputs_identical", identical ? 1.0 : 0.0, "", "Same generated tokens in both modes (1 = yes)"},
        {"final_logits_max_abs_diff", logit_diff, "", "Final logits, incremental vs full recompute: max |difference|"},
    });
    if (!scaled) {
      Series mw{"measured, no cache (engine)", {}}, mc{"measured, KV cache (engine)", {}};
      for (size_t i = 0; i < recomputed.cumulative.size(); ++i) mw.points.push_back({double(i + 1), recomputed.cumulative[i]});
      for (size_t i = 0; i < cached.cumulative.size(); ++i) mc.points.push_back({double(i + 1), cached.cumulative[i]});
      ch.series.push_back(mw);
      ch.series.push_back(mc);
    }
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_cache_work_lesson() { return std::make_unique<CacheWorkLesson>(); }

}  // namespace inferscope::lessons
