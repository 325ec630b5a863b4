#include "engine/record/model_card_json.h"

namespace inferscope::record {

namespace {
// One list of (key, member) pairs drives both directions.
template <class C, class F>
void for_each_card_field(C& c, F&& f) {
  f("path", c.path);
  f("name", c.name);
  f("architecture", c.architecture);
  f("file_bytes", c.file_bytes);
  f("n_parameters", c.n_parameters);
  f("weight_bytes", c.weight_bytes);
  f("weight_mode", c.weight_mode);
  f("weight_mode_label", c.weight_mode_label);
  f("weights_simulated", c.weights_simulated);
  f("n_layers", c.n_layers);
  f("n_heads", c.n_heads);
  f("n_kv_heads", c.n_kv_heads);
  f("head_dim", c.head_dim);
  f("n_embd", c.n_embd);
  f("n_ff", c.n_ff);
  f("n_vocab", c.n_vocab);
  f("context_length", c.context_length);
  f("rope_freq_base", c.rope_freq_base);
  f("rms_eps", c.rms_eps);
  f("tied_output", c.tied_output);
  f("tokenizer_model", c.tokenizer_model);
  f("tokenizer_pre", c.tokenizer_pre);
  f("chat_template_family", c.chat_template_family);
  f("license", c.license);
  f("bytes_by_type", c.bytes_by_type);
  f("tensors_by_type", c.tensors_by_type);
}

template <class T, class F>
void for_each_tensor_field(T& t, F&& f) {
  f("name", t.name);
  f("type", t.type);
  f("shape", t.shape);
  f("n_elements", t.n_elements);
  f("n_bytes", t.n_bytes);
  f("stored_type", t.stored_type);
  f("error_mean_abs", t.error_mean_abs);
  f("error_max_abs", t.error_max_abs);
}
}  // namespace

nlohmann::json model_card_to_json(const ModelCard& c) {
  nlohmann::json j = nlohmann::json::object();
  for_each_card_field(c, [&](const char* k, const auto& v) { j[k] = v; });
  nlohmann::json tensors = nlohmann::json::array();
  for (const TensorSummary& t : c.tensors) {
    nlohmann::json tj = nlohmann::json::object();
    for_each_tensor_field(t, [&](const char* k, const auto& v) { tj[k] = v; });
    tensors.push_back(std::move(tj));
  }
  j["tensors"] = std::move(tensors);
  return j;
}

ModelCard model_card_from_json(const nlohmann::json& j) {
  ModelCard c;
  if (!j.is_object()) return c;
  for_each_card_field(c, [&](const char* k, auto& v) {
    if (auto it = j.find(k); it != j.end()) it->get_to(v);
  });
  if (auto it = j.find("tensors"); it != j.end() && it->is_array()) {
    for (const auto& tj : *it) {
      TensorSummary t;
      if (!tj.is_object()) continue;
      for_each_tensor_field(t, [&](const char* k, auto& v) {
        if (auto f = tj.find(k); f != tj.end()) f->get_to(v);
      });
      c.tensors.push_back(std::move(t));
    }
  }
  return c;
}

}  // namespace inferscope::record
