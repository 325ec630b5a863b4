// Lesson 6: why only a shared PREFIX can reuse cached K/V across requests. A deep layer's K of a token
// depends on the token, its position (RoPE) and, through the earlier layers' attention, on every token
// before it. Three comparisons on the loaded model, per position, of the chosen layer's K:
//   (a) A vs B, same prefix then different words: identical (bit for bit) on the shared prefix, different
//       from the first differing token on;
//   (b) A vs A shifted by two positions (its first two tokens repeated in front): different everywhere,
//       even at layer 0 where K depends only on the token and its position, so position alone suffices;
//   (c) A vs A with another first token: the same later tokens at the same positions still differ.
// Then the serving engine with prefix caching: A, then B; B's prefix hit is the shared FULL blocks.
#include <algorithm>
#include <cmath>

#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/model_probe.h"
#include "engine/llm_engine.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::lessons {

namespace {

constexpr int kMaxTokens = 256;

// ||a - b|| / ||b|| in percent (0 when both are zero).
double rel_diff_pct(const std::vector<float>& a, const std::vector<float>& b) {
  double num = 0, den = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    num += (double(a[i]) - b[i]) * (double(a[i]) - b[i]);
    den += double(b[i]) * b[i];
  }
  return den > 0 ? 100.0 * std::sqrt(num / den) : (num > 0 ? 100.0 : 0.0);
}

