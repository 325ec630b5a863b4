// Scalar reference for the 256-element K-quant super-blocks (Q4_K, Q5_K, Q6_K) and Q8_K.
// Layouts (see block_formats.h):
//  Q4_K/Q5_K: 4 chunks of 64 elements; chunk c uses qs[32c..32c+31], low nibbles for elements
//             64c..64c+31 (sub-block 2c), high nibbles for 64c+32..64c+63 (sub-block 2c+1).
//             Q5_K's fifth bit of element 64c+l is bit 2c of qh[l], of 64c+32+l bit 2c+1.
//  Q6_K:      2 halves of 128; half h, l < 32: elements 128h+l, +32, +64, +96 take their low
//             nibbles from ql[64h+l] (lo, +64 in the high nibble) and ql[64h+32+l] (+32, +96),
//             and their top two bits from qh[32h+l] bits 0-1, 2-3, 4-5, 6-7. Scale of element e
//             is scales[e/16].
#include <algorithm>
#include <cmath>

#include "kernels/cpu/fp16.h"
#include "kernels/cpu/quant_ref_detail.h"

namespace inferscope::kernels::detail {
namespace {

int clampi(int v, int lo, int hi) { return std::min(std::max(v, lo), hi); }

// Q4_K/Q5_K value of every element as an integer code 0..nmax plus the per-sub-block scale/min.
// Each sub-block of 32 gets the affine grid [min(0, lo), hi]; the super-block scales d and dmin
// are then chosen so the largest sub-block scale/min is 63, and the 6-bit codes rounded
// (scale up, so a sub-block's range always fits; min to nearest).
void quantize_k_affine(const float* x, int nmax, uint8_t* q, uint16_t& d16, uint16_t& dmin16,
                       uint8_t* packed_scales) {
  float scale[8], minv[8];
  float max_scale = 0.0f, max_min = 0.0f;
  for (int s = 0; s < 8; ++s) {
    const float* xs = x + 32 * s;
    float lo = 0.0f, hi = xs[0];
    for (int l = 0; l < 32; ++l) {
      lo = std::min(lo, xs[l]);
      hi = std::max(hi, xs[l]);
    }
    hi = std::max(hi, lo);
    scale[s] = (hi - lo) / static_cast<float>(nmax);
    minv[s] = -lo;  // >= 0: the format subtracts dmin * m
    max_scale = std::max(max_scale, scale[s]);
    max_min = std::max(max_min, minv[s]);
  }
  d16 = fp32_to_fp16(max_scale / 63.0f);
  dmin16 = fp32_to_fp16(max_min / 63.0f);
  const float d = fp16_to_fp32(d16), dmin = fp16_to_fp32(dmin16);
  uint8_t sc[8], mn[8];
  for (int s = 0; s < 8; ++s) {
    sc[s] = static_cast<uint8_t>(d > 0.0f ? clampi(static_cast<int>(std::ceil(scale[s] / d)), 0, 63) : 0);
    mn[s] = static_cast<uint8_t>(dmin > 0.0f ? clampi(round_even(minv[s] / dmin), 0, 63) : 0);
  }
  k_pack_scale_min(sc, mn, packed_scales);
  for (int s = 0; s < 8; ++s) {
    const float eff_d = d * static_cast<float>(sc[s]);
    const float eff_m = dmin * static_cast<float>(mn[s]);
    const float id = eff_d > 0.0f ? 1.0f / eff_d : 0.0f;
    for (int l = 0; l < 32; ++l)
      q[32 * s + l] = static_cast<uint8_t>(clampi(round_even((x[32 * s + l] + eff_m) * id), 0, nmax));
  }
}

}  // namespace

void dequantize_q4_K_ref(const block_q4_K* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i) {
    const float d = fp16_to_fp32(b[i].d), dmin = fp16_to_fp32(b[i].dmin);
    for (int c = 0; c < 4; ++c, y += 64) {
      uint8_t sc0, m0, sc1, m1;
      k_scale_min(b[i].scales, 2 * c, sc0, m0);
      k_scale_min(b[i].scales, 2 * c + 1, sc1, m1);
      const float d0 = d * sc0, mm0 = dmin * m0, d1 = d * sc1, mm1 = dmin * m1;
      const uint8_t* qs = b[i].qs + 32 * c;
      for (int l = 0; l < 32; ++l) {
        y[l] = d0 * static_cast<float>(qs[l] & 0x0F) - mm0;
        y[l + 32] = d1 * static_cast<float>(qs[l] >> 4) - mm1;
      }
    }
  }
}

void dequantize_q5_K_ref(const block_q5_K* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i) {
    const float d = fp16_to_fp32(b[i].d), dmin = fp16_to_fp32(b[i].dmin);
    for (int c = 0; c < 4; ++c, y += 64) {
      uint8_t sc0, m0, sc1, m1;
      k_scale_min(b[i].scales, 2 * c, sc0, m0);
      k_scale_min(b[i].scales, 2 * c + 1, sc1, m1);
      const float d0 = d * sc0, mm0 = dmin * m0, d1 = d * sc1, mm1 = dmin * m1;
      const uint8_t* qs = b[i].qs + 32 * c;
      for (int l = 0; l < 32; ++l) {
        const int q0 = (qs[l] & 0x0F) | (((b[i].qh[l] >> (2 * c)) & 1) << 4);
        const int q1 = (qs[l] >> 4) | (((b[i].qh[l] >> (2 * c + 1)) & 1) << 4);
        y[l] = d0 * static_cast<float>(q0) - mm0;
        y[l + 32] = d1 * static_cast<float>(q1) - mm1;
      }
    }
  }
}

