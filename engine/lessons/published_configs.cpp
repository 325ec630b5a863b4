#include "engine/lessons/published_configs.h"

namespace inferscope::lessons {

const std::vector<PublishedConfig>& published_configs() {
  // config.json of meta-llama/Meta-Llama-3-8B, Meta-Llama-3-70B and mistralai/Mixtral-8x7B-v0.1:
  // num_hidden_layers, num_attention_heads, num_key_value_heads, hidden_size / heads, hidden_size,
  // max_position_embeddings. n_params: the parameter counts on the same models' Hugging Face model cards
  // (8.03B, 70.6B, 46.7B).
  static const std::vector<PublishedConfig> configs = {
      {"llama-3-8b", "Llama-3-8B", 32, 32, 8, 128, 4096, 8192, 8.03e9},
      {"llama-3-70b", "Llama-3-70B", 80, 64, 8, 128, 8192, 8192, 70.6e9},
      {"mixtral-8x7b", "Mixtral-8x7B", 32, 32, 8, 128, 4096, 32768, 46.7e9},
  };
  return configs;
}

const PublishedConfig* find_published_config(const std::string& id) {
  for (const PublishedConfig& c : published_configs()) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

}  // namespace inferscope::lessons
