#pragma once
// Block formats: scalar reference (the oracle) and dispatched fast paths.
// Every fast path must match its reference within float rounding; tests compare them.
#include <cstdint>

#include "kernels/cpu/ggml_type.h"

namespace inferscope::kernels {

// ---- scalar reference, written from the format specification ----
// n is a multiple of the type's block size.
void dequantize_row_ref(GgmlType t, const void* src, float* dst, int64_t n);
// Round-to-nearest quantization (valid blocks; not an optimal quantizer for K-quants).
void quantize_row_ref(GgmlType t, const float* src, void* dst, int64_t n);
// dot(dequantize(w), x) accumulated in double: the oracle for every dot/matmul path.
double dot_row_ref(GgmlType t, const void* w, const float* x, int64_t n);

// ---- fast paths, selected once at run time (AVX2/FMA when present, scalar otherwise) ----
void dequantize_row(GgmlType t, const void* src, float* dst, int64_t n);
void quantize_row(GgmlType t, const float* src, void* dst, int64_t n);

// Name of the instruction set the dispatcher chose ("avx2", "scalar", ...).
const char* simd_level();

}  // namespace inferscope::kernels
