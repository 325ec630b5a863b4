#include "engine/model/model_card.h"

#include "engine/gguf/gguf_file.h"

namespace inferscope {

uint64_t ModelCard::kv_bytes_per_token(kernels::KvDtype d) const {
  return uint64_t(2) * n_layers * n_kv_heads * head_dim * kernels::kv_dtype_bytes(d);
}

ModelCard make_model_card(const gguf::GgufFile& f, const ModelConfig& c, bool tied_output) {
  ModelCard card;
  card.path = f.path();
  card.name = c.name;
  card.architecture = c.architecture;
  card.file_bytes = f.file_size();
  card.n_layers = c.n_layers;
  card.n_heads = c.n_heads;
  card.n_kv_heads = c.n_kv_heads;
  card.head_dim = c.head_dim;
  card.n_embd = c.n_embd;
  card.n_ff = c.n_ff;
  card.n_vocab = c.n_vocab;
  card.context_length = c.context_length;
  card.rope_freq_base = c.rope_freq_base;
  card.rms_eps = c.rms_eps;
  card.tied_output = tied_output;
  card.tokenizer_model = f.get_string("tokenizer.ggml.model").value_or("");
  card.tokenizer_pre = f.get_string("tokenizer.ggml.pre").value_or("");
  card.license = f.get_string("general.license").value_or("");
  for (const auto& t : f.tensors()) {
    const std::string type = kernels::type_name(t.type);
    card.tensors.push_back({t.name, type, t.ne, t.n_elements, t.n_bytes, {}, 0, 0});
    card.n_parameters += t.n_elements;
    card.weight_bytes += t.n_bytes;
    card.bytes_by_type[type] += t.n_bytes;
    card.tensors_by_type[type] += 1;
  }
  return card;
}

}  // namespace inferscope
