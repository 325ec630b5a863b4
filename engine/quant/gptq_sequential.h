#pragma once
// GPTQ over a whole model, layer after layer, as the paper's implementation runs it: the Hessians of
// layer l come from what the already-quantized layers 0..l-1 hand it, not from the unquantized model.
// With Hessians from clean activations, each layer pushes its rounding error into directions the clean
// calibration rows barely use; the rounding noise of the layers before it excites exactly those
// directions, and the errors compound (on SmolLM2-135M at int3 g128 that made GPTQ worse than
// round-to-nearest; docs/quantization-methods.md). Inside a layer the projections go in the order they
// read their inputs (Q/K/V, then O, then gate/up, then down), each from inputs computed with the layer's
// earlier projections already quantized. Hessians are summed window by window, so the
// calibration set can be much longer than the activations of all layers would fit in memory.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/model/model_weights.h"
#include "engine/quant/group_quant.h"

namespace inferscope::kernels { class ThreadPool; }
namespace inferscope::gguf { class GgufFile; }

namespace inferscope::quant {

struct SequentialGptqOptions {
  int bits = 4;
  int group = 128;
  double damp = 0.01;
  int window = 512;  // calibration tokens per fresh sequence
  // The first token of a window is the attention sink: every later query of the window reads its key and
  // value, most heads with much of their weight. GPTQ's loss counts each row once, so it trades the
  // sink's K/V error for the others' freely; weighting the sink's row of the Q/K/V Hessian by the number
  // of rows in its window keeps the sink's V (and K) as close as round-to-nearest would.
  bool weight_sink = true;
};

// One projection's result, in model order (per layer: q, k, v, o, gate, up, down).
struct SequentialGptqResult {
  GroupQuantTensor tensor;
  int layer = 0;
  double error = 0, error_rtn = 0, energy = 0;  // ||.. X^T||^2 on the inputs the projection read
};

// source(ref) gives a projection's values to quantize (n_out x n_in floats). progress(layer, k) is called
// after each projection k (0..6) of layer. Throws quant::Cancelled when cancel becomes true.
std::vector<SequentialGptqResult> gptq_sequential(
    std::shared_ptr<const gguf::GgufFile> file, const ModelWeights& stored, const std::vector<int32_t>& tokens,
    const std::function<std::vector<float>(const WeightRef&)>& source, const SequentialGptqOptions& opt,
    kernels::ThreadPool* pool, const std::atomic<bool>* cancel, const std::function<void(int, int)>& progress);

}  // namespace inferscope::quant
