#include "engine/model/model_weights.h"

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
  }
  return w;
}

}  // namespace inferscope
