#pragma once
// Closed-form work of one token through the model, for rooflines: the bytes of weights a forward
// pass reads and the floating-point operations it performs.
#include <cstdint>

namespace inferscope {

class LlamaModel;

struct ModelCost {
  double layer_weight_bytes = 0;   // every projection and norm of every layer, as stored
  double output_weight_bytes = 0;  // output norm + output head (the embedding matrix when tied)
  double layer_flops = 0;          // 2 x (multiply-adds of the projections) per token
  double output_flops = 0;         // 2 x n_vocab x n_embd: the head, for a row whose logits are wanted
  int n_layers = 0, n_heads = 0, head_dim = 0;

  // Bytes one forward pass reads from the weights (once per pass, whatever the batch size; the
  // embedding row lookup is negligible and left out).
  double weight_bytes_per_pass() const { return layer_weight_bytes + output_weight_bytes; }
  // Attention flops of one query attending to n_keys keys: QK^T and PV, 2 flops per multiply-add.
  double attention_flops(double n_keys) const { return 4.0 * n_layers * n_heads * head_dim * n_keys; }
};

ModelCost model_cost(const LlamaModel& model);

}  // namespace inferscope
