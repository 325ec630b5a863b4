#include "engine/model/model_config.h"

#include <cmath>
#include <set>
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

[[noreturn]] void refuse(const std::string& key, const std::string& why) {
  throw std::runtime_error("model metadata '" + key + "' " + why + "; InferScope does not implement it");
}

// Keys of the architecture's namespace that InferScope reads (or checks to hold their neutral value).
const std::set<std::string>& common_keys() {
  static const std::set<std::string> k{
      "context_length", "embedding_length", "block_count", "feed_forward_length", "vocab_size",
      "attention.head_count", "attention.head_count_kv", "attention.layer_norm_rms_epsilon",
      "attention.key_length", "attention.value_length", "rope.dimension_count", "rope.freq_base",
      "rope.scaling.type", "rope.scaling.factor", "rope.scale_linear", "rope.scaling.attn_factor",
      "rope.scaling.original_context_length", "rope.scaling.finetuned", "expert_count", "expert_used_count"};
  return k;
}

const std::set<std::string>& gemma3_keys() {
  static const std::set<std::string> k{"attention.sliding_window", "attention.sliding_window_pattern",
                                       "rope.freq_base_swa", "final_logit_softcapping", "attn_logit_softcapping"};
  return k;
}

// Every metadata key either belongs to a namespace that never changes the arithmetic (file
// description, tokenizer, quantizer notes, our own export notes) or is one this reader knows.
void check_keys(const gguf::GgufFile& f, const std::string& arch) {
  const std::string prefix = arch + ".";
  for (const gguf::KeyValue& kv : f.metadata()) {
    const std::string& key = kv.key;
    if (key.rfind("general.", 0) == 0 || key.rfind("tokenizer.", 0) == 0 || key.rfind("quantize.", 0) == 0 ||
        key.rfind("inferscope.", 0) == 0)
      continue;
    if (key.rfind(prefix, 0) == 0) {
      const std::string rest = key.substr(prefix.size());
      if (common_keys().count(rest) || (arch == "gemma3" && gemma3_keys().count(rest))) continue;
    }
    refuse(key, "is not understood and may change the computation");
  }
}

// Linear scaling divides positions by the factor; any other kind of scaling is refused by name.
float read_rope_scale(const gguf::GgufFile& f, const std::string& a) {
  const std::string type_key = a + "rope.scaling.type";
  const std::string type = f.get_string(type_key).value_or("");
  double factor = 0.0;
  std::string factor_key = a + "rope.scaling.factor";
  if (const auto v = f.get_f64(factor_key)) {
    factor = *v;
  } else if (const auto lin = f.get_f64(a + "rope.scale_linear")) {
    factor_key = a + "rope.scale_linear";
    factor = *lin;
  }
  if (!type.empty() && type != "none" && type != "linear") refuse(type_key, "= '" + type + "'");
  if (const auto af = f.get_f64(a + "rope.scaling.attn_factor"); af && *af != 1.0) refuse(a + "rope.scaling.attn_factor", "= " + std::to_string(*af));
  if (factor == 0.0 || factor == 1.0) return 1.0f;
  if (type == "none") refuse(factor_key, "= " + std::to_string(factor) + " with rope.scaling.type 'none'");
  if (!(factor > 0.0) || !std::isfinite(factor)) refuse(factor_key, "= " + std::to_string(factor));
  return static_cast<float>(1.0 / factor);
}

// Gemma 3's layer kinds: the pattern key is either a period n (layers l with l % n < n - 1 use the
// window, so every n-th layer is global) or one flag per layer; without it the period is 6.
std::vector<uint8_t> read_swa_layers(const gguf::GgufFile& f, const std::string& key, int n_layers) {
  std::vector<uint8_t> swa(size_t(n_layers), 0);
  const gguf::Value* v = f.find(key);
  if (v && v->type == gguf::ValueType::ARRAY) {
    const gguf::Array& arr = v->as_array();
    if (static_cast<int>(arr.items.size()) != n_layers)
      throw std::runtime_error("model metadata '" + key + "' has " + std::to_string(arr.items.size()) +
                               " entries for " + std::to_string(n_layers) + " layers");
    for (int l = 0; l < n_layers; ++l) swa[size_t(l)] = arr.items[size_t(l)].as_bool() ? 1 : 0;
    return swa;
  }
  const uint64_t period = v ? v->as_u64() : 6;
  for (int l = 0; l < n_layers; ++l) swa[size_t(l)] = period == 0 || uint64_t(l) % period < period - 1 ? 1 : 0;
  return swa;
}

}  // namespace

std::string ModelConfig::beyond_llama_graph() const {
  if (rope_freq_scale != 1.0f) return "linear RoPE scaling";
  if (rope_freq_factors) return "RoPE frequency factors (rope_freqs.weight)";
  if (qk_norm) return "per-head Q/K norms";
  if (post_norms) return "post-attention and post-FFN norms";
  if (embd_scale != 1.0f) return "scaled embeddings";
  if (ffn_act != FfnActivation::Silu) return "GELU feed-forward";
  if (has_swa()) return "sliding-window attention";
  if (head_dim > 0 && std::abs(attn_scale * std::sqrt(float(head_dim)) - 1.0f) > 1e-6f) return "a non-default attention scale";
  return {};
}

