#pragma once
// What a user wants to know about a loaded model, read from its metadata and tensors.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/model/model_config.h"
#include "engine/kv/kv_dtype.h"

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
  // The bytes the weights take in the mode's own format: == weight_bytes, except for a simulated mode,
  // whose re-encoded tensors count as B-bit codes plus one fp16 scale per scale group (and a zero point
  // per group where the mode has one: fp16 for sim:...:asym, B bits for rtn:/gptq:/awq:), as a file of
  // that format would hold them. AWQ's per-column input scales count as folded into the layer before.
  uint64_t weight_bytes_encoded = 0;
  int n_layers = 0, n_heads = 0, n_kv_heads = 0, head_dim = 0, n_embd = 0, n_ff = 0, n_vocab = 0, context_length = 0;
  float rope_freq_base = 0, rms_eps = 0;
  bool tied_output = false;
  std::string tokenizer_model, tokenizer_pre, chat_template_family;
  std::string license;  // general.license ("gemma", "apache-2.0", ...); empty when the file names none
  std::string quantization;  // the file's general.file_type as llama.cpp names it ("Q4_K_M"); empty if unknown

  // Where the parameters are: the token embedding (which a tied output head reuses), the untied output
  // head (0 when tied), and the rest (the layers' matrices and norms, the final norm).
  uint64_t n_embedding_parameters = 0, n_output_parameters = 0, n_layer_parameters = 0;

  // How the computation departs from llama's (the teaching card), read from the model's config.
  bool post_norms = false;          // RMSNorm on attention and FFN outputs too, not only before them
  bool qk_norm = false;             // RMSNorm over each Q and K head before RoPE
  bool qkv_bias = false;
  FfnActivation ffn_act = FfnActivation::Silu;
  float embd_scale = 1.0f;          // token embeddings multiplied by this
  float attn_scale = 0.0f;          // score scale (llama: 1/sqrt(head_dim))
  int sliding_window = 0;           // 0: every layer attends to the whole context
  float rope_freq_base_swa = 0;     // the sliding-window layers' RoPE base
  std::vector<int> global_layers;   // with a window: the layers that still attend to everything
  float rope_freq_scale = 1.0f;     // linear RoPE scaling (1 / factor)
  bool rope_freq_factors = false;   // per-dimension RoPE divisors (rope_freqs.weight, Llama 3.x)

  // The licence notice the bootstrap puts beside a model (<file stem>.NOTICE/): its folder, files (names,
  // sorted) and the text of its NOTICE.md (at most 16 KiB); all empty when there is none.
  std::string notice_dir;
  std::vector<std::string> notice_files;
  std::string notice_text;
  std::map<std::string, uint64_t> bytes_by_type;   // "Q4_1" -> bytes
  std::map<std::string, int> tensors_by_type;       // "Q4_1" -> count
  std::vector<TensorSummary> tensors;
  // KV bytes per token: 2 x layers x kv_heads x head_dim x bytes(dtype) (without per-block scales).
  uint64_t kv_bytes_per_token(KvDtype d) const;
};

ModelCard make_model_card(const gguf::GgufFile& file, const ModelConfig& config, bool tied_output);

// llama.cpp's name for a general.file_type value ("Q4_K_M" for 15); empty for values it does not name.
std::string file_type_name(uint64_t file_type);
// The folder <stem>.NOTICE beside a model file (model.gguf -> model.NOTICE) when it exists; else empty.
std::string notice_dir_for(const std::string& model_path);

}  // namespace inferscope
