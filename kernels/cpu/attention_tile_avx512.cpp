// AVX-512 tile kernels of paged attention: scores as 16-wide dot products reduced per key, the
// softmax weights of a whole tile with one vector exp, and the weighted sum of V with the
// accumulator row held in registers (head_dim up to 128; up to 256 in slices; larger heads use the
// scalar kernel).
#include "kernels/cpu/avx512_intrinsics.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "kernels/cpu/attention_tile.h"
#include "kernels/cpu/avx512_math.h"
#include "kernels/cpu/paged_attention.h"

namespace inferscope::kernels::attn {
namespace {

static_assert(kAttentionTile == 32, "the kernels hold a tile's scores in two vectors");

inline __mmask16 tail_mask(int hd, int c) {
  const int left = hd - 16 * c;
  return left >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << left) - 1);
}

void decode(KvDtype d, const uint8_t* const* rows, int nt, int hd, float* dst) {
  for (int j = 0; j < nt; ++j) {
    float* out = dst + static_cast<int64_t>(j) * hd;
    const uint8_t* in = rows[j];
    int i = 0;
    if (d == KvDtype::F16) {
      for (; i + 16 <= hd; i += 16)
        _mm512_storeu_ps(out + i, _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + 2 * i))));
    } else if (d == KvDtype::BF16) {
      for (; i + 16 <= hd; i += 16) {
        const __m512i w = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + 2 * i)));
        _mm512_storeu_ps(out + i, _mm512_castsi512_ps(_mm512_slli_epi32(w, 16)));
      }
    } else if (d == KvDtype::F32) {
      std::memcpy(out, in, sizeof(float) * static_cast<size_t>(hd));
      i = hd;
    } else if (d == KvDtype::INT8) {
      for (; i + 16 <= hd; i += 16)
        _mm512_storeu_ps(out + i, _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i)))));
    } else if (d == KvDtype::FP8_E4M3) {
      const float* table = fp8_e4m3_table();  // the 256 decoded codes: a gather is exact
      for (; i + 16 <= hd; i += 16) {
        const __m512i idx = _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i)));
        _mm512_storeu_ps(out + i, _mm512_i32gather_ps(idx, table, 4));
      }
    }
    if (i < hd) kv_decode(d, in + i * kv_dtype_bytes(d), hd - i, 1.0f, out + i);
  }
}

// The 16-lane sums of four vectors at once, in a fixed order (each result uses only its own vector):
// pairwise within 128-bit lanes, then across the four lanes.
inline __m128 sum4(const __m512 d[4]) {
  const __m512 t01 = _mm512_add_ps(_mm512_unpacklo_ps(d[0], d[1]), _mm512_unpackhi_ps(d[0], d[1]));
  const __m512 t23 = _mm512_add_ps(_mm512_unpacklo_ps(d[2], d[3]), _mm512_unpackhi_ps(d[2], d[3]));
  const __m512 u = _mm512_add_ps(_mm512_shuffle_ps(t01, t23, _MM_SHUFFLE(1, 0, 1, 0)),
                                 _mm512_shuffle_ps(t01, t23, _MM_SHUFFLE(3, 2, 3, 2)));
  const __m512 v = _mm512_add_ps(u, _mm512_shuffle_f32x4(u, u, _MM_SHUFFLE(2, 3, 0, 1)));
  const __m512 w = _mm512_add_ps(v, _mm512_shuffle_f32x4(v, v, _MM_SHUFFLE(1, 0, 3, 2)));
  return _mm512_castps512_ps128(w);
}

inline __mmask16 key_mask(int nt, int half) {
  const int left = nt - 16 * half;
  return left <= 0 ? __mmask16(0) : left >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << left) - 1);
}

// Where the tile's keys and values come from: rows already decoded to f32, or the cache's own f16
// rows, widened on the fly. f16 -> f32 is exact, so both give the kernel the same floats.
struct DecodedTile {
  const float* kt;
  const float* vt;
  int hd;
  __m512 k(int j, int c, __mmask16 m) const { return _mm512_maskz_loadu_ps(m, kt + static_cast<int64_t>(j) * hd + 16 * c); }
  __m512 v(int j, int c, __mmask16 m) const { return _mm512_maskz_loadu_ps(m, vt + static_cast<int64_t>(j) * hd + 16 * c); }
};

