#pragma once
// AWQ (Lin et al. 2023): activation-aware scaling before round-to-nearest. A few input channels carry
// much larger activations than the rest; the weights that multiply them matter most. AWQ scales each input
// column j of W by s_j = sx_j^alpha (sx_j = mean |x_j| over the calibration rows; s normalized so that
// max(s) * min(s) = 1), quantizes W diag(s) group-wise, and divides the inputs by s (here: the dequantized
// weights are divided by s, the same product). alpha is searched on a grid of `grid` + 1 points in
// [0, 1], keeping the one with the least output error ||(W - W') X^T||^2 on the calibration rows; alpha = 0
// is s = 1, plain round-to-nearest, so the chosen scales are never worse than none on those rows.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/quant/group_quant.h"

namespace inferscope::kernels { class ThreadPool; }

namespace inferscope::quant {

struct AwqOptions {
  int bits = 4;
  int group = 128;  // <= 0: one group per row
  int grid = 20;    // alpha = 0, 1/grid, ..., 1
  // The output error is measured on at most this many calibration rows (an even stride over them; all
  // rows still give the magnitudes sx): each grid point costs a product with every row.
  int max_rows = 128;
};

struct AwqResult {
  GroupQuantTensor tensor;  // input_scale = the chosen s
  double alpha = 0;
  double error = 0;         // output error at the chosen alpha
  double error_rtn = 0;     // output error at alpha = 0 (s = 1)
  std::vector<double> errors;  // per grid point, alpha = k / grid
};

// The mean |x| of every input column of N rows x (N x n_in).
std::vector<float> mean_abs_columns(const float* x, int64_t n_rows, int64_t n_in);

// Searches alpha for w (n_out x n_in floats) on calibration rows x (n_rows x n_in floats).
// Throws quant::Cancelled when cancel becomes true (checked per grid point).
AwqResult awq_quantize(const std::string& name, const float* w, int64_t n_out, int64_t n_in, const float* x,
                       int64_t n_rows, const AwqOptions& opt, kernels::ThreadPool* pool = nullptr,
                       const std::atomic<bool>* cancel = nullptr);

// ||(a - b) x^T||^2: the summed squared output difference of two weight matrices (n_out x n_in) on rows x.
double output_error(const float* a, const float* b, int64_t n_out, int64_t n_in, const float* x, int64_t n_rows,
                    kernels::ThreadPool* pool = nullptr);

}  // namespace inferscope::quant