class PrefixReuseLesson final : public Lesson {
 public:
  std::string id() const override { return "prefix-reuse"; }
  std::string title() const override { return "Prefix reuse: only an identical prefix has identical K/V"; }
  bool needs_model() const override { return true; }
  std::string scenario() const override { return "prefix_caching.json"; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"text-a", "Prompt A", K::Text, 0, 0, 0, {},
         "You are a friendly tutor for a school science class. Answer in one short and clear sentence. "
         "Question: why is the sky blue?",
         "The first prompt."},
        {"text-b", "Prompt B", K::Text, 0, 0, 0, {},
         "You are a friendly tutor for a school science class. Answer in one short and clear sentence. "
         "Question: how do plants make their food?",
         "The second prompt; it shares a prefix with A."},
        {"layer", "Layer", K::Int, -1, -1, 255, {}, "", "Layer whose K is compared (-1 = the last, deepest layer).", false, "layers"},
        {"block-size", "KV block size (tokens)", K::Int, 16, 1, 256, {}, "",
         "Block size of the engine run; the prefix cache reuses whole blocks only."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const LoadedModel& m = require_model(ctx, id());
    const ModelConfig& c = m.model->config();
    int layer = static_cast<int>(p.get_int("layer"));
    if (layer < 0) layer = c.n_layers - 1;
    if (layer >= c.n_layers)
      throw LessonError("--layer " + std::to_string(layer) + " is outside 0.." + std::to_string(c.n_layers - 1) +
                        " for this model");
    const std::vector<int32_t> a = encode_text(m, p.get_text("text-a"), "text-a", kMaxTokens);
    const std::vector<int32_t> b = encode_text(m, p.get_text("text-b"), "text-b", kMaxTokens);
    // The first token that is text (a BOS the tokenizer adds is the same for every prompt).
    const int first = (m.tokenizer->bos() >= 0 && a.front() == m.tokenizer->bos()) ? 1 : 0;
    if (int(a.size()) < first + 3) throw LessonError("--text-a: give at least 3 tokens of text");
    if (a == b) throw LessonError("--text-b: must differ from --text-a");
    int shared = 0;
    while (shared < int(std::min(a.size(), b.size())) && a[size_t(shared)] == b[size_t(shared)]) ++shared;

    // (b) A with its first two tokens repeated in front: every token of A sits 2 positions later.
    std::vector<int32_t> shifted(a.begin(), a.begin() + first);
    shifted.push_back(a[size_t(first)]);
    shifted.push_back(a[size_t(first) + 1]);
    shifted.insert(shifted.end(), a.begin() + first, a.end());
    // (c) A with another first token (the first token of the built-in text that differs).
    std::vector<int32_t> other = a;
    for (const int32_t t : sample_tokens(m, 64))
      if (t != a[size_t(first)] && t != m.tokenizer->bos()) {
        other[size_t(first)] = t;
        break;
      }

    auto pool = make_pool(ctx);
    auto run = [&](const std::vector<int32_t>& ids) {
      auto pr = std::make_unique<SequenceProbe>(m, int(ids.size()), pool.get());
      pr->append(ids);
      check_cancel(ctx, id());
      return pr;
    };
    auto pa = run(a), pb = run(b), ps = run(shifted), po = run(other);

    LessonResult r;
    Chart& ch = r.chart;
    ch.title = "How much layer " + std::to_string(layer) + "'s K differs from prompt A's, per position";
    ch.x_label = "position in prompt A";
    ch.y_label = "relative K difference (%)";
    Series sab{"A vs B (shared prefix of " + std::to_string(shared) + " tokens)", {}};
    Series ssh{"A vs A shifted by 2 positions", {}}, sot{"A vs A with another first token", {}};

    // (a) Bit-identical on the shared prefix, at every layer; different from the first differing token.
    double shared_max = 0;
    for (int l = 0; l < c.n_layers; ++l)
      for (int j = 0; j < shared; ++j) shared_max = std::max(shared_max, max_abs_diff(pa->key(l, j), pb->key(l, j)));
    const int overlap = int(std::min(a.size(), b.size()));
    double after_min = 1e300, first_div = 0;
    for (int j = 0; j < overlap; ++j) {
      const double d = rel_diff_pct(pb->key(layer, j), pa->key(layer, j));
      sab.points.push_back({double(j), d});
      if (j == shared) first_div = d;
      if (j >= shared) after_min = std::min(after_min, d);
    }
    if (shared >= overlap) after_min = 0;  // B is A's prefix (or the reverse): nothing after to compare

    // (b) Same tokens, positions + 2: at the chosen layer and at layer 0 (position is the only change).
    double sh_min = 1e300, sh_sum = 0, sh0_min = 1e300;
    for (int j = first; j < int(a.size()); ++j) {
      const double d = rel_diff_pct(ps->key(layer, j + 2), pa->key(layer, j));
      ssh.points.push_back({double(j), d});
      sh_min = std::min(sh_min, d), sh_sum += d;
      sh0_min = std::min(sh0_min, rel_diff_pct(ps->key(0, j + 2), pa->key(0, j)));
    }
    // (c) Another first token: every later position differs at the deep layer.
    double ot_min = 1e300;
    for (int j = first; j < int(a.size()); ++j) {
      const double d = rel_diff_pct(po->key(layer, j), pa->key(layer, j));
      sot.points.push_back({double(j), d});
      if (j > first) ot_min = std::min(ot_min, d);
    }
    ch.series = {sab, ssh, sot};

    // The engine: prefix caching on, A then B; B reuses the full blocks of the shared prefix.
    EngineConfig ec;
    ec.threads = ctx.threads;
    ec.prefix_caching = true;
    ec.block_size = static_cast<int>(p.get_int("block-size"));
    ec.sched.max_num_seqs = 1;
    ec.sched.max_num_batched_tokens = std::max<int>(16, int(std::max(a.size(), b.size())));
    reserve_kv_tokens(ec, m, 4 * (a.size() + b.size() + 2 * size_t(ec.block_size)));
    LLMEngine engine(ctx.model, ec);
    auto serve = [&](const std::vector<int32_t>& ids) {
      Request q;
      q.prompt_ids = ids;
      q.params.max_tokens = 1;
      q.params.ignore_eos = true;
      const int64_t rid = engine.submit(q);
      int64_t hits = 0;
      while (engine.has_unfinished()) {
        check_cancel(ctx, id());
        const StepResult s = engine.step();
        if (!s.ran) break;
        hits += s.metrics.prefix_hit_tokens;
      }
      if (engine.request_info(rid).state != RequestState::Finished)
        throw LessonError("the engine could not run a prompt: " + engine.request_info(rid).error);
      return hits;
    };
    serve(a);
    const int64_t hit_b = serve(b);
    const int bs = ec.block_size;
    // Whole shared blocks, but never the prompt's last token (it must be computed to get logits).
    const int expected_hit = std::min(shared, int(b.size()) - 1) / bs * bs;

    r.texts.push_back({"shifted", "A with its first two tokens repeated in front"});
    r.numbers = {
        {"tokens_a", double(a.size()), "tok", "Prompt A tokens"},
        {"tokens_b", double(b.size()), "tok", "Prompt B tokens"},
        {"layer", double(layer), "", "Layer compared"},
        {"shared_prefix_tokens", double(shared), "tok", "Tokens A and B share from the start"},
        {"shared_prefix_max_diff", shared_max, "", "A vs B on the shared prefix: max |K difference|, all layers"},
        {"first_divergent_diff_pct", first_div, "%", "A vs B at the first differing token"},
        {"after_prefix_min_diff_pct", after_min, "%", "A vs B after the prefix: smallest difference"},
        {"shifted_min_diff_pct", sh_min, "%", "Shifted by 2: smallest difference"},
        {"shifted_mean_diff_pct", sh_sum / double(a.size() - first), "%", "Shifted by 2: mean difference"},
        {"shifted_layer0_min_diff_pct", sh0_min, "%", "Shifted by 2, layer 0 (position only): smallest difference"},
        {"other_first_min_diff_pct", ot_min, "%", "Another first token: smallest difference after it"},
        {"block_size", double(bs), "tok", "Engine KV block size"},
        {"engine_prefix_hit_tokens", double(hit_b), "tok", "Engine: B's prompt tokens served from the prefix cache"},
        {"expected_prefix_hit_tokens", double(expected_hit), "tok", "Whole shared blocks (the last prompt token excluded)"},
    };
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_prefix_reuse_lesson() { return std::make_unique<PrefixReuseLesson>(); }

}  // namespace inferscope::lessons
