#pragma once
// One factory per lesson (engine/lessons/<name>.cpp); lesson_registry.cpp orders them.
#include <memory>

#include "engine/lessons/lesson.h"

namespace inferscope::lessons {

std::unique_ptr<Lesson> make_kv_size_lesson();           // 1. KV bytes per token and scenarios
std::unique_ptr<Lesson> make_prefill_decode_lesson();     // 2. prefill vs decode work per step (real engine)
std::unique_ptr<Lesson> make_cache_work_lesson();         // 3. no cache vs KV cache: work, time, same output
std::unique_ptr<Lesson> make_qkv_lookup_lesson();         // 4. attention weights of the loaded model
std::unique_ptr<Lesson> make_kv_reads_lesson();           // 5. why only K and V are cached: reads per position
std::unique_ptr<Lesson> make_prefix_reuse_lesson();       // 6. deep-layer K: shared prefix, shift, other prefix
std::unique_ptr<Lesson> make_memory_planner_lesson();     // 7. weights + KV against VRAM by weight format
std::unique_ptr<Lesson> make_quant_error_lesson();        // 8. per-tensor vs group quantization error, outlier
std::unique_ptr<Lesson> make_quant_methods_lesson();      // 8b. RTN vs GPTQ vs AWQ on the loaded model
std::unique_ptr<Lesson> make_spec_decode_lesson();        // 9. speculative decoding: closed form, MC, measured
std::unique_ptr<Lesson> make_batching_lesson();           // 10. static vs continuous batching utilization
std::unique_ptr<Lesson> make_paged_kv_lesson();           // 11. paged vs contiguous KV reservation
std::unique_ptr<Lesson> make_moe_lesson();                // 12. MoE total vs active parameters
std::unique_ptr<Lesson> make_flash_attention_lesson();    // 13. naive vs tiled attention bytes
std::unique_ptr<Lesson> make_parallelism_lesson();        // 14. tensor vs pipeline parallelism (virtual devices)

}  // namespace inferscope::lessons
