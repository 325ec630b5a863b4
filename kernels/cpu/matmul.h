#pragma once
// Products of a weight matrix (rows in a GGUF tensor type) with a batch of f32 activation rows.
#include <cstdint>

#include "kernels/cpu/ggml_type.h"

namespace inferscope::kernels {

class ThreadPool;

// Y[t * n_out + r] = dot(W row r, X row t) for t < n_tokens, r < n_out.
// W: n_out rows of n_in elements in type wt (row stride row_bytes(wt, n_in)).
// X: n_tokens rows of n_in floats, Y: n_tokens rows of n_out floats.
// Batch-invariant: each Y element is computed with the same arithmetic whatever n_tokens is,
// so a sequence's result does not depend on what else is in the batch.
// Output rows are split across the pool (pool may be null: single-threaded).
void matmul(GgmlType wt, const void* W, int64_t n_in, int64_t n_out, const float* X, int64_t n_tokens, float* Y,
            ThreadPool* pool);

// Copies row `row` of W (n_in elements) into dst as f32 (embedding lookup).
void get_row(GgmlType wt, const void* W, int64_t n_in, int64_t row, float* dst);

}  // namespace inferscope::kernels
