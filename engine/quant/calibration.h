#pragma once
// Calibration for GPTQ and AWQ: a text the model runs on, and what every projection reads on it.
#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/kv/kv_storage.h"
#include "engine/model/llama_model.h"

namespace inferscope::kernels { class ThreadPool; }
namespace inferscope::gguf { class GgufFile; }

namespace inferscope {
struct LoadedModel;
}

namespace inferscope::quant {

// About 1,000 words of public-domain English prose (resources/calibration/default_en.txt).
const std::string& default_calibration_text();

// The first max_tokens tokens of text as the model tokenizes a prompt (BOS when it adds one). Throws
// std::invalid_argument when the text gives fewer than 2 tokens.
std::vector<int32_t> calibration_tokens(const LoadedModel& m, const std::string& text, int max_tokens);

// An F32 paged cache for n_seqs fresh sequences of up to `tokens` tokens each, with their block tables
// (sequence i owns blocks i x per-sequence .. (i + 1) x per-sequence - 1): the scratch cache of a
// calibration pass, which keeps nothing between passes.
struct ScratchCache {
  KvStorage kv;
  std::vector<std::vector<int32_t>> tables;
};
ScratchCache scratch_cache(const ModelConfig& c, int tokens, int n_seqs = 1);

// The model's own text, for calibration sets longer than the text at hand: n_seqs sequences of `length`
// tokens, each starting with `first` (the BOS token when the model adds one) and continued by sampling
// the model at temperature 1 from a fixed seed (sequence i draws from seed + i), all sequences in one
// batched pass per position. Returned one after another. The same model, seed and sizes give the same
// tokens whatever the pool (the pass's rows do not depend on how it is split). Throws quant::Cancelled
// when cancel becomes true between positions.
std::vector<int32_t> self_generated_tokens(LlamaModel& model, int32_t first, int n_seqs, int length, uint64_t seed,
                                           kernels::ThreadPool* pool = nullptr,
                                           const std::atomic<bool>* cancel = nullptr);

// The inputs of every layer's projections over the calibration tokens, in token order:
// site AttnIn (Q/K/V; n_embd wide), AttnOut (the output projection; q_dim), FfnIn (gate/up; n_embd),
// FfnOut (down; n_ff). Each is n_rows x width floats.
struct CalibrationActivations {
  using Site = ForwardStats::LinearSite;
  int n_rows = 0;
  std::vector<std::array<std::vector<float>, 4>> layers;
  std::array<int, 4> width{};

  const std::vector<float>& at(int layer, Site site) const { return layers[size_t(layer)][size_t(site)]; }
};

// Runs the model over tokens, as fresh sequences of at most `window` tokens (and at most the context),
// and records every projection's input. Throws quant::Cancelled when cancel becomes true between windows.
CalibrationActivations capture_activations(LlamaModel& model, const std::vector<int32_t>& tokens, int window,
                                           kernels::ThreadPool* pool = nullptr,
                                           const std::atomic<bool>* cancel = nullptr);

// 64-bit digests (xxHash) for cache keys: of the token ids, and of a model's tensors (names, types,
// shapes and bytes; the weights a result was computed from).
uint64_t tokens_hash(const std::vector<int32_t>& tokens);
uint64_t model_tensors_hash(const gguf::GgufFile& file);

// Where calibrated weight modes are cached: ${XDG_CACHE_HOME:-~/.cache}/inferscope/quant.
std::string default_quant_cache_dir();

}  // namespace inferscope::quant
