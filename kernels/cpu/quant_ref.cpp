// Scalar reference for the 32-element block formats and the type switch of quant.h.
// Written from the format table in docs/gguf-formats.md; this is the oracle every fast path is tested against.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>

#include "kernels/cpu/fp16.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/quant_ref_detail.h"

namespace inferscope::kernels {
namespace detail {

int round_even(float v) { return static_cast<int>(std::nearbyint(v)); }

namespace {

uint32_t load_qh(const uint8_t qh[4]) {
  uint32_t v;
  std::memcpy(&v, qh, 4);  // stored little-endian, as is the host
  return v;
}

// The element of largest magnitude, sign kept: the symmetric formats map it to their most
// negative level (-8 / -16) so the full code range is used.
float signed_absmax(const float* x, int n) {
  float best = 0.0f, amax = 0.0f;
  for (int j = 0; j < n; ++j) {
    if (std::fabs(x[j]) > amax) {
      amax = std::fabs(x[j]);
      best = x[j];
    }
  }
  return best;
}

int clampi(int v, int lo, int hi) { return std::min(std::max(v, lo), hi); }

}  // namespace

void dequantize_q4_0_ref(const block_q4_0* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK) {
    const float d = fp16_to_fp32(b[i].d);
    for (int j = 0; j < QK / 2; ++j) {
      y[j] = static_cast<float>((b[i].qs[j] & 0x0F) - 8) * d;
      y[j + QK / 2] = static_cast<float>((b[i].qs[j] >> 4) - 8) * d;
    }
  }
}

void dequantize_q4_1_ref(const block_q4_1* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK) {
    const float d = fp16_to_fp32(b[i].d), m = fp16_to_fp32(b[i].m);
    for (int j = 0; j < QK / 2; ++j) {
      y[j] = static_cast<float>(b[i].qs[j] & 0x0F) * d + m;
      y[j + QK / 2] = static_cast<float>(b[i].qs[j] >> 4) * d + m;
    }
  }
}

void dequantize_q5_0_ref(const block_q5_0* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK) {
    const float d = fp16_to_fp32(b[i].d);
    const uint32_t qh = load_qh(b[i].qh);
    for (int j = 0; j < QK / 2; ++j) {
      const int lo = (b[i].qs[j] & 0x0F) | static_cast<int>(((qh >> j) & 1u) << 4);
      const int hi = (b[i].qs[j] >> 4) | static_cast<int>(((qh >> (j + 16)) & 1u) << 4);
      y[j] = static_cast<float>(lo - 16) * d;
      y[j + QK / 2] = static_cast<float>(hi - 16) * d;
    }
  }
}

void dequantize_q5_1_ref(const block_q5_1* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK) {
    const float d = fp16_to_fp32(b[i].d), m = fp16_to_fp32(b[i].m);
    const uint32_t qh = load_qh(b[i].qh);
    for (int j = 0; j < QK / 2; ++j) {
      const int lo = (b[i].qs[j] & 0x0F) | static_cast<int>(((qh >> j) & 1u) << 4);
      const int hi = (b[i].qs[j] >> 4) | static_cast<int>(((qh >> (j + 16)) & 1u) << 4);
      y[j] = static_cast<float>(lo) * d + m;
      y[j + QK / 2] = static_cast<float>(hi) * d + m;
    }
  }
}

void dequantize_q8_0_ref(const block_q8_0* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK) {
    const float d = fp16_to_fp32(b[i].d);
    for (int j = 0; j < QK; ++j) y[j] = static_cast<float>(b[i].qs[j]) * d;
  }
}

void dequantize_q8_1_ref(const block_q8_1* b, float* y, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, y += QK) {
    const float d = fp16_to_fp32(b[i].d);
    for (int j = 0; j < QK; ++j) y[j] = static_cast<float>(b[i].qs[j]) * d;
  }
}

void quantize_q4_0_ref(const float* x, block_q4_0* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK) {
    const float d = signed_absmax(x, QK) / -8.0f;
    b[i].d = fp32_to_fp16(d);
    const float df = fp16_to_fp32(b[i].d);
    const float id = df != 0.0f ? 1.0f / df : 0.0f;
    for (int j = 0; j < QK / 2; ++j) {
      const int lo = clampi(round_even(x[j] * id) + 8, 0, 15);
      const int hi = clampi(round_even(x[j + QK / 2] * id) + 8, 0, 15);
      b[i].qs[j] = static_cast<uint8_t>(lo | (hi << 4));
    }
  }
}

