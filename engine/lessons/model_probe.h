#pragma once
// Shared by the model lessons (prefill-decode, cache-work, qkv-lookup, prefix-reuse, batching,
// flash-attention): one sequence run through LlamaModel directly in a private paged cache, so a lesson
// can read back what the serving engine never exposes (every layer's K and V, final logits, one layer's
// Q), plus small helpers for tokens and thread pools. Qt-free.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/kv/kv_storage.h"
#include "engine/lessons/lesson.h"
#include "engine/llm_engine.h"
#include "engine/model/loaded_model.h"

namespace inferscope::kernels { class ThreadPool; }

namespace inferscope::lessons {

// The lesson's model; throws LessonError when the caller handed none.
const LoadedModel& require_model(const LessonContext& ctx, const std::string& lesson_id);
// A compute pool of ctx.threads workers (0 = one per core).
std::unique_ptr<kernels::ThreadPool> make_pool(const LessonContext& ctx);
// Tokenizes text as a prompt; throws LessonError naming `param` when it is empty or longer than max_tokens.
std::vector<int32_t> encode_text(const LoadedModel& m, const std::string& text, const std::string& param,
                                 int max_tokens);
// The first n tokens of the built-in English text (wrapping around if it is shorter).
std::vector<int32_t> sample_tokens(const LoadedModel& m, int n);
// A token's text for labels: printable, control bytes escaped, never empty.
std::string token_label(const LoadedModel& m, int32_t id);
// Largest |a[i] - b[i]| (the sizes must match; returns +inf when they do not).
double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b);
// Raises ec.kv_budget_bytes (never lowers it) so that the cache holds `tokens` tokens of m at ec's KV
// dtype: a lesson's own engine run is never preempted.
void reserve_kv_tokens(EngineConfig& ec, const LoadedModel& m, size_t tokens);
// Throws LessonError("<lesson>: cancelled") when the caller asked to stop.
void check_cancel(const LessonContext& ctx, const std::string& lesson_id);

// One sequence in a paged cache of its own (block table 0, 1, 2, ...). append() runs ONE forward pass
// over the new tokens at positions n_past() .. n_past() + n - 1, exactly as the engine's step would.
class SequenceProbe {
 public:
  // capacity: tokens the cache must hold. F32 keeps K/V as the model computed them (no storage rounding),
  // which is what the lessons compare bit for bit.
  SequenceProbe(const LoadedModel& m, int capacity, kernels::ThreadPool* pool,
                KvDtype dtype = KvDtype::F32, int block_size = 16);

  // Logits of the last n_logits new rows land in logits() (n_logits x n_vocab). n_layers > 0 runs only
  // the first n_layers layers before the output head (LlamaModel::forward_layers).
  void append(const std::vector<int32_t>& tokens, int n_logits = 1,
              AttentionImpl impl = AttentionImpl::Tiled, ForwardStats* stats = nullptr,
              int n_layers = 0);
  const std::vector<float>& logits() const { return logits_; }
  int n_past() const { return n_past_; }

  // Token `pos`'s stored K (or V) of one layer, all KV heads (kv_heads x head_dim floats), decoded.
  std::vector<float> key(int layer, int pos);
  std::vector<float> value(int layer, int pos);

 private:
  std::vector<float> read(bool k, int layer, int pos);
  const LoadedModel& m_;
  kernels::ThreadPool* pool_;
  std::unique_ptr<KvStorage> kv_;
  std::vector<int32_t> table_;
  std::vector<float> logits_;
  int n_past_ = 0, capacity_ = 0;
};

}  // namespace inferscope::lessons