void dequantize_q6_K_ref(const block_q6_K* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK_K) {
    const float d = fp16_to_fp32(b[i].d);
    for (int h = 0; h < 2; ++h) {
      const uint8_t* ql = b[i].ql + 64 * h;
      const uint8_t* qh = b[i].qh + 32 * h;
      float* yh = y + 128 * h;
      for (int l = 0; l < 32; ++l) {
        const int q[4] = {
            (ql[l] & 0x0F) | (((qh[l] >> 0) & 3) << 4),
            (ql[l + 32] & 0x0F) | (((qh[l] >> 2) & 3) << 4),
            (ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4),
            (ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4),
        };
        for (int k = 0; k < 4; ++k) {
          const int e = 128 * h + 32 * k + l;
          yh[32 * k + l] = d * static_cast<float>(b[i].scales[e / 16]) * static_cast<float>(q[k] - 32);
        }
      }
    }
  }
}

void dequantize_q8_K_ref(const block_q8_K* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK_K)
    for (int j = 0; j < QK_K; ++j) y[j] = b[i].d * static_cast<float>(b[i].qs[j]);
}

void quantize_q4_K_ref(const float* x, block_q4_K* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK_K) {
    uint8_t q[QK_K];
    quantize_k_affine(x, 15, q, b[i].d, b[i].dmin, b[i].scales);
    for (int c = 0; c < 4; ++c)
      for (int l = 0; l < 32; ++l)
        b[i].qs[32 * c + l] = static_cast<uint8_t>(q[64 * c + l] | (q[64 * c + 32 + l] << 4));
  }
}

void quantize_q5_K_ref(const float* x, block_q5_K* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK_K) {
    uint8_t q[QK_K];
    quantize_k_affine(x, 31, q, b[i].d, b[i].dmin, b[i].scales);
    for (int l = 0; l < 32; ++l) b[i].qh[l] = 0;
    for (int c = 0; c < 4; ++c) {
      for (int l = 0; l < 32; ++l) {
        const int q0 = q[64 * c + l], q1 = q[64 * c + 32 + l];
        b[i].qs[32 * c + l] = static_cast<uint8_t>((q0 & 0x0F) | ((q1 & 0x0F) << 4));
        b[i].qh[l] |= static_cast<uint8_t>(((q0 >> 4) << (2 * c)) | ((q1 >> 4) << (2 * c + 1)));
      }
    }
  }
}

// Q6_K: each sub-block of 16 maps its largest-magnitude element to code -32; the signed 8-bit
// sub-block scales share one fp16 d chosen so the largest is 127.
void quantize_q6_K_ref(const float* x, block_q6_K* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK_K) {
    float scale[16], amax = 0.0f;
    for (int s = 0; s < 16; ++s) {
      float best = 0.0f, m = 0.0f;
      for (int l = 0; l < 16; ++l) {
        if (std::fabs(x[16 * s + l]) > m) {
          m = std::fabs(x[16 * s + l]);
          best = x[16 * s + l];
        }
      }
      scale[s] = best / -32.0f;
      amax = std::max(amax, std::fabs(scale[s]));
    }
    b[i].d = fp32_to_fp16(amax / 127.0f);
    const float d = fp16_to_fp32(b[i].d);
    int q[QK_K];
    for (int s = 0; s < 16; ++s) {
      const int sc = d > 0.0f ? clampi(round_even(scale[s] / d), -128, 127) : 0;
      b[i].scales[s] = static_cast<int8_t>(sc);
      const float eff = d * static_cast<float>(sc);
      const float id = eff != 0.0f ? 1.0f / eff : 0.0f;
      for (int l = 0; l < 16; ++l) q[16 * s + l] = clampi(round_even(x[16 * s + l] * id) + 32, 0, 63);
    }
    for (int h = 0; h < 2; ++h) {
      for (int l = 0; l < 32; ++l) {
        const int* qq = q + 128 * h + l;
        b[i].ql[64 * h + l] = static_cast<uint8_t>((qq[0] & 0x0F) | ((qq[64] & 0x0F) << 4));
        b[i].ql[64 * h + 32 + l] = static_cast<uint8_t>((qq[32] & 0x0F) | ((qq[96] & 0x0F) << 4));
        b[i].qh[32 * h + l] =
            static_cast<uint8_t>((qq[0] >> 4) | ((qq[32] >> 4) << 2) | ((qq[64] >> 4) << 4) | ((qq[96] >> 4) << 6));
      }
    }
  }
}

// Activation format for the K-quant dot products: float d = max|x| / 127, codes in [-127, 127],
// and the sums of each 16 codes (the min/offset terms of the weights multiply these).
void quantize_q8_K_ref(const float* x, block_q8_K* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK_K) {
    float amax = 0.0f;
    for (int j = 0; j < QK_K; ++j) amax = std::max(amax, std::fabs(x[j]));
    b[i].d = amax / 127.0f;
    const float id = amax != 0.0f ? 127.0f / amax : 0.0f;
    for (int j = 0; j < QK_K; ++j) b[i].qs[j] = static_cast<int8_t>(clampi(round_even(x[j] * id), -127, 127));
    for (int g = 0; g < QK_K / 16; ++g) {
      int sum = 0;
      for (int l = 0; l < 16; ++l) sum += b[i].qs[16 * g + l];
      b[i].bsums[g] = static_cast<int16_t>(sum);
    }
  }
}

}  // namespace inferscope::kernels::detail
