// Paged attention for one query token: the naive form (score row in scratch, softmax, weighted sum)
// and the tiled form (one pass per KV head with an online softmax, FlashAttention-style).
// Both read K/V through the block table: key position p lives in slot
// block_table[p / block_size] * block_size + p % block_size.
#include "kernels/cpu/paged_attention.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <vector>

#include "kernels/cpu/attention_tile.h"
#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/prefetch.h"

namespace inferscope::kernels {
namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();
// Up to this many queries on one tile read an F16 cache in place instead of decoding the tile first
// (a decode row of a model with 3 query heads per KV head is 3 queries).
constexpr int kInPlaceQueries = 8;

int num_blocks(const PagedAttentionArgs& a) { return (a.n_keys + a.k.block_size - 1) / a.k.block_size; }

// The first key any of n_q rows ending at a.n_keys sees (0 without a window).
int first_window_key(const PagedAttentionArgs& a, int n_q) {
  return a.window > 0 ? std::max(0, a.n_keys - n_q + 1 - a.window) : 0;
}

// Bytes one walk over keys [first_key, n_keys) of one KV head reads from K and V, scales included.
uint64_t kv_walk_bytes(const PagedAttentionArgs& a, int first_key = 0) {
  const auto keys = static_cast<uint64_t>(a.n_keys - first_key);
  const auto blocks = static_cast<uint64_t>(num_blocks(a) - first_key / a.k.block_size);
  uint64_t bytes = keys * (kv_head_row_bytes(a.k) + kv_head_row_bytes(a.v));
  if (kv_dtype_scaled(a.k.dtype)) bytes += blocks * sizeof(float);
  if (kv_dtype_scaled(a.v.dtype)) bytes += blocks * sizeof(float);
  return bytes;
}

void naive(const PagedAttentionArgs& a, const float* q, float* out, float* scores, AttentionCounters* counters,
           KvRowIsa isa) {
  const int hd = a.k.head_dim;
  const int bs = a.k.block_size;
  const int group = a.n_heads / a.k.kv_heads;
  const int nb = num_blocks(a);
  const int k0 = first_window_key(a, 1);  // keys before it are outside the window
  for (int h = 0; h < a.n_heads; ++h) {
    const int g = h / group;
    const float* qh = q + static_cast<int64_t>(h) * hd;
    float* oh = out + static_cast<int64_t>(h) * hd;
    // 1. The whole score row: n_keys floats, the buffer that grows with the context.
    float mx = kNegInf;
    for (int b = k0 / bs; b < nb; ++b) {
      const int64_t phys = a.block_table[b];
      const float ks = kv_block_scale(a.k, phys, g) * a.scale;
      const int nk = std::min(bs, a.n_keys - b * bs);
      for (int o = std::max(0, k0 - b * bs); o < nk; ++o) {
        const float s = ks * kv_row_dot(isa, a.k.dtype, qh, kv_head_row(a.k, phys * bs + o, g), hd);
        scores[b * bs + o] = s;
        mx = std::max(mx, s);
      }
    }
    // 2. Softmax, max-subtracted so exp cannot overflow.
    float sum = 0.0f;
    for (int p = k0; p < a.n_keys; ++p) {
      scores[p] = std::exp(scores[p] - mx);
      sum += scores[p];
    }
    // 3. Weighted sum of V; 1/sum and the block's V scale fold into each row's weight.
    std::fill(oh, oh + hd, 0.0f);
    const float inv = 1.0f / sum;
    for (int b = k0 / bs; b < nb; ++b) {
      const int64_t phys = a.block_table[b];
      const float vs = kv_block_scale(a.v, phys, g) * inv;
      const int nk = std::min(bs, a.n_keys - b * bs);
      for (int o = std::max(0, k0 - b * bs); o < nk; ++o) {
        kv_row_axpy(isa, a.v.dtype, scores[b * bs + o] * vs, kv_head_row(a.v, phys * bs + o, g), hd, oh);
      }
    }
  }
  if (counters) {
    counters->kv_bytes_read += static_cast<uint64_t>(a.n_heads) * kv_walk_bytes(a, k0);
    counters->score_bytes_written +=
        static_cast<uint64_t>(a.n_heads) * static_cast<uint64_t>(a.n_keys - k0) * sizeof(float);
  }
}

const attn::TileKernels& tile_kernels(KvRowIsa isa) {
  if (isa == KvRowIsa::Avx2 && active_simd() >= SimdLevel::Avx512) return attn::tile_kernels_avx512();
  return attn::tile_kernels_scalar();
}

// The cache slots (and their blocks) of key positions [t0, t0 + nt): one division per tile, then a walk
// along the block table, rather than a division per key and KV head.
void tile_slots(const PagedAttentionArgs& a, int t0, int nt, int64_t* slot, int64_t* phys) {
  const int bs = a.k.block_size;
  int b = t0 / bs, o = t0 % bs;
  for (int j = 0; j < nt; ++j) {
    phys[j] = a.block_table[b];
    slot[j] = phys[j] * bs + o;
    if (++o == bs) {
      o = 0;
      ++b;
    }
  }
}

// Asks for the K and V rows of KV heads [g0, g1) in the given slots ahead of use. A tile's slots may lie
// in blocks anywhere in the pool, so the hardware prefetcher cannot guess them, and without this the tile
// kernels stall on each new row. One slot's heads are adjacent, so they are one contiguous span. Into L2:
// a tile of a decode row's K and V for all its KV heads is 24 KiB (32 keys x 3 heads x 128 B x 2), and
// fetched into L1 it evicted the tile in use (BM_PagedAttentionCold, f16, 192 keys: 34 -> 22 us per call).
// Consecutive slots whose heads [g0, g1) are adjacent (all heads of a run of slots in one block) form one
// span, prefetched line by line without recomputing a row address per slot.
void prefetch_slots(const PagedAttentionArgs& a, const int64_t* slot, int nt, int g0, int g1) {
  const size_t kb = kv_head_row_bytes(a.k) * size_t(g1 - g0), vb = kv_head_row_bytes(a.v) * size_t(g1 - g0);
  const bool all_heads = g1 - g0 == a.k.kv_heads;
  for (int j = 0; j < nt;) {
    int e = j + 1;
    if (all_heads)
      while (e < nt && slot[e] == slot[e - 1] + 1) ++e;
    const uint8_t* k = kv_head_row(a.k, slot[j], g0);
    const uint8_t* v = kv_head_row(a.v, slot[j], g0);
    const size_t kspan = kb * size_t(e - j), vspan = vb * size_t(e - j);
    for (size_t o = 0; o < kspan; o += 64) prefetch_l2(k + o);
    for (size_t o = 0; o < vspan; o += 64) prefetch_l2(v + o);
    j = e;
  }
}

// Prefetches tiles [first, last) of a later call's walk.
void prefetch_ahead(const KvLookahead& ahead, int first, int last) {
  const PagedAttentionArgs& a = ahead.args;
  const int skip = first_window_key(a, 1) / kAttentionTile;  // tiles before the last row's window
  int64_t slot[kAttentionTile], phys[kAttentionTile];
  for (int t = first + skip; t < last + skip; ++t) {
    const int t0 = t * kAttentionTile;
    const int nt = std::min(kAttentionTile, a.n_keys - t0);
    tile_slots(a, t0, nt, slot, phys);
    prefetch_slots(a, slot, nt, ahead.kv_head_begin, ahead.kv_head_end);
  }
}

int num_tiles(int n_keys) { return (n_keys + kAttentionTile - 1) / kAttentionTile; }
// Tiles of a walk that starts at the tile holding first_key.
int num_tiles_from(int first_key, int n_keys) { return num_tiles(n_keys) - first_key / kAttentionTile; }

// Tiled attention of n_q query rows of one sequence (row i attends keys [0, n_keys - n_q + 1 + i)),
// KV heads [g0, g1). Tiles of kAttentionTile keys at fixed logical positions (never at block
// boundaries, so the block size cannot change a bit) are walked once, in order; within a tile every
// KV head of the range is done in turn (a slot's heads are adjacent in memory, so the walk reads the
// cache sequentially), and each head's tile is used by every query head of its group and every row
// that reaches it. Each query sees the same tiles in the same order whatever the head range, so the
// split of heads across threads never changes a bit. out rows double as the unnormalized accumulators.
void tiled_chunk(const PagedAttentionArgs& a, const float* q, int n_q, float* out, int g0, int g1,
                 AttentionCounters* counters, const attn::TileKernels& tk, const KvLookahead* ahead) {
  const int hd = a.k.head_dim;
  const int group = a.n_heads / a.k.kv_heads;
  const int n_g = g1 - g0;
  const int64_t stride = static_cast<int64_t>(a.n_heads) * hd;
  const int first_keys = a.n_keys - n_q + 1;  // keys row 0 attends to
  // Per-thread scratch that only grows: decoded tiles and the running max / sum of each (row, head).
  thread_local std::vector<float> tiles, state;
  const size_t n_state = size_t(n_q) * size_t(n_g) * size_t(group);
  if (tiles.size() < size_t(2) * kAttentionTile * hd) tiles.resize(size_t(2) * kAttentionTile * hd);
  if (state.size() < 2 * n_state) state.resize(2 * n_state);
  thread_local std::vector<attn::TileQuery> query_list, shifted_list;
  thread_local std::vector<int> shift_list;
  if (query_list.size() < size_t(n_q) * group) query_list.resize(size_t(n_q) * group);
  attn::TileQuery* queries = query_list.data();
  // Sliding window: the first key row i sees, and the queries whose window starts inside a tile (they
  // read the tile from that key on: the same kernels on the tile's tail).
  const int walk_first = first_window_key(a, n_q);
  auto row_first = [&](int i) { return a.window > 0 ? std::max(0, first_keys + i - a.window) : 0; };
  if (a.window > 0 && shifted_list.size() < size_t(n_q) * group) {
    shifted_list.resize(size_t(n_q) * group);
    shift_list.resize(size_t(n_q) * group);
  }
  const bool f16_rows = a.k.dtype == KvDtype::F16 && a.v.dtype == KvDtype::F16 && tk.update_f16_rows;
  float* kt = tiles.data();
  float* vt = kt + kAttentionTile * hd;
  // Running max / sum of query (row i, head h of KV head g).
  float* m = state.data();
  float* l = m + n_state;
  auto state_at = [&](int i, int g, int h) { return (size_t(i) * n_g + size_t(g - g0)) * group + h; };
  const uint8_t* krows[kAttentionTile];
  const uint8_t* vrows[kAttentionTile];
  // Zeros past a short first tile; padded because the vector kernels read scales four at a time from
  // a window's shifted start.
  float kscale[kAttentionTile + 8] = {}, vscale[kAttentionTile + 8] = {};
  // Unscaled dtypes have the same scales for every key and head: set once, on the first tile.
  const bool scaled = kv_dtype_scaled(a.k.dtype) || kv_dtype_scaled(a.v.dtype);
  const size_t krow_bytes = kv_head_row_bytes(a.k), vrow_bytes = kv_head_row_bytes(a.v);

  std::fill(m, m + n_state, kNegInf);
  std::fill(l, l + n_state, 0.0f);
  for (int i = 0; i < n_q; ++i) {
    float* o = out + i * stride + static_cast<int64_t>(g0) * group * hd;
    std::fill(o, o + static_cast<int64_t>(n_g) * group * hd, 0.0f);
  }
  // Slots of this tile and the next: each tile's are found, and prefetched, one tile ahead of its use.
  // The next tile's rows are asked for one KV head at a time, just before the current tile's work on
  // that head, not all at once: a burst of a whole tile's lines (24 KiB for a decode row of 3 KV heads)
  // stalled the kernel on the full miss queue, and spread over the heads the loads overlap the compute
  // (2-vCPU EPYC, f16, shuffled blocks in a 96 MiB huge-page pool, one decode row of 9 heads per call:
  // 192 keys 22-27 -> 16-20 us, 1024 keys 129 -> 85-87 us).
  int64_t slot_buf[2][kAttentionTile], phys_buf[2][kAttentionTile];
  // The later call's tiles, spread evenly over this walk's tiles (its first tile is otherwise cold: about
  // a sixth of a 192-key decode row; BM_PagedAttentionCold 192 keys, alone vs lookahead: median 25 -> 22 us).
  const int t_first = walk_first / kAttentionTile * kAttentionTile;
  const int n_tiles = num_tiles_from(walk_first, a.n_keys);
  const int n_ahead = ahead ? num_tiles_from(first_window_key(ahead->args, 1), ahead->args.n_keys) : 0;
  int cur = 0;
  tile_slots(a, t_first, std::min(kAttentionTile, a.n_keys - t_first), slot_buf[cur], phys_buf[cur]);
  prefetch_slots(a, slot_buf[cur], std::min(kAttentionTile, a.n_keys - t_first), g0, g1);
  for (int t0 = t_first, ti = 0; t0 < a.n_keys; t0 += kAttentionTile, cur ^= 1, ++ti) {
    const int nt = std::min(kAttentionTile, a.n_keys - t0);
    const int64_t* slot = slot_buf[cur];
    const int64_t* phys = phys_buf[cur];
    const int nt_next = std::min(kAttentionTile, a.n_keys - t0 - kAttentionTile);  // <= 0: this is the last
    if (nt_next > 0) tile_slots(a, t0 + kAttentionTile, nt_next, slot_buf[cur ^ 1], phys_buf[cur ^ 1]);
    if (n_ahead > 0) prefetch_ahead(*ahead, ti * n_ahead / n_tiles, (ti + 1) * n_ahead / n_tiles);
    // Row addresses of head g0 once per tile; the next head's row is one head row further on.
    for (int j = 0; j < nt; ++j) {
      krows[j] = kv_head_row(a.k, slot[j], g0);
      vrows[j] = kv_head_row(a.v, slot[j], g0);
    }
    for (int g = g0; g < g1; ++g) {
      if (nt_next > 0) prefetch_slots(a, slot_buf[cur ^ 1], nt_next, g, g + 1);
      if (g > g0)
        for (int j = 0; j < nt; ++j) {
          krows[j] += krow_bytes;
          vrows[j] += vrow_bytes;
        }
      if (scaled || t0 == t_first)
        for (int j = 0; j < nt; ++j) {
          kscale[j] = kv_block_scale(a.k, phys[j], g) * a.scale;
          vscale[j] = kv_block_scale(a.v, phys[j], g);
        }
      int nq = 0, n_shifted = 0;
      for (int i = std::max(0, t0 - first_keys + 1); i < n_q; ++i) {
        const int nti = std::min(nt, first_keys + i - t0);
        const int shift = std::max(0, row_first(i) - t0);  // keys of this tile before row i's window
        if (shift >= nti) break;  // later rows' windows start later still
        for (int h = 0; h < group; ++h) {
          const int64_t off = i * stride + static_cast<int64_t>(g * group + h) * hd;
          const size_t st = state_at(i, g, h);
          if (shift == 0) {
            queries[nq++] = {q + off, out + off, &m[st], &l[st], nti};
          } else {
            shift_list[size_t(n_shifted)] = shift;
            shifted_list[size_t(n_shifted++)] = {q + off, out + off, &m[st], &l[st], nti - shift};
          }
        }
      }
      // Few queries per tile (decode rows): read F16 rows in place; many (prefill): decode once.
      bool decoded = false;
      const bool in_place = nq == 0 || (f16_rows && nq <= kInPlaceQueries &&
                                        tk.update_f16_rows(queries, nq, krows, vrows, kscale, vscale, hd));
      if (!in_place) {
        tk.decode(a.k.dtype, krows, nt, hd, kt);
        tk.decode(a.v.dtype, vrows, nt, hd, vt);
        decoded = true;
        tk.update(queries, nq, kt, vt, kscale, vscale, hd);
      }
      for (int r = 0; r < n_shifted; ++r) {
        const int sh = shift_list[size_t(r)];
        if (f16_rows && !decoded &&
            tk.update_f16_rows(&shifted_list[size_t(r)], 1, krows + sh, vrows + sh, kscale + sh, vscale + sh, hd))
          continue;
        if (!decoded) {
          tk.decode(a.k.dtype, krows, nt, hd, kt);
          tk.decode(a.v.dtype, vrows, nt, hd, vt);
          decoded = true;
        }
        tk.update(&shifted_list[size_t(r)], 1, kt + sh * hd, vt + sh * hd, kscale + sh, vscale + sh, hd);
      }
    }
  }
  for (int i = 0; i < n_q; ++i)
    for (int g = g0; g < g1; ++g)
      for (int h = 0; h < group; ++h) {
        const float inv = 1.0f / l[state_at(i, g, h)];
        float* o = out + i * stride + static_cast<int64_t>(g * group + h) * hd;
        for (int d = 0; d < hd; ++d) o[d] *= inv;
      }
  if (counters) counters->kv_bytes_read += static_cast<uint64_t>(g1 - g0) * kv_walk_bytes(a, t_first);
}

}  // namespace

