// Recording figures (BENCHMARKS.md, "Recordings"): opens a .isrec file and times what a timeline does
// with it — opening (decode and check everything), rebuilding the block map of random steps, the request
// table at random steps. Not a test: run it by hand on a recording made with `inferscope-cli run --record`.
// Usage: bench_recording FILE.isrec [SAMPLES]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <vector>

#include "engine/record/recording.h"

using namespace inferscope;
using Clock = std::chrono::steady_clock;

namespace {
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

void report(const char* what, std::vector<double> v) {
  std::sort(v.begin(), v.end());
  double sum = 0;
  for (double x : v) sum += x;
  std::printf("%-34s mean %8.3f ms   p50 %8.3f   p99 %8.3f   max %8.3f   (%zu samples)\n", what, sum / double(v.size()),
              v[v.size() / 2], v[std::min(v.size() - 1, v.size() * 99 / 100)], v.back(), v.size());
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_recording FILE.isrec [SAMPLES]\n");
    return 2;
  }
  const int samples = argc > 2 ? std::atoi(argv[2]) : 1000;
  std::vector<double> open_ms;
  int64_t steps = 0;
  for (int i = 0; i < 5; ++i) {
    const auto t0 = Clock::now();
    const record::Recording r = record::Recording::open(argv[1]);
    open_ms.push_back(ms_since(t0));
    steps = r.step_count();
  }
  const record::Recording r = record::Recording::open(argv[1]);
  int64_t requests = 0, tokens = 0, blocks = 0;
  if (steps > 0) {
    requests = int64_t(r.requests_at(steps - 1).size());
    tokens = int64_t(r.tokens_up_to(steps - 1).size());
    blocks = int64_t(r.block_map_at(0).blocks.size());
  }
  std::printf("%s: %.2f MiB, %lld steps, %lld requests, %lld tokens, %lld KV blocks, %zu markers, keyframe every %d%s\n",
              argv[1], double(std::filesystem::file_size(argv[1])) / 1048576.0, static_cast<long long>(steps),
              static_cast<long long>(requests), static_cast<long long>(tokens), static_cast<long long>(blocks),
              r.markers().size(), r.meta().value("keyframe_interval", 0), r.warning().empty() ? "" : " (with a warning)");
  report("open (decode + check all)", open_ms);
  if (steps == 0) return 0;
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<int64_t> pick(0, steps - 1);
  std::vector<double> map_ms, req_ms;
  size_t sink = 0;
  for (int i = 0; i < samples; ++i) {
    const int64_t s = pick(rng);
    auto t0 = Clock::now();
    const BlockMapSnapshot m = r.block_map_at(s);
    map_ms.push_back(ms_since(t0));
    t0 = Clock::now();
    const auto q = r.requests_at(s);
    req_ms.push_back(ms_since(t0));
    sink += m.blocks.size() + q.size();
  }
  report("block_map_at(random step)", map_ms);
  report("requests_at(random step)", req_ms);
  return sink == 0 ? 1 : 0;
}
