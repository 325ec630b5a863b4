// Lesson 5: why only K and V are cached. Count, over one whole generation, how often each position's K/V
// is needed again versus how often its Q is: a cache only pays for what is read more than once.
//
// The step model is the engine's: a request with P prompt tokens that generates G tokens runs G forward
// passes, one prefill pass (positions 0..P-1, it samples generated token 1) and G-1 decode passes (pass t
// feeds generated token t at position P+t-1 and samples token t+1). The last generated token is never fed
// back, so N = P + G - 1 positions get a K/V. Causal attention: the pass that processes a position uses
// its Q once, and every pass from then on needs its K/V. So position j's K/V is needed by G passes when
// j < P and by G - t passes when j is generated token t; its Q by exactly one.
#include <string>

#include "engine/lessons/lesson_factories.h"
#include "engine/model/loaded_model.h"

namespace inferscope::lessons {

namespace {

// Passes that need position j's K/V (its own pass included), for P prompt tokens and G generated tokens.
long long kv_passes_for_position(long long j, long long P, long long G) { return j < P ? G : G - (j - P + 1); }

class KvReadsLesson final : public Lesson {
 public:
  std::string id() const override { return "kv-reads"; }
  std::string title() const override { return "Why only K and V are cached"; }
  std::string scenario() const override { return "no_kv_cache.json"; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"prompt-tokens", "Prompt tokens", K::Int, 4, 1, 1 << 17, {}, "",
         "Tokens the prefill pass reads at once.", true},
        {"generated-tokens", "Generated tokens", K::Int, 6, 1, 1 << 17, {}, "",
         "Tokens the model writes, one pass each (the first comes out of the prefill pass).", true},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const long long P = p.get_int("prompt-tokens");
    const long long G = p.get_int("generated-tokens");
    const long long N = P + G - 1;  // positions that ever get a K/V (the last token is never fed back)

    // Sums of kv_passes_for_position over all positions, in closed form: P*G for the prompt and
    // (G-1) + (G-2) + ... + 1 for the fed-back generated tokens.
    const double kv_total = double(P) * double(G) + double(G) * double(G - 1) / 2.0;
    const double q_total = double(N);
    const double cache_reads = kv_total - double(N);  // needs served by a later pass than the computing one

    LessonResult r;
    r.numbers = {
        {"positions", double(N), "tok", "Positions that get a K/V (prompt + generated - 1; the last token is not fed back)"},
        {"forward_passes", double(G), "", "Forward passes (1 prefill + generated - 1 decode)"},
        {"kv_reads_total", kv_total, "", "Passes x positions whose K/V a pass needs, summed over the generation"},
        {"q_uses_total", q_total, "", "Q uses over the generation (each Q once, by its own pass)"},
        {"kv_reads_per_q_use", kv_total / q_total, "", "K/V needs per Q use"},
        {"kv_reads_first_prompt_token", double(kv_passes_for_position(0, P, G)), "", "Passes that need the first prompt token's K/V"},
        {"kv_reads_last_prompt_token", double(kv_passes_for_position(P - 1, P, G)), "", "Passes that need the last prompt token's K/V"},
        {"kv_reads_first_generated_token", double(G - 1), "",
         "Passes that need the first generated token's K/V (0: it is never fed back)"},
        {"q_uses_per_position", 1.0, "", "Passes that use a position's Q"},
        {"kv_cache_reads", cache_reads, "", "K/V reads served from the cache by a later pass"},
        {"q_cache_reads", 0.0, "", "Reads a Q cache would serve (no later pass uses an old Q)"},
        {"kv_computed_without_cache", kv_total, "tok", "Token K/V computations if every pass recomputed its whole context"},
        {"kv_computed_with_cache", double(N), "tok", "Token K/V computations with a cache (once per position)"},
        {"recompute_factor", kv_total / double(N), "x", "Work the cache saves on K/V: without / with"},
        {"attention_pairs", double(N) * double(N + 1) / 2.0, "", "Query-key dot products (causal), the same with or without a cache"},
    };

    if (ctx.model != nullptr) {
      // What those counts mean in bytes for the loaded model at fp16 (the engine's default KV dtype).
      const ModelConfig& c = ctx.model->model->config();
      const double kv_bpt = 2.0 * c.n_layers * c.n_kv_heads * c.head_dim * 2.0;
      const double q_bpt = 1.0 * c.n_layers * c.n_heads * c.head_dim * 2.0;
      r.texts.push_back({"model", ctx.model->card.name.empty() ? "loaded model" : ctx.model->card.name});
      r.numbers.push_back({"model_kv_bytes_per_token", kv_bpt, "B", "Loaded model: K+V bytes per token (fp16, all layers)"});
      r.numbers.push_back({"model_q_bytes_per_token", q_bpt, "B", "Loaded model: Q bytes per token (fp16, all layers)"});
      r.numbers.push_back({"model_kv_cache_bytes", kv_bpt * double(N), "B", "Loaded model: KV cache at the end of the generation"});
      r.numbers.push_back({"model_kv_bytes_saved", kv_bpt * cache_reads, "B",
                           "Loaded model: K/V bytes later passes read instead of recomputing"});
      r.numbers.push_back({"model_q_cache_bytes_unused", q_bpt * double(N), "B",
                           "Loaded model: bytes a Q cache would hold and never read"});
    }

    Chart& ch = r.chart;
    ch.title = "K/V are needed again and again; each Q exactly once";
    ch.x_label = "position";
    ch.y_label = "passes that need it";
    Series kv{"K/V needed", {}}, q{"Q used", {}};
    // Bars with a label per position while they stay readable; lines (at most ~1000 points) beyond that.
    const bool bars = N <= 48;
    const long long stride = bars ? 1 : (N + 999) / 1000;
    for (long long j = 0; j < N; j += stride) {
      const double x = double(j);
      kv.points.push_back({x, double(kv_passes_for_position(j, P, G))});
      q.points.push_back({x, 1.0});
      if (bars) ch.categories.push_back((j < P ? "p" : "g") + std::to_string(j < P ? j : j - P + 1));
    }
    if (!bars && (N - 1) % stride != 0) {  // keep the last position so the line reaches the end
      kv.points.push_back({double(N - 1), double(kv_passes_for_position(N - 1, P, G))});
      q.points.push_back({double(N - 1), 1.0});
    }
    kv.bars = q.bars = bars;
    ch.series = {kv, q};
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_kv_reads_lesson() { return std::make_unique<KvReadsLesson>(); }

}  // namespace inferscope::lessons
