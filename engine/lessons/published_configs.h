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
  // Sliding-window attention (Gemma 3): every global_every-th layer (1-based: layers global_every - 1,
  // 2 x global_every - 1, ...) attends to the whole context, the others to the last sliding_window
  // tokens. 0: every layer is global.
  int sliding_window = 0;
  int global_every = 0;

  // Layers that attend through the window (0 without one).
  int window_layers() const { return sliding_window > 0 && global_every > 0 ? n_layers - n_layers / global_every : 0; }
};

const std::vector<PublishedConfig>& published_configs();
const PublishedConfig* find_published_config(const std::string& id);

}  // namespace inferscope::lessons
