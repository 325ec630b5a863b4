// Lesson 12: mixture of experts. Every layer's FFN becomes many experts and a router sends each token to
// a few of them, so the weights held in memory (total) far exceed the weights one token passes through
// (active). The counts are summed from the models' published config.json fields, matrix by matrix.
//
// What the sums give (checked by tests/engine/tst_lessons_formulas.cpp):
//   Mixtral-8x7B: 46.70B total, 12.88B active; the model card says 46.7B / 12.9B.
//   DeepSeek-V3:  671.03B total, 37.55B active (main model, without the 14B multi-token-prediction
//                 module); the model card says 671B / 37B. "Active" counts the embedding table whole, as
//                 Mixtral's 12.9B does; without it DeepSeek-V3 activates 36.63B, so the published "37B"
//                 is a rounding of either convention.
#include <string>
#include <vector>

#include "engine/lessons/lesson_factories.h"

namespace inferscope::lessons {

namespace {

// The config.json fields the counts need. Attention is GQA (q/k/v/o projections) or, with mla, DeepSeek's
// multi-head latent attention (low-rank q and kv projections with their own RMSNorms).
struct MoeArch {
  std::string id, name;
  double layers, hidden, heads, vocab;
  double kv_heads = 0, head_dim = 0;                                       // GQA
  bool mla = false;
  double q_lora = 0, kv_lora = 0, qk_nope = 0, qk_rope = 0, v_head = 0;  // MLA
  double dense_layers = 0, dense_inter = 0;                                // leading layers with a plain FFN
  double experts = 0, expert_inter = 0, shared_experts = 0, top_k = 0;
  bool router_bias = false;  // DeepSeek-V3's e_score_correction_bias, one per expert
  bool tied = false;         // lm_head shares the embedding table
  double published_total = 0, published_active = 0;
};

const std::vector<MoeArch>& moe_models() {
  // mistralai/Mixtral-8x7B-v0.1 and deepseek-ai/DeepSeek-V3 config.json; totals from their model cards.
  static const std::vector<MoeArch> models = [] {
    MoeArch mixtral{"mixtral-8x7b", "Mixtral-8x7B", 32, 4096, 32, 32000};
    mixtral.kv_heads = 8, mixtral.head_dim = 128;
    mixtral.experts = 8, mixtral.expert_inter = 14336, mixtral.top_k = 2;
    mixtral.published_total = 46.7e9, mixtral.published_active = 12.9e9;

    MoeArch ds{"deepseek-v3", "DeepSeek-V3", 61, 7168, 128, 129280};
    ds.mla = true;
    ds.q_lora = 1536, ds.kv_lora = 512, ds.qk_nope = 128, ds.qk_rope = 64, ds.v_head = 128;
    ds.dense_layers = 3, ds.dense_inter = 18432;  // first_k_dense_replace, intermediate_size
    ds.experts = 256, ds.expert_inter = 2048, ds.shared_experts = 1, ds.top_k = 8;
    ds.router_bias = true;
    ds.published_total = 671e9, ds.published_active = 37e9;
    return std::vector<MoeArch>{mixtral, ds};
  }();
  return models;
}

struct Component {
  std::string key, label;
  double total = 0, active = 0;
};

std::vector<Component> count(const MoeArch& m) {
  const double H = m.hidden;
  const double moe_layers = m.layers - m.dense_layers;
  const double expert = 3 * H * m.expert_inter;  // gate, up and down projections of one expert
  double attn = 0, attn_norms = 0;
  if (m.mla) {
    attn = H * m.q_lora                                     // q_a_proj
           + m.q_lora * m.heads * (m.qk_nope + m.qk_rope)  // q_b_proj
           + H * (m.kv_lora + m.qk_rope)                   // kv_a_proj_with_mqa (latent + shared rope key)
           + m.kv_lora * m.heads * (m.qk_nope + m.v_head)  // kv_b_proj
           + m.heads * m.v_head * H;                       // o_proj
    attn_norms = m.q_lora + m.kv_lora;                      // q_a_layernorm, kv_a_layernorm
  } else {
    attn = 2 * H * m.heads * m.head_dim + 2 * H * m.kv_heads * m.head_dim;  // q, o and k, v
  }
  const double norms = m.layers * (2 * H + attn_norms) + H;  // two RMSNorms per layer, MLA's, the final one
  const double router = moe_layers * (H * m.experts + (m.router_bias ? m.experts : 0));
  const double embed = m.vocab * H;
  return {
      {"embedding", "token embedding", embed, embed},
      {"attention", "attention", m.layers * attn, m.layers * attn},
      {"norms", "norms", norms, norms},
      {"router", "routers", router, router},
      {"dense_ffn", "dense FFN layers", m.dense_layers * 3 * H * m.dense_inter, m.dense_layers * 3 * H * m.dense_inter},
      {"routed_experts", "routed experts", moe_layers * m.experts * expert, moe_layers * m.top_k * expert},
      {"shared_experts", "shared experts", moe_layers * m.shared_experts * expert, moe_layers * m.shared_experts * expert},
      {"lm_head", "output head", m.tied ? 0 : embed, m.tied ? 0 : embed},
  };
}

class MoeLesson final : public Lesson {
 public:
  std::string id() const override { return "moe"; }
  std::string title() const override { return "Mixture of experts: total vs active parameters"; }

