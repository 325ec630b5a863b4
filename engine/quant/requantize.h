#pragma once
// Re-encodes a model's 2-D weights into a weight mode (weight_mode.h), into buffers it owns.
//
// Which tensors: every 2-D weight the model reads, token_embd included (and output when it is not tied
// to token_embd): the embedding is the largest tensor of a small model, so leaving it as stored would
// hide most of a mode's effect on the footprint. 1-D tensors (norm gains, biases) stay F32 as stored.
// Source values are the stored tensors dequantized with the reference dequantizer; real modes encode
// them with the reference quantizer (kernels/cpu/quant.h), simulated modes with sim_quant.h into F32.
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/model/model_weights.h"
#include "engine/quant/weight_mode.h"

namespace inferscope::kernels { class ThreadPool; }

namespace inferscope::quant {

// Thrown when the cancel flag was raised; nothing is half-applied (the partial buffers are freed).
struct Cancelled : std::runtime_error {
  Cancelled() : std::runtime_error("weight quantization cancelled") {}
};

// What re-encoding did to one tensor. Errors compare the new values with the quantizer's input: the
// stored weights dequantized (with the outlier, when one is injected, so that the figure is the error
// quantization makes rather than the change the outlier itself is).
struct TensorError {
  std::string name;
  kernels::GgmlType from = kernels::GgmlType::F32, to = kernels::GgmlType::F32;
  int64_t n_elements = 0;
  size_t bytes = 0;        // bytes of the re-encoded tensor
  double mean_abs = 0;     // mean |new - original|
  double max_abs = 0;      // max |new - original|
};

// Owns the re-encoded tensors (64-byte aligned); the WeightRefs of RequantizedWeights point into it.
class WeightBuffers {
 public:
  uint8_t* add(size_t n_bytes);
  ~WeightBuffers();
  WeightBuffers() = default;
  WeightBuffers(const WeightBuffers&) = delete;
  WeightBuffers& operator=(const WeightBuffers&) = delete;

 private:
  std::vector<void*> blocks_;
};

struct RequantizedWeights {
  ModelWeights weights;                   // views into buffers (2-D weights) and the source (1-D)
  std::shared_ptr<WeightBuffers> buffers;  // keep alive as long as weights is used
  std::vector<TensorError> errors;        // one per re-encoded tensor, in model order
};

struct RequantizeOptions {
  kernels::ThreadPool* pool = nullptr;        // rows of a tensor are split over it (null = this thread)
  // apply_weight_mode and load_model only, when pool is null: the threads of a pool they make for the call
  // (0 = one per core; 1 = this thread), so a caller above the engine needs no kernels pool of its own.
  int threads = 1;
  const std::atomic<bool>* cancel = nullptr;  // checked between tensors and every few rows
  // Called on the calling thread after each tensor: fraction of all elements done, and the tensor's name.
  std::function<void(double fraction, const std::string& tensor)> progress;
  // Calibrated modes (gptq:, awq:) only: the text the model runs on ("" = the shipped default,
  // engine/quant/calibration.h), how many of its tokens, and where results are cached ("" = the default
  // folder). A cached result is used when the model's tensors, the mode and the tokens are the same.
  // A text shorter than calibration_tokens is followed by the model's own samples up to that many
  // tokens when self_generate (quant::self_generated_tokens): GPTQ needs several times more rows than
  // its widest projection has inputs, or it fits the calibration text instead of the model.
  std::string calibration_text;
  int calibration_tokens = 8192;
  bool self_generate = true;
  bool use_cache = true;
  std::string cache_dir;
};

// Re-encodes src into mode. With plain `stored` it returns src unchanged (no buffers, no errors).
// Throws std::invalid_argument naming a tensor whose rows do not split into the target's blocks, and
// Cancelled when opt.cancel became true.
RequantizedWeights requantize_weights(const ModelWeights& src, const WeightMode& mode, const RequantizeOptions& opt = {});

// The GGML type a tensor stored as `stored` gets in `mode`.
kernels::GgmlType target_type(const WeightMode& mode, kernels::GgmlType stored);

// Bytes of the tensors the model reads, each counted once (a tied output is token_embd).
size_t weight_bytes(const ModelWeights& w);

}  // namespace inferscope::quant
