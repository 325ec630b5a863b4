#pragma once
// Writes a model as it runs in memory (re-encoded weights included) to a GGUF file.
#include <string>

#include "engine/model/loaded_model.h"

namespace inferscope::quant {

// Every tensor of m's file, in file order: the model's current encoding for the weights it re-encoded,
// the file's bytes for the rest; every metadata key copied, general.file_type set to match a uniform real
// mode, and inferscope.weight_mode recording the mode. Loading the result gives the same weights, hence
// bit-identical logits. Throws std::runtime_error on I/O failure.
void write_model_gguf(const LoadedModel& m, const std::string& path);

}  // namespace inferscope::quant
