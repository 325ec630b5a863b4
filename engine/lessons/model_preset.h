#pragma once
// The "--preset" parameter shared by lessons that reason about a model's KV shape: custom fields, the
// loaded model, or a published configuration.
#include <string>
#include <vector>

#include "engine/lessons/lesson.h"
#include "engine/lessons/published_configs.h"
#include "kernels/cpu/kv_format.h"

namespace inferscope::lessons {

struct ModelShape {
  std::string name;       // "custom", the loaded model's name, or the published name
  int layers = 0, kv_heads = 0, head_dim = 0;
  bool loaded = false;    // taken from ctx.model
  const PublishedConfig* published = nullptr;  // when a published preset was chosen
};

// "custom", "loaded", then every published configuration's id.
std::vector<std::string> model_preset_choices();
// Resolves --preset against the --layers, --kv-heads and --head-dim fields, the loaded model or a
// published configuration. Throws LessonError when "loaded" is asked for without a model.
ModelShape resolve_model_shape(const Params& p, const LessonContext& ctx);
// The KV dtype named by a lesson's dtype choice (fp32, fp16, bf16, fp8, int8).
kernels::KvDtype kv_dtype_choice(const std::string& name);

}  // namespace inferscope::lessons
