#pragma once
// Simulated integer quantization for teaching: quantize to B-bit integers and straight back to floats,
// so a model shows the accuracy of a scheme without a kernel for it.
//
// Symmetric:  scale = amax / (2^(B-1) - 1), q = clamp(round(x / scale), -(2^(B-1) - 1), 2^(B-1) - 1),
//             x' = q * scale. (The most negative code -2^(B-1) is left unused so the grid is symmetric;
//             at 2 bits that is the ternary grid {-s, 0, s}.)
// Asymmetric: scale = (max - min) / (2^B - 1), q = clamp(round((x - min) / scale), 0, 2^B - 1),
//             x' = min + q * scale (the offset is kept as a float, as Q4_1 keeps its m).
// Either way |x - x'| <= scale / 2 for every x in the group (plus float rounding).
#include <cstdint>

namespace inferscope::quant {

struct SimGrid {
  float scale = 0;
  float offset = 0;  // asymmetric: the group minimum; symmetric: 0
  int qmin = 0, qmax = 0;
};

// The grid for a group whose values lie in [lo, hi].
SimGrid sim_grid(int bits, bool asym, float lo, float hi);
// x quantized on the grid and dequantized.
inline float sim_round_trip(const SimGrid& g, float x);

// Quantize-dequantizes a [n_out][n_in] tensor in place with scales per `group` (quant::kPerTensor,
// quant::kPerChannel, or a group of that many consecutive elements of a row; a row whose length is not a
// multiple of the group ends with a shorter group). rows [row_begin, row_end) only, so callers can split
// the work; per-tensor needs the whole tensor's range in tensor_lo/tensor_hi.
void sim_quantize_rows(float* w, int64_t n_in, int64_t row_begin, int64_t row_end, int bits, int group, bool asym,
                       float tensor_lo, float tensor_hi);

}  // namespace inferscope::quant

#include <cmath>

inline float inferscope::quant::sim_round_trip(const SimGrid& g, float x) {
  if (g.scale == 0.0f) return g.offset;
  float q = std::nearbyint((x - g.offset) / g.scale);
  q = std::fmin(std::fmax(q, float(g.qmin)), float(g.qmax));
  return g.offset + q * g.scale;
}
