#pragma once
// The "--preset" parameter shared by lessons that reason about a model's KV shape: custom fields, the
// loaded model, or a published configuration.
#include <string>
#include <vector>

#include "engine/lessons/lesson.h"
#include "engine/lessons/published_configs.h"
#include "engine/kv/kv_dtype.h"

namespace inferscope::lessons {

struct ModelShape {
  std::string name;       // "custom", the loaded model's name, or the published name
  int layers = 0, kv_heads = 0, head_dim = 0;
  int window = 0, window_layers = 0;  // sliding window and the layers using it (0, 0: none)
  bool loaded = false;    // taken from ctx.model
  const PublishedConfig* published = nullptr;  // when a published preset was chosen
};

// "custom", "loaded", then every published configuration's id.
std::vector<std::string> model_preset_choices();
// Resolves --preset against the --layers, --kv-heads and --head-dim fields, the loaded model or a
// published configuration. Throws LessonError when "loaded" is asked for without a model.
ModelShape resolve_model_shape(const Params& p, const LessonContext& ctx);
// KV bytes one sequence of `context` tokens holds in the engine's paged cache (whole blocks of
// block_size tokens, scales included): a full-attention layer keeps ceil(context / B) blocks, a window
// layer at most ceil(window / B) + 1 (the window's tokens straddle one more block boundary than they
// fill). Without a window: every layer keeps every block.
double paged_kv_bytes(const ModelShape& s, KvDtype dtype, double context, int block_size = 16);
// The same if every layer kept every token (full attention).
double paged_kv_bytes_full_attention(const ModelShape& s, KvDtype dtype, double context, int block_size = 16);

// The KV dtype named by a lesson's dtype choice (fp32, fp16, bf16, fp8, int8).
KvDtype kv_dtype_choice(const std::string& name);

}  // namespace inferscope::lessons
