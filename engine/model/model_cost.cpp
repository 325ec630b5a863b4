#include "engine/model/model_cost.h"

#include "engine/model/llama_model.h"

namespace inferscope {

ModelCost model_cost(const LlamaModel& model) {
  const ModelConfig& c = model.config();
  const ModelWeights& w = model.weights();
  ModelCost cost;
  cost.n_layers = c.n_layers;
  cost.n_heads = c.n_heads;
  cost.head_dim = c.head_dim;
  auto matrix = [&](const WeightRef& r) {
    if (!r) return;
    cost.layer_weight_bytes += double(r.n_bytes);
    if (r.n_out > 1) cost.layer_flops += 2.0 * double(r.n_in) * double(r.n_out);
  };
  for (const LayerWeights& L : w.layers)
    for (const WeightRef* r : {&L.attn_norm, &L.wq, &L.wk, &L.wv, &L.wo, &L.bq, &L.bk, &L.bv, &L.ffn_norm, &L.w_gate,
                               &L.w_up, &L.w_down})
      matrix(*r);
  cost.output_weight_bytes = double(w.output.n_bytes + w.output_norm.n_bytes);
  cost.output_flops = 2.0 * double(w.output.n_in) * double(w.output.n_out);
  return cost;
}

}  // namespace inferscope
