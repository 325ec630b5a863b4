#pragma once
// Dot products of one weight row with a small tile of activation rows: the inner kernel of matmul.
// Integer formats take their activations pre-quantized (Q8_0, Q8_1 or Q8_K blocks, see
// act_type_for); the float formats take f32 rows.
#include <cstdint>

#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/ggml_type.h"

namespace inferscope::kernels::detail {

inline constexpr int kMaxTile = 4;  // activation rows per weight-row pass

// out[t] = dot(w, acts[t]) for t < nt (1..kMaxTile), n elements.
// Contract for batch invariance: out[t] is computed with exactly the same operations, in the
// same order, whatever nt is and whichever slot t is.
using DotTileFn = void (*)(const void* w, const void* const* acts, int nt, int64_t n, float* out);

// The activation format the weight type's dot product consumes (F32 for F32/F16/BF16).
GgmlType act_type_for(GgmlType wt);
// The tile kernel for a weight type at a SIMD level (falls back to scalar when the level has none).
DotTileFn dot_tile(GgmlType wt, SimdLevel level);
// Scalar kernels (vec_dot_scalar.cpp).
DotTileFn dot_tile_scalar(GgmlType wt);

}  // namespace inferscope::kernels::detail