void quantize_q5_0_ref(const float* x, block_q5_0* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK) {
    const float d = signed_absmax(x, QK) / -16.0f;
    b[i].d = fp32_to_fp16(d);
    const float df = fp16_to_fp32(b[i].d);
    const float id = df != 0.0f ? 1.0f / df : 0.0f;
    uint32_t qh = 0;
    for (int j = 0; j < QK / 2; ++j) {
      const int lo = clampi(round_even(x[j] * id) + 16, 0, 31);
      const int hi = clampi(round_even(x[j + QK / 2] * id) + 16, 0, 31);
      b[i].qs[j] = static_cast<uint8_t>((lo & 0x0F) | ((hi & 0x0F) << 4));
      qh |= static_cast<uint32_t>(lo >> 4) << j;
      qh |= static_cast<uint32_t>(hi >> 4) << (j + 16);
    }
    std::memcpy(b[i].qh, &qh, 4);
  }
}

// Shared by Q4_1 and Q5_1: an affine grid from the block minimum to its maximum.
template <class Block>
static void quantize_affine(const float* x, Block* b, int64_t nb, int levels) {
  for (int64_t i = 0; i < nb; ++i, x += QK) {
    float lo = x[0], hi = x[0];
    for (int j = 1; j < QK; ++j) {
      lo = std::min(lo, x[j]);
      hi = std::max(hi, x[j]);
    }
    b[i].d = fp32_to_fp16((hi - lo) / static_cast<float>(levels));
    b[i].m = fp32_to_fp16(lo);
    // Quantize against the rounded d and m the reader will use.
    const float df = fp16_to_fp32(b[i].d), mf = fp16_to_fp32(b[i].m);
    const float id = df != 0.0f ? 1.0f / df : 0.0f;
    [[maybe_unused]] uint32_t qh = 0;
    for (int j = 0; j < QK / 2; ++j) {
      const int q0 = clampi(round_even((x[j] - mf) * id), 0, levels);
      const int q1 = clampi(round_even((x[j + QK / 2] - mf) * id), 0, levels);
      b[i].qs[j] = static_cast<uint8_t>((q0 & 0x0F) | ((q1 & 0x0F) << 4));
      qh |= static_cast<uint32_t>(q0 >> 4) << j;
      qh |= static_cast<uint32_t>(q1 >> 4) << (j + 16);
    }
    if constexpr (requires { b[i].qh; }) {
      std::memcpy(b[i].qh, &qh, 4);
    }
  }
}

void quantize_q4_1_ref(const float* x, block_q4_1* b, int64_t nb) { quantize_affine(x, b, nb, 15); }
void quantize_q5_1_ref(const float* x, block_q5_1* b, int64_t nb) { quantize_affine(x, b, nb, 31); }

// Symmetric 8-bit: d = max|x| / 127, so every code lies in [-127, 127] (maddubs never saturates).
void quantize_q8_0_ref(const float* x, block_q8_0* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK) {
    float amax = 0.0f;
    for (int j = 0; j < QK; ++j) amax = std::max(amax, std::fabs(x[j]));
    b[i].d = fp32_to_fp16(amax / 127.0f);
    const float df = fp16_to_fp32(b[i].d);
    const float id = df != 0.0f ? 1.0f / df : 0.0f;
    for (int j = 0; j < QK; ++j) b[i].qs[j] = static_cast<int8_t>(clampi(round_even(x[j] * id), -127, 127));
  }
}

void quantize_q8_1_ref(const float* x, block_q8_1* b, int64_t nb) {
  for (int64_t i = 0; i < nb; ++i, x += QK) {
    block_q8_0 tmp;
    quantize_q8_0_ref(x, &tmp, 1);
    b[i].d = tmp.d;
    int sum = 0;
    for (int j = 0; j < QK; ++j) {
      b[i].qs[j] = tmp.qs[j];
      sum += tmp.qs[j];
    }
    b[i].s = fp32_to_fp16(fp16_to_fp32(tmp.d) * static_cast<float>(sum));
  }
}

}  // namespace detail

using namespace detail;

