// Lesson 9: speculative decoding. A drafter proposes k tokens, the target verifies them in one pass and
// keeps the longest accepted prefix plus one token of its own. If each draft position is accepted with
// probability alpha independently, a pass yields (1 - alpha^(k+1)) / (1 - alpha) tokens on average
// (k + 1 at alpha = 1). A seeded Monte-Carlo run of that model checks the formula; with a model loaded
// and measure on, a real LLMEngine with a real drafter measures alpha and tokens per pass on the model.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include "engine/kv/kv_storage.h"
#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/model_probe.h"
#include "engine/llm_engine.h"
#include "engine/model/loaded_model.h"
#include "engine/spec/spec_config.h"
#include "engine/spec/spec_stats.h"

namespace inferscope::lessons {

namespace {

constexpr int kMaxK = 16;

struct MonteCarlo {
  double mean = 0, std_error = 0;
};

// Tokens per pass over `trials` simulated passes: accept draft positions while a uniform < alpha, stop at
// the first rejection or after k, then add the target's own token.
MonteCarlo simulate(double alpha, int k, long long trials, uint64_t seed) {
  std::mt19937_64 rng(seed);
  double sum = 0, sum_sq = 0;
  for (long long t = 0; t < trials; ++t) {
    int accepted = 0;
    while (accepted < k && double(rng() >> 11) * 0x1.0p-53 < alpha) ++accepted;
    const double tokens = accepted + 1;
    sum += tokens, sum_sq += tokens * tokens;
  }
  MonteCarlo m;
  m.mean = sum / double(trials);
  const double var = std::max(0.0, sum_sq / double(trials) - m.mean * m.mean);
  m.std_error = std::sqrt(var / double(trials));
  return m;
}

// The closed form for a real (possibly fractional) mean draft length: a drafter may propose fewer than k
// tokens (an n-gram drafter stops where its match ends), so the measured run is compared at the draft
// length it actually had. Equals spec::expected_tokens_per_pass when the length is a whole number.
double tokens_per_pass_at(double alpha, double draft_len) {
  return alpha >= 1.0 ? draft_len + 1.0 : (1.0 - std::pow(alpha, draft_len + 1.0)) / (1.0 - alpha);
}

struct Measured {
  spec::SpecStats stats;
  int generated = 0, steps = 0;
  std::string drafter;
};

// A short greedy generation on the loaded model through a real engine with speculation on.
Measured measure(const LessonContext& ctx, const std::string& drafter_choice, int k, const std::string& prompt,
                 int max_tokens) {
  const ModelConfig& mc = ctx.model->model->config();
  EngineConfig cfg;
  cfg.threads = ctx.threads;
  cfg.keep_full_metrics_log = false;
  std::string spec_text = drafter_choice;
  if (drafter_choice == "early-exit") {
    // Half the target's layers: a cheap drafter that still agrees with the target fairly often.
    if (mc.n_layers < 2) throw LessonError("--drafter early-exit needs a model with at least 2 layers");
    spec_text = "early-exit:" + std::to_string(mc.n_layers / 2);
  }
  try {
    cfg.spec = spec::parse_spec(spec_text);
  } catch (const std::invalid_argument& e) {
    throw LessonError(std::string("--drafter: ") + e.what());
  }
  cfg.spec.k = k;

  Request req;
  req.prompt_ids = ctx.model->encode_prompt(prompt);
  if (req.prompt_ids.empty()) throw LessonError("--prompt is empty after tokenization");
  req.params.temperature = 0.0f;  // greedy: the measurement is reproducible
  req.params.max_tokens = max_tokens;
  req.params.ignore_eos = true;   // a fixed number of tokens, so the pass count does not hinge on EOS
  // Room for the whole sequence plus a spare draft, twice over (a drafter may keep its own cache).
  reserve_kv_tokens(cfg, *ctx.model, 2 * (req.prompt_ids.size() + size_t(max_tokens) + 2 * kMaxK + 32));

  Measured m;
  m.drafter = spec_text;
  try {
    LLMEngine engine(ctx.model, cfg);
    const int64_t id = engine.submit(req);
    while (engine.has_unfinished() && !ctx.cancelled()) {
      if (engine.step().ran) ++m.steps;
    }
    const RequestInfo info = engine.request_info(id);
    if (info.state == RequestState::Failed) throw LessonError("the measuring run failed: " + info.error);
    m.stats = {info.spec_drafted, info.spec_accepted, info.spec_passes, info.spec_rejections};
    m.generated = info.n_generated;
  } catch (const std::invalid_argument& e) {
    throw LessonError(std::string("cannot run the engine with --drafter ") + spec_text + ": " + e.what());
  }
  return m;
}

class SpecDecodeLesson final : public Lesson {
 public:
  std::string id() const override { return "spec-decode"; }
  std::string title() const override { return "Speculative decoding: tokens per target pass"; }
  std::string scenario() const override { return "speculative_decoding.json"; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"k", "Draft length k", K::Int, 4, 1, kMaxK, {}, "", "Tokens the drafter proposes per target pass."},
        {"alpha", "Acceptance rate alpha", K::Real, 0.8, 0, 1, {}, "",
         "Probability that the target accepts a draft token (each position independently)."},
        {"trials", "Monte-Carlo trials", K::Int, 20000, 100, 2000000, {}, "", "Simulated target passes per point.", true},
        {"seed", "Seed", K::Int, 1, 0, 2147483647, {}, "", "Random seed of the Monte-Carlo run."},
        {"x-axis", "Plot against", K::Choice, 0, 0, 0, {"alpha", "k"}, "alpha", "The chart's horizontal axis."},
        {"measure", "Measure on the model", K::Bool, 0, 0, 1, {}, "",
         "Run the loaded model with a real drafter and measure alpha and tokens per pass."},
        {"drafter", "Drafter", K::Choice, 0, 0, 0, {"ngram:3", "ngram:2", "ngram:1", "early-exit"}, "ngram:3",
         "Who drafts: n-gram lookup in the context, or the target's first half of layers."},
        {"prompt", "Prompt", K::Text, 0, 0, 0, {},
         "one two three four, one two three four, one two three four, one two",
         "Prompt of the measuring run (repetitive text suits an n-gram drafter)."},
        {"max-tokens", "Tokens to generate", K::Int, 48, 4, 512, {}, "", "Greedy tokens generated by the measuring run."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const int k = static_cast<int>(p.get_int("k"));
    const double alpha = p.get_real("alpha");
    const long long trials = p.get_int("trials");
    const uint64_t seed = static_cast<uint64_t>(p.get_int("seed"));
    const bool by_k = p.get_text("x-axis") == "k";
    const bool do_measure = p.get_bool("measure");
    if (do_measure && ctx.model == nullptr) throw LessonError("--measure on runs the model: load one first");

    const double closed = spec::expected_tokens_per_pass(alpha, k);
    const MonteCarlo mc = simulate(alpha, k, trials, seed);
    LessonResult r;
    r.numbers = {
        {"closed_form_tokens_per_pass", closed, "tok", "Expected tokens per target pass (1 - a^(k+1)) / (1 - a)"},
        {"mc_tokens_per_pass", mc.mean, "tok", "Monte-Carlo tokens per target pass"},
        {"mc_std_error", mc.std_error, "tok", "Standard error of the Monte-Carlo mean"},
        {"mc_deviation_sigmas", mc.std_error > 0 ? (mc.mean - closed) / mc.std_error : 0.0, "",
         "Monte-Carlo minus closed form, in standard errors"},
        {"max_tokens_per_pass", double(k + 1), "tok", "Upper bound: every draft accepted (k + 1)"},
        {"expected_accepted_per_pass", closed - 1.0, "tok", "Expected accepted draft tokens per pass"},
        {"target_passes_saved", 1.0 - 1.0 / closed, "", "Fraction of target passes saved versus one token per pass"},
    };

    Measured meas;
    double meas_alpha = 0, meas_tpp = 0, meas_closed = 0, meas_len = 0;
    if (do_measure) {
      meas = measure(ctx, p.get_text("drafter"), k, p.get_text("prompt"), static_cast<int>(p.get_int("max-tokens")));
      meas_alpha = meas.stats.alpha();
      meas_tpp = meas.stats.tokens_per_pass();
      meas_len = meas.stats.passes > 0 ? double(meas.stats.drafted) / double(meas.stats.passes) : 0.0;
      meas_closed = meas.stats.passes > 0 ? tokens_per_pass_at(meas_alpha, meas_len) : 0.0;
      r.texts.push_back({"drafter", meas.drafter});
      if (meas.stats.passes == 0) r.texts.push_back({"note", "the drafter never proposed a token on this prompt"});
      r.numbers.push_back({"measured_alpha", meas_alpha, "", "Measured per-position acceptance accepted / (accepted + rejections)"});
      r.numbers.push_back({"measured_tokens_per_pass", meas_tpp, "tok", "Measured tokens per verifying pass"});
      r.numbers.push_back({"measured_draft_length", meas_len, "tok", "Mean draft length per verifying pass (at most k)"});
      r.numbers.push_back({"closed_form_at_measured_alpha", meas_closed, "tok",
                           "Closed form at the measured alpha and mean draft length"});
      r.numbers.push_back({"measured_acceptance_rate", meas.stats.acceptance_rate(), "", "Accepted / drafted"});
      r.numbers.push_back({"measured_drafted", double(meas.stats.drafted), "tok", "Draft tokens proposed"});
      r.numbers.push_back({"measured_accepted", double(meas.stats.accepted), "tok", "Draft tokens accepted"});
      r.numbers.push_back({"measured_passes", double(meas.stats.passes), "", "Target passes that verified a draft"});
      r.numbers.push_back({"measured_generated", double(meas.generated), "tok", "Tokens generated"});
      r.numbers.push_back({"measured_steps", double(meas.steps), "", "Engine steps (target passes) of the run"});
    }

    Chart& ch = r.chart;
    ch.y_label = "tokens per target pass";
    const std::string mc_name = "Monte-Carlo (" + std::to_string(trials) + " passes)";
    if (!by_k) {
      ch.title = "Tokens per target pass vs acceptance rate (k = " + std::to_string(k) + ")";
      ch.x_label = "acceptance rate alpha";
      Series curve{"closed form", {}};
      for (int i = 0; i <= 100; ++i) curve.points.push_back({i / 100.0, spec::expected_tokens_per_pass(i / 100.0, k)});
      ch.series.push_back(curve);
      ch.series.push_back({mc_name, {{alpha, mc.mean}}});
      ch.series.push_back({"no speculation", {{0, 1}, {1, 1}}, true});
      if (do_measure && meas.stats.passes > 0) {
        ch.series.push_back({"measured (" + meas.drafter + ")", {{meas_alpha, meas_tpp}}});
        ch.series.push_back({"closed form at measured alpha", {{meas_alpha, meas_closed}}, true});
        if (std::fabs(meas_len - k) > 1e-9) {  // the drafter proposed fewer than k: its own curve
          Series own{"closed form, draft length " + std::to_string(meas_len).substr(0, 4), {}, true};
          for (int i = 0; i <= 100; ++i) own.points.push_back({i / 100.0, tokens_per_pass_at(i / 100.0, meas_len)});
          ch.series.push_back(own);
        }
      }
    } else {
      ch.title = "Tokens per target pass vs draft length (alpha = " + std::to_string(alpha).substr(0, 4) + ")";
      ch.x_label = "draft length k";
      Series curve{"closed form", {}}, sim{mc_name, {}};
      Series at_meas{"closed form at measured alpha", {}, true};
      for (int kk = 1; kk <= kMaxK; ++kk) {
        curve.points.push_back({double(kk), spec::expected_tokens_per_pass(alpha, kk)});
        // Each k gets its own stream (seed + k) so points do not share random numbers.
        sim.points.push_back({double(kk), kk == k ? mc.mean : simulate(alpha, kk, trials, seed + uint64_t(kk)).mean});
        if (do_measure && meas.stats.passes > 0)
          at_meas.points.push_back({double(kk), spec::expected_tokens_per_pass(meas_alpha, kk)});
      }
      ch.series = {curve, sim, {"no speculation", {{1, 1}, {double(kMaxK), 1}}, true}};
      if (do_measure && meas.stats.passes > 0) {
        // At the draft length the drafter really had, which may be below k.
        ch.series.push_back({"measured (" + meas.drafter + ")", {{meas_len, meas_tpp}}});
        ch.series.push_back(at_meas);
      }
    }
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_spec_decode_lesson() { return std::make_unique<SpecDecodeLesson>(); }

}  // namespace inferscope::lessons
