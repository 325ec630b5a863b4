#include "engine/model/model_card.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "engine/gguf/gguf_file.h"

namespace inferscope {

uint64_t ModelCard::kv_bytes_per_token(KvDtype d) const {
  return uint64_t(2) * n_layers * n_kv_heads * head_dim * kv_dtype_bytes(d);
}

std::string file_type_name(uint64_t t) {
  // llama_ftype's values (the ones a GGUF can still carry).
  static const char* const kNames[] = {
      "F32",     "F16",     "Q4_0",    "Q4_1",   nullptr,   nullptr,   nullptr,   "Q8_0",  "Q5_0",  "Q5_1",
      "Q2_K",    "Q3_K_S",  "Q3_K_M",  "Q3_K_L", "Q4_K_S",  "Q4_K_M",  "Q5_K_S",  "Q5_K_M", "Q6_K", "IQ2_XXS",
      "IQ2_XS",  "Q2_K_S",  "IQ3_XS",  "IQ3_XXS", "IQ1_S",  "IQ4_NL",  "IQ3_S",   "IQ3_M", "IQ2_S", "IQ2_M",
      "IQ4_XS",  "IQ1_M",   "BF16",    nullptr,  nullptr,   nullptr,   "TQ1_0",   "TQ2_0"};
  if (t >= std::size(kNames) || !kNames[t]) return {};
  return kNames[t];
}

std::string notice_dir_for(const std::string& model_path) {
  namespace fs = std::filesystem;
  const fs::path p(model_path);
  fs::path dir = p.parent_path() / p.stem();
  dir += ".NOTICE";
  std::error_code ec;
  return fs::is_directory(dir, ec) ? dir.string() : std::string();
}

namespace {

void read_notice(ModelCard& card) {
  namespace fs = std::filesystem;
  card.notice_dir = notice_dir_for(card.path);
  if (card.notice_dir.empty()) return;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(card.notice_dir, ec))
    if (e.is_regular_file(ec)) card.notice_files.push_back(e.path().filename().string());
  std::sort(card.notice_files.begin(), card.notice_files.end());
  std::ifstream in(fs::path(card.notice_dir) / "NOTICE.md", std::ios::binary);
  constexpr size_t kMaxText = 16 * 1024;
  card.notice_text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (card.notice_text.size() > kMaxText) card.notice_text.resize(kMaxText);
}

}  // namespace

ModelCard make_model_card(const gguf::GgufFile& f, const ModelConfig& c, bool tied_output) {
  ModelCard card;
  card.path = f.path();
  card.name = c.name;
  card.architecture = c.architecture;
  card.file_bytes = f.file_size();
  card.n_layers = c.n_layers;
  card.n_heads = c.n_heads;
  card.n_kv_heads = c.n_kv_heads;
  card.head_dim = c.head_dim;
  card.n_embd = c.n_embd;
  card.n_ff = c.n_ff;
  card.n_vocab = c.n_vocab;
  card.context_length = c.context_length;
  card.rope_freq_base = c.rope_freq_base;
  card.rms_eps = c.rms_eps;
  card.tied_output = tied_output;
  card.tokenizer_model = f.get_string("tokenizer.ggml.model").value_or("");
  card.tokenizer_pre = f.get_string("tokenizer.ggml.pre").value_or("");
  card.license = f.get_string("general.license").value_or("");
  if (const auto ft = f.get_u64("general.file_type")) card.quantization = file_type_name(*ft);
  card.post_norms = c.post_norms;
  card.qk_norm = c.qk_norm;
  card.qkv_bias = c.qkv_bias;
  card.ffn_act = c.ffn_act;
  card.embd_scale = c.embd_scale;
  card.attn_scale = c.attn_scale;
  card.sliding_window = c.sliding_window;
  if (c.has_swa()) {
    card.rope_freq_base_swa = c.rope_freq_base_swa;
    for (int l = 0; l < c.n_layers; ++l)
      if (!c.is_swa(l)) card.global_layers.push_back(l);
  }
  card.rope_freq_scale = c.rope_freq_scale;
  card.rope_freq_factors = c.rope_freq_factors;
  for (const auto& t : f.tensors()) {
    if (t.name == "token_embd.weight")
      card.n_embedding_parameters += t.n_elements;
    else if (t.name == "output.weight")
      card.n_output_parameters += t.n_elements;
    else
      card.n_layer_parameters += t.n_elements;
    const std::string type = kernels::type_name(t.type);
    card.tensors.push_back({t.name, type, t.ne, t.n_elements, t.n_bytes, {}, 0, 0});
    card.n_parameters += t.n_elements;
    card.weight_bytes += t.n_bytes;
    card.bytes_by_type[type] += t.n_bytes;
    card.tensors_by_type[type] += 1;
  }
  card.weight_bytes_encoded = card.weight_bytes;
  read_notice(card);
  return card;
}

}  // namespace inferscope
