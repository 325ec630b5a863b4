#pragma once
// What a user wants to know about a loaded model, read from its metadata and tensors.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/model/model_config.h"
#include "kernels/cpu/kv_format.h"

namespace inferscope::gguf { class GgufFile; }

namespace inferscope {

struct TensorSummary {
  std::string name;
  std::string type;          // "Q4_1"
  std::vector<uint64_t> shape;
  uint64_t n_elements = 0;
  uint64_t n_bytes = 0;
  // Set when engine/quant re-encoded the tensor: its type in the file, and |new - original| mean and max.
  std::string stored_type;
  double error_mean_abs = 0, error_max_abs = 0;
};

struct ModelCard {
  std::string path;
  std::string name;
  std::string architecture;
  uint64_t file_bytes = 0;
  uint64_t n_parameters = 0;          // sum of tensor elements
  uint64_t weight_bytes = 0;          // sum of tensor bytes, as the tensors are now stored in memory
  // The weight quantization mode the model runs with (engine/quant/weight_mode.h); "stored" = as in the file.
  std::string weight_mode = "stored";
  std::string weight_mode_label = "stored";  // with "(simulated)" and the outlier where they apply
  bool weights_simulated = false;             // the numbers of a lower precision, run as F32
  int n_layers = 0, n_heads = 0, n_kv_heads = 0, head_dim = 0, n_embd = 0, n_ff = 0, n_vocab = 0, context_length = 0;
  float rope_freq_base = 0, rms_eps = 0;
  bool tied_output = false;
  std::string tokenizer_model, tokenizer_pre, chat_template_family;
  std::string license;  // general.license ("gemma", "apache-2.0", ...); empty when the file names none
  std::map<std::string, uint64_t> bytes_by_type;   // "Q4_1" -> bytes
  std::map<std::string, int> tensors_by_type;       // "Q4_1" -> count
  std::vector<TensorSummary> tensors;
  // KV bytes per token: 2 x layers x kv_heads x head_dim x bytes(dtype) (without per-block scales).
  uint64_t kv_bytes_per_token(kernels::KvDtype d) const;
};

ModelCard make_model_card(const gguf::GgufFile& file, const ModelConfig& config, bool tied_output);

}  // namespace inferscope
