#pragma once
// One or more projections of the same input rows: a single fused packed call when the model has one,
// else one matmul per weight on the mapped file; biases (qwen2), where given, added per part. Shared by
// the model's forward pass and the tensor-parallel shards, so both compute a projection the same way.
#include <initializer_list>

#include "engine/model/model_weights.h"
#include "kernels/cpu/packed_matmul.h"

namespace inferscope::kernels {
class ThreadPool;
}

namespace inferscope {

void project(const kernels::PackedMatrix* packed, std::initializer_list<const WeightRef*> w,
             std::initializer_list<float*> y, const float* x, int n_rows, kernels::ThreadPool* pool,
             std::initializer_list<const WeightRef*> bias = {});

// y += W x for one weight. Packed, the kernel's accumulators start from y, so splitting W's columns in two
// and calling project() on the first part and then project_add() on the second gives project() of the
// whole W bit for bit (what lets a tensor-parallel split reproduce the unsplit model's floats). Unpacked,
// the product is computed and then added (rounded twice).
void project_add(const kernels::PackedMatrix* packed, const WeightRef& w, float* y, const float* x, int n_rows,
                 kernels::ThreadPool* pool);

}  // namespace inferscope
