// Lesson 4: attention is a lookup. Each token's query (Q) is compared with the keys (K) of itself and
// every earlier token; softmax turns the scores into weights that sum to 1, and the output is the
// weighted sum of the values (V). Here Q comes from the model's own pass (the ForwardStats Q probe, after
// RoPE) and K from the paged cache the pass wrote (decoded back with kv_decode), for one layer and query
// head of the loaded model:  w[i][j] = softmax_j( q_i . k_j / sqrt(head_dim) ),  j <= i.
// Grouped-query attention: query head h reads KV head h / (heads / kv_heads).
// Causality, checked rather than assumed: the prefix run alone writes bit-identical K and V for its
// tokens, because no earlier token ever looks at a later one; that is why K/V can be cached at all.
#include <algorithm>
#include <cmath>

#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/model_probe.h"
#include "engine/model/loaded_model.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::lessons {

namespace {

constexpr int kMaxTokens = 64;  // a matrix the GUI can label and a reader can follow

class QkvLookupLesson final : public Lesson {
 public:
  std::string id() const override { return "qkv-lookup"; }
  std::string title() const override { return "Q, K, V: attention as a lookup"; }
  std::string scenario() const override { return "attention_naive_vs_tiled.json"; }
  bool needs_model() const override { return true; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"text", "Sentence", K::Text, 0, 0, 0, {}, "The cat sat on the mat because it was tired.",
         "The sentence whose attention weights are shown (at most 64 tokens)."},
        {"layer", "Layer", K::Int, 0, 0, 255, {}, "", "Transformer layer (0 = first).", false, "layers"},
        {"head", "Query head", K::Int, 0, 0, 255, {}, "", "Query head within the layer.", false, "heads"},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const LoadedModel& m = require_model(ctx, id());
    const ModelConfig& c = m.model->config();
    const int layer = static_cast<int>(p.get_int("layer")), head = static_cast<int>(p.get_int("head"));
    if (layer >= c.n_layers)
      throw LessonError("--layer " + std::to_string(layer) + " is outside 0.." + std::to_string(c.n_layers - 1) +
                        " for this model");
    if (head >= c.n_heads)
      throw LessonError("--head " + std::to_string(head) + " is outside 0.." + std::to_string(c.n_heads - 1) +
                        " for this model");
    const std::vector<int32_t> ids = encode_text(m, p.get_text("text"), "text", kMaxTokens);
    const int T = static_cast<int>(ids.size());
    const int group = c.n_heads / c.n_kv_heads, kv_head = head / group, D = c.head_dim;

    auto pool = make_pool(ctx);
    SequenceProbe full(m, T, pool.get());
    std::vector<float> q;
    ForwardStats stats;
    stats.q_layer = layer;
    stats.q_out = &q;
    full.append(ids, 1, AttentionImpl::Tiled, &stats);
    check_cancel(ctx, id());

    // Weights from the captured Q and the cached K.
    std::vector<std::vector<float>> keys(static_cast<size_t>(T));
    for (int j = 0; j < T; ++j) keys[size_t(j)] = full.key(layer, j);
    const double scale = 1.0 / std::sqrt(double(D));
    // A sliding-window layer (Gemma 3's local ones) sees only its last `window` keys, itself included.
    const int window = c.is_swa(layer) ? c.sliding_window : 0;
    auto first_key = [&](int i) { return window > 0 ? std::max(0, i - window + 1) : 0; };
    LessonResult::Matrix mat;
    mat.name = "attention weights (layer " + std::to_string(layer) + ", head " + std::to_string(head) + ")";
    double row_sum_err = 0;
    for (int i = 0; i < T; ++i) {
      const float* qi = &q[size_t(i) * c.q_dim() + size_t(head) * D];
      std::vector<double> s(size_t(i) + 1, 0.0);
      double mx = -1e300;
      for (int j = first_key(i); j <= i; ++j) {
        const float* kj = &keys[size_t(j)][size_t(kv_head) * D];
        double dot = 0;
        for (int d = 0; d < D; ++d) dot += double(qi[d]) * double(kj[d]);
        s[size_t(j)] = dot * scale;
        mx = std::max(mx, s[size_t(j)]);
      }
      double sum = 0;
      for (int j = first_key(i); j <= i; ++j) sum += (s[size_t(j)] = std::exp(s[size_t(j)] - mx));
      std::vector<double> row(size_t(T), 0.0);  // keys after the query (or before its window) stay 0
      double check = 0;
      for (int j = first_key(i); j <= i; ++j) check += (row[size_t(j)] = s[size_t(j)] / sum);
      row_sum_err = std::max(row_sum_err, std::fabs(check - 1.0));
      mat.rows.push_back(std::move(row));
    }
    for (int j = 0; j < T; ++j) mat.row_labels.push_back(token_label(m, ids[size_t(j)]));
    mat.col_labels = mat.row_labels;

