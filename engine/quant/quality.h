#pragma once
// Quality of a model variant measured on the running model: teacher-forced passes over a text.
//
// The token stream is cut into windows of `window` tokens that overlap by one token, each run as a fresh
// sequence (empty cache), so every token after the first is predicted exactly once, from the tokens of
// its window before it. With n tokens there are n - 1 predictions.
//   perplexity      exp(mean over predictions of -log p(next token))
//   kl_mean         mean over predictions of KL(baseline || candidate) of the full-vocabulary softmax
//   top1_agreement  fraction of predictions whose argmax is the same for both
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/kv/kv_dtype.h"

namespace inferscope::kernels { class ThreadPool; }

namespace inferscope {
class LlamaModel;
struct LoadedModel;
}  // namespace inferscope

namespace inferscope::quant {

struct QualityOptions {
  int window = 256;                           // tokens per teacher-forced pass (clamped to the context)
  kernels::ThreadPool* pool = nullptr;
  const std::atomic<bool>* cancel = nullptr;  // checked between windows; raises quant::Cancelled
};

struct QualityResult {
  int tokens = 0;                 // predictions scored
  double perplexity = 0;          // of the candidate
  double baseline_perplexity = 0;
  double kl_mean = 0, kl_max = 0;
  double top1_agreement = 0;      // 0..1
};

// The first max_tokens + 1 tokens of text as the model tokenizes a prompt (BOS when the model adds one),
// so that there are max_tokens predictions. Throws std::invalid_argument when the text gives fewer than 2.
std::vector<int32_t> quality_tokens(const LoadedModel& m, const std::string& text, int max_tokens);

// Perplexity of one model with KV dtype kv over tokens.
double perplexity(LlamaModel& model, KvDtype kv, const std::vector<int32_t>& tokens,
                  const QualityOptions& opt = {});

// Candidate (model + KV dtype) against a baseline over the same tokens. The two may be the same model
// with different KV dtypes.
QualityResult compare_quality(LlamaModel& baseline, KvDtype baseline_kv, LlamaModel& candidate,
                              KvDtype kv, const std::vector<int32_t>& tokens, const QualityOptions& opt = {});

}  // namespace inferscope::quant