struct F16Rows {
  const uint8_t* const* krows;
  const uint8_t* const* vrows;
  static __m512 widen(const uint8_t* row, int c, __mmask16 m) {
    return _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(m, row + 32 * c));
  }
  __m512 k(int j, int c, __mmask16 m) const { return widen(krows[j], c, m); }
  __m512 v(int j, int c, __mmask16 m) const { return widen(vrows[j], c, m); }
};

// acc[p] += w[p][j] * v_j for keys j < nt that every query sees. The loops are unrolled by pragma so
// that GCC unrolls them before it splits r into registers; left to itself it kept r in registers but
// also stored all P x NV of them to the stack on every key.
template <int NV, int P, class Source>
inline void accumulate_v(const Source& src, const float (*w)[kAttentionTile], int nt, const __mmask16* mk,
                         __m512 (*acc)[NV]) {
  __m512 r[P][NV];
#pragma GCC unroll 8
  for (int p = 0; p < P; ++p)
#pragma GCC unroll 8
    for (int c = 0; c < NV; ++c) r[p][c] = acc[p][c];
  for (int j = 0; j < nt; ++j) {
    __m512 vv[NV];
#pragma GCC unroll 8
    for (int c = 0; c < NV; ++c) vv[c] = src.v(j, c, mk[c]);
#pragma GCC unroll 8
    for (int p = 0; p < P; ++p) {
      const __m512 wj = _mm512_set1_ps(w[p][j]);
#pragma GCC unroll 8
      for (int c = 0; c < NV; ++c) r[p][c] = _mm512_fmadd_ps(wj, vv[c], r[p][c]);
    }
  }
#pragma GCC unroll 8
  for (int p = 0; p < P; ++p)
#pragma GCC unroll 8
    for (int c = 0; c < NV; ++c) acc[p][c] = r[p][c];
}

