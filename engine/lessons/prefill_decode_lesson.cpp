// Lesson 2: prefill reads the prompt in one pass, decode writes one token per pass.
// A real LLMEngine runs one greedy request; for every step we report the tokens whose K/V the step
// computed (StepMetrics prefill_tokens + decode_tokens) and the cache entries attention read, measured
// by the attention kernel's own counters (LLMEngine::attention_counters, bytes of K and V loaded,
// divided by what one token's K and V weigh across layers and KV heads). Decode computes 1 and reads the
// whole cache: the step is bound by memory traffic, not arithmetic.
#include <algorithm>

#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/model_probe.h"
#include "engine/llm_engine.h"

namespace inferscope::lessons {

namespace {

class PrefillDecodeLesson final : public Lesson {
 public:
  std::string id() const override { return "prefill-decode"; }
  std::string title() const override { return "Prefill vs decode: work per step"; }
  std::string scenario() const override { return "prefill_vs_decode.json"; }
  bool needs_model() const override { return true; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"text", "Prompt text", K::Text, 0, 0, 0, {}, "Explain in one sentence why the sky is blue.",
         "The prompt, used when the prompt length below is 0."},
        {"prompt", "Prompt length (tokens)", K::Int, 0, 0, 1024, {}, "",
         "Take this many tokens of the built-in text as the prompt instead of the text (0 = use the text)."},
        {"gen", "Generated tokens", K::Int, 12, 1, 256, {}, "", "Tokens to generate (greedy, EOS ignored)."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const LoadedModel& m = require_model(ctx, id());
    const ModelConfig& c = m.model->config();
    const int prompt_len = static_cast<int>(p.get_int("prompt"));
    const int gen = static_cast<int>(p.get_int("gen"));
    const std::vector<int32_t> prompt =
        prompt_len > 0 ? sample_tokens(m, prompt_len) : encode_text(m, p.get_text("text"), "text", 1024);
    const int P = static_cast<int>(prompt.size());
    if (P + gen > c.context_length)
      throw LessonError("--prompt + --gen = " + std::to_string(P + gen) + " tokens exceeds the model's context of " +
                        std::to_string(c.context_length));

    EngineConfig ec;
    ec.threads = ctx.threads;
    ec.prefix_caching = false;                         // every prompt token is computed here
    ec.sched.max_num_seqs = 1;
    ec.sched.max_num_batched_tokens = std::max(P, 16);  // the whole prompt in one prefill step
    reserve_kv_tokens(ec, m, size_t(P + gen + 4 * ec.block_size));
    LLMEngine engine(ctx.model, ec);
    Request req;
    req.prompt_ids = prompt;
    req.params.max_tokens = gen;
    req.params.ignore_eos = true;
    const int64_t rid = engine.submit(req);

    // One token's K and V across layers and KV heads, as the tiled kernel reads them (F16 is unscaled).
    const double entry_bytes = double(c.n_layers) * c.n_kv_heads * 2.0 * c.head_dim * kv_dtype_bytes(ec.kv_dtype);
    std::vector<double> computed, read, step_ms;
    std::vector<bool> is_prefill;
    while (engine.has_unfinished()) {
      check_cancel(ctx, id());
      const uint64_t before = engine.attention_counters().kv_bytes_read;
      const StepResult s = engine.step();
      if (!s.ran) break;
      computed.push_back(s.metrics.prefill_tokens + s.metrics.decode_tokens);
      read.push_back(double(engine.attention_counters().kv_bytes_read - before) / entry_bytes);
      step_ms.push_back(s.metrics.step_ms);
      is_prefill.push_back(s.metrics.prefill_tokens > 0);
    }
    const RequestInfo info = engine.request_info(rid);
    if (info.state != RequestState::Finished) throw LessonError("the engine could not run the request: " + info.error);

    double kv_total = 0, read_total = 0, kv_prefill = 0, read_prefill = 0, kv_decode = 0, read_decode = 0;
    double ms_prefill = 0, ms_decode = 0;
    int prefill_steps = 0, decode_steps = 0;
    for (size_t i = 0; i < computed.size(); ++i) {
      kv_total += computed[i], read_total += read[i];
      if (is_prefill[i]) {
        ++prefill_steps, kv_prefill += computed[i], read_prefill += read[i], ms_prefill += step_ms[i];
      } else {
        ++decode_steps, kv_decode += computed[i], read_decode += read[i], ms_decode += step_ms[i];
      }
    }

    LessonResult r;
    r.texts.push_back({"source", "K/V computed: StepMetrics prefill_tokens + decode_tokens. Entries read: measured by "
                                 "the attention kernel's counters (K/V bytes loaded / bytes of one token's K and V "
                                 "over all layers and KV heads)."});
    r.texts.push_back({"output", m.tokenizer->decode(info.token_ids.at(0))});
    r.numbers = {
        {"prompt_tokens", double(P), "tok", "Prompt tokens"},
        {"generated_tokens", double(info.n_generated), "tok", "Generated tokens"},
        {"prefill_steps", double(prefill_steps), "steps", "Prefill steps"},
        {"decode_steps", double(decode_steps), "steps", "Decode steps (the last token is returned without a pass)"},
        {"kv_computed_total", kv_total, "tok", "Tokens whose K/V were computed, all steps"},
        {"kv_computed_prefill", kv_prefill, "tok", "K/V computed by prefill"},
        {"kv_computed_decode", kv_decode, "tok", "K/V computed by decode"},
        {"entries_read_total", read_total, "tok", "Cache entries read by attention, all steps (measured)"},
        {"entries_read_prefill", read_prefill, "tok", "Cache entries read by prefill (measured)"},
        {"entries_read_decode", read_decode, "tok", "Cache entries read by decode (measured)"},
        {"entries_read_last_step", read.empty() ? 0.0 : read.back(), "tok", "Cache entries read by the last step"},
        {"decode_reads_per_computed", kv_decode > 0 ? read_decode / kv_decode : 0.0, "",
         "Decode: entries read per K/V computed"},
        {"prefill_ms", ms_prefill, "ms", "Prefill wall time"},
        {"decode_ms_per_step", decode_steps > 0 ? ms_decode / decode_steps : 0.0, "ms", "Decode wall time per step"},
    };

    Chart& ch = r.chart;
    ch.title = "Work per engine step: prefill computes many, decode computes 1 and reads the whole cache";
    ch.x_label = "engine step";
    ch.y_label = "tokens";
    Series s_computed{"K/V computed this step", {}, false, true}, s_read{"cache entries read this step", {}, false, true};
    int d = 0;
    for (size_t i = 0; i < computed.size(); ++i) {
      ch.categories.push_back(is_prefill[i] ? "prefill" : "D" + std::to_string(++d));
      s_computed.points.push_back({double(i), computed[i]});
      s_read.points.push_back({double(i), read[i]});
    }
    ch.series = {s_computed, s_read};
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_prefill_decode_lesson() { return std::make_unique<PrefillDecodeLesson>(); }

}  // namespace inferscope::lessons
