#pragma once
// A drafter that runs a (smaller or cheaper) llama model: a separate draft GGUF, the target re-encoded
// at a lower precision, or the target's first L layers (early exit).
//
// KV state: the drafter owns its own paged cache (KvStorage + KvCacheManager, prefix caching off) with
// one block table per sequence and remembers which tokens it has computed. Before drafting it keeps
// the longest common prefix of those tokens and the sequence's current tokens (rejected drafts are
// truncated away, accepted ones kept), feeds the rest in one pass, then drafts k tokens with k - 1
// further single-token passes; every pass is batched over all speculating sequences. Cost per step:
// k draft passes; memory: a second cache sized by the same byte budget as the target's. When the
// drafter's cache is full a sequence simply gets no draft that step (it decodes normally).
#include <map>
#include <memory>

#include "engine/kv/kv_cache_manager.h"
#include "engine/kv/kv_storage.h"
#include "engine/spec/drafter.h"

namespace inferscope {
class LlamaModel;
}

namespace inferscope::spec {

class ModelDrafter final : public Drafter {
 public:
  // model runs n_layers of its layers (0 = all; < all = early exit). owner keeps model alive.
  ModelDrafter(std::string name, std::shared_ptr<const LoadedModel> owner, int n_layers, size_t kv_budget_bytes,
               int block_size, KvDtype kv_dtype, kernels::ThreadPool* pool);
  ~ModelDrafter() override;

  std::string name() const override { return name_; }
  void propose(std::span<const DraftInput> inputs, std::vector<Draft>& out) override;
  void release(int64_t seq_id) override;
  int blocks_in_use() const override { return kv_->num_used_blocks(); }
  const KvCacheManager& kv_manager() const { return *kv_; }

 private:
  struct SeqState {
    std::vector<int32_t> computed;  // tokens whose K/V are in the drafter's cache, in order
  };
  void forward(const std::vector<int>& active, const std::vector<std::vector<int32_t>>& rows);

  std::string name_;
  std::shared_ptr<const LoadedModel> owner_;
  LlamaModel* model_;
  int n_layers_;
  kernels::ThreadPool* pool_;
  std::unique_ptr<KvStorage> storage_;
  std::unique_ptr<KvCacheManager> kv_;
  std::map<int64_t, SeqState> seqs_;
  std::vector<int64_t> ids_;  // seq ids of the current propose() call, by input index
  std::vector<float> logits_, probs_;
};

}  // namespace inferscope::spec
