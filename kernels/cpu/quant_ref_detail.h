#pragma once
// Per-format scalar reference routines behind quant.h's type switch (internal to kernels/cpu).
// nb counts blocks. The quantizers round to nearest; see quant_ref*.cpp for the scale choice.
#include <cstdint>

#include "kernels/cpu/block_formats.h"

namespace inferscope::kernels::detail {

void dequantize_q4_0_ref(const block_q4_0* b, float* y, int64_t nb);
void dequantize_q4_1_ref(const block_q4_1* b, float* y, int64_t nb);
void dequantize_q5_0_ref(const block_q5_0* b, float* y, int64_t nb);
void dequantize_q5_1_ref(const block_q5_1* b, float* y, int64_t nb);
void dequantize_q8_0_ref(const block_q8_0* b, float* y, int64_t nb);
void dequantize_q8_1_ref(const block_q8_1* b, float* y, int64_t nb);
void dequantize_q4_K_ref(const block_q4_K* b, float* y, int64_t nb);
void dequantize_q5_K_ref(const block_q5_K* b, float* y, int64_t nb);
void dequantize_q6_K_ref(const block_q6_K* b, float* y, int64_t nb);
void dequantize_q8_K_ref(const block_q8_K* b, float* y, int64_t nb);

void quantize_q4_0_ref(const float* x, block_q4_0* b, int64_t nb);
void quantize_q4_1_ref(const float* x, block_q4_1* b, int64_t nb);
void quantize_q5_0_ref(const float* x, block_q5_0* b, int64_t nb);
void quantize_q5_1_ref(const float* x, block_q5_1* b, int64_t nb);
void quantize_q8_0_ref(const float* x, block_q8_0* b, int64_t nb);
void quantize_q8_1_ref(const float* x, block_q8_1* b, int64_t nb);
void quantize_q4_K_ref(const float* x, block_q4_K* b, int64_t nb);
void quantize_q5_K_ref(const float* x, block_q5_K* b, int64_t nb);
void quantize_q6_K_ref(const float* x, block_q6_K* b, int64_t nb);
void quantize_q8_K_ref(const float* x, block_q8_K* b, int64_t nb);

// Round half to even in the current (default) mode, as _mm256_round_ps(NEAREST) does,
// so scalar and SIMD activation quantizers produce identical blocks.
int round_even(float v);

}  // namespace inferscope::kernels::detail
