#pragma once
// Entry points implemented in the *_avx2.cpp files. Call only when active_simd() is Avx2:
// those files are compiled with -mavx2 -mfma -mf16c and would fault on older CPUs.
#include <cstdint>

#include "kernels/cpu/ggml_type.h"
#include "kernels/cpu/vec_dot.h"

namespace inferscope::kernels::avx2 {

// Return false when the type has no AVX2 path (the caller then uses the reference).
bool dequantize_row(GgmlType t, const void* src, float* dst, int64_t n);
bool quantize_row(GgmlType t, const float* src, void* dst, int64_t n);

// Tile kernels for matmul, one per weight type; nullptr when there is none.
detail::DotTileFn dot_tile(GgmlType wt);

}  // namespace inferscope::kernels::avx2
