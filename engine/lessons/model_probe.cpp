#include "engine/lessons/model_probe.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "engine/model/loaded_model.h"
#include "engine/workload/sample_text.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::lessons {

const LoadedModel& require_model(const LessonContext& ctx, const std::string& lesson_id) {
  if (ctx.model == nullptr || ctx.model->model == nullptr)
    throw LessonError("lesson '" + lesson_id + "' runs the model: load one first");
  return *ctx.model;
}

std::unique_ptr<kernels::ThreadPool> make_pool(const LessonContext& ctx) {
  return std::make_unique<kernels::ThreadPool>(ctx.threads);
}

std::vector<int32_t> encode_text(const LoadedModel& m, const std::string& text, const std::string& param,
                                 int max_tokens) {
  std::vector<int32_t> ids = m.encode_prompt(text);
  if (ids.empty()) throw LessonError("--" + param + ": the text gives no tokens; type a sentence");
  if (static_cast<int>(ids.size()) > max_tokens)
    throw LessonError("--" + param + ": the text is " + std::to_string(ids.size()) + " tokens; at most " +
                      std::to_string(max_tokens) + " are allowed here");
  return ids;
}

std::vector<int32_t> sample_tokens(const LoadedModel& m, int n) {
  const std::vector<int32_t> all = m.encode_prompt(std::string(sample_text()));
  std::vector<int32_t> out;
  out.reserve(size_t(n));
  for (int i = 0; i < n && !all.empty(); ++i) out.push_back(all[size_t(i) % all.size()]);
  return out;
}

std::string token_label(const LoadedModel& m, int32_t id) {
  const std::string raw = m.tokenizer->token_to_piece(id, true);
  std::string out;
  for (const unsigned char ch : raw) {
    if (ch == '\n') out += "\\n";
    else if (ch == '\t') out += "\\t";
    else if (ch < 0x20 || ch == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", ch);
      out += buf;
    } else out += static_cast<char>(ch);
  }
  if (out.empty()) out.append("#").append(std::to_string(id));  // a token with no bytes (some specials)
  return out;
}

double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
  double d = 0;
  for (size_t i = 0; i < a.size(); ++i) d = std::max(d, std::fabs(double(a[i]) - double(b[i])));
  return d;
}

void reserve_kv_tokens(EngineConfig& ec, const LoadedModel& m, size_t tokens) {
  const ModelConfig& c = m.model->config();
  const KvLayout layout{c.n_layers, c.n_kv_heads, c.head_dim, ec.block_size, ec.kv_dtype};
  ec.kv_budget_bytes = std::max(ec.kv_budget_bytes, tokens * layout.token_payload_bytes());
}

void check_cancel(const LessonContext& ctx, const std::string& lesson_id) {
  if (ctx.cancelled()) throw LessonError("lesson '" + lesson_id + "' cancelled");
}

SequenceProbe::SequenceProbe(const LoadedModel& m, int capacity, kernels::ThreadPool* pool, KvDtype dtype,
                             int block_size)
    : m_(m), pool_(pool), capacity_(capacity) {
  const ModelConfig& c = m.model->config();
  KvLayout layout;
  layout.n_layers = c.n_layers, layout.kv_heads = c.n_kv_heads, layout.head_dim = c.head_dim;
  layout.block_size = block_size, layout.dtype = dtype;
  const int blocks = (capacity + block_size - 1) / block_size + 1;
  kv_ = std::make_unique<KvStorage>(layout, blocks);
  for (int b = 0; b < blocks; ++b) table_.push_back(b);
}

void SequenceProbe::append(const std::vector<int32_t>& tokens, int n_logits, AttentionImpl impl,
                           ForwardStats* stats, int n_layers) {
  if (n_past_ + static_cast<int>(tokens.size()) > capacity_)
    throw std::logic_error("SequenceProbe: more tokens than its capacity");
  ForwardBatch batch;
  batch.tokens = tokens;
  SeqSlice sl;
  sl.n_new = static_cast<int>(tokens.size());
  sl.n_past = n_past_;
  sl.block_table = &table_;
  sl.n_logits = std::min(n_logits, sl.n_new);
  batch.seqs.push_back(sl);
  m_.model->forward_layers(n_layers > 0 ? n_layers : m_.model->config().n_layers, batch, *kv_, pool_, logits_, impl,
                           stats);
  n_past_ += sl.n_new;
}

std::vector<float> SequenceProbe::read(bool k, int layer, int pos) {
  const kernels::KvPoolView pool = k ? kv_->k(layer) : kv_->v(layer);
  std::vector<float> out(size_t(pool.kv_heads) * pool.head_dim);
  for (int h = 0; h < pool.kv_heads; ++h) kernels::kv_read_head(pool, pos, h, &out[size_t(h) * pool.head_dim]);
  return out;
}

std::vector<float> SequenceProbe::key(int layer, int pos) { return read(true, layer, pos); }
std::vector<float> SequenceProbe::value(int layer, int pos) { return read(false, layer, pos); }

}  // namespace inferscope::lessons
