// Lesson 10: static vs continuous batching. The same requests (same prompts, same generation lengths,
// drawn from a seed) are scheduled twice: with static batching (a new batch is admitted only when the
// whole previous batch has finished, so short requests leave their slots idle while the longest one
// finishes) and with continuous batching (a freed slot is refilled at the next step).
// The schedule comes from the engine's own Scheduler and KvCacheManager; nothing re-simulates them.
// By default the lesson drives them directly and stands in only for the forward pass (a scheduled
// sequence whose tokens are all computed receives one token, as the sampler would give it): the plan
// does not depend on the logits because generation ignores EOS and runs each request to its drawn
// length. With --forward on, a real LLMEngine runs the loaded model every step instead; the test holds
// the two to the same per-step utilization. Slot utilization = sequences run / max_num_seqs.
#include <algorithm>
#include <random>

#include "engine/kv/kv_cache_manager.h"
#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/model_probe.h"
#include "engine/llm_engine.h"
#include "engine/sched/scheduler.h"

namespace inferscope::lessons {

namespace {

struct ModeRun {
  std::vector<double> util;  // slot utilization per step
  int64_t generated = 0;
  int finished = 0;
  bool capped = false;       // stopped at the step cap with requests left
};

EngineConfig engine_config(const LessonContext& ctx, const std::vector<Request>& reqs, int slots, int budget,
                           BatchingMode mode) {
  EngineConfig ec;
  ec.threads = ctx.threads;
  ec.prefix_caching = false;
  ec.sched.max_num_seqs = slots;
  ec.sched.max_num_batched_tokens = budget;
  ec.sched.batching = mode;
  // Room for every slot's longest sequence, so no preemption muddies the comparison.
  size_t longest = 0;
  for (const Request& q : reqs) longest = std::max(longest, q.prompt_ids.size() + size_t(q.params.max_tokens));
  reserve_kv_tokens(ec, *ctx.model, size_t(slots) * (longest + 2 * size_t(ec.block_size)));
  return ec;
}

// The real engine, forward passes included.
ModeRun run_engine(const LessonContext& ctx, const std::vector<Request>& reqs, const EngineConfig& ec, int step_cap,
                   const std::string& lesson_id) {
  LLMEngine engine(ctx.model, ec);
  for (const Request& q : reqs) engine.submit(q);
  ModeRun out;
  while (engine.has_unfinished()) {
    check_cancel(ctx, lesson_id);
    if (int(out.util.size()) >= step_cap) {
      out.capped = true;
      break;
    }
    const StepResult s = engine.step();
    if (!s.ran) break;
    out.util.push_back(s.metrics.slot_utilization);
  }
  for (const RequestInfo& info : engine.all_requests()) {
    out.generated += info.n_generated;
    if (info.state == RequestState::Finished) ++out.finished;
  }
  return out;
}

// The engine's Scheduler and KvCacheManager, sized as LLMEngine sizes them, with the step's bookkeeping
// of LLMEngine::step() (advance n_computed, commit K/V, one token per finished prefill or decode, finish
// at max_tokens) but no forward pass.
ModeRun run_scheduler(const LessonContext& ctx, const std::vector<Request>& reqs, const EngineConfig& ec,
                      int step_cap, const std::string& lesson_id) {
  const ModelConfig& c = ctx.model->model->config();
  const KvLayout layout{c.n_layers, c.n_kv_heads, c.head_dim, ec.block_size, ec.kv_dtype};
  KvCacheManager kv(static_cast<int32_t>(layout.blocks_for_budget(ec.kv_budget_bytes)), ec.block_size,
                    ec.prefix_caching);
  Scheduler sched(ec.sched, kv);
  std::vector<std::unique_ptr<Sequence>> seqs;
  for (const Request& q : reqs) {
    auto s = std::make_unique<Sequence>();
    s->id = s->request_id = int64_t(seqs.size());
    s->tokens = q.prompt_ids;
    s->n_prompt = int(q.prompt_ids.size());
    s->params = q.params;
    sched.add(s.get());
    seqs.push_back(std::move(s));
  }
  ModeRun out;
  while (!sched.idle()) {
    check_cancel(ctx, lesson_id);
    if (int(out.util.size()) >= step_cap) {
      out.capped = true;
      break;
    }
    const StepPlan plan = sched.schedule();
    (void)kv.take_pending_copies();  // no K/V to copy without a forward pass
    if (plan.empty()) break;
    out.util.push_back(double(plan.seqs.size()) / ec.sched.max_num_seqs);
    for (const ScheduledSeq& p : plan.seqs) {
      Sequence* s = p.seq;
      s->n_computed += p.n_tokens;
      kv.commit_tokens(s->id, std::vector<int32_t>(s->tokens.begin(), s->tokens.begin() + s->n_computed));
      if (s->n_computed < int(s->tokens.size())) continue;  // a prefill chunk: no token yet
      s->tokens.push_back(s->tokens.back());                // stands in for the sampled token
      ++out.generated;
      if (s->n_generated() >= s->params.max_tokens) {
        s->status = SeqStatus::Finished;
        s->finish_reason = FinishReason::Length;
        sched.remove(s);
        ++out.finished;
      }
    }
  }
  return out;
}

double mean(const std::vector<double>& v) {
  double s = 0;
  for (const double x : v) s += x;
  return v.empty() ? 0.0 : s / double(v.size());
}

class BatchingLesson final : public Lesson {
 public:
  std::string id() const override { return "batching"; }
  std::string title() const override { return "Static vs continuous batching: slot utilization"; }
  bool needs_model() const override { return true; }
  std::string scenario() const override { return "continuous_vs_static.json"; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"slots", "Slots (max sequences)", K::Int, 8, 1, 64, {}, "", "Sequences the engine runs at once."},
        {"requests", "Requests", K::Int, 24, 1, 256, {}, "", "Requests submitted at once."},
        {"gen-min", "Shortest generation", K::Int, 4, 1, 512, {}, "", "Fewest tokens a request generates."},
        {"gen-max", "Longest generation", K::Int, 48, 1, 512, {}, "", "Most tokens a request generates."},
        {"prompt", "Prompt (tokens)", K::Int, 8, 1, 256, {}, "", "Prompt length of every request."},
        {"seed", "Seed", K::Int, 0, 0, 1e9, {}, "", "Draws the generation lengths (uniform between the two bounds)."},
        {"steps", "Step cap", K::Int, 400, 1, 100000, {}, "", "Engine steps each mode may run at most.", true},
        {"forward", "Run the model", K::Bool, 0, 0, 1, {}, "",
         "Run the model's forward pass every step (slow on a CPU; the schedule is the same)."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const LoadedModel& m = require_model(ctx, id());
    const int slots = static_cast<int>(p.get_int("slots")), n_req = static_cast<int>(p.get_int("requests"));
    const int gmin = static_cast<int>(p.get_int("gen-min")), gmax = static_cast<int>(p.get_int("gen-max"));
    const int plen = static_cast<int>(p.get_int("prompt")), cap = static_cast<int>(p.get_int("steps"));
    if (gmin > gmax)
      throw LessonError("--gen-min " + std::to_string(gmin) + " is larger than --gen-max " + std::to_string(gmax));
    if (plen + gmax > m.model->config().context_length)
      throw LessonError("--prompt + --gen-max exceeds the model's context of " +
                        std::to_string(m.model->config().context_length));

    // The workload: distinct slices of the built-in text as prompts, lengths drawn from the seed.
    std::mt19937_64 rng(static_cast<uint64_t>(p.get_int("seed")));
    std::uniform_int_distribution<int> len(gmin, gmax);
    const std::vector<int32_t> text = sample_tokens(m, plen + n_req);
    std::vector<Request> reqs(static_cast<size_t>(n_req));
    int64_t total_gen = 0;
    for (int i = 0; i < n_req; ++i) {
      reqs[size_t(i)].prompt_ids.assign(text.begin() + i, text.begin() + i + plen);
      reqs[size_t(i)].params.max_tokens = len(rng);
      reqs[size_t(i)].params.ignore_eos = true;
      total_gen += reqs[size_t(i)].params.max_tokens;
    }
    const int budget = std::max(256, slots * plen);  // a whole batch of prompts fits one step
    const bool forward = p.get_bool("forward");
    auto run_mode = [&](BatchingMode mode) {
      const EngineConfig ec = engine_config(ctx, reqs, slots, budget, mode);
      return forward ? run_engine(ctx, reqs, ec, cap, id()) : run_scheduler(ctx, reqs, ec, cap, id());
    };
    const ModeRun st = run_mode(BatchingMode::Static);
    const ModeRun co = run_mode(BatchingMode::Continuous);
    const double us = mean(st.util), uc = mean(co.util);

    LessonResult r;
    r.texts.push_back({"source", forward ? "Real LLMEngine on the loaded model; utilization from its StepMetrics."
                                         : "The engine's Scheduler and KvCacheManager planned every step (no forward "
                                           "pass: the plan does not depend on the logits here)."});
    if (st.capped || co.capped)
      r.texts.push_back({"note", "Stopped at the step cap of " + std::to_string(cap) +
                                     " with requests left; raise --steps to finish them."});
    r.numbers = {
        {"requests", double(n_req), "", "Requests"},
        {"slots", double(slots), "", "Slots"},
        {"requested_tokens", double(total_gen), "tok", "Tokens the requests ask for in total"},
        {"static_mean_slot_utilization", 100.0 * us, "%", "Static batching: mean slot utilization"},
        {"continuous_mean_slot_utilization", 100.0 * uc, "%", "Continuous batching: mean slot utilization"},
        {"utilization_ratio", us > 0 ? uc / us : 0.0, "x", "Utilization, continuous / static"},
        {"static_steps", double(st.util.size()), "steps", "Static batching: engine steps"},
        {"continuous_steps", double(co.util.size()), "steps", "Continuous batching: engine steps"},
        {"step_ratio", co.util.empty() ? 0.0 : double(st.util.size()) / double(co.util.size()), "x",
         "Steps, static / continuous"},
        {"static_generated_tokens", double(st.generated), "tok", "Static batching: tokens generated"},
        {"continuous_generated_tokens", double(co.generated), "tok", "Continuous batching: tokens generated"},
        {"static_finished", double(st.finished), "", "Static batching: requests finished"},
        {"continuous_finished", double(co.finished), "", "Continuous batching: requests finished"},
    };

    Chart& ch = r.chart;
    ch.title = "Slot utilization per step (" + std::to_string(slots) + " slots, " + std::to_string(n_req) + " requests)";
    ch.x_label = "engine step";
    ch.y_label = "slot utilization (%)";
    Series ss{"static batching", {}}, sc{"continuous batching", {}};
    for (size_t i = 0; i < st.util.size(); ++i) ss.points.push_back({double(i), 100.0 * st.util[i]});
    for (size_t i = 0; i < co.util.size(); ++i) sc.points.push_back({double(i), 100.0 * co.util[i]});
    ch.series = {ss, sc};
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_batching_lesson() { return std::make_unique<BatchingLesson>(); }

}  // namespace inferscope::lessons
