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
// Into L2 (prefetcht1), not L1: a T0 prefetch holds one of the core's few L1 fill buffers until its line
// arrives, which caps one core's stream at about 16 lines per memory latency. On a 2-vCPU Sapphire Rapids
// VM (thread CPU time per call, one thread, T0 -> T1, same 16 KiB): Q8_0 640 x 262,144 (Gemma's head) 1
// token 12.4-12.6 -> 12.0-12.3 ms, 4 tokens 15.3-16.1 -> 13.1-13.6, 16 tokens 18.1-18.6 -> 17.4-17.7;
// Q4_1 576 x 262,144 1 token 4.3-7.5 -> 3.8-6.1 ms, 4 tokens 7.5-8.8 -> 5.9-7.5, 16 tokens equal. 8 KiB
// ahead was slower (20 ms at 16 tokens), 12-64 KiB no better.
constexpr int64_t kPrefetchBytes = 16384;

// acc + the 16 rows' u8 codes w times the 4 int8 activation codes at p, broadcast to every row: vpdpbusd with
// the broadcast embedded in its memory operand. Written out because GCC 12 emits _mm512_set1_epi32(load) as
// a separate vpbroadcastd before each vpdpbusd: one more instruction for each of them, and the 8-token loop
// is bound by how many instructions a core issues, not by VNNI throughput.
inline __m512i dpbusd_bcast(__m512i acc, __m512i w, const int8_t* p) {
  using i32_alias = int32_t __attribute__((may_alias));
  asm("vpdpbusd %2%{1to16%}, %1, %0" : "+v"(acc) : "v"(w), "m"(*reinterpret_cast<const i32_alias*>(p)));
  return acc;
}
// v * *p with the broadcast embedded likewise: GCC loads a scale that two products use once with a
// vbroadcastss of its own (Q6_K's two halves), an instruction more per token and block.
inline __m512 mul_bcast(__m512 v, const float* p) {
  __m512 r;
  asm("vmulps %2%{1to16%}, %1, %0" : "=v"(r) : "v"(v), "m"(*p));
  return r;
}

// Bits 4 (and 5) of every byte: high bits of code vector `vec` (0..7) moved up from plane byte bits
// `vec` (5-bit codes) or 2 * (vec % 4), 2 * (vec % 4) + 1 (6-bit codes; vec / 4 picks the plane). 16-bit
// shifts are enough: the bits that cross into a neighbouring byte are masked off.
template <int kBits>
inline __m512i high_bits(__m512i plane, int vec) {
  const int from = kBits == 5 ? vec : 2 * (vec % 4);
  const __m512i v = from <= 4 ? _mm512_slli_epi16(plane, 4 - from) : _mm512_srli_epi16(plane, from - 4);
  return _mm512_and_si512(v, _mm512_set1_epi8(kBits == 5 ? 0x10 : 0x30));
}

// Code vectors k and k + 4 (k < 4) of a block: lo holds elements 4k..4k+3 of each row, hi elements
// 16+4k..16+4k+3, all as unsigned bytes. For the narrower formats they are the two nibbles of one
// vector, with the high bits of the 5- and 6-bit formats or-ed in from their planes.
template <GgmlType T>
inline void load_code_pair(const uint8_t* qs, int k, __m512i& lo, __m512i& hi) {
  constexpr int kBits = code_bits(T);
  if constexpr (kBits == 8) {
    lo = _mm512_load_si512(qs + 64 * k);
    hi = _mm512_load_si512(qs + 64 * (k + 4));
  } else {
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i v = _mm512_load_si512(qs + 64 * k);
    lo = _mm512_and_si512(v, low4);
    hi = _mm512_and_si512(_mm512_srli_epi16(v, 4), low4);
    if constexpr (kBits == 5) {
      const __m512i plane = _mm512_load_si512(qs + 256);
      lo = _mm512_or_si512(lo, high_bits<5>(plane, k));
      hi = _mm512_or_si512(hi, high_bits<5>(plane, k + 4));
    } else if constexpr (kBits == 6) {
      lo = _mm512_or_si512(lo, high_bits<6>(_mm512_load_si512(qs + 256), k));
      hi = _mm512_or_si512(hi, high_bits<6>(_mm512_load_si512(qs + 320), k + 4));
    }
  }
}

// Q6_K keeps a block's first and last 16 elements apart (each half has its own scale).
template <GgmlType T>
inline constexpr bool split_halves = T == GgmlType::Q6_K;

