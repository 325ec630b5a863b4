#include "engine/spec/model_drafter.h"

#include <algorithm>
#include <spdlog/spdlog.h>
#include <stdexcept>

#include "engine/model/loaded_model.h"

namespace inferscope::spec {

ModelDrafter::ModelDrafter(std::string name, std::shared_ptr<const LoadedModel> owner, int n_layers,
                           size_t kv_budget_bytes, int block_size, KvDtype kv_dtype,
                           kernels::ThreadPool* pool)
    : name_(std::move(name)), owner_(std::move(owner)), model_(owner_->model.get()), pool_(pool) {
  const ModelConfig& mc = model_->config();
  n_layers_ = n_layers > 0 ? n_layers : mc.n_layers;
  KvLayout layout;
  layout.n_layers = n_layers_;  // early exit never touches the deeper layers' K/V
  layout.kv_heads = mc.n_kv_heads;
  layout.head_dim = mc.head_dim;
  layout.block_size = block_size;
  layout.dtype = kv_dtype;
  const int64_t blocks = std::max<int64_t>(1, layout.blocks_for_budget(kv_budget_bytes));
  storage_ = std::make_unique<KvStorage>(layout, blocks);
  kv_ = std::make_unique<KvCacheManager>(static_cast<int32_t>(blocks), block_size, false);
  spdlog::info("speculative drafter {}: {} of {} layers, own KV cache of {} blocks", name_, n_layers_, mc.n_layers, blocks);
}

ModelDrafter::~ModelDrafter() = default;

void ModelDrafter::release(int64_t seq_id) {
  seqs_.erase(seq_id);
  if (kv_->has_sequence(seq_id)) kv_->free(seq_id);
}

// One batched pass: rows[i] are the new tokens of input active[i]; one logits row per active input.
void ModelDrafter::forward(const std::vector<int>& active, const std::vector<std::vector<int32_t>>& rows) {
  ForwardBatch batch;
  for (size_t a = 0; a < active.size(); ++a) {
    const int64_t id = ids_[active[a]];
    SeqState& st = seqs_.at(id);
    SeqSlice sl;
    sl.seq_id = id;
    sl.row_begin = batch.n_rows();
    sl.n_new = static_cast<int>(rows[a].size());
    sl.n_past = static_cast<int>(st.computed.size());
    sl.block_table = &kv_->block_table(id);
    sl.n_logits = 1;
    batch.tokens.insert(batch.tokens.end(), rows[a].begin(), rows[a].end());
    batch.seqs.push_back(sl);
    st.computed.insert(st.computed.end(), rows[a].begin(), rows[a].end());
  }
  model_->forward_layers(n_layers_, batch, *storage_, pool_, logits_);
}

void ModelDrafter::propose(std::span<const DraftInput> inputs, std::vector<Draft>& out) {
  out.assign(inputs.size(), Draft{});
  ids_.assign(inputs.size(), 0);
  const int V = model_->config().n_vocab;
  std::vector<int> active;
  std::vector<std::vector<int32_t>> rows;
  std::vector<std::vector<int32_t>> history(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    const DraftInput& in = inputs[i];
    const std::vector<int32_t>& t = *in.tokens;
    ids_[i] = in.seq_id;
    SeqState& st = seqs_[in.seq_id];
    if (!kv_->has_sequence(in.seq_id)) {
      kv_->allocate_prompt(in.seq_id, {});
      st.computed.clear();
    }
    // Keep what still matches the sequence (accepted drafts); drop the rest (rejected drafts). At least
    // the newest token is fed again so the pass yields logits for the first draft.
    size_t keep = 0;
    const size_t limit = std::min(st.computed.size(), t.size() - 1);
    while (keep < limit && st.computed[keep] == t[keep]) ++keep;
    kv_->truncate(in.seq_id, static_cast<int>(keep));
    st.computed.resize(keep);
    const int need = static_cast<int>(t.size() - keep) + in.k - 1;
    // Reserve the slots of all k passes now: sequences share the cache, so room checked one by one
    // could be taken by the next sequence.
    if (!kv_->append_slots(in.seq_id, need)) {
      release(in.seq_id);  // no room: start afresh next time, draft nothing now
      continue;
    }
    active.push_back(static_cast<int>(i));
    rows.emplace_back(t.begin() + static_cast<std::ptrdiff_t>(keep), t.end());
    history[i] = t;
  }
  int max_k = 0;
  for (int i : active) max_k = std::max(max_k, inputs[i].k);
  for (int j = 0; j < max_k && !active.empty(); ++j) {
    forward(active, rows);
    std::vector<int> next_active;
    std::vector<std::vector<int32_t>> next_rows;
    for (size_t a = 0; a < active.size(); ++a) {
      const int i = active[a];
      const DraftInput& in = inputs[i];
      const float* row = &logits_[a * size_t(V)];
      // q: the distribution the target's sampler would draw from at these settings, on draft logits.
      int32_t tok;
      if (in.params->greedy()) {
        tok = sample_token(row, V, *in.params, history[i], *in.rng, probs_);
      } else {
        sampling_distribution(row, V, *in.params, history[i], probs_);
        tok = draw(probs_, *in.rng);
        out[i].q.insert(out[i].q.end(), probs_.begin(), probs_.end());
      }
      out[i].tokens.push_back(tok);
      history[i].push_back(tok);
      if (static_cast<int>(out[i].tokens.size()) < in.k) {
        next_active.push_back(i);
        next_rows.push_back({tok});
      }
    }
    active.swap(next_active);
    rows.swap(next_rows);
  }
}

}  // namespace inferscope::spec