// P queries at once, phase by phase (scores, softmax, weighted V), so that the latency chains of one
// query (the dot-product reductions, max, exp, sum) overlap with the others'. Each query's own
// operations and their order do not depend on P, on its partners or on the Source.
template <int NV, int P, class Source>
void update_p(const TileQuery* qs, const Source& src, const float* kscale, const float* vscale, int hd) {
  __mmask16 mk[NV];
  for (int c = 0; c < NV; ++c) mk[c] = tail_mask(hd, c);
  int nt_max = 0;
  for (int p = 0; p < P; ++p) nt_max = std::max(nt_max, qs[p].nt);

  // 1. Scores of every query against the keys it sees (lanes past its nt stay -inf). Each key row is
  //    loaded (and widened) once for all P queries.
  alignas(64) float s[P][kAttentionTile];
  __m512 qv[P][NV];
  for (int p = 0; p < P; ++p)
    for (int c = 0; c < NV; ++c) qv[p][c] = _mm512_maskz_loadu_ps(mk[c], qs[p].q + 16 * c);
  int nt_min = nt_max;
  for (int p = 0; p < P; ++p) nt_min = std::min(nt_min, qs[p].nt);
  for (int j0 = 0; j0 < nt_max; j0 += 4) {
    __m512 d[P][4];
    if (j0 + 4 <= nt_min) {
      // Four keys every query sees: no per-query tests, so the partial sums stay in registers.
#pragma GCC unroll 4
      for (int u = 0; u < 4; ++u) {
        __m512 kv[NV];
#pragma GCC unroll 8
        for (int c = 0; c < NV; ++c) kv[c] = src.k(j0 + u, c, mk[c]);
#pragma GCC unroll 8
        for (int p = 0; p < P; ++p) {
          d[p][u] = _mm512_mul_ps(qv[p][0], kv[0]);
#pragma GCC unroll 8
          for (int c = 1; c < NV; ++c) d[p][u] = _mm512_fmadd_ps(qv[p][c], kv[c], d[p][u]);
        }
      }
      const __m128 ks = _mm_loadu_ps(kscale + j0);
#pragma GCC unroll 8
      for (int p = 0; p < P; ++p) _mm_store_ps(s[p] + j0, _mm_mul_ps(sum4(d[p]), ks));
      continue;
    }
    for (int u = 0; u < 4; ++u) {
      const int j = j0 + u;
      for (int p = 0; p < P; ++p) d[p][u] = _mm512_setzero_ps();
      if (j >= nt_max) continue;  // a missing key only ever adds into its own (unused) lane
      __m512 kv[NV];
      for (int c = 0; c < NV; ++c) kv[c] = src.k(j, c, mk[c]);
      for (int p = 0; p < P; ++p) {
        if (j >= qs[p].nt) continue;
        d[p][u] = _mm512_mul_ps(qv[p][0], kv[0]);
        for (int c = 1; c < NV; ++c) d[p][u] = _mm512_fmadd_ps(qv[p][c], kv[c], d[p][u]);
      }
    }
    const __m128 ks = _mm_loadu_ps(kscale + j0);
    for (int p = 0; p < P; ++p)
      if (j0 < qs[p].nt) _mm_store_ps(s[p] + j0, _mm_mul_ps(sum4(d[p]), ks));
  }

  // 2. Softmax weights, rescaling each accumulator when its max moves.
  const __m512 ninf = _mm512_set1_ps(-std::numeric_limits<float>::infinity());
  alignas(64) float w[P][kAttentionTile];
  __m512 av[P][NV];
  for (int p = 0; p < P; ++p) {
    const TileQuery& t = qs[p];
    const __mmask16 m0 = key_mask(t.nt, 0), m1 = key_mask(t.nt, 1);
    const __m512 s0 = _mm512_mask_load_ps(ninf, m0, s[p]), s1 = _mm512_mask_load_ps(ninf, m1, s[p] + 16);
    const float m_new = std::max(*t.m, _mm512_reduce_max_ps(_mm512_max_ps(s0, s1)));
    for (int c = 0; c < NV; ++c) av[p][c] = _mm512_maskz_loadu_ps(mk[c], t.acc + 16 * c);
    if (m_new != *t.m) {
      const float alpha = std::exp(*t.m - m_new);  // exp(-inf) = 0 on the first tile
      *t.l *= alpha;
      const __m512 va = _mm512_set1_ps(alpha);
      for (int c = 0; c < NV; ++c) av[p][c] = _mm512_mul_ps(av[p][c], va);
      *t.m = m_new;
    }
    const __m512 mn = _mm512_set1_ps(m_new);
    const __m512 p0 = _mm512_maskz_mov_ps(m0, avx512::exp_ps(_mm512_sub_ps(s0, mn)));
    const __m512 p1 = _mm512_maskz_mov_ps(m1, avx512::exp_ps(_mm512_sub_ps(s1, mn)));
    *t.l += _mm512_reduce_add_ps(_mm512_add_ps(p0, p1));
    // Lanes past nt hold 0: their keys add exactly nothing below.
    _mm512_store_ps(w[p], _mm512_mul_ps(p0, _mm512_maskz_loadu_ps(m0, vscale)));
    _mm512_store_ps(w[p] + 16, _mm512_mul_ps(p1, _mm512_maskz_loadu_ps(m1, vscale + 16)));
  }

  // 3. Weighted sum of V: each value row is loaded once for all P queries. Keys every query sees run
  //    without per-query tests, which lets the compiler keep the P x NV accumulators in registers.
  accumulate_v<NV, P>(src, w, nt_min, mk, av);
  for (int j = nt_min; j < nt_max; ++j) {
    __m512 vv[NV];
    for (int c = 0; c < NV; ++c) vv[c] = src.v(j, c, mk[c]);
    for (int p = 0; p < P; ++p) {
      if (j >= qs[p].nt) continue;
      const __m512 wj = _mm512_set1_ps(w[p][j]);
      for (int c = 0; c < NV; ++c) av[p][c] = _mm512_fmadd_ps(wj, vv[c], av[p][c]);
    }
  }
  for (int p = 0; p < P; ++p)
    for (int c = 0; c < NV; ++c) _mm512_mask_storeu_ps(qs[p].acc + 16 * c, mk[c], av[p][c]);
}

