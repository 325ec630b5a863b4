#pragma once
// Causal attention of query vectors over K/V stored in paged blocks, read through a block table.
#include <cstdint>

#include "kernels/cpu/kv_format.h"

namespace inferscope::kernels {

enum class AttentionImpl : uint8_t {
  Naive,  // materialize the score row, softmax, weighted sum of V
  Tiled,  // one pass over blocks with an online softmax (FlashAttention-style)
};
const char* attention_impl_name(AttentionImpl a);  // "naive", "tiled"

// Counters a kernel adds to, for lessons and benchmarks (bytes of K/V read, score floats written).
//
// kv_bytes_read: stored K and V bytes the kernel loads, each head row counted once per time the
//   kernel walks over it, plus 4 bytes per (block, kv_head) scale it loads (FP8/INT8; once per
//   block visited, per pool). With B = ceil(n_keys / block_size) blocks, E = kv_dtype_bytes:
//   Naive walks K and V once per QUERY head:
//     n_heads  * (2 * n_keys * head_dim * E + [scaled] 2 * B * 4)
//   Tiled walks K and V once per KV head and reuses each row for all query heads of its group:
//     kv_heads * (2 * n_keys * head_dim * E + [scaled] 2 * B * 4)
//   paged_attention_chunk walks them once per KV head for ALL the rows of the chunk, so a prefill
//   chunk of n rows reads what one row alone reads (n_keys of its last row).
// score_bytes_written: score floats stored to memory that grows with the context (the scratch row):
//   Naive: n_heads * n_keys * 4. Tiled: 0; its per-tile scores (at most kAttentionTile per query
//   head) live in a fixed stack array that stays in L1, which is the point of the tiled form.
struct AttentionCounters {
  uint64_t kv_bytes_read = 0;
  uint64_t score_bytes_written = 0;
};

// Which row/tile kernels attention uses. Scalar: the portable reference. Avx2: the vector kernels
// (AVX2 row kernels; the tiled form uses AVX-512 tile kernels where active_simd() is Avx512).
enum class KvRowIsa : uint8_t { Scalar, Avx2 };

struct PagedAttentionArgs {
  KvPoolView k;
  KvPoolView v;
  const int32_t* block_table;  // logical block index -> physical block id
  int n_keys;                  // attend to keys at positions [0, n_keys) (causal: position of query + 1)
  int n_heads;                 // query heads; head h reads kv head h / (n_heads / kv_heads) (GQA)
  float scale;                 // usually 1/sqrt(head_dim)
  // Sliding window: 0 attends to every earlier key; w > 0 lets a query at position p see only keys
  // [p + 1 - w, p + 1) (itself and the w - 1 before it). The contents of blocks wholly before every
  // query's window are never used, so their table entries may name any block of the pool (a released
  // one); the walk starts at the tile holding the first row's window.
  int window = 0;
};

// q: n_heads * head_dim floats; out: n_heads * head_dim floats; q and out must not overlap.
// scratch: at least n_keys floats (Naive) or 2 * head_dim floats (Tiled; the tiled kernel keeps its
// state on the stack and in `out` and does not touch scratch, so it may be null there).
// counters may be null. n_keys == 0 gives zeros. Uses AVX2/FMA/F16C row kernels when the CPU has them.
void paged_attention(const PagedAttentionArgs& args, const float* q, float* out, AttentionImpl impl, float* scratch,
                     AttentionCounters* counters);

// Tiled attention of n_q query rows of ONE sequence at consecutive positions (a prefill chunk, or
// the k+1 rows of a verification): row i attends keys [0, args.n_keys - n_q + 1 + i) (the window's
// end of that range when args.window is set), so args.n_keys is the last row's key count. q and out hold n_q rows of n_heads * head_dim floats. Computes the
// query heads of KV heads [kv_head_begin, kv_head_end) only (callers split the work across threads
// by KV head or by rows). Every row's result is bit-identical to paged_attention(Tiled) on that row
// alone: each key tile is decoded once and shared, the per-row arithmetic does not change.
//
// ahead (optional) names the K/V a later call on this thread will read. The walk then fetches it into
// the core's L2, a slice per tile of its own, so that call starts on cached rows instead of waiting on
// memory: a decode step over many sequences reads each one's cache once, from DRAM, and one sequence's
// walk is too short for the hardware prefetcher. A hint only: no result depends on it.
struct KvLookahead {
  PagedAttentionArgs args;
  int kv_head_begin = 0;
  int kv_head_end = 0;
};
void paged_attention_chunk(const PagedAttentionArgs& args, const float* q, int n_q, float* out, int kv_head_begin,
                           int kv_head_end, AttentionCounters* counters, KvRowIsa isa,
                           const KvLookahead* ahead = nullptr);

// Tiled kernel tile: keys per online-softmax step (tiles sit at fixed logical positions).
inline constexpr int kAttentionTile = 32;

// ---- Row kernels: one stored head vector (n elements in dtype `d`, block scale NOT applied) ----
// The attention kernels are built from these; they are public so tests can hold the SIMD variant
// against the scalar reference, and so benchmarks can force one.
// Avx2 when the CPU has AVX2, FMA and F16C (checked once), else Scalar.
KvRowIsa kv_row_best_isa();
// sum_i q[i] * decode(row[i])
float kv_row_dot(KvRowIsa isa, KvDtype d, const float* q, const uint8_t* row, int n);
// acc[i] += w * decode(row[i])
void kv_row_axpy(KvRowIsa isa, KvDtype d, float w, const uint8_t* row, int n, float* acc);

// paged_attention with an explicit row-kernel ISA (Avx2 must only be asked for when available).
void paged_attention_isa(const PagedAttentionArgs& args, const float* q, float* out, AttentionImpl impl,
                         float* scratch, AttentionCounters* counters, KvRowIsa isa);

// Defined in paged_attention_avx2.cpp (x86 only); call only through kv_row_dot / kv_row_axpy.
float kv_row_dot_avx2(KvDtype d, const float* q, const uint8_t* row, int n);
void kv_row_axpy_avx2(KvDtype d, float w, const uint8_t* row, int n, float* acc);

}  // namespace inferscope::kernels
