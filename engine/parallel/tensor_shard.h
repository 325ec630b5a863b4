#pragma once
// One virtual device's share of a model under tensor parallelism (Megatron-style): the column slices of
// Q/K/V (its query heads and their KV heads) and of gate/up (its share of the feed-forward width), and the
// matching row slices (input columns) of the output and down projections, in the weights' own type.
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/model/model_weights.h"
#include "engine/model/packed_weights.h"

namespace inferscope {

struct TensorShard {
  int device = 0;
  int head_begin = 0, n_heads = 0;        // query heads
  int kv_head_begin = 0, n_kv_heads = 0;  // KV heads
  int ff_begin = 0, n_ff = 0;             // feed-forward columns
  std::vector<LayerWeights> layers;       // the sliced projections; norms point at the model's
  PackedWeights packed;                   // the slices' fast-kernel copies (layers empty when none)
  std::vector<std::unique_ptr<uint8_t[]>> owned;  // the copied input-column slices of wo and w_down
};

// Device d of D's shard of weights (config's shapes). Slices along the output rows point into the model's
// weights; slices along the input columns are copied. Throws std::invalid_argument when D does not divide
// the KV heads or the feed-forward width, or an input-column cut falls inside a quantization block.
TensorShard make_tensor_shard(const ModelWeights& weights, const ModelConfig& config, int device, int devices);

}  // namespace inferscope
