#include "engine/lessons/model_preset.h"

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
    s.name = ctx.model->card.name.empty() ? "loaded model" : ctx.model->card.name;
    s.loaded = true;
  } else if (const PublishedConfig* c = find_published_config(preset)) {
    s.layers = c->n_layers, s.kv_heads = c->n_kv_heads, s.head_dim = c->head_dim;
    s.name = c->name;
    s.published = c;
  }
  return s;
}

kernels::KvDtype kv_dtype_choice(const std::string& name) {
  const auto d = kernels::kv_dtype_from_name(name == "fp32" ? "f32" : name == "fp16" ? "f16" : name);
  if (!d) throw LessonError("unknown KV dtype '" + name + "'");
  return *d;
}

}  // namespace inferscope::lessons
