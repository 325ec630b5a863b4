#pragma once
// GPTQ (Frantar et al. 2022): quantizes a linear layer's weight matrix W [n_out][n_in] column by column,
// pushing each column's rounding error onto the columns not yet quantized so that the layer's output
// on calibration inputs X changes as little as possible: it minimizes ||W X^T - Q X^T||^2 greedily with
// the Hessian H = 2/N X^T X of that loss.
//
// As in the paper: H is damped by `damp` x its mean diagonal (inputs that never fire get H_ii = 1 and
// zero weights), the inverse Hessian enters through its upper Cholesky factor U (H^-1 = U^T U), columns
// run in their natural order, and updates are lazy: inside a block of `block` columns the error is
// applied column by column, to the columns after the block once per block as one matrix product.
// Group scales and zero points (group_quant.h) are chosen from the current (error-updated) weights when
// a group's first column comes up.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/quant/group_quant.h"

namespace inferscope::kernels { class ThreadPool; }

namespace inferscope::quant {

struct GptqOptions {
  int bits = 4;
  int group = 128;      // columns per group; <= 0: one group per row
  int block = 128;      // lazy-update block
  double damp = 0.01;   // fraction of the mean diagonal added to H's diagonal
};

// X^T X of N input rows X (N x n_in floats), n_in x n_in floats, with row 0 counted row0_weight times.
std::vector<float> gram_matrix(const float* x, int64_t n_rows, int64_t n_in, kernels::ThreadPool* pool = nullptr,
                               float row0_weight = 1.0f);

// The Hessian 2/N X^T X of N input rows X (N x n_in floats), n_in x n_in floats.
std::vector<float> gptq_hessian(const float* x, int64_t n_rows, int64_t n_in, kernels::ThreadPool* pool = nullptr);

// Quantizes w (n_out x n_in floats) with Hessian h (n_in x n_in, gptq_hessian). Rows are split over
// pool. Throws quant::Cancelled when cancel becomes true (checked once per block of columns) and
// std::runtime_error when H stays singular after raising the damping.
GroupQuantTensor gptq_quantize(const std::string& name, const float* w, int64_t n_out, int64_t n_in,
                               const std::vector<float>& h, const GptqOptions& opt, kernels::ThreadPool* pool = nullptr,
                               const std::atomic<bool>* cancel = nullptr);

// The upper Cholesky factor U of the inverse of a symmetric positive definite a (n x n, row-major):
// a^-1 = U^T U. Returns false when a is not positive definite.
bool inverse_cholesky_upper(const std::vector<float>& a, int64_t n, std::vector<float>& u);

}  // namespace inferscope::quant
