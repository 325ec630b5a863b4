#pragma once
// The CPU backend: LlamaModel's forward pass over a host KvStorage, on the engine's thread pool.
#include "engine/backend/forward_backend.h"

namespace inferscope {

class CpuBackend final : public ForwardBackend {
 public:
  CpuBackend(LlamaModel& model, const KvLayout& layout, int64_t num_blocks, kernels::ThreadPool* pool);

  BackendKind kind() const override { return BackendKind::Cpu; }
  DeviceInfo device() const override;
  void forward(const ForwardBatch& batch, std::vector<float>& logits, AttentionImpl attention,
               ForwardStats* stats) override;
  void copy_block(int32_t src, int32_t dst) override { storage_.copy_block(src, dst); }
  const KvLayout& kv_layout() const override { return storage_.layout(); }
  int64_t kv_num_blocks() const override { return storage_.num_blocks(); }
  KvStorage* host_kv() override { return &storage_; }

 private:
  LlamaModel& model_;
  KvStorage storage_;
  kernels::ThreadPool* pool_;
};

}  // namespace inferscope
