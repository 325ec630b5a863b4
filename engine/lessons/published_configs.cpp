#include "engine/lessons/published_configs.h"

namespace inferscope::lessons {

const std::vector<PublishedConfig>& published_configs() {
  // config.json of meta-llama/Meta-Llama-3-8B, Meta-Llama-3-70B and mistralai/Mixtral-8x7B-v0.1:
  // num_hidden_layers, num_attention_heads, num_key_value_heads, hidden_size / heads, hidden_size,
  // max_position_embeddings. n_params: the parameter counts on the same models' Hugging Face model cards
  // (8.03B, 70.6B, 46.7B).
  // Gemma 3 (google/gemma-3-{270m,1b,4b,12b,27b}: the text model's num_hidden_layers,
  // num_attention_heads, num_key_value_heads, head_dim, hidden_size, max_position_embeddings,
  // sliding_window and its pattern of five local layers per global one). n_params: the model cards'
  // sizes (4B, 12B and 27B count their vision encoder too).
  static const std::vector<PublishedConfig> configs = {
      {"llama-3-8b", "Llama-3-8B", 32, 32, 8, 128, 4096, 8192, 8.03e9, 0, 0},
      {"llama-3-70b", "Llama-3-70B", 80, 64, 8, 128, 8192, 8192, 70.6e9, 0, 0},
      {"mixtral-8x7b", "Mixtral-8x7B", 32, 32, 8, 128, 4096, 32768, 46.7e9, 0, 0},
      {"gemma-3-270m", "Gemma-3-270M", 18, 4, 1, 256, 640, 32768, 0.268e9, 512, 6},
      {"gemma-3-1b", "Gemma-3-1B", 26, 4, 1, 256, 1152, 32768, 1.0e9, 512, 6},
      {"gemma-3-4b", "Gemma-3-4B", 34, 8, 4, 256, 2560, 131072, 4.3e9, 1024, 6},
      {"gemma-3-12b", "Gemma-3-12B", 48, 16, 8, 256, 3840, 131072, 12.2e9, 1024, 6},
      {"gemma-3-27b", "Gemma-3-27B", 62, 32, 16, 128, 5376, 131072, 27.4e9, 1024, 6},
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
