// Lesson 13: FlashAttention's idea on a CPU. The naive kernel materializes each query's full score row
// (n_keys floats per query head) and walks K and V once per QUERY head; the tiled kernel keeps a running
// (online) softmax over 32-key tiles that stay in L1, walks K and V once per KV head, and shares each
// decoded tile among all the rows of a prefill chunk. Same mathematics, so the same output up to float
// rounding order. The bytes come from the kernels' own AttentionCounters (kernels/cpu/paged_attention.h)
// during one real prefill of the loaded model with each implementation.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/model_probe.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::lessons {

namespace {

constexpr int kLogitRows = 16;  // compare the logits of the last rows (the output head is the costly part)

class FlashAttentionLesson final : public Lesson {
 public:
  std::string id() const override { return "flash-attention"; }
  std::string title() const override { return "Naive vs tiled (FlashAttention-style) attention: same output, fewer bytes"; }
  std::string scenario() const override { return "attention_naive_vs_tiled.json"; }
  bool needs_model() const override { return true; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"prompt", "Prompt (tokens)", K::Int, 128, 1, 2048, {}, "",
         "Tokens of the built-in text run through the model in one prefill pass.", true},
        {"dtype", "KV dtype", K::Choice, 0, 0, 0, {"f16", "f32", "bf16", "fp8", "int8"}, "f16",
         "How the cache stores K and V (bytes per element)."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const LoadedModel& m = require_model(ctx, id());
    const ModelConfig& c = m.model->config();
    const int P = static_cast<int>(p.get_int("prompt"));
    if (P > c.context_length)
      throw LessonError("--prompt " + std::to_string(P) + " exceeds the model's context of " +
                        std::to_string(c.context_length));
    const KvDtype dtype = *kv_dtype_from_name(p.get_text("dtype"));
    const std::vector<int32_t> prompt = sample_tokens(m, P);
    const int n_logits = std::min(P, kLogitRows);
    auto pool = make_pool(ctx);

    struct Run {
      ForwardStats stats;
      std::vector<float> logits;
      double ms = 0;
    };
    auto run = [&](AttentionImpl impl) {
      Run out;
      SequenceProbe probe(m, P, pool.get(), dtype);
      const auto t0 = std::chrono::steady_clock::now();
      probe.append(prompt, n_logits, impl, &out.stats);
      out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      out.logits = probe.logits();
      check_cancel(ctx, id());
      return out;
    };
    const Run naive = run(AttentionImpl::Naive);
    const Run tiled = run(AttentionImpl::Tiled);
    // The kernels sum in different orders, so their outputs differ by float rounding; a deep model
    // amplifies that layer after layer (on SmolLM2 even storing K/V as F16 instead of F32 moves the final
    // logits by more than this). Through the first layer alone the difference is the kernels' own.
    auto first_layer = [&](AttentionImpl impl) {
      SequenceProbe probe(m, P, pool.get(), dtype);
      probe.append(prompt, n_logits, impl, nullptr, 1);
      return probe.logits();
    };
    const double layer1_diff = max_abs_diff(first_layer(AttentionImpl::Naive),
                                            first_layer(AttentionImpl::Tiled));
    int same_top = 0;
    const int V = c.n_vocab;
    for (int row = 0; row < n_logits; ++row) {
      const auto nb = naive.logits.begin() + size_t(row) * V, tb = tiled.logits.begin() + size_t(row) * V;
      same_top += std::max_element(nb, nb + V) - nb == std::max_element(tb, tb + V) - tb;
    }
    double max_logit = 0;
    for (const float x : tiled.logits) max_logit = std::max(max_logit, double(std::fabs(x)));
    const double nkv = double(naive.stats.attention.kv_bytes_read), tkv = double(tiled.stats.attention.kv_bytes_read);
    const double nsc = double(naive.stats.attention.score_bytes_written);
    const double tsc = double(tiled.stats.attention.score_bytes_written);

    LessonResult r;
    r.texts.push_back({"source", "Bytes counted by the attention kernels themselves (AttentionCounters) during one "
                                 "prefill pass of the loaded model per implementation."});
    r.texts.push_back({"rounding", "The two kernels add in different orders; the tiny differences grow through the "
                                   "layers, so compare the first-layer difference and the top tokens too."});
    r.numbers = {
        {"prompt_tokens", double(P), "tok", "Prompt tokens (one prefill pass)"},
        {"logit_rows_compared", double(n_logits), "", "Logit rows compared (the last ones)"},
        {"max_abs_logit_diff", max_abs_diff(naive.logits, tiled.logits), "", "Naive vs tiled: max |logit difference|"},
        {"max_abs_logit", max_logit, "", "Largest |logit| (for scale)"},
        {"same_top_token_rows", double(same_top), "", "Rows whose most likely next token is the same"},
        {"first_layer_max_abs_logit_diff", layer1_diff, "",
         "Naive vs tiled through the first layer only: max |logit difference|"},
        {"naive_kv_bytes_read", nkv, "B", "Naive: K/V bytes read"},
        {"tiled_kv_bytes_read", tkv, "B", "Tiled: K/V bytes read"},
        {"kv_read_ratio", tkv > 0 ? nkv / tkv : 0.0, "x", "K/V bytes read, naive / tiled"},
        {"naive_score_bytes_written", nsc, "B", "Naive: score bytes written"},
        {"tiled_score_bytes_written", tsc, "B", "Tiled: score bytes written"},
        {"score_bytes_saved", nsc - tsc, "B", "Score bytes the tiled kernel never writes"},
        {"naive_ms", naive.ms, "ms", "Naive: prefill wall time"},
        {"tiled_ms", tiled.ms, "ms", "Tiled: prefill wall time"},
    };

    Chart& ch = r.chart;
    ch.title = "Attention memory traffic for a " + std::to_string(P) + "-token prefill";
    ch.x_label = "";
    ch.y_label = "MB";
    ch.categories = {"K/V bytes read", "score bytes written"};
    ch.series = {{"naive", {{0, nkv / 1e6}, {1, nsc / 1e6}}, false, true},
                 {"tiled", {{0, tkv / 1e6}, {1, tsc / 1e6}}, false, true}};
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_flash_attention_lesson() { return std::make_unique<FlashAttentionLesson>(); }

}  // namespace inferscope::lessons
