#pragma once
// This machine's ceilings, measured in the same run as a benchmark, so results can be reported as
// fractions of a roofline rather than as bare tokens/s.
#include <cstddef>

namespace inferscope::kernels {

class ThreadPool;

struct Ceilings {
  double read_gb_s = 0;        // sustained streaming read bandwidth, all pool threads (1e9 bytes/s)
  double read_bytes = 0;       // working set of that measurement
  double fp32_gflop_s = 0;     // peak fp32 FMA throughput (2 flops per lane per FMA), all threads
  double int8_gop_s = 0;       // peak int8 dot throughput (vpdpbusd: 2 ops per byte pair), 0 without VNNI
  const char* fp32_isa = "";   // the instructions the peaks were measured with
  const char* int8_isa = "";
};

// Streams `bytes` (split across the pool's threads) `reps` times and keeps the best pass.
double measure_read_bandwidth(ThreadPool* pool, size_t bytes, int reps);
// Independent FMA chains in registers on every thread; best of `reps` timed bursts.
double measure_fp32_peak(ThreadPool* pool, int reps);
// Independent vpdpbusd chains (AVX-512 VNNI); 0 when the active SIMD level has none.
double measure_int8_peak(ThreadPool* pool, int reps);

// All three, with a working set large enough to leave every cache (default 1 GiB).
Ceilings measure_ceilings(ThreadPool* pool, size_t read_bytes = size_t(1) << 30);

}  // namespace inferscope::kernels
