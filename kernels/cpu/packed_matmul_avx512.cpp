// AVX-512 VNNI kernels on packed groups (layout in packed_matmul.h): one zmm of int32 holds the
// running integer dot of 16 rows over one 32-element block; one zmm of fp32 per token holds the
// 16 outputs. Per block the weight codes are loaded (and for 4-bit formats split into nibbles)
// once and reused by every token of the tile.
#include "kernels/cpu/avx512_intrinsics.h"

#include <algorithm>
#include <cstring>

#include "kernels/cpu/packed_kernels.h"

namespace inferscope::kernels::packed {
namespace {

// How far ahead of the block being computed the kernel asks for weight bytes. A step streams every
// weight matrix from memory once; each thread's share of a matrix is only a few hundred KiB, too short
// for the hardware prefetcher to ramp up, so without this a lone token waits on memory latency
// (measured on a 2-core EPYC: a cold 576x1536 Q4_1 matmul at batch 1 read 17.6 GB/s without it and
// 28 GB/s with it; BM_MatmulPackedCold). 16 KiB measured best of 2-32 KiB for a cold 16- and 64-token
// matmul (BM_MatmulPackedCold, one thread: 576x1536 114 -> 118-121, 1536x576 95-106 -> 114-118 G MAC/s)
// and, since the weights sit in huge pages, for a lone token too: tg256 steps alternating 8 and 16 KiB
// in one process ran 3.8-5.4% faster at 16 on 2 threads (12 KiB +5%, 24 KiB +2%, 32 KiB -2%) and
// 11-12% faster on one thread (32 KiB +4%). Prefetches past the end of a thread's rows only warm the
// next rows; they never fault.
constexpr int64_t kPrefetchBytes = 16384;

inline __m512i bcast4(const int8_t* p) {
  int32_t v;
  std::memcpy(&v, p, 4);
  return _mm512_set1_epi32(v);
}

// Code vectors k and k + 4 (k < 4) of a block: lo holds elements 4k..4k+3 of each row, hi elements
// 16+4k..16+4k+3, all as unsigned bytes. For 4-bit formats they are the two nibbles of one vector.
template <GgmlType T>
inline void load_code_pair(const uint8_t* qs, int k, __m512i& lo, __m512i& hi) {
  if constexpr (T == GgmlType::Q8_0) {
    lo = _mm512_load_si512(qs + 64 * k);
    hi = _mm512_load_si512(qs + 64 * (k + 4));
  } else {
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i v = _mm512_load_si512(qs + 64 * k);
    lo = _mm512_and_si512(v, low4);
    hi = _mm512_and_si512(_mm512_srli_epi16(v, 4), low4);
  }
}

// A lone token (decode): two chains over the block's 8 code vectors, so consecutive VNNI latencies overlap.
template <GgmlType T>
inline __m512i dot_block_1(const uint8_t* qs, const int8_t* x) {
  __m512i s0 = _mm512_setzero_si512(), s1 = _mm512_setzero_si512();
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) {
    __m512i lo, hi;
    load_code_pair<T>(qs, k, lo, hi);
    s0 = _mm512_dpbusd_epi32(s0, lo, bcast4(x + 4 * k));
    s1 = _mm512_dpbusd_epi32(s1, hi, bcast4(x + 16 + 4 * k));
  }
  return _mm512_add_epi32(s0, s1);
}

// Several tokens: one integer chain per token, advanced a code vector at a time across all tokens, so
// the NT updates issued back to back are independent and each chain's VNNI latency hides behind the
// other tokens' (a chain per token written out whole left the out-of-order window to find that
// overlap, and it found too little of it). Integer sums are exact, so the order changes no result.
// x: the block's codes of the NT tokens, 32 bytes apart (the interleaved tile of Acts).
template <GgmlType T, int NT>
inline void dot_block_n(const uint8_t* qs, const int8_t* x, __m512i s[NT]) {
#pragma GCC unroll 8
  for (int t = 0; t < NT; ++t) s[t] = _mm512_setzero_si512();
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) {
    __m512i lo, hi;
    load_code_pair<T>(qs, k, lo, hi);
#pragma GCC unroll 8
    for (int t = 0; t < NT; ++t) s[t] = _mm512_dpbusd_epi32(s[t], lo, bcast4(x + 32 * t + 4 * k));
#pragma GCC unroll 8
    for (int t = 0; t < NT; ++t) s[t] = _mm512_dpbusd_epi32(s[t], hi, bcast4(x + 32 * t + 16 + 4 * k));
  }
}

