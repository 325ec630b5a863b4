#pragma once
// Hyper-parameters of a llama-family model, read from GGUF metadata and checked for consistency.
#include <cstdint>
#include <string>

#include "kernels/cpu/ops.h"

namespace inferscope::gguf { class GgufFile; }

namespace inferscope {

struct ModelConfig {
  std::string architecture;   // "llama" | "qwen2"
  std::string name;           // general.name (may be empty)
  int n_layers = 0;
  int n_embd = 0;
  int n_heads = 0;
  int n_kv_heads = 0;
  int head_dim = 0;
  int n_ff = 0;
  int n_vocab = 0;
  int context_length = 0;
  int rope_dims = 0;
  float rope_freq_base = 10000.0f;
  float rms_eps = 1e-5f;
  kernels::RopeStyle rope_style = kernels::RopeStyle::Normal;
  bool qkv_bias = false;      // qwen2 has biases on Q, K and V

  int q_dim() const { return n_heads * head_dim; }
  int kv_dim() const { return n_kv_heads * head_dim; }
};

// Reads "<arch>.*" keys; throws std::runtime_error naming a missing key, an unsupported architecture
// or inconsistent values (e.g. heads not divisible by KV heads).
ModelConfig read_model_config(const gguf::GgufFile& file);

}  // namespace inferscope
