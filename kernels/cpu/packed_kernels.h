#pragma once
// Internal interface between the packed matmul driver (packed_matmul.cpp), its packing code
// (packed_pack.cpp) and its SIMD kernels.
#include <cstdint>

#include "kernels/cpu/ggml_type.h"

namespace inferscope::kernels::packed {

inline constexpr int kMaxTokens = 8;  // activation rows per pass over a group's weights

// Quantized activation rows, split into the arrays the kernels read, tile by tile: tokens [8i, 8i + w)
// (w = the tile's width, 8 but for the last tile) start at token offset 8i and hold their blocks
// interleaved, block b of the tile's token u at index b * w + u (codes: 32 bytes per index). So a
// kernel reads one block of all its tokens from one place, through one pointer.
// Every block is quantized as quantize_row's Q8_0 does (d = fp16(max|x| / 127), codes rounded to
// nearest-even); what else is filled depends on the weights (ActKind).
struct Acts {
  const int8_t* qs = nullptr;      // codes: tile i starts at 8i * n_in
  const float* d = nullptr;        // scales (the fp16 block scale, widened): tile i starts at 8i * nb
  const float* s = nullptr;        // Q8_1 (Q4_1 weights): the block's s = d * sum(codes), fp16-rounded as stored
  const int32_t* sum = nullptr;    // sum of the block's 32 codes (not for Q4_1)
  const float* sx = nullptr;       // d * sum, exact in fp32 (11-bit d times |sum| < 2^12): the min formats
  const int32_t* q6_init = nullptr;  // Q6_K: -32 * the sums of the block's first and last 16 codes, a pair per
                                     // block (index 2i, 2i + 1): its two integer chains start there
  int64_t n_in = 0;
  int64_t nb = 0;                  // blocks of 32 per row
  int64_t n_tokens = 0;            // rows in all: a group is passed over once per tile
};

// What a matrix's kernels need of the activations. Q4_1 keeps the Q8_1 arithmetic that matmul() uses for
// it (s rounded to fp16); every other format reads d and the code sums, so they can share one matrix.
enum class ActKind { Q8_1, Sums, SumsExtra };

// Tokens [t0, t0 + nt) against one group (16 rows); nt in 1..kMaxTokens. Writes the first rows_valid
// outputs of token t to y + t * y_stride; with `accumulate`, the accumulators start from those outputs
// instead of zero, so the blocks are added to what y holds in the same order as one longer row would be.
using GroupKernel = void (*)(const uint8_t* group, const Acts& a, int64_t t0, int nt, float* y, int64_t y_stride,
                             int rows_valid, bool accumulate);

// Per 32-element block of a group (16 rows), the code vectors come first, for all blocks, then the
// scale sections (packed_matmul.h has the layout). Bits per code: 4 (Q4_*), 5 (Q5_*), 6 (Q6_K), 8 (Q8_0).
inline constexpr int code_bits(GgmlType t) {
  switch (t) {
    case GgmlType::Q8_0: return 8;
    case GgmlType::Q5_0: case GgmlType::Q5_1: case GgmlType::Q5_K: return 5;
    case GgmlType::Q6_K: return 6;
    default: return 4;
  }
}
// Bytes of one block's codes in a group: 4 vectors of nibbles, then 1 (5-bit) or 2 (6-bit) vectors of
// high bits; Q8_0: 8 vectors of bytes.
inline constexpr int codes_bytes(GgmlType t) { return t == GgmlType::Q8_0 ? 512 : 256 + 64 * (code_bits(t) - 4); }
inline constexpr bool is_k_quant(GgmlType t) { return t == GgmlType::Q4_K || t == GgmlType::Q5_K || t == GgmlType::Q6_K; }
// Formats whose blocks carry a min (x = d * q + m; the K ones subtract dmin * m).
inline constexpr bool has_min(GgmlType t) {
  return t == GgmlType::Q4_1 || t == GgmlType::Q5_1 || t == GgmlType::Q4_K || t == GgmlType::Q5_K;
}
// Bytes of the scale sections per block of 32 (16 rows): fp16 d (+ fp16 m); K-quants: fp16 super-block
// d (+ dmin) shared by 8 blocks, and a byte per row for each 6-bit scale (and min) or Q6_K's two int8 scales.
inline constexpr int scale_bytes(GgmlType t) {
  switch (t) {
    case GgmlType::Q4_1: case GgmlType::Q5_1: return 64;
    case GgmlType::Q4_K: case GgmlType::Q5_K: return 8 + 32;
    case GgmlType::Q6_K: return 4 + 32;
    default: return 32;
  }
}
inline constexpr ActKind act_kind(GgmlType t) {
  if (t == GgmlType::Q4_1) return ActKind::Q8_1;
  if (t == GgmlType::Q4_0 || t == GgmlType::Q5_0 || t == GgmlType::Q8_0) return ActKind::Sums;
  return ActKind::SumsExtra;
}
// The weight code's offset for the formats without a min: x = d * (q - offset) (Q8_0: stored + 128).
inline constexpr int32_t code_offset(GgmlType t) {
  switch (t) {
    case GgmlType::Q4_0: return 8;
    case GgmlType::Q5_0: return 16;
    case GgmlType::Q8_0: return 128;
    case GgmlType::Q6_K: return 32;
    default: return 0;
  }
}

// Defined in packed_matmul_avx512.cpp; nullptr for types without a kernel. Call only at SimdLevel::Avx512.
GroupKernel group_kernel_avx512(GgmlType t);

// Writes rows [row0, row0 + rows) of a matrix of `type` (GGUF layout, n_in elements a row, row_stride
// bytes apart) into one zeroed group; rows beyond `rows` stay zero. Defined in packed_pack.cpp.
void pack_group(GgmlType type, const void* data, int64_t n_in, int64_t row0, int64_t rows, uint8_t* dst);

// Quantizes one activation row of nb blocks straight into the kernels' arrays, with exactly the
// arithmetic of quantize_row's Q8_0 / Q8_1 (fp16 scale rounded to nearest-even, codes rounded to
// nearest-even and clamped to +-127): with_s writes s = fp16(d * sum(codes)) (Q8_1), else
// bias = offset * sum(codes). Block b goes to qs + 32 * stride * b and d/s/bias[stride * b] (stride 1:
// a plain row; the tile's width: its place in an interleaved tile); nothing between is written.
// AVX-512 only.
void quantize_row_avx512(const float* x, int64_t nb, bool with_s, int32_t offset, int64_t stride, int8_t* qs, float* d,
                         float* s, int32_t* bias);

}  // namespace inferscope::kernels::packed