void dequantize_row_ref(GgmlType t, const void* src, float* dst, int64_t n) {
  const int64_t nb = n / type_traits(t).block_elems;
  assert(n % type_traits(t).block_elems == 0);
  switch (t) {
    case GgmlType::F32: std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float)); return;
    case GgmlType::F16:
      for (int64_t i = 0; i < n; ++i) dst[i] = fp16_to_fp32(static_cast<const uint16_t*>(src)[i]);
      return;
    case GgmlType::BF16:
      for (int64_t i = 0; i < n; ++i) dst[i] = bf16_to_fp32(static_cast<const uint16_t*>(src)[i]);
      return;
    case GgmlType::Q4_0: return dequantize_q4_0_ref(static_cast<const block_q4_0*>(src), dst, nb);
    case GgmlType::Q4_1: return dequantize_q4_1_ref(static_cast<const block_q4_1*>(src), dst, nb);
    case GgmlType::Q5_0: return dequantize_q5_0_ref(static_cast<const block_q5_0*>(src), dst, nb);
    case GgmlType::Q5_1: return dequantize_q5_1_ref(static_cast<const block_q5_1*>(src), dst, nb);
    case GgmlType::Q8_0: return dequantize_q8_0_ref(static_cast<const block_q8_0*>(src), dst, nb);
    case GgmlType::Q8_1: return dequantize_q8_1_ref(static_cast<const block_q8_1*>(src), dst, nb);
    case GgmlType::Q4_K: return dequantize_q4_K_ref(static_cast<const block_q4_K*>(src), dst, nb);
    case GgmlType::Q5_K: return dequantize_q5_K_ref(static_cast<const block_q5_K*>(src), dst, nb);
    case GgmlType::Q6_K: return dequantize_q6_K_ref(static_cast<const block_q6_K*>(src), dst, nb);
    case GgmlType::Q8_K: return dequantize_q8_K_ref(static_cast<const block_q8_K*>(src), dst, nb);
  }
  assert(false && "unknown GgmlType");
}

void quantize_row_ref(GgmlType t, const float* src, void* dst, int64_t n) {
  const int64_t nb = n / type_traits(t).block_elems;
  assert(n % type_traits(t).block_elems == 0);
  switch (t) {
    case GgmlType::F32: std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float)); return;
    case GgmlType::F16:
      for (int64_t i = 0; i < n; ++i) static_cast<uint16_t*>(dst)[i] = fp32_to_fp16(src[i]);
      return;
    case GgmlType::BF16:
      for (int64_t i = 0; i < n; ++i) static_cast<uint16_t*>(dst)[i] = fp32_to_bf16(src[i]);
      return;
    case GgmlType::Q4_0: return quantize_q4_0_ref(src, static_cast<block_q4_0*>(dst), nb);
    case GgmlType::Q4_1: return quantize_q4_1_ref(src, static_cast<block_q4_1*>(dst), nb);
    case GgmlType::Q5_0: return quantize_q5_0_ref(src, static_cast<block_q5_0*>(dst), nb);
    case GgmlType::Q5_1: return quantize_q5_1_ref(src, static_cast<block_q5_1*>(dst), nb);
    case GgmlType::Q8_0: return quantize_q8_0_ref(src, static_cast<block_q8_0*>(dst), nb);
    case GgmlType::Q8_1: return quantize_q8_1_ref(src, static_cast<block_q8_1*>(dst), nb);
    case GgmlType::Q4_K: return quantize_q4_K_ref(src, static_cast<block_q4_K*>(dst), nb);
    case GgmlType::Q5_K: return quantize_q5_K_ref(src, static_cast<block_q5_K*>(dst), nb);
    case GgmlType::Q6_K: return quantize_q6_K_ref(src, static_cast<block_q6_K*>(dst), nb);
    case GgmlType::Q8_K: return quantize_q8_K_ref(src, static_cast<block_q8_K*>(dst), nb);
  }
  assert(false && "unknown GgmlType");
}

double dot_row_ref(GgmlType t, const void* w, const float* x, int64_t n) {
  // Dequantize one block (or 256 plain floats) at a time and accumulate the products in double.
  const TypeTraits& tr = type_traits(t);
  const int64_t chunk = tr.block_elems == 1 ? 256 : tr.block_elems;
  float tmp[256];
  double acc = 0.0;
  const auto* p = static_cast<const uint8_t*>(w);
  for (int64_t i = 0; i < n; i += chunk) {
    const int64_t m = std::min(chunk, n - i);
    dequantize_row_ref(t, p, tmp, m);
    p += row_bytes(t, m);
    for (int64_t j = 0; j < m; ++j) acc += static_cast<double>(tmp[j]) * static_cast<double>(x[i + j]);
  }
  return acc;
}

}  // namespace inferscope::kernels
