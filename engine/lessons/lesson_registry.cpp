// The lessons in teaching order. Each lesson lives in its own file and exposes one factory here.
#include "engine/lessons/lesson.h"
#include "engine/lessons/lesson_factories.h"

namespace inferscope::lessons {

const std::vector<std::unique_ptr<Lesson>>& all_lessons() {
  static const std::vector<std::unique_ptr<Lesson>> lessons = [] {
    std::vector<std::unique_ptr<Lesson>> v;
    v.push_back(make_kv_size_lesson());
    v.push_back(make_prefill_decode_lesson());
    v.push_back(make_cache_work_lesson());
    v.push_back(make_qkv_lookup_lesson());
    v.push_back(make_kv_reads_lesson());
    v.push_back(make_prefix_reuse_lesson());
    v.push_back(make_memory_planner_lesson());
    v.push_back(make_quant_error_lesson());
    v.push_back(make_quant_methods_lesson());
    v.push_back(make_spec_decode_lesson());
    v.push_back(make_batching_lesson());
    v.push_back(make_paged_kv_lesson());
    v.push_back(make_moe_lesson());
    v.push_back(make_flash_attention_lesson());
    v.push_back(make_parallelism_lesson());
    return v;
  }();
  return lessons;
}

}  // namespace inferscope::lessons
