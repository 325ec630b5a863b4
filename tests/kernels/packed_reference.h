#pragma once
// Scalar reference of the packed matmul's arithmetic, written from the GGUF block definitions (not from
// the packing code): activations quantized per 32-element block by quantize_row (Q8_0; Q8_1 for Q4_1),
// one integer dot per weight block (per 16-element half for Q6_K) and the fp32 steps, each rounded once,
// in block order, that the packed kernels promise (packed_matmul_avx512.cpp). The kernels must match it
// bit for bit.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/cpu/block_formats.h"
#include "kernels/cpu/fp16.h"
#include "kernels/cpu/ggml_type.h"
#include "kernels/cpu/quant.h"

namespace inferscope::kernels::test {

// Element j (0..31) of 32-element block b of a row, as the file's integer code, and the block's scales.
struct BlockView {
  int code[32];
  float d = 0, m = 0;         // simple formats: fp16 d (and m) widened
  float sd = 0, sdmin = 0;    // K-quants: super-block d (and dmin)
  int sc = 0, mn = 0;         // Q4_K/Q5_K: the block's 6-bit scale and min
  int sc16[2] = {0, 0};       // Q6_K: scales of elements 0-15 and 16-31
};

inline BlockView view_block(GgmlType t, const uint8_t* row, int64_t b) {
  BlockView v;
  switch (t) {
    case GgmlType::Q4_0: {
      const auto& k = reinterpret_cast<const block_q4_0*>(row)[b];
      v.d = fp16_to_fp32(k.d);
      for (int j = 0; j < 32; ++j) v.code[j] = j < 16 ? k.qs[j] & 15 : k.qs[j - 16] >> 4;
      break;
    }
    case GgmlType::Q4_1: {
      const auto& k = reinterpret_cast<const block_q4_1*>(row)[b];
      v.d = fp16_to_fp32(k.d);
      v.m = fp16_to_fp32(k.m);
      for (int j = 0; j < 32; ++j) v.code[j] = j < 16 ? k.qs[j] & 15 : k.qs[j - 16] >> 4;
      break;
    }
    case GgmlType::Q5_0:
    case GgmlType::Q5_1: {
      const uint8_t *qs, *qh;
      if (t == GgmlType::Q5_0) {
        const auto& k = reinterpret_cast<const block_q5_0*>(row)[b];
        v.d = fp16_to_fp32(k.d);
        qs = k.qs;
        qh = k.qh;
      } else {
        const auto& k = reinterpret_cast<const block_q5_1*>(row)[b];
        v.d = fp16_to_fp32(k.d);
        v.m = fp16_to_fp32(k.m);
        qs = k.qs;
        qh = k.qh;
      }
      uint32_t h;
      std::memcpy(&h, qh, 4);
      for (int j = 0; j < 32; ++j) v.code[j] = (j < 16 ? qs[j] & 15 : qs[j - 16] >> 4) | int((h >> j) & 1) << 4;
      break;
    }
    case GgmlType::Q8_0: {
      const auto& k = reinterpret_cast<const block_q8_0*>(row)[b];
      v.d = fp16_to_fp32(k.d);
      for (int j = 0; j < 32; ++j) v.code[j] = k.qs[j];
      break;
    }
    case GgmlType::Q4_K:
    case GgmlType::Q5_K: {
      // Element e = 32 * (b % 8) + l of the super-block: byte qs[32 * (e / 64) + l], high nibble when
      // (e / 32) is odd; Q5_K's fifth bit is bit e / 32 of qh[l].
      const int sub = int(b % 8);
      const uint8_t *qs, *qh = nullptr, *scales;
      uint16_t d, dmin;
      if (t == GgmlType::Q4_K) {
        const auto& k = reinterpret_cast<const block_q4_K*>(row)[b / 8];
        qs = k.qs; scales = k.scales; d = k.d; dmin = k.dmin;
      } else {
        const auto& k = reinterpret_cast<const block_q5_K*>(row)[b / 8];
        qs = k.qs; qh = k.qh; scales = k.scales; d = k.d; dmin = k.dmin;
      }
      v.sd = fp16_to_fp32(d);
      v.sdmin = fp16_to_fp32(dmin);
      uint8_t sc, mn;
      k_scale_min(scales, sub, sc, mn);
      v.sc = sc;
      v.mn = mn;
      for (int l = 0; l < 32; ++l) {
        const uint8_t byte = qs[32 * (sub / 2) + l];
        v.code[l] = (sub % 2 ? byte >> 4 : byte & 15) | (qh ? ((qh[l] >> sub) & 1) << 4 : 0);
      }
      break;
    }
    case GgmlType::Q6_K: {
      const auto& k = reinterpret_cast<const block_q6_K*>(row)[b / 8];
      v.sd = fp16_to_fp32(k.d);
      for (int l = 0; l < 32; ++l) {
        const int e = int(b % 8) * 32 + l, h = e / 128, quarter = e % 128 / 32, i = e % 32;
        const uint8_t byte = k.ql[64 * h + 32 * (quarter % 2) + i];
        v.code[l] = ((quarter < 2 ? byte & 15 : byte >> 4) | ((k.qh[32 * h + i] >> (2 * quarter)) & 3) << 4) - 32;
      }
      v.sc16[0] = k.scales[2 * (b % 8)];
      v.sc16[1] = k.scales[2 * (b % 8) + 1];
      break;
    }
    default: break;
  }
  return v;
}

// The packed kernels' output for one weight row and one activation row x of n floats.
inline float packed_dot_ref(GgmlType t, const uint8_t* row, const float* x, int64_t n) {
  const int64_t nb = n / 32;
  const bool q81 = t == GgmlType::Q4_1;
  std::vector<uint8_t> act(row_bytes(q81 ? GgmlType::Q8_1 : GgmlType::Q8_0, n));
  quantize_row(q81 ? GgmlType::Q8_1 : GgmlType::Q8_0, x, act.data(), n);
  float acc = 0.0f;
  for (int64_t b = 0; b < nb; ++b) {
    const int8_t* xq;
    float dx, s = 0.0f;
    if (q81) {
      const auto& k = reinterpret_cast<const block_q8_1*>(act.data())[b];
      xq = k.qs;
      dx = fp16_to_fp32(k.d);
      s = fp16_to_fp32(k.s);
    } else {
      const auto& k = reinterpret_cast<const block_q8_0*>(act.data())[b];
      xq = k.qs;
      dx = fp16_to_fp32(k.d);
    }
    const BlockView v = view_block(t, row, b);
    int32_t dot[2] = {0, 0}, sum = 0;
    for (int j = 0; j < 32; ++j) {
      dot[j / 16] += v.code[j] * xq[j];
      sum += xq[j];
    }
    const float sx = dx * float(sum);
    switch (t) {
      case GgmlType::Q4_0: acc = std::fma(float(dot[0] + dot[1] - 8 * sum), v.d * dx, acc); break;
      case GgmlType::Q5_0: acc = std::fma(float(dot[0] + dot[1] - 16 * sum), v.d * dx, acc); break;
      case GgmlType::Q8_0: acc = std::fma(float(dot[0] + dot[1]), v.d * dx, acc); break;
      case GgmlType::Q4_1:
        acc = std::fma(float(dot[0] + dot[1]), v.d * dx, acc);
        acc = std::fma(v.m, s, acc);
        break;
      case GgmlType::Q5_1:
        acc = std::fma(float(dot[0] + dot[1]), v.d * dx, acc);
        acc = std::fma(v.m, sx, acc);
        break;
      case GgmlType::Q4_K:
      case GgmlType::Q5_K: {
        const float dw = v.sd * float(v.sc), mw = v.sdmin * float(v.mn);
        acc = std::fma(float(dot[0] + dot[1]), dw * dx, acc);
        acc = std::fma(-mw, sx, acc);
        break;
      }
      case GgmlType::Q6_K:
        acc = std::fma(float(dot[0]), (v.sd * float(v.sc16[0])) * dx, acc);
        acc = std::fma(float(dot[1]), (v.sd * float(v.sc16[1])) * dx, acc);
        break;
      default: break;
    }
  }
  return acc;
}

}  // namespace inferscope::kernels::test