ModelConfig read_model_config(const gguf::GgufFile& f) {
  ModelConfig c;
  c.architecture = f.require_string("general.architecture");
  const std::string& arch = c.architecture;
  if (arch != "llama" && arch != "qwen2" && arch != "qwen3" && arch != "gemma3")
    throw std::runtime_error("unsupported architecture '" + arch + "' (supported: llama, qwen2, qwen3, gemma3)");
  check_keys(f, arch);
  const std::string a = arch + ".";
  c.name = f.get_string("general.name").value_or("");
  c.n_layers = require_int(f, a + "block_count", 4096);
  c.n_embd = require_int(f, a + "embedding_length");
  c.n_ff = require_int(f, a + "feed_forward_length");
  c.n_heads = require_int(f, a + "attention.head_count", 4096);
  c.n_kv_heads = f.find(a + "attention.head_count_kv") ? require_int(f, a + "attention.head_count_kv", 4096) : c.n_heads;
  c.context_length = require_int(f, a + "context_length", 1u << 24);
  for (const char* moe : {"expert_count", "expert_used_count"})
    if (const auto n = f.get_u64(a + moe); n && *n != 0) refuse(a + moe, "= " + std::to_string(*n) + " (mixture of experts)");
  if (c.n_heads % c.n_kv_heads != 0)
    throw std::runtime_error(std::to_string(c.n_heads) + " attention heads are not divisible by " +
                             std::to_string(c.n_kv_heads) + " KV heads");
  if (f.find(a + "attention.key_length")) {
    c.head_dim = require_int(f, a + "attention.key_length", 4096);
  } else {
    if (c.n_embd % c.n_heads != 0)
      throw std::runtime_error("embedding length " + std::to_string(c.n_embd) + " is not divisible by " +
                               std::to_string(c.n_heads) + " heads");
    c.head_dim = c.n_embd / c.n_heads;
  }
  if (f.find(a + "attention.value_length")) {
    const int v = require_int(f, a + "attention.value_length", 4096);
    if (v != c.head_dim) refuse(a + "attention.value_length", "= " + std::to_string(v) + " differs from the key length");
  }
  c.rope_dims = f.find(a + "rope.dimension_count") ? require_int(f, a + "rope.dimension_count", 4096) : c.head_dim;
  if (c.rope_dims > c.head_dim || c.rope_dims % 2 != 0)
    throw std::runtime_error("rope.dimension_count " + std::to_string(c.rope_dims) + " does not fit head dim " +
                             std::to_string(c.head_dim));
  c.rope_freq_base = static_cast<float>(f.get_f64(a + "rope.freq_base").value_or(10000.0));
  c.rms_eps = static_cast<float>(f.get_f64(a + "attention.layer_norm_rms_epsilon").value_or(1e-5));
  if (!(c.rope_freq_base > 0.0f)) throw std::runtime_error("rope.freq_base must be positive");
  if (!(c.rms_eps > 0.0f)) throw std::runtime_error("layer_norm_rms_epsilon must be positive");
  c.rope_freq_scale = read_rope_scale(f, a);
  // GGUF llama weights are permuted by the converter so RoPE rotates adjacent pairs; the others use
  // NeoX pairs (i, i + rope_dims/2).
  c.rope_style = arch == "llama" ? kernels::RopeStyle::Normal : kernels::RopeStyle::NeoX;
  c.qkv_bias = arch == "qwen2";
  c.qk_norm = arch == "qwen3" || arch == "gemma3";
  c.attn_scale = 1.0f / std::sqrt(static_cast<float>(c.head_dim));
  if (arch == "gemma3") {
    for (const char* cap : {"final_logit_softcapping", "attn_logit_softcapping"})
      if (const auto v = f.get_f64(a + cap); v && *v != 0.0) refuse(a + cap, "= " + std::to_string(*v));
    c.post_norms = true;
    c.embd_scale = std::sqrt(static_cast<float>(c.n_embd));
    c.ffn_act = FfnActivation::GeluTanh;
    // The 27B model scales scores by its hidden size per head instead of its head size.
    if (c.n_layers == 62) c.attn_scale = 1.0f / std::sqrt(static_cast<float>(c.n_embd / c.n_heads));
    if (const auto w = f.get_u64(a + "attention.sliding_window"); w && *w > 0) {
      if (*w > (1u << 24)) refuse(a + "attention.sliding_window", "= " + std::to_string(*w) + " is out of range");
      c.sliding_window = static_cast<int>(*w);
      c.layer_swa = read_swa_layers(f, a + "attention.sliding_window_pattern", c.n_layers);
      c.rope_freq_base_swa = static_cast<float>(f.get_f64(a + "rope.freq_base_swa").value_or(10000.0));
      if (!(c.rope_freq_base_swa > 0.0f)) throw std::runtime_error("rope.freq_base_swa must be positive");
    }
  }
  return c;
}

}  // namespace inferscope
