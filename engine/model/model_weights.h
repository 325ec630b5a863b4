#pragma once
// Typed views of a model's tensors inside the memory-mapped GGUF file, checked against the config.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/model/model_config.h"
#include "kernels/cpu/ggml_type.h"

namespace inferscope::gguf { class GgufFile; }

namespace inferscope {

// A 2-D weight [rows = n_out][cols = n_in] (GGUF ne = [n_in, n_out]) or a 1-D vector (rows = 1).
struct WeightRef {
  std::string name;
  kernels::GgmlType type = kernels::GgmlType::F32;
  int64_t n_in = 0;
  int64_t n_out = 1;
  const void* data = nullptr;
  size_t n_bytes = 0;
  explicit operator bool() const { return data != nullptr; }
};

struct LayerWeights {
  WeightRef attn_norm, wq, wk, wv, wo, bq, bk, bv;
  WeightRef ffn_norm, w_gate, w_up, w_down;
  WeightRef q_norm, k_norm;                 // head_dim each, when config.qk_norm
  WeightRef post_attn_norm, post_ffn_norm;  // n_embd each, when config.post_norms
};

struct ModelWeights {
  WeightRef token_embd;
  WeightRef output_norm;
  WeightRef output;       // == token_embd when the model ties them
  bool tied_output = false;
  WeightRef rope_freqs;   // rope_dims/2 angle divisors, when config.rope_freq_factors
  std::vector<LayerWeights> layers;
};

// Binds every tensor the config needs. Throws std::runtime_error naming a missing tensor, a shape that
// does not match the config, a tensor type we cannot run, or a tensor the file carries that the
// architecture's graph does not use (it may change the computation). Sets config.n_vocab from
// token_embd and config.rope_freq_factors when the file has rope_freqs.weight (llama only).
ModelWeights bind_weights(const gguf::GgufFile& file, ModelConfig& config);

}  // namespace inferscope
