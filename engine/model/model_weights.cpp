#include "engine/model/model_weights.h"

#include <cmath>
#include <set>
#include <stdexcept>

#include "engine/gguf/gguf_file.h"

namespace inferscope {

namespace {

std::string shape_str(const std::vector<uint64_t>& ne) {
  std::string s = "[";
  for (size_t i = 0; i < ne.size(); ++i) s += (i ? ", " : "") + std::to_string(ne[i]);
  return s + "]";
}

WeightRef bind(const gguf::GgufFile& f, const std::string& name, int64_t n_in, int64_t n_out, bool required = true) {
  const gguf::TensorInfo* t = f.tensor(name);
  if (!t) {
    if (required) throw std::runtime_error("model is missing tensor '" + name + "'");
    return {};
  }
  const bool is_vector = n_out == 0;
  const std::vector<uint64_t> want = is_vector ? std::vector<uint64_t>{uint64_t(n_in)}
                                               : std::vector<uint64_t>{uint64_t(n_in), uint64_t(n_out)};
  if (t->ne != want)
    throw std::runtime_error("tensor '" + name + "' has shape " + shape_str(t->ne) + ", expected " + shape_str(want));
  const auto& traits = kernels::type_traits(t->type);
  if (!traits.weight_type)
    throw std::runtime_error("tensor '" + name + "' has type " + traits.name + ", which InferScope cannot run");
  if (is_vector && t->type != kernels::GgmlType::F32)
    throw std::runtime_error("tensor '" + name + "' must be F32, found " + traits.name);
  WeightRef w;
  w.name = name;
  w.type = t->type;
  w.n_in = n_in;
  w.n_out = is_vector ? 1 : n_out;
  w.data = t->data;
  w.n_bytes = t->n_bytes;
  return w;
}

// A tensor the graph does not read may be one that changes the computation (a bias, a scale, a norm
// of a variant we do not implement): running without it would be silently wrong.
void refuse_unused_tensors(const gguf::GgufFile& f, const ModelWeights& w, const ModelConfig& c) {
  std::set<std::string> used;
  auto use = [&](const WeightRef& r) {
    if (r) used.insert(r.name);
  };
  for (const WeightRef* r : {&w.token_embd, &w.output_norm, &w.output, &w.rope_freqs}) use(*r);
  for (const LayerWeights& L : w.layers)
    for (const WeightRef* r : {&L.attn_norm, &L.wq, &L.wk, &L.wv, &L.wo, &L.bq, &L.bk, &L.bv, &L.ffn_norm, &L.w_gate,
                               &L.w_up, &L.w_down, &L.q_norm, &L.k_norm, &L.post_attn_norm, &L.post_ffn_norm})
      use(*r);
  for (const gguf::TensorInfo& t : f.tensors())
    if (!used.count(t.name))
      throw std::runtime_error("tensor '" + t.name + "' is not part of the " + c.architecture +
                               " graph InferScope implements (it may change the computation); refusing to run without it");
}

}  // namespace

ModelWeights bind_weights(const gguf::GgufFile& f, ModelConfig& c) {
  ModelWeights w;
  const gguf::TensorInfo* embd = f.tensor("token_embd.weight");
  if (!embd) throw std::runtime_error("model is missing tensor 'token_embd.weight'");
  if (embd->ne.size() != 2) throw std::runtime_error("tensor 'token_embd.weight' must be 2-D");
  c.n_vocab = static_cast<int>(embd->ne[1]);
  w.token_embd = bind(f, "token_embd.weight", c.n_embd, c.n_vocab);
  w.output_norm = bind(f, "output_norm.weight", c.n_embd, 0);
  w.output = bind(f, "output.weight", c.n_embd, c.n_vocab, /*required=*/false);
  if (!w.output) {
    w.output = w.token_embd;
    w.tied_output = true;
  }
  if (c.architecture == "llama" && f.tensor("rope_freqs.weight")) {
    w.rope_freqs = bind(f, "rope_freqs.weight", c.rope_dims / 2, 0);
    c.rope_freq_factors = true;
    for (int64_t i = 0; i < w.rope_freqs.n_in; ++i) {
      const float d = static_cast<const float*>(w.rope_freqs.data)[i];
      if (!(d > 0.0f) || !std::isfinite(d))
        throw std::runtime_error("tensor 'rope_freqs.weight' has a non-positive divisor at " + std::to_string(i));
    }
  }
  w.layers.resize(c.n_layers);
  for (int i = 0; i < c.n_layers; ++i) {
    const std::string p = "blk." + std::to_string(i) + ".";
    LayerWeights& L = w.layers[i];
    L.attn_norm = bind(f, p + "attn_norm.weight", c.n_embd, 0);
    L.wq = bind(f, p + "attn_q.weight", c.n_embd, c.q_dim());
    L.wk = bind(f, p + "attn_k.weight", c.n_embd, c.kv_dim());
    L.wv = bind(f, p + "attn_v.weight", c.n_embd, c.kv_dim());
    L.wo = bind(f, p + "attn_output.weight", c.q_dim(), c.n_embd);
    if (c.qkv_bias) {
      L.bq = bind(f, p + "attn_q.bias", c.q_dim(), 0);
      L.bk = bind(f, p + "attn_k.bias", c.kv_dim(), 0);
      L.bv = bind(f, p + "attn_v.bias", c.kv_dim(), 0);
    }
    L.ffn_norm = bind(f, p + "ffn_norm.weight", c.n_embd, 0);
    L.w_gate = bind(f, p + "ffn_gate.weight", c.n_embd, c.n_ff);
    L.w_up = bind(f, p + "ffn_up.weight", c.n_embd, c.n_ff);
    L.w_down = bind(f, p + "ffn_down.weight", c.n_ff, c.n_embd);
    if (c.qk_norm) {
      L.q_norm = bind(f, p + "attn_q_norm.weight", c.head_dim, 0);
      L.k_norm = bind(f, p + "attn_k_norm.weight", c.head_dim, 0);
    }
    if (c.post_norms) {
      L.post_attn_norm = bind(f, p + "post_attention_norm.weight", c.n_embd, 0);
      L.post_ffn_norm = bind(f, p + "post_ffw_norm.weight", c.n_embd, 0);
    }
  }
  refuse_unused_tensors(f, w, c);
  return w;
}

}  // namespace inferscope