// Heads wider than 128 (Gemma 3: 256, with 4 query heads on each KV head). update_p would need P x NV
// accumulators in registers, so it ran one query at a time and widened every K and V row once per query
// head. This kernel takes P queries through the head dimension in slices instead: the scores of P queries
// x 4 keys accumulate in registers over all NV vectors of q (read from memory), and the weighted V sum
// keeps a kSlice-vector slice of each query's accumulator in registers over all keys, so each K and V row
// is widened once for all P queries. Per query and lane the operations and their order are update_p's
// (the slicing only reorders independent lanes), so the results are the same bits for any P.
template <int NV, int P, class Source>
void update_sliced(const TileQuery* qs, const Source& src, const float* kscale, const float* vscale, int hd) {
  constexpr int kSlice = 4;  // P x kSlice accumulators + kSlice value vectors: 20 registers at P = 4
  __mmask16 mk[NV];
  for (int c = 0; c < NV; ++c) mk[c] = tail_mask(hd, c);
  int nt_max = 0, nt_min = kAttentionTile;
  for (int p = 0; p < P; ++p) nt_max = std::max(nt_max, qs[p].nt), nt_min = std::min(nt_min, qs[p].nt);

  // 1. Scores. A key past some query's nt (but below nt_max) gets a score for it too, in a lane that the
  //    softmax below masks to -inf; keys past nt_max are never read (their lanes multiply zeros).
  alignas(64) float s[P][kAttentionTile];
  for (int j0 = 0; j0 < nt_max; j0 += 4) {
    const int nk = std::min(4, nt_max - j0);
    __m512 d[P][4];
#pragma GCC unroll 16
    for (int c = 0; c < NV; ++c) {
      __m512 kv[4];
#pragma GCC unroll 4
      for (int u = 0; u < 4; ++u) kv[u] = u < nk ? src.k(j0 + u, c, mk[c]) : _mm512_setzero_ps();
#pragma GCC unroll 4
      for (int p = 0; p < P; ++p) {
        const __m512 qc = _mm512_maskz_loadu_ps(mk[c], qs[p].q + 16 * c);
#pragma GCC unroll 4
        for (int u = 0; u < 4; ++u) d[p][u] = c == 0 ? _mm512_mul_ps(qc, kv[u]) : _mm512_fmadd_ps(qc, kv[u], d[p][u]);
      }
    }
    const __m128 ks = _mm_loadu_ps(kscale + j0);
#pragma GCC unroll 4
    for (int p = 0; p < P; ++p) _mm_store_ps(s[p] + j0, _mm_mul_ps(sum4(d[p]), ks));
  }

  // 2. Softmax weights; the accumulators are rescaled slice by slice below.
  const __m512 ninf = _mm512_set1_ps(-std::numeric_limits<float>::infinity());
  alignas(64) float w[P][kAttentionTile];
  float alpha[P];
  bool rescale[P];
  for (int p = 0; p < P; ++p) {
    const TileQuery& t = qs[p];
    const __mmask16 m0 = key_mask(t.nt, 0), m1 = key_mask(t.nt, 1);
    const __m512 s0 = _mm512_mask_load_ps(ninf, m0, s[p]), s1 = _mm512_mask_load_ps(ninf, m1, s[p] + 16);
    const float m_new = std::max(*t.m, _mm512_reduce_max_ps(_mm512_max_ps(s0, s1)));
    rescale[p] = m_new != *t.m;
    alpha[p] = 1.0f;
    if (rescale[p]) {
      alpha[p] = std::exp(*t.m - m_new);  // exp(-inf) = 0 on the first tile
      *t.l *= alpha[p];
      *t.m = m_new;
    }
    const __m512 mn = _mm512_set1_ps(m_new);
    const __m512 p0 = _mm512_maskz_mov_ps(m0, avx512::exp_ps(_mm512_sub_ps(s0, mn)));
    const __m512 p1 = _mm512_maskz_mov_ps(m1, avx512::exp_ps(_mm512_sub_ps(s1, mn)));
    *t.l += _mm512_reduce_add_ps(_mm512_add_ps(p0, p1));
    _mm512_store_ps(w[p], _mm512_mul_ps(p0, _mm512_maskz_loadu_ps(m0, vscale)));
    _mm512_store_ps(w[p] + 16, _mm512_mul_ps(p1, _mm512_maskz_loadu_ps(m1, vscale + 16)));
  }

  // 3. Weighted sum of V, one slice of the head dimension at a time.
#pragma GCC unroll 4
  for (int c0 = 0; c0 < NV; c0 += kSlice) {
    constexpr int kLast = NV % kSlice == 0 ? kSlice : NV % kSlice;
    const int cn = c0 + kSlice <= NV ? kSlice : kLast;
    __m512 r[P][kSlice];
#pragma GCC unroll 4
    for (int p = 0; p < P; ++p)
#pragma GCC unroll 4
      for (int cc = 0; cc < kSlice; ++cc) {
        if (cc >= cn) continue;
        r[p][cc] = _mm512_maskz_loadu_ps(mk[c0 + cc], qs[p].acc + 16 * (c0 + cc));
        if (rescale[p]) r[p][cc] = _mm512_mul_ps(r[p][cc], _mm512_set1_ps(alpha[p]));
      }
    for (int j = 0; j < nt_max; ++j) {
      __m512 vv[kSlice];
#pragma GCC unroll 4
      for (int cc = 0; cc < kSlice; ++cc)
        if (cc < cn) vv[cc] = src.v(j, c0 + cc, mk[c0 + cc]);
      const bool all = j < nt_min;
#pragma GCC unroll 4
      for (int p = 0; p < P; ++p) {
        if (!all && j >= qs[p].nt) continue;
        const __m512 wj = _mm512_set1_ps(w[p][j]);
#pragma GCC unroll 4
        for (int cc = 0; cc < kSlice; ++cc)
          if (cc < cn) r[p][cc] = _mm512_fmadd_ps(wj, vv[cc], r[p][cc]);
      }
    }
#pragma GCC unroll 4
    for (int p = 0; p < P; ++p)
#pragma GCC unroll 4
      for (int cc = 0; cc < kSlice; ++cc)
        if (cc < cn) _mm512_mask_storeu_ps(qs[p].acc + 16 * (c0 + cc), mk[c0 + cc], r[p][cc]);
  }
}

