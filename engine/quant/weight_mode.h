#pragma once
// Weight quantization modes: how a loaded model's 2-D weights are re-encoded before it runs.
//
// Names (case-insensitive), as the CLI, scenario files and the GUI spell them:
//   stored                      the tensors as the GGUF file stores them (no re-encoding)
//   f32 | f16 | bf16            real float formats
//   q8_0 | q4_0 | q4_1          real GGML block formats (run on the packed AVX-512 kernels where present)
//   sim:int<B>:<G>[:asym]       SIMULATED: B-bit integers (2..8), quantized then stored dequantized as F32,
//                               G = per-tensor | per-channel (one scale per output row) | g32 | g64 | g128 | g256
//                               (groups of that many consecutive elements of a row); symmetric unless :asym.
//   gptq:int<B>:<G>             SIMULATED, calibrated: GPTQ (engine/quant/gptq.h) on activations the model
//   awq:int<B>:<G>              computes on a calibration text; AWQ (engine/quant/awq.h) likewise;
//   rtn:int<B>:<G>              round-to-nearest, their baseline. B = 2..8, G = per-channel | g32 | g64 |
//                               g128 | g256, in the integer-zero group format of engine/quant/group_quant.h.
//                               As in the papers, only the layers' projections are quantized: the token
//                               embedding (and output head) stay as stored.
// A simulated mode changes the numbers, not the bytes the kernels read: the model runs on F32 weights.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "kernels/cpu/ggml_type.h"

namespace inferscope::quant {

enum class WeightModeKind { Stored, Real, Simulated };

// How a simulated mode picks its integers: round-to-nearest, or one of the calibrated methods.
// Rtn is the sim: modes' grid; GroupRtn, Gptq and Awq are the calibrated group-format modes.
enum class QuantMethod { Rtn, GroupRtn, Gptq, Awq };

// Granularity of a simulated mode's scales.
inline constexpr int kPerTensor = 0;    // one scale (and offset) for the whole tensor
inline constexpr int kPerChannel = -1;  // one per output row

struct WeightMode {
  WeightModeKind kind = WeightModeKind::Stored;
  kernels::GgmlType type = kernels::GgmlType::F32;  // Real: the target type
  int bits = 4;                                      // Simulated: 2..8
  int group = kPerTensor;                            // Simulated: kPerTensor, kPerChannel or a group size
  bool asym = false;                                 // Simulated: min/max grid instead of a symmetric one
  QuantMethod method = QuantMethod::Rtn;             // Simulated: Gptq/Awq need a calibration pass
  // When set, one weight per 2-D tensor is set to this value before quantizing (see outlier_index()).
  // With `stored` it makes every tensor be re-encoded into its own stored type.
  std::optional<float> outlier;

  bool simulated() const { return kind == WeightModeKind::Simulated; }
  // True for rtn:/gptq:/awq: modes, which run the model on a calibration text (engine/quant/calibrated_quant.h).
  bool calibrated() const { return simulated() && method != QuantMethod::Rtn; }
  // True when the weights must be re-encoded (anything but plain `stored`).
  bool requantizes() const { return kind != WeightModeKind::Stored || outlier.has_value(); }
  // The canonical name ("q8_0", "sim:int4:g128:asym", "gptq:int3:g128", "stored"); the outlier is not part of it.
  std::string name() const;
  // name() plus " (simulated)" and ", outlier V" where they apply: what the GUI and reports show.
  std::string label() const;
};

// Parses a mode name. Throws std::invalid_argument with a one-line message naming what is wrong and
// listing the accepted forms.
WeightMode parse_weight_mode(std::string_view name);

// The element an injected outlier replaces in a tensor of n_out rows of n_in: the middle element of the
// middle row (row n_out / 2, column n_in / 2). Fixed so that every run, the CLI and the GUI agree.
inline int64_t outlier_index(int64_t n_in, int64_t n_out) { return (n_out / 2) * n_in + n_in / 2; }

}  // namespace inferscope::quant