const char* attention_impl_name(AttentionImpl a) {
  switch (a) {
    case AttentionImpl::Naive: return "naive";
    case AttentionImpl::Tiled: return "tiled";
  }
  return "?";
}

void paged_attention_isa(const PagedAttentionArgs& args, const float* q, float* out, AttentionImpl impl,
                         float* scratch, AttentionCounters* counters, KvRowIsa isa) {
  assert(args.k.kv_heads > 0 && args.n_heads % args.k.kv_heads == 0);
  assert(args.k.block_size == args.v.block_size && args.k.head_dim == args.v.head_dim &&
         args.k.kv_heads == args.v.kv_heads);
  if (args.n_keys <= 0) {
    std::fill(out, out + static_cast<int64_t>(args.n_heads) * args.k.head_dim, 0.0f);
    return;
  }
  if (impl == AttentionImpl::Naive) {
    naive(args, q, out, scratch, counters, isa);
  } else {
    tiled_chunk(args, q, 1, out, 0, args.k.kv_heads, counters, tile_kernels(isa), nullptr);
  }
}

void paged_attention_chunk(const PagedAttentionArgs& args, const float* q, int n_q, float* out, int kv_head_begin,
                           int kv_head_end, AttentionCounters* counters, KvRowIsa isa, const KvLookahead* ahead) {
  assert(args.k.kv_heads > 0 && args.n_heads % args.k.kv_heads == 0 && n_q >= 1 && n_q <= args.n_keys);
  assert(0 <= kv_head_begin && kv_head_begin <= kv_head_end && kv_head_end <= args.k.kv_heads);
  tiled_chunk(args, q, n_q, out, kv_head_begin, kv_head_end, counters, tile_kernels(isa), ahead);
}

void paged_attention(const PagedAttentionArgs& args, const float* q, float* out, AttentionImpl impl, float* scratch,
                     AttentionCounters* counters) {
  paged_attention_isa(args, q, out, impl, scratch, counters, kv_row_best_isa());
}

}  // namespace inferscope::kernels