template <int NV, class Source>
void update_nv(const TileQuery* qs, int n, const Source& src, const float* kscale, const float* vscale, int hd) {
  if constexpr (NV > 8) {
    int i = 0;
    for (; i + 4 <= n; i += 4) update_sliced<NV, 4>(qs + i, src, kscale, vscale, hd);
    switch (n - i) {
      case 3: return update_sliced<NV, 3>(qs + i, src, kscale, vscale, hd);
      case 2: return update_sliced<NV, 2>(qs + i, src, kscale, vscale, hd);
      case 1: return update_sliced<NV, 1>(qs + i, src, kscale, vscale, hd);
      default: return;
    }
  }
  constexpr int kMaxP = NV <= 4 ? 3 : 2;  // accumulators: P x NV registers
  int i = 0;
  for (; i + kMaxP <= n; i += kMaxP) update_p<NV, kMaxP>(qs + i, src, kscale, vscale, hd);
  for (; i < n; ++i) update_p<NV, 1>(qs + i, src, kscale, vscale, hd);
}

template <class Source>
bool update_any(const TileQuery* qs, int n, const Source& src, const float* kscale, const float* vscale, int hd) {
  switch ((hd + 15) / 16) {
    case 1: update_nv<1>(qs, n, src, kscale, vscale, hd); return true;
    case 2: update_nv<2>(qs, n, src, kscale, vscale, hd); return true;
    case 3: update_nv<3>(qs, n, src, kscale, vscale, hd); return true;
    case 4: update_nv<4>(qs, n, src, kscale, vscale, hd); return true;
    case 5: update_nv<5>(qs, n, src, kscale, vscale, hd); return true;
    case 6: update_nv<6>(qs, n, src, kscale, vscale, hd); return true;
    case 7: update_nv<7>(qs, n, src, kscale, vscale, hd); return true;
    case 8: update_nv<8>(qs, n, src, kscale, vscale, hd); return true;
    // Up to 256-wide heads (Gemma 3): update_sliced.
    case 9: update_nv<9>(qs, n, src, kscale, vscale, hd); return true;
    case 10: update_nv<10>(qs, n, src, kscale, vscale, hd); return true;
    case 11: update_nv<11>(qs, n, src, kscale, vscale, hd); return true;
    case 12: update_nv<12>(qs, n, src, kscale, vscale, hd); return true;
    case 13: update_nv<13>(qs, n, src, kscale, vscale, hd); return true;
    case 14: update_nv<14>(qs, n, src, kscale, vscale, hd); return true;
    case 15: update_nv<15>(qs, n, src, kscale, vscale, hd); return true;
    case 16: update_nv<16>(qs, n, src, kscale, vscale, hd); return true;
    default: return false;
  }
}

void update(const TileQuery* qs, int n, const float* kt, const float* vt, const float* kscale, const float* vscale,
            int hd) {
  if (!update_any(qs, n, DecodedTile{kt, vt, hd}, kscale, vscale, hd))
    tile_kernels_scalar().update(qs, n, kt, vt, kscale, vscale, hd);
}

bool update_f16_rows(const TileQuery* qs, int n, const uint8_t* const* krows, const uint8_t* const* vrows,
                     const float* kscale, const float* vscale, int hd) {
  return update_any(qs, n, F16Rows{krows, vrows}, kscale, vscale, hd);
}

}  // namespace

const TileKernels& tile_kernels_avx512() {
  static const TileKernels k{decode, update, update_f16_rows};
  return k;
}

}  // namespace inferscope::kernels::attn
