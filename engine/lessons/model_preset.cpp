#include "engine/lessons/model_preset.h"

#include <algorithm>
#include <cmath>

#include "engine/kv/kv_storage.h"
#include "engine/lessons/published_configs.h"
#include "engine/model/loaded_model.h"

namespace inferscope::lessons {

std::vector<std::string> model_preset_choices() {
  std::vector<std::string> presets = {"custom", "loaded"};
  for (const PublishedConfig& c : published_configs()) presets.push_back(c.id);
  return presets;
}

ModelShape resolve_model_shape(const Params& p, const LessonContext& ctx) {
  ModelShape s;
  s.name = "custom";
  s.layers = static_cast<int>(p.get_int("layers"));
  s.kv_heads = static_cast<int>(p.get_int("kv-heads"));
  s.head_dim = static_cast<int>(p.get_int("head-dim"));
  const std::string& preset = p.get_text("preset");
  if (preset == "loaded") {
    if (ctx.model == nullptr) throw LessonError("--preset loaded needs a model: load one first");
    const ModelConfig& c = ctx.model->model->config();
    s.layers = c.n_layers, s.kv_heads = c.n_kv_heads, s.head_dim = c.head_dim;
    if (c.has_swa()) {
      s.window = c.sliding_window;
      for (int l = 0; l < c.n_layers; ++l) s.window_layers += c.is_swa(l) ? 1 : 0;
    }
    s.name = ctx.model->card.name.empty() ? "loaded model" : ctx.model->card.name;
    s.loaded = true;
  } else if (const PublishedConfig* c = find_published_config(preset)) {
    s.layers = c->n_layers, s.kv_heads = c->n_kv_heads, s.head_dim = c->head_dim;
    s.window = c->window_layers() > 0 ? c->sliding_window : 0;
    s.window_layers = c->window_layers();
    s.name = c->name;
    s.published = c;
  }
  return s;
}

namespace {
// One layer's block of block_size tokens, scales included (the engine's own accounting).
double layer_block_bytes(const ModelShape& s, KvDtype dtype, int block_size) {
  KvLayout one;
  one.n_layers = 1, one.kv_heads = s.kv_heads, one.head_dim = s.head_dim, one.block_size = block_size, one.dtype = dtype;
  return double(one.block_bytes());
}
}  // namespace

double paged_kv_bytes(const ModelShape& s, KvDtype dtype, double context, int block_size) {
  const double blocks = std::ceil(context / block_size);
  const double window_blocks = s.window > 0 ? std::min(blocks, std::ceil(double(s.window) / block_size) + 1) : blocks;
  return ((s.layers - s.window_layers) * blocks + s.window_layers * window_blocks) * layer_block_bytes(s, dtype, block_size);
}

double paged_kv_bytes_full_attention(const ModelShape& s, KvDtype dtype, double context, int block_size) {
  return s.layers * std::ceil(context / block_size) * layer_block_bytes(s, dtype, block_size);
}

KvDtype kv_dtype_choice(const std::string& name) {
  const auto d = kv_dtype_from_name(name == "fp32" ? "f32" : name == "fp16" ? "f16" : name);
  if (!d) throw LessonError("unknown KV dtype '" + name + "'");
  return *d;
}

}  // namespace inferscope::lessons
