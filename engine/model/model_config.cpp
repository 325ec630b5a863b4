#include "engine/model/model_config.h"

#include <stdexcept>

#include "engine/gguf/gguf_file.h"

namespace inferscope {

namespace {

int require_int(const gguf::GgufFile& f, const std::string& key, uint64_t max_value = 1u << 24) {
  const uint64_t v = f.require_u64(key);
  if (v == 0 || v > max_value)
    throw std::runtime_error("model metadata '" + key + "' = " + std::to_string(v) + " is out of range");
  return static_cast<int>(v);
}

}  // namespace

ModelConfig read_model_config(const gguf::GgufFile& f) {
  ModelConfig c;
  c.architecture = f.require_string("general.architecture");
  if (c.architecture != "llama" && c.architecture != "qwen2")
    throw std::runtime_error("unsupported architecture '" + c.architecture + "' (supported: llama, qwen2)");
  const std::string a = c.architecture + ".";
  c.name = f.get_string("general.name").value_or("");
  c.n_layers = require_int(f, a + "block_count", 4096);
  c.n_embd = require_int(f, a + "embedding_length");
  c.n_ff = require_int(f, a + "feed_forward_length");
  c.n_heads = require_int(f, a + "attention.head_count", 4096);
  c.n_kv_heads = f.find(a + "attention.head_count_kv") ? require_int(f, a + "attention.head_count_kv", 4096) : c.n_heads;
  c.context_length = require_int(f, a + "context_length", 1u << 24);
  if (c.n_embd % c.n_heads != 0)
    throw std::runtime_error("embedding length " + std::to_string(c.n_embd) + " is not divisible by " +
                             std::to_string(c.n_heads) + " heads");
  if (c.n_heads % c.n_kv_heads != 0)
    throw std::runtime_error(std::to_string(c.n_heads) + " attention heads are not divisible by " +
                             std::to_string(c.n_kv_heads) + " KV heads");
  c.head_dim = c.n_embd / c.n_heads;
  if (f.find(a + "attention.key_length")) c.head_dim = require_int(f, a + "attention.key_length", 4096);
  c.rope_dims = f.find(a + "rope.dimension_count") ? require_int(f, a + "rope.dimension_count", 4096) : c.head_dim;
  if (c.rope_dims > c.head_dim || c.rope_dims % 2 != 0)
    throw std::runtime_error("rope.dimension_count " + std::to_string(c.rope_dims) + " does not fit head dim " +
                             std::to_string(c.head_dim));
  c.rope_freq_base = static_cast<float>(f.get_f64(a + "rope.freq_base").value_or(10000.0));
  c.rms_eps = static_cast<float>(f.get_f64(a + "attention.layer_norm_rms_epsilon").value_or(1e-5));
  if (!(c.rope_freq_base > 0.0f)) throw std::runtime_error("rope.freq_base must be positive");
  if (!(c.rms_eps > 0.0f)) throw std::runtime_error("layer_norm_rms_epsilon must be positive");
  // GGUF llama weights are permuted by the converter so RoPE rotates adjacent pairs; qwen2 uses NeoX pairs.
  c.rope_style = c.architecture == "qwen2" ? kernels::RopeStyle::NeoX : kernels::RopeStyle::Normal;
  c.qkv_bias = c.architecture == "qwen2";
  return c;
}

}  // namespace inferscope
