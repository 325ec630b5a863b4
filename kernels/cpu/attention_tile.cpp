// Scalar tile kernels: the portable path and the reference the vector kernels are tested against.
#include <cmath>

#include "kernels/cpu/attention_tile.h"
#include "kernels/cpu/paged_attention.h"

namespace inferscope::kernels::attn {
namespace {

void decode(KvDtype d, const uint8_t* const* rows, int nt, int hd, float* dst) {
  for (int j = 0; j < nt; ++j) kv_decode(d, rows[j], hd, 1.0f, dst + static_cast<int64_t>(j) * hd);
}

void update_one(const float* q, const float* kt, const float* vt, const float* kscale, const float* vscale, int nt,
                int hd, float* m, float* l, float* acc) {
  float s[kAttentionTile];
  float m_new = *m;
  for (int j = 0; j < nt; ++j) {
    const float* k = kt + static_cast<int64_t>(j) * hd;
    float dot = 0.0f;
    for (int i = 0; i < hd; ++i) dot += q[i] * k[i];
    s[j] = kscale[j] * dot;
    m_new = std::max(m_new, s[j]);
  }
  if (m_new != *m) {
    const float alpha = std::exp(*m - m_new);  // exp(-inf) = 0 on the first tile
    *l *= alpha;
    for (int i = 0; i < hd; ++i) acc[i] *= alpha;
    *m = m_new;
  }
  for (int j = 0; j < nt; ++j) {
    const float p = std::exp(s[j] - m_new);
    *l += p;
    const float w = p * vscale[j];
    const float* v = vt + static_cast<int64_t>(j) * hd;
    for (int i = 0; i < hd; ++i) acc[i] += w * v[i];
  }
}

void update(const TileQuery* queries, int n, const float* kt, const float* vt, const float* kscale, const float* vscale,
            int hd) {
  for (int i = 0; i < n; ++i) {
    const TileQuery& t = queries[i];
    update_one(t.q, kt, vt, kscale, vscale, t.nt, hd, t.m, t.l, t.acc);
  }
}

}  // namespace

const TileKernels& tile_kernels_scalar() {
  static const TileKernels k{decode, update};
  return k;
}

}  // namespace inferscope::kernels::attn
