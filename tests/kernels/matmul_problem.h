#pragma once
// Random weight/activation problems for the matmul tests and the error bound each output must meet
// against the double-precision reference dot (dot_row_ref).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "kernels/cpu/ggml_type.h"
#include "kernels/cpu/quant.h"

namespace inferscope::kernels::test {

inline std::vector<float> random_floats(size_t n, uint32_t seed, float offset = 0.0f) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> g(0.0f, 1.0f);
  std::vector<float> x(n);
  for (auto& v : x) v = g(rng) + offset;
  return x;
}

struct Problem {
  GgmlType t;
  int64_t n_in, n_out, n_tokens;
  std::vector<uint8_t> W;
  std::vector<float> X;
};

inline Problem make_problem(GgmlType t, int64_t n_in, int64_t n_out, int64_t n_tokens) {
  Problem p{t, n_in, n_out, n_tokens, {}, {}};
  const size_t rb = row_bytes(t, n_in);
  p.W.resize(rb * n_out);
  // A small positive bias in the weights exercises the min terms of Q4_1/Q5_1/Q4_K/Q5_K.
  const auto w = random_floats(static_cast<size_t>(n_in * n_out), 11 + static_cast<uint32_t>(t), 0.3f);
  for (int64_t r = 0; r < n_out; ++r) quantize_row_ref(t, w.data() + r * n_in, p.W.data() + r * rb, n_in);
  p.X = random_floats(static_cast<size_t>(n_in * n_tokens), 23);
  return p;
}

// Error bound of one output element against the exact dot of the dequantized weights with x.
// Activations are quantized to 8 bits per block B of 32 (Q8_0/Q8_1) or 256 (Q8_K) with
// d = max|x_B|/127, so |x_j - x^_j| <= d/2 (d rounded to fp16 included, up to a 1.001 factor):
// the product error is at most sum_B sum_{j in B} |w_j| * max|x_B| / 254. Q8_1 also rounds
// s = d*sum(q) to fp16 (relative 2^-11), multiplied by the block min m: |m| * sum|x^_B| * 2^-10.
// On top, fp32 accumulation: 1e-5 * sum|w||x| (n = 512, far below n * 2^-24 in practice).
// Float weight types have only the fp32 accumulation term (4e-5, about n * 2^-24).
inline double error_bound(const Problem& p, int64_t r, const float* x) {
  std::vector<float> w(p.n_in);
  dequantize_row_ref(p.t, p.W.data() + r * row_bytes(p.t, p.n_in), w.data(), p.n_in);
  double sum_wx = 0.0;
  for (int64_t j = 0; j < p.n_in; ++j) sum_wx += std::fabs(double(w[j]) * x[j]);
  const bool k_quant = p.t == GgmlType::Q4_K || p.t == GgmlType::Q5_K || p.t == GgmlType::Q6_K;
  const bool plain = p.t == GgmlType::F32 || p.t == GgmlType::F16 || p.t == GgmlType::BF16;
  if (plain) return 4e-5 * sum_wx + 1e-30;
  const int64_t blk = k_quant ? 256 : 32;
  double bound = 1e-5 * sum_wx;
  for (int64_t b = 0; b < p.n_in; b += blk) {
    double sw = 0.0, sx = 0.0, wmax = 0.0, xmax = 0.0;
    for (int64_t j = b; j < b + blk; ++j) {
      sw += std::fabs(w[j]);
      sx += std::fabs(x[j]);
      wmax = std::max(wmax, double(std::fabs(w[j])));
      xmax = std::max(xmax, double(std::fabs(x[j])));
    }
    bound += sw * xmax / 254.0 * 1.001;
    if (p.t == GgmlType::Q4_1 || p.t == GgmlType::Q5_1) bound += wmax * sx * 1.01 * std::ldexp(1.0, -10);
  }
  return bound;
}

}  // namespace inferscope::kernels::test
