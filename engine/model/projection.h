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

}  // namespace inferscope
