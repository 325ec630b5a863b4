#pragma once
// Internal interface between the packed matmul driver (packed_matmul.cpp) and its SIMD kernels.
#include <cstdint>

#include "kernels/cpu/ggml_type.h"

namespace inferscope::kernels::packed {

inline constexpr int kMaxTokens = 8;  // activation rows per pass over a group's weights

// Quantized activation rows, split into the arrays the kernels read, tile by tile: tokens [8i, 8i + w)
// (w = the tile's width, 8 but for the last tile) start at token offset 8i and hold their blocks
// interleaved, block b of the tile's token u at index b * w + u (codes: 32 bytes per index). So a
// kernel reads one block of all its tokens from one place, through one pointer.
struct Acts {
  const int8_t* qs = nullptr;      // codes: tile i starts at 8i * n_in
  const float* d = nullptr;        // scales (the fp16 block scale, widened): tile i starts at 8i * nb
  const float* s = nullptr;        // Q8_1 only: the block's s = d * sum(codes), fp16-rounded as stored
  const int32_t* bias = nullptr;   // unsigned-code formats: offset * sum(codes) per block
  int64_t n_in = 0;
  int64_t nb = 0;                  // blocks of 32 per row
  int64_t n_tokens = 0;            // rows in all: a group is passed over once per tile
};

// Tokens [t0, t0 + nt) against one group (16 rows); nt in 1..kMaxTokens. Writes the first rows_valid
// outputs of token t to y + t * y_stride.
using GroupKernel = void (*)(const uint8_t* group, const Acts& a, int64_t t0, int nt, float* y, int64_t y_stride,
                             int rows_valid);

// Bytes of one block's codes in a group, and whether the format carries a min per block.
inline constexpr int codes_bytes(GgmlType t) { return t == GgmlType::Q8_0 ? 512 : 256; }
inline constexpr bool has_min(GgmlType t) { return t == GgmlType::Q4_1; }

// Defined in packed_matmul_avx512.cpp; nullptr for types without a kernel. Call only at SimdLevel::Avx512.
GroupKernel group_kernel_avx512(GgmlType t);

// Quantizes one activation row of nb blocks straight into the kernels' arrays, with exactly the
// arithmetic of quantize_row's Q8_0 / Q8_1 (fp16 scale rounded to nearest-even, codes rounded to
// nearest-even and clamped to +-127): with_s writes s = fp16(d * sum(codes)) (Q8_1), else
// bias = offset * sum(codes). Block b goes to qs + 32 * stride * b and d/s/bias[stride * b] (stride 1:
// a plain row; the tile's width: its place in an interleaved tile); nothing between is written.
// AVX-512 only.
void quantize_row_avx512(const float* x, int64_t nb, bool with_s, int32_t offset, int64_t stride, int8_t* qs, float* d,
                         float* s, int32_t* bias);

}  // namespace inferscope::kernels::packed