    // The last query's lookup: where it looks and how spread out it is.
    const std::vector<double>& last = mat.rows.back();
    const int argmax = static_cast<int>(std::max_element(last.begin(), last.end()) - last.begin());
    double entropy = 0;
    for (const double w : last)
      if (w > 0) entropy -= w * std::log2(w);

    // Causality: the first half of the sentence alone gives bit-identical K and V on every layer.
    const int prefix = std::max(1, T / 2);
    SequenceProbe alone(m, prefix, pool.get());
    alone.append(std::vector<int32_t>(ids.begin(), ids.begin() + prefix));
    double causal = 0;
    for (int l = 0; l < c.n_layers; ++l) {
      check_cancel(ctx, id());
      for (int j = 0; j < prefix; ++j) {
        causal = std::max(causal, max_abs_diff(alone.key(l, j), full.key(l, j)));
        causal = std::max(causal, max_abs_diff(alone.value(l, j), full.value(l, j)));
      }
    }

    LessonResult r;
    r.texts.push_back({"token_pieces", [&] {
                         std::string s;
                         for (const auto& l : mat.row_labels) s += (s.empty() ? "" : " | ") + l;
                         return s;
                       }()});
    r.texts.push_back({"last_query_top_token", mat.col_labels[size_t(argmax)]});
    r.numbers = {
        {"tokens", double(T), "tok", "Tokens in the sentence"},
        {"layer", double(layer), "", "Layer"},
        {"head", double(head), "", "Query head"},
        {"kv_head", double(kv_head), "", "KV head it reads (grouped-query attention)"},
        {"head_dim", double(D), "", "Head size"},
        {"last_query_max_weight", last[size_t(argmax)], "", "Last token: largest attention weight"},
        {"last_query_argmax", double(argmax), "", "Last token: position it attends to most"},
        {"last_query_entropy_bits", entropy, "bit", "Last token: entropy of its weights"},
        {"uniform_entropy_bits", std::log2(double(T)), "bit", "Entropy if it looked at every token equally"},
        {"row_sum_max_error", row_sum_err, "", "Largest |sum of a row's weights - 1|"},
        {"causal_prefix_tokens", double(prefix), "tok", "Prefix run alone for the causality check"},
        {"causal_max_diff", causal, "", "Prefix alone vs in the sentence: max |K or V difference| (0 = identical)"},
    };
    r.matrices.push_back(mat);

    Chart& ch = r.chart;
    ch.title = "What the last token looks up (layer " + std::to_string(layer) + ", head " + std::to_string(head) + ")";
    ch.x_label = "key (earlier token)";
    ch.y_label = "attention weight";
    ch.categories = mat.col_labels;
    Series s{"weights of the last query (sum = 1)", {}, false, true};
    for (int j = 0; j < T; ++j) s.points.push_back({double(j), last[size_t(j)]});
    ch.series.push_back(s);
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_qkv_lookup_lesson() { return std::make_unique<QkvLookupLesson>(); }

}  // namespace inferscope::lessons
