#pragma once
// Published model configurations (the models' config.json on their official releases), for lessons
// that reason about models larger than the one loaded.
#include <string>
#include <vector>

namespace inferscope::lessons {

struct PublishedConfig {
  std::string id;            // "llama-3-8b"
  std::string name;          // "Llama-3-8B"
  int n_layers = 0;
  int n_heads = 0;
  int n_kv_heads = 0;
  int head_dim = 0;
  int hidden = 0;
  int context = 0;           // max_position_embeddings
  double n_params = 0;       // total parameters as the model card states (8.03e9 for Llama-3-8B)
};

const std::vector<PublishedConfig>& published_configs();
const PublishedConfig* find_published_config(const std::string& id);

}  // namespace inferscope::lessons