  std::vector<ParamSpec> params() const override {
    std::vector<std::string> ids;
    for (const MoeArch& m : moe_models()) ids.push_back(m.id);
    return {{"model", "Model", ParamSpec::Kind::Choice, 0, 0, 0, ids, "mixtral-8x7b",
             "A published mixture-of-experts model, counted from its config.json."}};
  }

  LessonResult compute(const Params& p, const LessonContext&) const override {
    const MoeArch* m = nullptr;
    for (const MoeArch& a : moe_models()) {
      if (a.id == p.get_text("model")) m = &a;
    }
    const std::vector<Component> parts = count(*m);  // Params has already checked the choice
    double total = 0, active = 0;
    for (const Component& c : parts) total += c.total, active += c.active;
    const double embed = parts.front().total;

    LessonResult r;
    r.texts.push_back({"model", m->name});
    r.numbers = {
        {"total_params", total, "", "Total parameters (held in memory)"},
        {"active_params", active, "", "Active parameters per token (embedding table counted whole)"},
        {"active_fraction", active / total, "", "Active / total"},
        {"active_params_without_embedding", active - embed, "", "Active per token without the embedding table (a lookup reads one row)"},
        {"published_total_params", m->published_total, "", "Total on the model card"},
        {"published_active_params", m->published_active, "", "Active on the model card"},
        {"total_bytes_bf16", 2 * total, "B", "Weights at bf16 (what memory must hold)"},
        {"active_bytes_bf16", 2 * active, "B", "Weights at bf16 one token passes through"},
    };
    Chart& ch = r.chart;
    ch.title = m->name + ": total vs active parameters by component";
    ch.x_label = "component";
    ch.y_label = "parameters (billions)";
    ch.log_y = true;  // norms are millions, experts hundreds of billions
    Series s_total{"total", {}}, s_active{"active per token", {}};
    s_total.bars = s_active.bars = true;
    for (const Component& c : parts) {
      r.numbers.push_back({c.key + "_total", c.total, "", c.label + ": total"});
      r.numbers.push_back({c.key + "_active", c.active, "", c.label + ": active per token"});
      if (c.total == 0) continue;  // a component the model does not have (Mixtral has no dense FFN)
      const double x = double(ch.categories.size());
      ch.categories.push_back(c.label);
      s_total.points.push_back({x, c.total / 1e9});
      s_active.points.push_back({x, c.active / 1e9});
    }
    ch.series = {s_total, s_active};
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_moe_lesson() { return std::make_unique<MoeLesson>(); }

}  // namespace inferscope::lessons
