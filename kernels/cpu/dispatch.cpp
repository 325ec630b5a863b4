// Run-time choice between the scalar and AVX2 paths, and the dispatched entry points of quant.h.
#include "kernels/cpu/dispatch.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

#include "kernels/cpu/avx2_entry.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/vec_dot.h"

namespace inferscope::kernels {
namespace {

SimdLevel detect() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c");
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
                      __builtin_cpu_supports("avx512vnni");
  if (avx2 && avx512) return SimdLevel::Avx512;
  if (avx2) return SimdLevel::Avx2;
#endif
  return SimdLevel::Scalar;
}

SimdLevel initial_level() {
  const char* env = std::getenv("INFERSCOPE_SIMD");
  if (env && std::strcmp(env, "scalar") == 0) return SimdLevel::Scalar;
  if (env && std::strcmp(env, "avx2") == 0 && detected_simd() >= SimdLevel::Avx2) return SimdLevel::Avx2;
  return detected_simd();
}

std::atomic<SimdLevel>& level_ref() {
  static std::atomic<SimdLevel> level{initial_level()};
  return level;
}

}  // namespace

SimdLevel detected_simd() {
  static const SimdLevel level = detect();
  return level;
}

SimdLevel active_simd() { return level_ref().load(std::memory_order_relaxed); }

SimdLevel set_simd_level(SimdLevel level) {
  if (level > detected_simd()) level = detected_simd();
  level_ref().store(level, std::memory_order_relaxed);
  return level;
}

const char* simd_level() {
  switch (active_simd()) {
    case SimdLevel::Avx512: return "avx512-vnni";
    case SimdLevel::Avx2: return "avx2";
    default: return "scalar";
  }
}

void dequantize_row(GgmlType t, const void* src, float* dst, int64_t n) {
  if (active_simd() >= SimdLevel::Avx2 && avx2::dequantize_row(t, src, dst, n)) return;
  dequantize_row_ref(t, src, dst, n);
}

void quantize_row(GgmlType t, const float* src, void* dst, int64_t n) {
  if (active_simd() >= SimdLevel::Avx2 && avx2::quantize_row(t, src, dst, n)) return;
  quantize_row_ref(t, src, dst, n);
}

namespace detail {

GgmlType act_type_for(GgmlType wt) {
  switch (wt) {
    case GgmlType::Q4_0:
    case GgmlType::Q5_0:
    case GgmlType::Q8_0: return GgmlType::Q8_0;
    case GgmlType::Q4_1:
    case GgmlType::Q5_1: return GgmlType::Q8_1;
    case GgmlType::Q4_K:
    case GgmlType::Q5_K:
    case GgmlType::Q6_K: return GgmlType::Q8_K;
    default: return GgmlType::F32;
  }
}

DotTileFn dot_tile(GgmlType wt, SimdLevel level) {
  if (level >= SimdLevel::Avx2)
    if (DotTileFn f = avx2::dot_tile(wt)) return f;
  return dot_tile_scalar(wt);
}

}  // namespace detail
}  // namespace inferscope::kernels
