// Kernel micro-benchmarks (Google Benchmark). Not a ctest test; run by hand, e.g.
//   build/tests/bench/bench_kernels --benchmark_filter='Packed.*Q4_1' --benchmark_min_time=0.05
// (benchmark 1.7.x takes --benchmark_min_time in plain seconds; 1.8+ also accepts "0.05s" or "100x").
//
// Every benchmark reports
//   bytes_per_second: weight (or K/V) bytes read per call, so the column reads as GB/s, and
//   items_per_second: multiply-adds per call (GOP/s, one op = one multiply-add),
// plus user counters where useful. Times are wall-clock (UseRealTime) because the pool's worker
// threads do part of the work and CPU time of the calling thread alone would undercount.
//
// Shapes are those of the default model SmolLM2-135M: n_in=576 -> n_out=1536 (FFN up/gate) and
// n_in=1536 -> n_out=576 (FFN down). K-quants (256-element blocks) exist only for n_in=1536 there,
// since 576 is not a multiple of 256 (llama.cpp stores those tensors in another type), so the
// 576-input shape is not registered for Q4_K/Q5_K/Q6_K.
//
// Matmul weights are ~0.5-3.5 MB, i.e. they sit in L2/L3 between calls: the GB/s is cache bandwidth,
// compare it with BM_Ceilings (a 1 GiB stream) to see how far DRAM-bound decode would be. The
// BM_MatmulPackedCold variants cycle through 96 MiB of copies instead, so they read from memory as decode does;
// BM_PagedAttentionCold does the same for the K/V of a decode step over many sequences.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "kernels/cpu/ceilings.h"
#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/ggml_type.h"
#include "kernels/cpu/kv_format.h"
#include "kernels/cpu/matmul.h"
#include "kernels/cpu/packed_matmul.h"
#include "kernels/cpu/paged_attention.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"
#include "tests/kernels/matmul_problem.h"

namespace {

using namespace inferscope::kernels;
using inferscope::kernels::test::random_floats;

struct Shape {
  int64_t n_in, n_out;
};
constexpr Shape kShapes[] = {{576, 1536}, {1536, 576}};
constexpr int64_t kTokens[] = {1, 4, 8, 16, 64, 512};
constexpr int kPoolSizes[] = {1, 2};

// One pool per size for the whole run: creating threads is not what we measure.
ThreadPool* pool_of(int n) {
  static std::unique_ptr<ThreadPool> pools[3];
  if (!pools[n]) pools[n] = std::make_unique<ThreadPool>(n);
  return pools[n].get();
}

// Random weights quantized row by row with the reference quantizer (as the kernel tests do),
// cached per (type, shape) so that registering many benchmarks does not re-quantize.
const std::vector<uint8_t>& weights(GgmlType t, Shape s) {
  static std::map<std::string, std::vector<uint8_t>> cache;  // node-based: references stay valid
  const std::string key = std::string(type_name(t)) + "/" + std::to_string(s.n_in) + "x" + std::to_string(s.n_out);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  const size_t rb = row_bytes(t, s.n_in);
  std::vector<uint8_t> w(rb * s.n_out);
  const auto f = random_floats(size_t(s.n_in * s.n_out), 11 + static_cast<uint32_t>(t), 0.3f);
  for (int64_t r = 0; r < s.n_out; ++r) quantize_row_ref(t, f.data() + r * s.n_in, w.data() + r * rb, s.n_in);
  return cache.emplace(key, std::move(w)).first->second;
}

std::string shape_suffix(Shape s, int pool) {
  std::string r = "/";  // appended piecewise: "literal" + std::string&& trips a GCC 12 -Wrestrict false positive
  r += std::to_string(s.n_in);
  r += "x";
  r += std::to_string(s.n_out);
  r += "/pool:";
  r += std::to_string(pool);
  return r;
}

void set_matmul_counters(benchmark::State& state, size_t weight_bytes, Shape s, int64_t n_tokens) {
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(weight_bytes));
  state.SetItemsProcessed(int64_t(state.iterations()) * s.n_in * s.n_out * n_tokens);
  state.counters["tok/s"] =
      benchmark::Counter(double(state.iterations()) * double(n_tokens), benchmark::Counter::kIsRate);
  state.counters["W_KiB"] = double(weight_bytes) / 1024.0;
}

