// Lesson 7: a VRAM budget. Weights cost parameters x bytes per weight (bytes per weight from the ggml
// block geometry in kernels/cpu/ggml_type.h: a Q4_0 block stores 32 weights in 18 bytes), the KV cache
// costs context x users x bytes per token (the engine's own block accounting, scales included). Which
// weight formats leave room for the cache on a card of a given size?
#include <cmath>
#include <string>

#include "engine/gguf/gguf_file.h"
#include "engine/kv/kv_storage.h"
#include "engine/lessons/lesson_factories.h"
#include "engine/lessons/model_preset.h"
#include "engine/lessons/published_configs.h"
#include "engine/model/loaded_model.h"
#include "kernels/cpu/ggml_type.h"

namespace inferscope::lessons {

namespace {

constexpr double kGB = 1e9;  // VRAM sizes are sold in decimal gigabytes

// Weight formats from widest to narrowest, as a quantized checkpoint would store (nearly) all weights.
constexpr kernels::GgmlType kFormats[] = {kernels::GgmlType::F32,  kernels::GgmlType::F16,  kernels::GgmlType::BF16,
                                          kernels::GgmlType::Q8_0, kernels::GgmlType::Q6_K, kernels::GgmlType::Q4_K,
                                          kernels::GgmlType::Q4_1, kernels::GgmlType::Q4_0};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

class MemoryPlannerLesson final : public Lesson {
 public:
  std::string id() const override { return "memory-planner"; }
  std::string title() const override { return "Will it fit? Weights and KV cache against VRAM"; }
  std::string scenario() const override { return "kv_dtype_capacity.json"; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"preset", "Model", K::Choice, 0, 0, 0, model_preset_choices(), "llama-3-8b",
         "Take the parameter count and KV shape from a published model or the loaded one (custom: the fields below)."},
        {"params-b", "Parameters (billions)", K::Real, 8.03, 0.001, 5000, {}, "",
         "Weights in the model, in billions.", true},
        {"layers", "Layers", K::Int, 32, 1, 512, {}, "", "Transformer layers; each keeps its own K and V."},
        {"kv-heads", "KV heads", K::Int, 8, 1, 256, {}, "", "Key/value heads per layer."},
        {"head-dim", "Head size", K::Int, 128, 1, 1024, {}, "", "Elements in one head's key or value vector."},
        {"kv-dtype", "KV dtype", K::Choice, 0, 0, 0, {"fp32", "fp16", "bf16", "fp8", "int8"}, "fp16",
         "How each cached K/V element is stored."},
        {"context", "Context (tokens)", K::Int, 8192, 1, 1 << 21, {}, "", "Tokens each user keeps in the cache.", true},
        {"users", "Concurrent users", K::Int, 1, 1, 4096, {}, "", "Sequences held in the cache at once.", true},
        {"vram-gb", "VRAM (GB)", K::Real, 24, 0.5, 4096, {}, "", "Memory of the card, in decimal gigabytes.", true},
    };
  }

  LessonResult compute(const Params& p, const LessonContext& ctx) const override {
    double n_params = p.get_real("params-b") * 1e9;
    const ModelShape shape = resolve_model_shape(p, ctx);
    KvLayout kv;
    kv.n_layers = shape.layers, kv.kv_heads = shape.kv_heads, kv.head_dim = shape.head_dim;
    kv.block_size = 16;  // the engine's default block
    const std::string& dtype_name = p.get_text("kv-dtype");
    kv.dtype = kv_dtype_choice(dtype_name);
    const std::string& model_name = shape.name;
    double loaded_bytes = -1;
    if (shape.loaded) {
      // Count the parameters the file really holds, and what its (mixed) formats really take.
      n_params = 0, loaded_bytes = 0;
      for (const auto& t : ctx.model->file->tensors()) {
        n_params += double(t.n_elements);
        loaded_bytes += double(t.n_bytes);
      }
    } else if (shape.published != nullptr) {
      n_params = shape.published->n_params;
    }
    const double context = double(p.get_int("context"));
    const double users = double(p.get_int("users"));
    const double vram = p.get_real("vram-gb") * kGB;

    // The engine holds whole blocks: ceil(context / 16) blocks per user and layer, scales included for
    // fp8/int8; a sliding-window layer (Gemma 3) at most ceil(window / 16) + 1 of them.
    const double kv_bytes = users * paged_kv_bytes(shape, kv.dtype, context, kv.block_size);
    const double kv_bytes_full = users * paged_kv_bytes_full_attention(shape, kv.dtype, context, kv.block_size);

    LessonResult r;
    r.texts.push_back({"model", model_name});
    r.numbers = {
        {"n_params", n_params, "", "Parameters"},  // not "params": the JSON form keeps the inputs there
        {"kv_bytes_per_token", double(kv.block_bytes()) / kv.block_size, "B", "KV bytes per token (scales included)"},
        {"kv_bytes", kv_bytes, "B", "KV cache for all users (whole 16-token blocks)"},
        {"kv_bytes_full_attention", kv_bytes_full, "B", "KV cache if every layer kept every token (no sliding window)"},
        {"vram_bytes", vram, "B", "VRAM"},
    };
    if (loaded_bytes >= 0) r.numbers.push_back({"loaded_weight_bytes", loaded_bytes, "B", "Loaded model: bytes its tensors take in the file"});

    Chart& ch = r.chart;
    ch.title = "Weights + KV cache by weight format (" + model_name + ", " + dtype_name + " KV) vs " +
               std::to_string(static_cast<long long>(std::llround(vram / kGB))) + " GB";
    ch.x_label = "weight format";
    ch.y_label = "GB";
    Series weights{"weights", {}}, total{"weights + KV cache", {}};
    weights.bars = total.bars = true;
    int fitting = 0;
    std::string best = "none";
    for (size_t i = 0; i < std::size(kFormats); ++i) {
      const kernels::TypeTraits& t = kernels::type_traits(kFormats[i]);
      const double bytes_per_weight = double(t.block_bytes) / double(t.block_elems);
      const double w = n_params * bytes_per_weight;
      const double sum = w + kv_bytes;
      const bool fits = sum <= vram;
      const std::string key = lower(t.name);
      r.numbers.push_back({"bytes_per_weight_" + key, bytes_per_weight, "B", std::string(t.name) + ": bytes per weight"});
      r.numbers.push_back({"weight_bytes_" + key, w, "B", std::string(t.name) + ": weights"});
      r.numbers.push_back({"total_bytes_" + key, sum, "B", std::string(t.name) + ": weights + KV cache"});
      r.numbers.push_back({"fits_" + key, fits ? 1.0 : 0.0, "", std::string(t.name) + ": fits in VRAM (1 = yes)"});
      r.numbers.push_back({"headroom_bytes_" + key, vram - sum, "B", std::string(t.name) + ": VRAM left (negative: missing)"});
      if (fits && fitting++ == 0) best = t.name;
      ch.categories.push_back(t.name);
      weights.points.push_back({double(i), w / kGB});
      total.points.push_back({double(i), sum / kGB});
    }
    r.numbers.push_back({"formats_that_fit", double(fitting), "", "Weight formats that fit with this cache"});
    r.texts.push_back({"widest_format_that_fits", best});
    const double n = double(std::size(kFormats));
    ch.series = {weights, total, {"VRAM", {{-0.5, vram / kGB}, {n - 0.5, vram / kGB}}, true}};
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_memory_planner_lesson() { return std::make_unique<MemoryPlannerLesson>(); }

}  // namespace inferscope::lessons
