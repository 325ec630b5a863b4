#pragma once
// Fast-kernel copies of a model's projection matrices (kernels/cpu/packed_matmul.h), made once at
// load when the CPU has the packed kernels for the tensors' types. Q/K/V and gate/up are fused into
// one matrix each, so one activation quantization and one parallel loop serve them all.
#include <cstddef>
#include <memory>
#include <vector>

#include "engine/model/model_weights.h"
#include "kernels/cpu/packed_matmul.h"

namespace inferscope {

struct PackedLayer {
  std::unique_ptr<kernels::PackedMatrix> qkv;      // parts: wq, wk, wv
  std::unique_ptr<kernels::PackedMatrix> wo;
  std::unique_ptr<kernels::PackedMatrix> gate_up;  // parts: w_gate, w_up
  std::unique_ptr<kernels::PackedMatrix> down;
};

struct PackedWeights {
  std::vector<PackedLayer> layers;  // empty when nothing could be packed
  std::unique_ptr<kernels::PackedMatrix> output;
  size_t bytes = 0;                 // bytes of all packed copies
  int matrices = 0;                 // packed matrices (a fused one counts once)
};

// Packs what the active SIMD level has kernels for, all into one shared buffer; a matrix (or fused set)
// it cannot pack stays null and runs through kernels::matmul on the mapped file. Never throws for an
// unsupported type (std::bad_alloc when the memory cannot be had).
PackedWeights pack_weights(const ModelWeights& w);

}  // namespace inferscope