// ---- 1. packed (AVX-512 VNNI) matmul ----
// ring_bytes = 0: one packed copy, which stays in cache between calls. Otherwise ("Cold") a ring of copies
// of at least that many bytes, larger than the last-level cache, one per call, so every call streams its
// weights from memory as a model's layers do in a real step.
void BM_MatmulPacked(benchmark::State& state, GgmlType t, Shape s, int64_t n_tokens, int n_threads, size_t ring_bytes) {
  if (!packed_matmul_available(t)) {
    state.SkipWithError("no packed kernels at this SIMD level");
    return;
  }
  const auto& w = weights(t, s);
  const MatrixPart part{t, w.data(), s.n_in, s.n_out};
  std::vector<std::unique_ptr<PackedMatrix>> ring;
  size_t packed_bytes = 0;
  do {
    ring.push_back(pack_matrix(std::span<const MatrixPart>(&part, 1)));
    if (!ring.back()) {
      state.SkipWithError("pack_matrix returned null");
      return;
    }
    packed_bytes += ring.back()->bytes();
  } while (packed_bytes < ring_bytes);
  const auto x = random_floats(size_t(s.n_in * n_tokens), 23);
  std::vector<float> y(size_t(s.n_out * n_tokens));
  float* const outs[1] = {y.data()};
  ThreadPool* pool = pool_of(n_threads);
  size_t i = 0;
  for (auto _ : state) {
    matmul_packed(*ring[i], x.data(), n_tokens, outs, pool);
    i = (i + 1) % ring.size();
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  set_matmul_counters(state, ring[0]->bytes(), s, n_tokens);
}

// ---- 2. generic (tile) matmul on the GGUF layout ----
void BM_MatmulTile(benchmark::State& state, GgmlType t, Shape s, int64_t n_tokens, int n_threads) {
  const auto& w = weights(t, s);
  const auto x = random_floats(size_t(s.n_in * n_tokens), 23);
  std::vector<float> y(size_t(s.n_out * n_tokens));
  ThreadPool* pool = pool_of(n_threads);
  for (auto _ : state) {
    matmul(t, w.data(), s.n_in, s.n_out, x.data(), n_tokens, y.data(), pool);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  set_matmul_counters(state, w.size(), s, n_tokens);
}

// ---- 3. paged attention ----
constexpr int kHeads = 9, kKvHeads = 3, kHeadDim = 64, kBlockSize = 16;

struct KvPool {
  std::vector<uint8_t> data;
  std::vector<float> scales;
  KvPoolView view{};
  KvPool(KvDtype d, int blocks) {
    data.assign(size_t(blocks) * kBlockSize * kKvHeads * kHeadDim * kv_dtype_bytes(d), 0);
    scales.assign(size_t(blocks) * kKvHeads, 0.0f);
    view = {d, kBlockSize, kKvHeads, kHeadDim, data.data(), kv_dtype_scaled(d) ? scales.data() : nullptr};
  }
};

// One sequence of n_keys tokens written with kv_write into shuffled physical blocks.
struct KvCase {
  int n_keys;
  std::vector<int32_t> table;
  KvPool kp, vp;
  KvCase(KvDtype d, int n) : n_keys(n), kp(d, (n + kBlockSize - 1) / kBlockSize), vp(d, (n + kBlockSize - 1) / kBlockSize) {
    const int nb = (n + kBlockSize - 1) / kBlockSize;
    std::mt19937 rng(1234);
    table.resize(nb);
    std::iota(table.begin(), table.end(), 0);
    std::shuffle(table.begin(), table.end(), rng);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> k(kKvHeads * kHeadDim), v(k.size());
    for (int p = 0; p < n; ++p) {
      for (float& e : k) e = u(rng);
      for (float& e : v) e = u(rng);
      const int64_t slot = int64_t(table[p / kBlockSize]) * kBlockSize + p % kBlockSize;
      kv_write(kp.view, slot, k.data());
      kv_write(vp.view, slot, v.data());
    }
  }
  PagedAttentionArgs args() const {
    return {kp.view, vp.view, table.data(), n_keys, kHeads, 1.0f / std::sqrt(float(kHeadDim))};
  }
};

// items: multiply-adds of QK^T and PV (2 * heads * keys * head_dim per query row).
void BM_PagedAttention(benchmark::State& state, KvDtype d, int n_keys, AttentionImpl impl) {
  const KvCase c(d, n_keys);
  const auto q = random_floats(size_t(kHeads) * kHeadDim, 5);
  std::vector<float> out(size_t(kHeads) * kHeadDim);
  std::vector<float> scratch(std::max(n_keys, 2 * kHeadDim));
  const PagedAttentionArgs a = c.args();
  AttentionCounters one;  // bytes of one call, from the kernel's own accounting
  paged_attention(a, q.data(), out.data(), impl, scratch.data(), &one);
  for (auto _ : state) {
    paged_attention(a, q.data(), out.data(), impl, scratch.data(), nullptr);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(one.kv_bytes_read));
  state.SetItemsProcessed(int64_t(state.iterations()) * 2 * kHeads * int64_t(n_keys) * kHeadDim);
  state.counters["kv_KiB"] = double(one.kv_bytes_read) / 1024.0;
  state.counters["score_KiB"] = double(one.score_bytes_written) / 1024.0;
}

// A prefill chunk: n_q rows at positions n_keys-n_q .. n_keys-1, split by KV head over the pool.
void BM_PagedAttentionChunk(benchmark::State& state, KvDtype d, int n_keys, int n_q, int n_threads) {
  const KvCase c(d, n_keys);
  const auto q = random_floats(size_t(n_q) * kHeads * kHeadDim, 5);
  std::vector<float> out(q.size());
  const PagedAttentionArgs a = c.args();
  const KvRowIsa isa = kv_row_best_isa();
  ThreadPool* pool = pool_of(n_threads);
  AttentionCounters one;
  paged_attention_chunk(a, q.data(), n_q, out.data(), 0, kKvHeads, &one, isa);
  for (auto _ : state) {
    pool->parallel_for(kKvHeads, [&](int64_t b, int64_t e, int) {
      paged_attention_chunk(a, q.data(), n_q, out.data(), int(b), int(e), nullptr, isa);
    });
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  // Row i attends n_keys - n_q + 1 + i keys.
  int64_t keys = 0;
  for (int i = 0; i < n_q; ++i) keys += n_keys - n_q + 1 + i;
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(one.kv_bytes_read));
  state.SetItemsProcessed(int64_t(state.iterations()) * 2 * kHeads * keys * kHeadDim);
  state.counters["rows/s"] = benchmark::Counter(double(state.iterations()) * n_q, benchmark::Counter::kIsRate);
  state.counters["kv_KiB"] = double(one.kv_bytes_read) / 1024.0;
}

// Decode as a batched step sees it: sequences of n_keys tokens each in one pool larger than the last-level
// cache (blocks shuffled across the pool, as a free list hands them out to sequences that grow in
// lockstep), one decode query per call, each call on the next sequence, so every call reads its K/V from
// memory as a step over many sequences does (BM_PagedAttention's one sequence stays in cache). With
// lookahead, each call is told the next sequence (KvLookahead), as the engine's attention items are.
// contiguous: each sequence's blocks adjacent in the pool instead of shuffled (f16 only), which measures
// what an allocator that keeps a sequence's blocks together would buy.
void BM_PagedAttentionCold(benchmark::State& state, KvDtype d, int n_keys, bool lookahead, bool contiguous) {
  constexpr size_t kPoolBytes = size_t(96) << 20;
  const int blocks_per_seq = (n_keys + kBlockSize - 1) / kBlockSize;
  const size_t seq_bytes = 2 * size_t(blocks_per_seq) * kBlockSize * kKvHeads * kHeadDim * kv_dtype_bytes(d);
  const int n_seqs = static_cast<int>(std::max<size_t>(2, kPoolBytes / seq_bytes));
  const int n_blocks = n_seqs * blocks_per_seq;
  KvPool kp(d, n_blocks), vp(d, n_blocks);
  std::vector<int32_t> order(n_blocks);
  std::iota(order.begin(), order.end(), 0);
  std::mt19937 rng(99);
  if (!contiguous) std::shuffle(order.begin(), order.end(), rng);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> row(kKvHeads * kHeadDim);
  for (int64_t slot = 0; slot < int64_t(n_blocks) * kBlockSize; ++slot) {
    for (float& e : row) e = u(rng);
    kv_write(kp.view, slot, row.data());
    kv_write(vp.view, slot, row.data());
  }
  const auto q = random_floats(size_t(kHeads) * kHeadDim, 5);
  std::vector<float> out(size_t(kHeads) * kHeadDim);
  const KvRowIsa isa = kv_row_best_isa();
  auto args_of = [&](int seq) {
    return PagedAttentionArgs{kp.view, vp.view, order.data() + int64_t(seq) * blocks_per_seq, n_keys, kHeads,
                              1.0f / std::sqrt(float(kHeadDim))};
  };
  int seq = 0;
  for (auto _ : state) {
    const int next = (seq + 1) % n_seqs;
    const KvLookahead ahead{args_of(next), 0, kKvHeads};
    paged_attention_chunk(args_of(seq), q.data(), 1, out.data(), 0, kKvHeads, nullptr, isa,
                          lookahead ? &ahead : nullptr);
    seq = next;
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(seq_bytes));
  state.SetItemsProcessed(int64_t(state.iterations()) * 2 * kHeads * int64_t(n_keys) * kHeadDim);
}

// ---- 4. machine ceilings ----
void BM_Ceilings(benchmark::State& state, int n_threads) {
  ThreadPool* pool = pool_of(n_threads);
  constexpr size_t kReadBytes = size_t(1) << 30;  // leaves every cache
  double bw = 0, fp32 = 0, int8 = 0;
  for (auto _ : state) {
    bw = measure_read_bandwidth(pool, kReadBytes, 3);
    fp32 = measure_fp32_peak(pool, 3);
    int8 = measure_int8_peak(pool, 3);
  }
  state.counters["read_GB/s"] = bw;
  state.counters["fp32_GFLOP/s"] = fp32;
  state.counters["int8_GOP/s"] = int8;
  state.SetLabel(std::string("simd=") + simd_level());
}

void register_all() {
  const GgmlType packed_types[] = {GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q8_0, GgmlType::Q5_0,
                                   GgmlType::Q5_1, GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K};
  for (GgmlType t : packed_types)
    for (int64_t n : kTokens)
      for (Shape s : kShapes)
        for (int p : kPoolSizes) {
          if (s.n_in % type_traits(t).block_elems != 0) continue;  // K-quants at n_in=576
          const std::string name = std::string("BM_MatmulPacked/") + type_name(t) + "/" + std::to_string(n) + shape_suffix(s, p);
          benchmark::RegisterBenchmark(name.c_str(), BM_MatmulPacked, t, s, n, p, size_t(0))->UseRealTime();
          const std::string cold = std::string("BM_MatmulPackedCold/") + type_name(t) + "/" + std::to_string(n) + shape_suffix(s, p);
          benchmark::RegisterBenchmark(cold.c_str(), BM_MatmulPacked, t, s, n, p, size_t(96) << 20)->UseRealTime();
        }

  const GgmlType tile_types[] = {GgmlType::F32,  GgmlType::F16,  GgmlType::BF16, GgmlType::Q8_0, GgmlType::Q4_0,
                                 GgmlType::Q4_1, GgmlType::Q5_0, GgmlType::Q5_1, GgmlType::Q4_K, GgmlType::Q5_K,
                                 GgmlType::Q6_K};
  for (GgmlType t : tile_types)
    for (int64_t n : kTokens)
      for (Shape s : kShapes) {
        if (s.n_in % type_traits(t).block_elems != 0) continue;  // K-quants at n_in=576
        for (int p : kPoolSizes) {
          const std::string name = std::string("BM_MatmulTile/") + type_name(t) + "/" + std::to_string(n) + shape_suffix(s, p);
          benchmark::RegisterBenchmark(name.c_str(), BM_MatmulTile, t, s, n, p)->UseRealTime();
        }
      }

  const KvDtype kv_types[] = {KvDtype::F32, KvDtype::F16, KvDtype::BF16, KvDtype::FP8_E4M3, KvDtype::INT8};
  for (KvDtype d : kv_types)
    for (int n : {128, 512, 2048})
      for (AttentionImpl impl : {AttentionImpl::Tiled, AttentionImpl::Naive}) {
        const std::string name = std::string("BM_PagedAttention/") + kv_dtype_name(d) + "/" + std::to_string(n) + "/" +
                                 attention_impl_name(impl);
        benchmark::RegisterBenchmark(name.c_str(), BM_PagedAttention, d, n, impl)->UseRealTime();
      }
  for (KvDtype d : kv_types)
    for (int n : {192, 1024})
      for (bool ahead : {false, true})
        for (bool contiguous : {false, true}) {
          if (contiguous && d != KvDtype::F16) continue;
          const std::string name = std::string("BM_PagedAttentionCold/") + kv_dtype_name(d) + "/" + std::to_string(n) +
                                   (ahead ? "/lookahead" : "/alone") + (contiguous ? "/contiguous" : "");
          benchmark::RegisterBenchmark(name.c_str(), BM_PagedAttentionCold, d, n, ahead, contiguous)->UseRealTime();
        }
  for (KvDtype d : kv_types)
    for (int p : kPoolSizes) {
      const std::string name =
          std::string("BM_PagedAttentionChunk/") + kv_dtype_name(d) + "/512/n_q:512/pool:" + std::to_string(p);
      benchmark::RegisterBenchmark(name.c_str(), BM_PagedAttentionChunk, d, 512, 512, p)->UseRealTime();
    }

  for (int p : kPoolSizes) {
    const std::string name = "BM_Ceilings/pool:" + std::to_string(p);
    benchmark::RegisterBenchmark(name.c_str(), BM_Ceilings, p)->UseRealTime()->Iterations(1)->Unit(benchmark::kMillisecond);
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::printf("simd level: %s, packed Q4_0/Q4_1/Q8_0/Q4_K: %d/%d/%d/%d, kv row isa: %s\n", simd_level(),
              int(packed_matmul_available(GgmlType::Q4_0)), int(packed_matmul_available(GgmlType::Q4_1)),
              int(packed_matmul_available(GgmlType::Q8_0)), int(packed_matmul_available(GgmlType::Q4_K)),
              kv_row_best_isa() == KvRowIsa::Avx2 ? "avx2" : "scalar");
  register_all();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
