// Row kernels of paged attention: the portable scalar reference and the run-time ISA dispatch.
#include <algorithm>

#include "kernels/cpu/paged_attention.h"

namespace inferscope::kernels {
namespace {

// Rows are decoded a chunk at a time into a stack buffer: no heap, any head_dim.
constexpr int kChunk = 64;

float dot_scalar(KvDtype d, const float* q, const uint8_t* row, int n) {
  float tmp[kChunk];
  const size_t eb = kv_dtype_bytes(d);
  float sum = 0.0f;
  for (int i = 0; i < n; i += kChunk) {
    const int len = std::min(kChunk, n - i);
    kv_decode(d, row + i * eb, len, 1.0f, tmp);
    for (int j = 0; j < len; ++j) sum += q[i + j] * tmp[j];
  }
  return sum;
}

void axpy_scalar(KvDtype d, float w, const uint8_t* row, int n, float* acc) {
  float tmp[kChunk];
  const size_t eb = kv_dtype_bytes(d);
  for (int i = 0; i < n; i += kChunk) {
    const int len = std::min(kChunk, n - i);
    kv_decode(d, row + i * eb, len, 1.0f, tmp);
    for (int j = 0; j < len; ++j) acc[i + j] += w * tmp[j];
  }
}

KvRowIsa detect_isa() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c")) {
    return KvRowIsa::Avx2;
  }
#endif
  return KvRowIsa::Scalar;
}

}  // namespace

KvRowIsa kv_row_best_isa() {
  static const KvRowIsa isa = detect_isa();
  return isa;
}

float kv_row_dot(KvRowIsa isa, KvDtype d, const float* q, const uint8_t* row, int n) {
#if defined(__x86_64__) || defined(__i386__)
  if (isa == KvRowIsa::Avx2) return kv_row_dot_avx2(d, q, row, n);
#else
  (void)isa;
#endif
  return dot_scalar(d, q, row, n);
}

void kv_row_axpy(KvRowIsa isa, KvDtype d, float w, const uint8_t* row, int n, float* acc) {
#if defined(__x86_64__) || defined(__i386__)
  if (isa == KvRowIsa::Avx2) return kv_row_axpy_avx2(d, w, row, n, acc);
#else
  (void)isa;
#endif
  axpy_scalar(d, w, row, n, acc);
}

}  // namespace inferscope::kernels