// A lone token (decode): two chains over the block's 8 code vectors, so consecutive VNNI latencies
// overlap; s0 covers elements 0-15 and s1 16-31.
// s0 and s1 start at init0 and init1 (the offset corrections, so the sums come out exact and final).
template <GgmlType T>
inline void dot_block_1(const uint8_t* qs, const int8_t* x, __m512i& s0, __m512i& s1, int32_t init0, int32_t init1) {
  s0 = _mm512_set1_epi32(init0);
  s1 = _mm512_set1_epi32(init1);
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) {
    __m512i lo, hi;
    load_code_pair<T>(qs, k, lo, hi);
    s0 = dpbusd_bcast(s0, lo, x + 4 * k);
    s1 = dpbusd_bcast(s1, hi, x + 16 + 4 * k);
  }
}

// Several tokens: one integer chain per token (two for Q6_K: s for elements 0-15, s1 for 16-31),
// advanced a code vector at a time across all tokens, so the NT updates issued back to back are
// independent and each chain's VNNI latency hides behind the other tokens' (a chain per token written
// out whole left the out-of-order window to find that overlap, and it found too little of it). Integer
// sums are exact, so the order changes no result.
// x: the block's codes of the NT tokens, 32 bytes apart (the interleaved tile of Acts).
// The chains start at init0[t] (and init1[t]), the offset corrections.
template <GgmlType T, int NT>
inline void dot_block_n(const uint8_t* qs, const int8_t* x, __m512i s[NT], __m512i s1[NT], const int32_t* init0,
                        const int32_t* init1) {
#pragma GCC unroll 8
  for (int t = 0; t < NT; ++t) {
    s[t] = _mm512_set1_epi32(init0[t]);
    if constexpr (split_halves<T>) s1[t] = _mm512_set1_epi32(init1[t]);
  }
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) {
    __m512i lo, hi;
    load_code_pair<T>(qs, k, lo, hi);
#pragma GCC unroll 8
    for (int t = 0; t < NT; ++t) s[t] = dpbusd_bcast(s[t], lo, x + 32 * t + 4 * k);
#pragma GCC unroll 8
    for (int t = 0; t < NT; ++t) {
      if constexpr (split_halves<T>)
        s1[t] = dpbusd_bcast(s1[t], hi, x + 32 * t + 16 + 4 * k);
      else
        s[t] = dpbusd_bcast(s[t], hi, x + 32 * t + 16 + 4 * k);
    }
  }
}

inline __m512 load_ph(const uint16_t* p) { return _mm512_cvtph_ps(_mm256_load_si256(reinterpret_cast<const __m256i*>(p))); }
inline __m512i load_u8_epi32(const uint8_t* p) { return _mm512_cvtepu8_epi32(_mm_load_si128(reinterpret_cast<const __m128i*>(p))); }
inline __m512i load_i8_epi32(const uint8_t* p) { return _mm512_cvtepi8_epi32(_mm_load_si128(reinterpret_cast<const __m128i*>(p))); }

