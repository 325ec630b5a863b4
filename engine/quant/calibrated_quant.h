#pragma once
// The calibrated weight modes (rtn:, gptq:, awq:) applied to a whole model: run the model over the
// calibration tokens, quantize every layer's seven projections with GPTQ (layer after layer, on what the
// quantized layers before it output: gptq_sequential.h) or AWQ (on the stored model's inputs) from what
// they read (or round-to-nearest, the baseline), and measure each one's output error on those rows.
// docs/quantization-methods.md describes the methods and the calibration set. The token
// embedding and an untied output head stay as stored, as in both papers (the embedding is a lookup, not
// a product with activations; the head of a small model is its most sensitive matrix). Results are
// cached on disk per model tensors, mode, outlier and calibration tokens, so the second application of
// the same settings only reads a file.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/quant/requantize.h"
#include "engine/quant/weight_mode.h"

namespace inferscope {
struct LoadedModel;
}

namespace inferscope::quant {

// One projection's output error on the calibration rows: ||(W - W') X^T||^2 for the method's W' and for
// round-to-nearest in the same format, and the output's own energy ||W X^T||^2 to compare them with.
struct LinearQuantReport {
  std::string name;
  int layer = 0;
  double error = 0, error_rtn = 0, energy = 0;
  double alpha = 0;  // AWQ's chosen exponent (0 for GPTQ)
};

struct CalibrationReport {
  int tokens = 0;
  bool from_cache = false;
  std::string cache_file;  // "" when caching is off
  double seconds = 0;      // capture + quantization, or reading the cache
  std::vector<LinearQuantReport> linears;
};

// Re-encodes base's stored weights (re-bound from its file) in a calibrated mode. Progress goes from 0
// (the calibration pass is the first 10 %) to 1 per projection; cancel is checked between projections
// and inside them, and a cancelled run writes no cache file. Throws Cancelled, std::invalid_argument for
// a mode that is not calibrated or a too-short calibration text, std::runtime_error for numerical failure.
RequantizedWeights requantize_calibrated(const LoadedModel& base, const WeightMode& mode, const RequantizeOptions& opt,
                                         CalibrationReport* report = nullptr);

// The cache file requantize_calibrated reads and writes for these settings.
std::string calibrated_cache_path(const LoadedModel& base, const WeightMode& mode, const RequantizeOptions& opt);

}  // namespace inferscope::quant
