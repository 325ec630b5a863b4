// Paged attention for one query token: the naive form (score row in scratch, softmax, weighted sum)
// and the tiled form (one pass per KV head with an online softmax, FlashAttention-style).
// Both read K/V through the block table: key position p lives in slot
// block_table[p / block_size] * block_size + p % block_size.
#include "kernels/cpu/paged_attention.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace inferscope::kernels {
namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

int num_blocks(const PagedAttentionArgs& a) { return (a.n_keys + a.k.block_size - 1) / a.k.block_size; }

// Bytes one walk over all keys of one KV head reads from K and V, scales included.
uint64_t kv_walk_bytes(const PagedAttentionArgs& a) {
  const auto keys = static_cast<uint64_t>(a.n_keys);
  const auto blocks = static_cast<uint64_t>(num_blocks(a));
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
  for (int h = 0; h < a.n_heads; ++h) {
    const int g = h / group;
    const float* qh = q + static_cast<int64_t>(h) * hd;
    float* oh = out + static_cast<int64_t>(h) * hd;
    // 1. The whole score row: n_keys floats, the buffer that grows with the context.
    float mx = kNegInf;
    for (int b = 0; b < nb; ++b) {
      const int64_t phys = a.block_table[b];
      const float ks = kv_block_scale(a.k, phys, g) * a.scale;
      const int nk = std::min(bs, a.n_keys - b * bs);
      for (int o = 0; o < nk; ++o) {
        const float s = ks * kv_row_dot(isa, a.k.dtype, qh, kv_head_row(a.k, phys * bs + o, g), hd);
        scores[b * bs + o] = s;
        mx = std::max(mx, s);
      }
    }
    // 2. Softmax, max-subtracted so exp cannot overflow.
    float sum = 0.0f;
    for (int p = 0; p < a.n_keys; ++p) {
      scores[p] = std::exp(scores[p] - mx);
      sum += scores[p];
    }
    // 3. Weighted sum of V; 1/sum and the block's V scale fold into each row's weight.
    std::fill(oh, oh + hd, 0.0f);
    const float inv = 1.0f / sum;
    for (int b = 0; b < nb; ++b) {
      const int64_t phys = a.block_table[b];
      const float vs = kv_block_scale(a.v, phys, g) * inv;
      const int nk = std::min(bs, a.n_keys - b * bs);
      for (int o = 0; o < nk; ++o) {
        kv_row_axpy(isa, a.v.dtype, scores[b * bs + o] * vs, kv_head_row(a.v, phys * bs + o, g), hd, oh);
      }
    }
  }
  if (counters) {
    counters->kv_bytes_read += static_cast<uint64_t>(a.n_heads) * kv_walk_bytes(a);
    counters->score_bytes_written += static_cast<uint64_t>(a.n_heads) * static_cast<uint64_t>(a.n_keys) * sizeof(float);
  }
}

// One pass over the keys for query heads [h0, h0 + nh), all reading KV head g. Each K and V row is
// loaded once and used by every head of the pass. out rows double as the unnormalized accumulators.
void tiled_pass(const PagedAttentionArgs& a, const float* q, float* out, int g, int h0, int nh, KvRowIsa isa) {
  const int hd = a.k.head_dim;
  const int bs = a.k.block_size;
  float m[kAttentionMaxGroup];  // running max of the scores seen so far
  float l[kAttentionMaxGroup];  // running sum of exp(score - m)
  float s[kAttentionMaxGroup][kAttentionTile];
  for (int i = 0; i < nh; ++i) {
    m[i] = kNegInf;
    l[i] = 0.0f;
    std::fill(out + static_cast<int64_t>(h0 + i) * hd, out + static_cast<int64_t>(h0 + i + 1) * hd, 0.0f);
  }
  // Tiles sit at fixed logical key positions (multiples of kAttentionTile), never at block boundaries,
  // so the summation order, and so every bit of the result, is the same whatever the block size.
  float vscale[kAttentionTile];
  int64_t slots[kAttentionTile];
  for (int t0 = 0; t0 < a.n_keys; t0 += kAttentionTile) {
    const int nt = std::min(kAttentionTile, a.n_keys - t0);
    for (int j = 0; j < nt; ++j) {
      const int pos = t0 + j;
      const int64_t phys = a.block_table[pos / bs];
      slots[j] = phys * bs + pos % bs;
      vscale[j] = kv_block_scale(a.v, phys, g);
      const float ks = kv_block_scale(a.k, phys, g) * a.scale;
      const uint8_t* krow = kv_head_row(a.k, slots[j], g);
      for (int i = 0; i < nh; ++i) s[i][j] = ks * kv_row_dot(isa, a.k.dtype, q + static_cast<int64_t>(h0 + i) * hd, krow, hd);
    }
    // Online softmax: move each head to the new max, shrinking what was accumulated under the old
    // one by exp(m_old - m_new), then add this tile's terms.
    for (int i = 0; i < nh; ++i) {
      float m_new = m[i];
      for (int j = 0; j < nt; ++j) m_new = std::max(m_new, s[i][j]);
      if (m_new != m[i]) {
        const float alpha = std::exp(m[i] - m_new);  // exp(-inf) = 0 on the first tile
        l[i] *= alpha;
        float* acc = out + static_cast<int64_t>(h0 + i) * hd;
        for (int d = 0; d < hd; ++d) acc[d] *= alpha;
        m[i] = m_new;
      }
      for (int j = 0; j < nt; ++j) {
        s[i][j] = std::exp(s[i][j] - m_new);
        l[i] += s[i][j];
      }
    }
    for (int j = 0; j < nt; ++j) {
      const uint8_t* vrow = kv_head_row(a.v, slots[j], g);
      for (int i = 0; i < nh; ++i)
        kv_row_axpy(isa, a.v.dtype, s[i][j] * vscale[j], vrow, hd, out + static_cast<int64_t>(h0 + i) * hd);
    }
  }
  for (int i = 0; i < nh; ++i) {
    const float inv = 1.0f / l[i];
    float* acc = out + static_cast<int64_t>(h0 + i) * hd;
    for (int d = 0; d < hd; ++d) acc[d] *= inv;
  }
}

void tiled(const PagedAttentionArgs& a, const float* q, float* out, AttentionCounters* counters, KvRowIsa isa) {
  const int group = a.n_heads / a.k.kv_heads;
  uint64_t passes = 0;
  for (int g = 0; g < a.k.kv_heads; ++g) {
    for (int h0 = g * group; h0 < (g + 1) * group; h0 += kAttentionMaxGroup) {
      tiled_pass(a, q, out, g, h0, std::min(kAttentionMaxGroup, (g + 1) * group - h0), isa);
      ++passes;
    }
  }
  if (counters) counters->kv_bytes_read += passes * kv_walk_bytes(a);
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
    tiled(args, q, out, counters, isa);
  }
}

void paged_attention(const PagedAttentionArgs& args, const float* q, float* out, AttentionImpl impl, float* scratch,
                     AttentionCounters* counters) {
  paged_attention_isa(args, q, out, impl, scratch, counters, kv_row_best_isa());
}

}  // namespace inferscope::kernels