// Tokens [t0, t0 + NT), one interleaved tile of Acts, against one group. Every per-block operand of the
// tile sits at a fixed offset from one pointer per array, so the loop needs a handful of registers for
// addresses (with a pointer per token, the 8-token tile spilled them and reloaded one per token and block).
//
// Per block b and token t, with S the integer dot of the 16 rows' codes and the token's codes, d_x the
// token's block scale, sum its code sum and sx = d_x * sum (exact), the fp32 accumulator advances by:
//   Q4_0 Q5_0 Q8_0  fma(float(S - offset * sum), d * d_x)
//   Q4_1            fma(float(S), d * d_x), then fma(m, s)             (s: Q8_1's fp16-rounded d_x * sum)
//   Q5_1            fma(float(S), d * d_x), then fma(m, sx)
//   Q4_K Q5_K       fma(float(S), (D * sc) * d_x), then fma(-(Dmin * mn), sx)   (D * sc, Dmin * mn exact)
//   Q6_K            fma(float(S0 - 32 * sum0), (D * sc0) * d_x), then fma(float(S1 - 32 * sum1), (D * sc1) * d_x)
// (D, Dmin: the super-block's fp16 scales; sc, mn: the block's 6-bit scale and min; sc0, sc1: Q6_K's int8
// scales of the block's two halves of 16, S0, S1 and sum0, sum1 the sums over each half.) Every product is
// rounded once, in that order; this is the reference the tests check bit for bit. (Q6_K applied its scales
// as integers first, but two vpmulld per token and block cost a third of its speed.)
template <GgmlType T, int NT>
void group_tile(const uint8_t* group, const Acts& a, int64_t t0, float* y, int64_t y_stride, int rows_valid,
                bool accumulate) {
  constexpr int kCodes = codes_bytes(T);
  constexpr bool kK = is_k_quant(T);
  const int64_t nb = a.nb, nbs = nb / 8;
  const uint8_t* sec = group + nb * kCodes;
  const auto* dsec = reinterpret_cast<const uint16_t*>(sec);
  const uint16_t* msec = dsec + (kK ? nbs : nb) * 16;       // mins (Q4_1, Q5_1) or dmin (Q4_K, Q5_K)
  const uint8_t* scsec = sec + nbs * (T == GgmlType::Q6_K ? 32 : 64);  // K-quants' per-block scales
  const uint8_t* mnsec = scsec + nb * 16;                   // Q4_K, Q5_K per-block mins

  // Every loop over the tile's tokens is unrolled by pragma: left to GCC, the first and last were not,
  // and it kept a zeroed stack copy of acc (a rep stos per call, ~8% of the kernel's time at 8 tokens).
  const __mmask16 mask = rows_valid >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << rows_valid) - 1);
  __m512 acc[NT];
#pragma GCC unroll 8
  for (int t = 0; t < NT; ++t) acc[t] = accumulate ? _mm512_maskz_loadu_ps(mask, y + t * y_stride) : _mm512_setzero_ps();
  const int8_t* xq = a.qs + t0 * a.n_in;  // block b of token t: xq + 32 * (b * NT + t)
  const float* ad = a.d + t0 * nb;        // and its scale: ad[b * NT + t]; likewise the others
  const float* as = a.s + t0 * nb;
  const float* asx = a.sx + t0 * nb;
  const int32_t* asum = a.sum + t0 * nb;
  const int32_t* aq6 = a.q6_init + 2 * t0 * nb;
  // Bytes of the group per block (codes and scales of 16 rows): the prefetch walks the group at that pace,
  // a fixed distance ahead, so it covers the scale section and the next group too. A group is passed over
  // once per tile of tokens, and the passes share that walk: pass i of n asks for its i-th n-th of the
  // bytes ahead. (Every pass walking all of it asked for each line n times, and in the first pass at n
  // times the pace that the passes together consume it: with 16 tokens the head's Q8_0 matmul ran ~20%
  // slower from memory than from cache.)
  constexpr int64_t kBlockBytes = kCodes + scale_bytes(T);
  const int64_t n_tiles = (a.n_tokens + kMaxTokens - 1) / kMaxTokens, tile = t0 / kMaxTokens;
  const int64_t pass_bytes = nb * kBlockBytes / n_tiles;
  const char* ahead = reinterpret_cast<const char*>(group) + kPrefetchBytes;
  const char* pf = ahead + tile * pass_bytes;
  const char* const pf_end = tile + 1 == n_tiles ? ahead + nb * kBlockBytes : pf + pass_bytes;
  const int64_t pf_step = (pf_end - pf + nb - 1) / nb;  // bytes asked for per block of this pass
  const char* pf_lim = pf;  // advances pf_step per block; pf, a line at a time, follows it
  for (int64_t b = 0; b < nb; ++b) {
    for (pf_lim = std::min(pf_lim + pf_step, pf_end); pf < pf_lim; pf += 64) _mm_prefetch(pf, _MM_HINT_T1);
    // Integer sums start at minus the code offset times the activation codes' sum (per half for Q6_K).
    int32_t init0[NT], init1[NT];
#pragma GCC unroll 8
    for (int t = 0; t < NT; ++t) {
      const int64_t ai = b * NT + t;
      if constexpr (T == GgmlType::Q6_K) {
        init0[t] = aq6[2 * ai];
        init1[t] = aq6[2 * ai + 1];
      } else {
        init0[t] = has_min(T) ? 0 : -code_offset(T) * asum[ai];
        init1[t] = 0;
      }
    }
    __m512i s[NT], s1[NT];
    if constexpr (NT == 1) {
      dot_block_1<T>(group + b * kCodes, xq + b * 32, s[0], s1[0], init0[0], init1[0]);
      if constexpr (!split_halves<T>) s[0] = _mm512_add_epi32(s[0], s1[0]);
    } else {
      dot_block_n<T, NT>(group + b * kCodes, xq + b * NT * 32, s, s1, init0, init1);
    }
    // The group's per-row scale (and min) of this block, as fp32.
    __m512 dw, mw = _mm512_setzero_ps();  // mw: the min, or Q6_K's scale of the second half
    if constexpr (kK) {
      dw = load_ph(dsec + (b / 8) * 16);
      if constexpr (T == GgmlType::Q6_K) {
        mw = _mm512_mul_ps(dw, _mm512_cvtepi32_ps(load_i8_epi32(scsec + b * 32 + 16)));
        dw = _mm512_mul_ps(dw, _mm512_cvtepi32_ps(load_i8_epi32(scsec + b * 32)));
      } else {
        dw = _mm512_mul_ps(dw, _mm512_cvtepi32_ps(load_u8_epi32(scsec + b * 16)));
        mw = _mm512_mul_ps(load_ph(msec + (b / 8) * 16), _mm512_cvtepi32_ps(load_u8_epi32(mnsec + b * 16)));
      }
    } else {
      dw = load_ph(dsec + b * 16);
      if constexpr (has_min(T)) mw = load_ph(msec + b * 16);
    }
#pragma GCC unroll 8
    for (int t = 0; t < NT; ++t) {
      const int64_t ai = b * NT + t;
      acc[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(s[t]), mul_bcast(dw, ad + ai), acc[t]);
      if constexpr (T == GgmlType::Q6_K)
        acc[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(s1[t]), mul_bcast(mw, ad + ai), acc[t]);
      else if constexpr (T == GgmlType::Q4_1)
        acc[t] = _mm512_fmadd_ps(mw, _mm512_set1_ps(as[ai]), acc[t]);
      else if constexpr (T == GgmlType::Q5_1)
        acc[t] = _mm512_fmadd_ps(mw, _mm512_set1_ps(asx[ai]), acc[t]);
      else if constexpr (has_min(T))
        acc[t] = _mm512_fnmadd_ps(mw, _mm512_set1_ps(asx[ai]), acc[t]);
    }
  }
