#pragma once
// A LoadedModel running in a weight mode: derived from a loaded model (re-applied live, sharing its file
// mapping and tokenizer) or loaded from a path in one go.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/model/loaded_model.h"
#include "engine/quant/calibrated_quant.h"
#include "engine/quant/requantize.h"
#include "engine/quant/weight_mode.h"

namespace inferscope::quant {

struct WeightQuantReport {
  WeightMode mode;
  size_t model_bytes = 0;   // every tensor of the model as it is now stored (== the card's weight_bytes)
  size_t stored_bytes = 0;  // the same tensors as the file stores them
  size_t packed_bytes = 0;  // the fast-kernel copies made on top (0 when none)
  std::vector<TensorError> tensors;
  double mean_abs = 0;      // element-weighted mean of the tensors' mean |error|
  double max_abs = 0;       // largest |error| of any tensor
  double seconds = 0;       // time to re-encode and pack
  std::optional<CalibrationReport> calibration;  // gptq:/awq: modes (calibrated_quant.h)
};

// A new LoadedModel whose weights are base's stored weights (re-bound from base's file, so applying a
// mode to an already re-encoded model never compounds errors) re-encoded into mode. Shares base's file
// and tokenizer. Throws what requantize_weights throws (Cancelled included); base is never modified.
std::shared_ptr<LoadedModel> apply_weight_mode(const LoadedModel& base, const WeightMode& mode,
                                               const RequantizeOptions& opt = {}, WeightQuantReport* report = nullptr);

// load_model(path) then apply_weight_mode when the mode requantizes.
std::shared_ptr<LoadedModel> load_model(const std::string& path, const WeightMode& mode,
                                        const RequantizeOptions& opt = {}, WeightQuantReport* report = nullptr);

}  // namespace inferscope::quant
