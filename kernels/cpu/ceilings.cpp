#include "kernels/cpu/ceilings.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "kernels/cpu/ceilings_simd.h"
#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::kernels {
namespace {

using Clock = std::chrono::steady_clock;

int threads_of(ThreadPool* pool) { return pool ? pool->size() : 1; }

// Runs fn(thread) on every thread of the pool at once and returns the wall time of the slowest.
template <class Fn>
double timed_on_all(ThreadPool* pool, Fn fn) {
  const auto t0 = Clock::now();
  if (pool)
    pool->parallel_for(pool->size(), [&](int64_t b, int64_t e, int) {
      for (int64_t t = b; t < e; ++t) fn(static_cast<int>(t));
    });
  else
    fn(0);
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::atomic<uint64_t> g_sink{0};  // keeps the measured loops from being optimized away

}  // namespace

double measure_read_bandwidth(ThreadPool* pool, size_t bytes, int reps) {
  if (active_simd() < SimdLevel::Avx2) return 0.0;
  const size_t lines = std::max<size_t>(bytes / 64, 1);
  std::unique_ptr<uint8_t, decltype(&std::free)> buf(static_cast<uint8_t*>(std::aligned_alloc(64, lines * 64)), &std::free);
  if (!buf) return 0.0;
  const int n = threads_of(pool);
  // Each thread touches its own slice first, so its pages are mapped before timing.
  timed_on_all(pool, [&](int t) {
    const size_t b = lines * t / n, e = lines * (t + 1) / n;
    std::memset(buf.get() + 64 * b, t + 1, 64 * (e - b));
  });
  const bool wide = active_simd() >= SimdLevel::Avx512;
  double best = 0.0;
  for (int r = 0; r < reps; ++r) {
    const double s = timed_on_all(pool, [&](int t) {
      const size_t b = lines * t / n, e = lines * (t + 1) / n;
      const uint8_t* p = buf.get() + 64 * b;
      g_sink += wide ? ceilings::read_lines_avx512(p, e - b) : ceilings::read_lines_avx2(p, e - b);
    });
    best = std::max(best, double(lines) * 64 / s / 1e9);
  }
  return best;
}

double measure_fp32_peak(ThreadPool* pool, int reps) {
  if (active_simd() < SimdLevel::Avx2) return 0.0;
  const bool wide = active_simd() >= SimdLevel::Avx512;
  const int64_t iters = 20'000'000;
  const double flops = double(threads_of(pool)) * iters * ceilings::kChains * (wide ? 16 : 8) * 2;
  double best = 0.0;
  for (int r = 0; r < reps; ++r) {
    const double s = timed_on_all(pool, [&](int) {
      const float v = wide ? ceilings::fma_burst_avx512(iters) : ceilings::fma_burst_avx2(iters);
      g_sink += static_cast<uint64_t>(v);
    });
    best = std::max(best, flops / s / 1e9);
  }
  return best;
}

double measure_int8_peak(ThreadPool* pool, int reps) {
  if (active_simd() < SimdLevel::Avx512) return 0.0;
  const int64_t iters = 20'000'000;
  const double ops = double(threads_of(pool)) * iters * ceilings::kChains * 64 * 2;
  double best = 0.0;
  for (int r = 0; r < reps; ++r) {
    const double s = timed_on_all(pool, [&](int) { g_sink += static_cast<uint64_t>(ceilings::vnni_burst_avx512(iters)); });
    best = std::max(best, ops / s / 1e9);
  }
  return best;
}

Ceilings measure_ceilings(ThreadPool* pool, size_t read_bytes) {
  Ceilings c;
  c.read_bytes = double(read_bytes);
  c.read_gb_s = measure_read_bandwidth(pool, read_bytes, 5);
  c.fp32_gflop_s = measure_fp32_peak(pool, 3);
  c.int8_gop_s = measure_int8_peak(pool, 3);
  const bool wide = active_simd() >= SimdLevel::Avx512;
  c.fp32_isa = active_simd() >= SimdLevel::Avx2 ? (wide ? "avx512 vfmadd" : "avx2 vfmadd") : "none";
  c.int8_isa = wide ? "avx512 vpdpbusd" : "none";
  return c;
}

}  // namespace inferscope::kernels
