#pragma once
// The integer group format GPTQ and AWQ produce (and round-to-nearest in the same format, their baseline):
// each row of a [n_out][n_in] tensor is cut into groups of `group` consecutive columns; a group has a float
// scale s and an integer zero point z in [0, 2^B - 1]; a weight is the B-bit code q in [0, 2^B - 1] and
// stands for (q - z) * s. AWQ adds one scale per input column that the stored codes were divided by
// (w = (q - z) * s / input_scale[col]), which a deployment folds into the previous operation.
//
// Parameters of a group whose values lie in [lo, hi] (the range widened to take in 0, so that 0 is a code
// and the zero point needs no clamping): s = max(hi - lo, 1e-5) / (2^B - 1), z = round(-lo / s),
// q = clamp(round(x / s) + z, 0, 2^B - 1). Then |x - (q - z) * s| <= s / 2 for every x of the group, and
// quantizing the dequantized group again gives the same codes.
#include <cstdint>
#include <string>
#include <vector>

namespace inferscope::quant {

struct GroupParams {
  float scale = 1;
  int zero = 0;
};

GroupParams group_params(int bits, float lo, float hi);

inline int quantize_code(const GroupParams& p, int bits, float x);
inline float dequantize_code(const GroupParams& p, int q) { return float(q - p.zero) * p.scale; }

struct GroupQuantTensor {
  std::string name;
  int bits = 4;
  int group = 128;  // columns per group (the row length for per-channel)
  int64_t n_in = 0, n_out = 0;
  std::vector<uint8_t> codes;       // n_out x n_in, one per byte
  std::vector<float> scales;        // n_out x groups_per_row()
  std::vector<uint8_t> zeros;       // n_out x groups_per_row()
  std::vector<float> input_scale;   // n_in (AWQ) or empty (all 1)

  int64_t groups_per_row() const { return (n_in + group - 1) / group; }
  // Allocates codes, scales and zeros for the shape (contents zero).
  void resize(int64_t rows, int64_t cols, int b, int g);
};

// Round-to-nearest into the format, rows [row_begin, row_end) of w (n_out x n_in floats). t must have been
// resize()d; input_scale is not touched.
void rtn_quantize_rows(const float* w, GroupQuantTensor& t, int64_t row_begin, int64_t row_end);
GroupQuantTensor rtn_quantize(const float* w, int64_t n_out, int64_t n_in, int bits, int group);

// The values the codes stand for, n_out x n_in floats (divided by input_scale when present).
void dequantize(const GroupQuantTensor& t, float* out);
void dequantize_rows(const GroupQuantTensor& t, float* out, int64_t row_begin, int64_t row_end);

// A compact byte form (codes packed to `bits` bits each) and back; from_bytes throws
// std::runtime_error when the bytes are not a complete tensor of this form. `at` advances past it.
void append_bytes(const GroupQuantTensor& t, std::vector<uint8_t>& out);
GroupQuantTensor from_bytes(const std::vector<uint8_t>& in, size_t& at);

}  // namespace inferscope::quant

#include <cmath>

inline int inferscope::quant::quantize_code(const GroupParams& p, int bits, float x) {
  const int maxq = (1 << bits) - 1;
  const int q = int(std::nearbyint(x / p.scale)) + p.zero;
  return q < 0 ? 0 : (q > maxq ? maxq : q);
}