// Tokens [t0, t0 + NT), one interleaved tile of Acts, against one group. Every per-block operand of the
// tile sits at a fixed offset from one pointer per array, so the loop needs a handful of registers for
// addresses (with a pointer per token, the 8-token tile spilled them and reloaded one per token and block).
template <GgmlType T, int NT>
void group_tile(const uint8_t* group, const Acts& a, int64_t t0, float* y, int64_t y_stride, int rows_valid) {
  constexpr int kCodes = codes_bytes(T);
  const int64_t nb = a.nb;
  const auto* dsec = reinterpret_cast<const uint16_t*>(group + nb * kCodes);
  const uint16_t* msec = dsec + nb * 16;

  // Every loop over the tile's tokens is unrolled by pragma: left to GCC, the first and last were not,
  // and it kept a zeroed stack copy of acc (a rep stos per call, ~8% of the kernel's time at 8 tokens).
  __m512 acc[NT];
#pragma GCC unroll 8
  for (int t = 0; t < NT; ++t) acc[t] = _mm512_setzero_ps();
  const int8_t* xq = a.qs + t0 * a.n_in;  // block b of token t: xq + 32 * (b * NT + t)
  const float* ad = a.d + t0 * nb;        // and its scale: ad[b * NT + t]; likewise s and bias
  const float* as = a.s + t0 * nb;
  const int32_t* ab = a.bias + t0 * nb;
  // Bytes of the group per block (codes, fp16 scale and min of 16 rows): the prefetch walks the group at
  // that pace, a fixed distance ahead, so it covers the scale section and the next group too. A group is
  // passed over once per tile of tokens, and the passes share that walk: pass i of n asks for its i-th
  // n-th of the bytes ahead. (Every pass walking all of it asked for each line n times, and in the first
  // pass at n times the pace that the passes together consume it: with 16 tokens the head's Q8_0 matmul ran
  // ~20% slower from memory than from cache.)
  constexpr int64_t kBlockBytes = kCodes + 2 * 16 + (has_min(T) ? 2 * 16 : 0);
  const int64_t n_tiles = (a.n_tokens + kMaxTokens - 1) / kMaxTokens, tile = t0 / kMaxTokens;
  const int64_t pass_bytes = nb * kBlockBytes / n_tiles;
  const char* ahead = reinterpret_cast<const char*>(group) + kPrefetchBytes;
  const char* pf = ahead + tile * pass_bytes;
  const char* const pf_end = tile + 1 == n_tiles ? ahead + nb * kBlockBytes : pf + pass_bytes;
  const int64_t pf_step = (pf_end - pf + nb - 1) / nb;  // bytes asked for per block of this pass
  const char* pf_lim = pf;  // advances pf_step per block; pf, a line at a time, follows it
  for (int64_t b = 0; b < nb; ++b) {
    for (pf_lim = std::min(pf_lim + pf_step, pf_end); pf < pf_lim; pf += 64) _mm_prefetch(pf, _MM_HINT_T0);
    __m512i s[NT];
    if constexpr (NT == 1)
      s[0] = dot_block_1<T>(group + b * kCodes, xq + b * 32);
    else
      dot_block_n<T, NT>(group + b * kCodes, xq + b * NT * 32, s);
    const __m512 dw = _mm512_cvtph_ps(_mm256_load_si256(reinterpret_cast<const __m256i*>(dsec + b * 16)));
    __m512 mw = _mm512_setzero_ps();
    if constexpr (has_min(T)) mw = _mm512_cvtph_ps(_mm256_load_si256(reinterpret_cast<const __m256i*>(msec + b * 16)));
#pragma GCC unroll 8
    for (int t = 0; t < NT; ++t) {
      const int64_t ai = b * NT + t;
      __m512i st = s[t];
      if constexpr (!has_min(T)) st = _mm512_sub_epi32(st, _mm512_set1_epi32(ab[ai]));
      const __m512 scale = _mm512_mul_ps(dw, _mm512_set1_ps(ad[ai]));
      acc[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(st), scale, acc[t]);
      if constexpr (has_min(T)) acc[t] = _mm512_fmadd_ps(mw, _mm512_set1_ps(as[ai]), acc[t]);
    }
  }
  const __mmask16 mask = rows_valid >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << rows_valid) - 1);
#pragma GCC unroll 8
  for (int t = 0; t < NT; ++t) _mm512_mask_storeu_ps(y + t * y_stride, mask, acc[t]);
}

template <GgmlType T>
void group_kernel(const uint8_t* group, const Acts& a, int64_t t0, int nt, float* y, int64_t y_stride, int rows_valid) {
  switch (nt) {
    case 1: return group_tile<T, 1>(group, a, t0, y, y_stride, rows_valid);
    case 2: return group_tile<T, 2>(group, a, t0, y, y_stride, rows_valid);
    case 3: return group_tile<T, 3>(group, a, t0, y, y_stride, rows_valid);
    case 4: return group_tile<T, 4>(group, a, t0, y, y_stride, rows_valid);
    case 5: return group_tile<T, 5>(group, a, t0, y, y_stride, rows_valid);
    case 6: return group_tile<T, 6>(group, a, t0, y, y_stride, rows_valid);
    case 7: return group_tile<T, 7>(group, a, t0, y, y_stride, rows_valid);
    default: return group_tile<T, 8>(group, a, t0, y, y_stride, rows_valid);
  }
}

}  // namespace

GroupKernel group_kernel_avx512(GgmlType t) {
  static_assert(kMaxTokens == 8);
  switch (t) {
    case GgmlType::Q4_0: return group_kernel<GgmlType::Q4_0>;
    case GgmlType::Q4_1: return group_kernel<GgmlType::Q4_1>;
    case GgmlType::Q8_0: return group_kernel<GgmlType::Q8_0>;
    default: return nullptr;
  }
}

}  // namespace inferscope::kernels::packed