#pragma GCC unroll 8
  for (int t = 0; t < NT; ++t) _mm512_mask_storeu_ps(y + t * y_stride, mask, acc[t]);
}

template <GgmlType T>
void group_kernel(const uint8_t* group, const Acts& a, int64_t t0, int nt, float* y, int64_t y_stride, int rows_valid,
                  bool accumulate) {
  switch (nt) {
    case 1: return group_tile<T, 1>(group, a, t0, y, y_stride, rows_valid, accumulate);
    case 2: return group_tile<T, 2>(group, a, t0, y, y_stride, rows_valid, accumulate);
    case 3: return group_tile<T, 3>(group, a, t0, y, y_stride, rows_valid, accumulate);
    case 4: return group_tile<T, 4>(group, a, t0, y, y_stride, rows_valid, accumulate);
    case 5: return group_tile<T, 5>(group, a, t0, y, y_stride, rows_valid, accumulate);
    case 6: return group_tile<T, 6>(group, a, t0, y, y_stride, rows_valid, accumulate);
    case 7: return group_tile<T, 7>(group, a, t0, y, y_stride, rows_valid, accumulate);
    default: return group_tile<T, 8>(group, a, t0, y, y_stride, rows_valid, accumulate);
  }
}

}  // namespace

GroupKernel group_kernel_avx512(GgmlType t) {
  static_assert(kMaxTokens == 8);
  switch (t) {
    case GgmlType::Q4_0: return group_kernel<GgmlType::Q4_0>;
    case GgmlType::Q4_1: return group_kernel<GgmlType::Q4_1>;
    case GgmlType::Q8_0: return group_kernel<GgmlType::Q8_0>;
    case GgmlType::Q5_0: return group_kernel<GgmlType::Q5_0>;
    case GgmlType::Q5_1: return group_kernel<GgmlType::Q5_1>;
    case GgmlType::Q4_K: return group_kernel<GgmlType::Q4_K>;
    case GgmlType::Q5_K: return group_kernel<GgmlType::Q5_K>;
    case GgmlType::Q6_K: return group_kernel<GgmlType::Q6_K>;
    default: return nullptr;
  }
}

}  // namespace inferscope::kernels::packed
