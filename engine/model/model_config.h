#pragma once
// Hyper-parameters of a supported decoder-only model (llama, qwen2, qwen3, gemma3), read from GGUF
// metadata and checked for consistency. Every "<arch>.*" key that could change the computation is
// either implemented here or refused by name: a model never runs silently wrong.
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/cpu/ops.h"

namespace inferscope::gguf { class GgufFile; }

namespace inferscope {

enum class FfnActivation { Silu, GeluTanh };  // gate activation of the gated feed-forward block

struct ModelConfig {
  std::string architecture;   // "llama" | "qwen2" | "qwen3" | "gemma3"
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

  // RoPE variants. rope_freq_scale multiplies every angle (linear scaling: 1 / rope.scaling.factor);
  // rope_freq_factors says the file carries rope_freqs.weight (Llama 3.x): rope_dims/2 divisors of the
  // per-dimension angles, bound by bind_weights.
  float rope_freq_scale = 1.0f;
  bool rope_freq_factors = false;

  // Layer structure beyond llama's.
  bool qk_norm = false;        // RMSNorm over each Q and K head before RoPE (qwen3, gemma3)
  bool post_norms = false;     // RMSNorm on the attention and FFN outputs before each residual (gemma3)
  float embd_scale = 1.0f;     // token embeddings are multiplied by this (gemma3: sqrt(n_embd))
  FfnActivation ffn_act = FfnActivation::Silu;
  float attn_scale = 0.0f;     // score scale; 1/sqrt(head_dim)

  // Sliding-window attention (gemma3): a layer with layer_swa[l] set attends to the last
  // sliding_window positions only (its own included) and rotates with rope_freq_base_swa.
  int sliding_window = 0;                 // 0: every layer attends to the whole context
  float rope_freq_base_swa = 10000.0f;
  std::vector<uint8_t> layer_swa;         // n_layers entries (empty: none)

  int q_dim() const { return n_heads * head_dim; }
  int kv_dim() const { return n_kv_heads * head_dim; }
  bool is_swa(int layer) const { return !layer_swa.empty() && layer_swa[size_t(layer)] != 0; }
  bool has_swa() const { return sliding_window > 0; }
  // The first feature of this config that the plain llama/qwen2 graph (the CUDA backend) does not
  // compute, or empty when there is none.
  std::string beyond_llama_graph() const;
};

// Reads "<arch>.*" keys; throws std::runtime_error naming a missing key, an unsupported architecture,
// an unimplemented key or value (e.g. rope.scaling.type 'yarn') or inconsistent values (e.g. heads not
// divisible by KV heads). Keys outside the general., tokenizer., quantize. and inferscope. namespaces
// and the architecture's own are refused too.
ModelConfig read_model_config(const gguf::GgufFile& file);

}  // namespace inferscope
