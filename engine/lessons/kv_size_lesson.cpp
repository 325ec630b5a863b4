// Lesson 1: KV bytes per token, and what a context length and a number of users cost.
// bytes/token = 2 (K and V) x layers x kv_heads x head_dim x bytes(dtype); the engine's own KvStorage
// is asked for the same figure (scales included) so the formula sits next to a measurement.
// Sliding-window layers (Gemma 3) hold at most the window: a user's bytes are
// 2 x kv_heads x head_dim x bytes x (full layers x context + window layers x min(context, window)).
#include <algorithm>
#include <cmath>

#include "engine/kv/kv_storage.h"
#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/model_preset.h"
#include "engine/model/loaded_model.h"

namespace inferscope::lessons {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

class KvSizeLesson final : public Lesson {
 public:
  std::string id() const override { return "kv-size"; }
  std::string title() const override { return "KV bytes per token and what a context costs"; }
  std::string scenario() const override { return "kv_dtype_capacity.json"; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"preset", "Model", K::Choice, 0, 0, 0, model_preset_choices(), "custom",
         "Take layers, KV heads and head size from a published model or the loaded one (custom: the fields below)."},
        {"layers", "Layers", K::Int, 32, 1, 512, {}, "", "Transformer layers; each keeps its own K and V."},
        {"kv-heads", "KV heads", K::Int, 8, 1, 256, {}, "", "Key/value heads per layer (fewer than query heads with GQA)."},
        {"head-dim", "Head size", K::Int, 128, 1, 1024, {}, "", "Elements in one head's key or value vector."},
        {"dtype", "KV dtype", K::Choice, 0, 0, 0, {"fp32", "fp16", "bf16", "fp8", "int8"}, "fp16",
         "How each cached element is stored."},
        {"context", "Context (tokens)", K::Int, 8192, 1, 1 << 21, {}, "", "Tokens each user keeps in the cache.", true},
        {"users", "Concurrent users", K::Int, 1, 1, 4096, {}, "", "Sequences held in the cache at once.", true},
        {"vram-gb", "Free VRAM (GB)", K::Real, 24, 0.5, 1024, {}, "", "Memory left for the KV cache after the weights."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    const ModelShape shape = resolve_model_shape(p, ctx);
    const int layers = shape.layers, kv_heads = shape.kv_heads, head_dim = shape.head_dim;
    const std::string& model_name = shape.name;
    const std::string& dtype_name = p.get_text("dtype");
    const KvDtype dtype = kv_dtype_choice(dtype_name);
    const double elem_bytes = static_cast<double>(kv_dtype_bytes(dtype));
    const double context = static_cast<double>(p.get_int("context"));
    const double users = static_cast<double>(p.get_int("users"));
    const double vram_bytes = p.get_real("vram-gb") * 1e9;

    const double per_token = 2.0 * layers * kv_heads * head_dim * elem_bytes;
    // Sliding-window layers (Gemma 3) keep only the last `window` tokens of a sequence.
    const int wl = shape.window_layers, window = shape.window;
    const double per_layer_token = 2.0 * kv_heads * head_dim * elem_bytes;
    auto user_bytes = [&](double ctx_tokens) {
      return per_layer_token * ((layers - wl) * ctx_tokens + wl * std::min(ctx_tokens, double(window)));
    };
    const double per_user = user_bytes(context);
    const double total = per_user * users;
    // The longest context whose cache fits: full layers grow with it, window layers stop at the window.
    const double budget_tokens = vram_bytes / (per_layer_token * users);  // layer-tokens that fit
    double max_context = budget_tokens / layers;
    if (wl > 0 && max_context > window)
      max_context = layers > wl ? (budget_tokens - double(wl) * window) / (layers - wl) : double(1 << 30);

    // The engine's accounting: one 16-token block of a real KvStorage with this layout, scales included.
    KvLayout layout;
    layout.n_layers = layers, layout.kv_heads = kv_heads, layout.head_dim = head_dim, layout.block_size = 16;
    layout.dtype = dtype;
    const double engine_per_token = static_cast<double>(layout.block_bytes()) / layout.block_size;

    LessonResult r;
    r.texts.push_back({"model", model_name});
    r.numbers = {
        {"layers", double(layers), "", "Layers"},
        {"kv_heads", double(kv_heads), "", "KV heads"},
        {"head_dim", double(head_dim), "", "Head size"},
        {"bytes_per_element", elem_bytes, "B", "Bytes per element"},
        {"bytes_per_token", per_token, "B", "KV bytes per token (formula)"},
        {"engine_bytes_per_token", engine_per_token, "B", "KV bytes per token in the engine's cache (scales included)"},
        {"bytes_per_user", per_user, "B", "KV bytes per user at this context"},
        {"total_bytes", total, "B", "KV bytes for all users"},
        {"total_gib", total / kGiB, "GiB", "KV cache for all users"},
        {"fits_vram", total <= vram_bytes ? 1.0 : 0.0, "", "Fits in the free VRAM (1 = yes)"},
        {"max_users_in_vram", std::floor(vram_bytes / per_user), "", "Users that fit in the free VRAM at this context"},
        {"max_context_in_vram", std::floor(max_context), "tok", "Context that fits per user"},
        {"window", double(window), "tok", "Sliding window (0: none)"},
        {"window_layers", double(wl), "", "Layers that attend through the sliding window"},
        {"bytes_per_user_full_attention", per_token * context, "B", "KV bytes per user if every layer kept every token"},
        {"engine_bytes_per_user", paged_kv_bytes(shape, dtype, context), "B",
         "KV bytes per user in the engine's paged cache at its peak (whole 16-token blocks)"},
    };
    if (ctx.model != nullptr) {
      // The loaded model, measured: a real one-block KvStorage of its shape in this dtype.
      const ModelConfig& c = ctx.model->model->config();
      KvLayout ml = layout;
      ml.n_layers = c.n_layers, ml.kv_heads = c.n_kv_heads, ml.head_dim = c.head_dim;
      const KvStorage storage(ml, 1);
      r.numbers.push_back({"loaded_model_bytes_per_token", double(storage.allocated_bytes()) / ml.block_size, "B",
                           "Loaded model: KV bytes per token measured on a real cache block"});
    }

    // KV bytes against context (log-log), for 1 and for `users` users, with VRAM lines.
    Chart& ch = r.chart;
    ch.title = "KV cache size vs context (" + model_name + ", " + dtype_name + ")";
    ch.x_label = "context (tokens)";
    ch.y_label = "KV cache (GB)";
    ch.log_x = ch.log_y = true;
    Series one{"1 user", {}}, many{std::to_string(static_cast<long long>(users)) + " users", {}};
    Series full{"1 user, full attention", {}};
    for (double c = 256; c <= (1 << 20); c *= 2) {
      one.points.push_back({c, user_bytes(c) / 1e9});
      many.points.push_back({c, user_bytes(c) * users / 1e9});
      full.points.push_back({c, per_token * c / 1e9});
    }
    ch.series.push_back(one);
    if (wl > 0) ch.series.push_back(full);
    if (users > 1) ch.series.push_back(many);
    for (const double gb : {24.0, 80.0}) {
      ch.series.push_back({std::to_string(static_cast<int>(gb)) + " GB", {{256, gb}, {1 << 20, gb}}, true});
    }
    ch.series.push_back({"free VRAM", {{256, vram_bytes / 1e9}, {1 << 20, vram_bytes / 1e9}}, true});
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_kv_size_lesson() { return std::make_unique<KvSizeLesson>(); }

}  // namespace inferscope::lessons
