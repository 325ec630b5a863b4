#pragma once
// Internal: the inner step of tiled paged attention, on a tile of keys already decoded to f32.
// paged_attention.cpp walks the blocks, decodes each tile of kAttentionTile keys once per KV head
// and hands it to these kernels for every query head (and every query row of a prefill chunk)
// that reads it. A query's result depends only on the tiles it sees, never on how many other
// queries share them, which is what keeps attention batch-invariant.
#include <cstdint>

#include "kernels/cpu/kv_format.h"

namespace inferscope::kernels::attn {

// One query head's running state for one tile: it reads the first nt keys of the tile (causal rows
// of a prefill chunk see fewer keys of their last tile than the tile holds).
struct TileQuery {
  const float* q;  // head_dim floats
  float* acc;      // head_dim floats: the unnormalized output
  float* m;        // running max of the scores
  float* l;        // running sum of exp(score - m)
  int nt;          // 1 .. kAttentionTile
};

struct TileKernels {
  // dst[j * hd + i] = element i of rows[j], decoded without its block scale; j < nt.
  void (*decode)(KvDtype d, const uint8_t* const* rows, int nt, int hd, float* dst);
  // Online-softmax step of each of the n queries over its nt decoded keys kt / values vt (rows of hd):
  //   s_j = kscale[j] * dot(q, kt_j); m' = max(m, s_j); acc, l *= exp(m - m');
  //   p_j = exp(s_j - m'); l += p_j; acc += p_j * vscale[j] * vt_j.
  // Every query's arithmetic is the same whatever n and whichever other queries share the call (the
  // vector kernel interleaves several queries only to hide latencies), so results stay batch-invariant.
  void (*update)(const TileQuery* queries, int n, const float* kt, const float* vt, const float* kscale,
                 const float* vscale, int hd);
  // The same step reading an F16 cache's rows in place (krows[j] / vrows[j], as decode() takes them),
  // bit-identical to decode() + update() because widening f16 is exact. Skips the decoded copy, which
  // only pays when many queries share a tile. Null, or returns false, where the kernel has no such path.
  bool (*update_f16_rows)(const TileQuery* queries, int n, const uint8_t* const* krows, const uint8_t* const* vrows,
                          const float* kscale, const float* vscale, int hd) = nullptr;
};

const TileKernels& tile_kernels_scalar();
// AVX-512 kernels (attention_tile_avx512.cpp); use only when active_simd() is Avx512.
const TileKernels& tile_kernels_avx512();

}  // namespace inferscope::kernels::attn
