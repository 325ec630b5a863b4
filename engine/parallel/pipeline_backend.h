#pragma once
// Pipeline parallelism on virtual devices: device s holds a contiguous range of layers and runs them on
// its own thread (StagePipeline); a step's batch is cut into micro-batches (cut_micro_batches) that
// flow through the stages, each hand-off a copy of the micro-batch's residual stream into the next
// device's buffer. The output head runs once for all rows after the pipeline drains (on the engine's
// pool), outside the stages' timeline. Stages compute single-threaded, each row with the arithmetic of
// the unsplit pass, so the logits are the CPU backend's bit for bit.
#include <memory>
#include <vector>

#include "engine/backend/forward_backend.h"
#include "engine/parallel/stage_pipeline.h"

namespace inferscope {

class PipelineBackend final : public ForwardBackend {
 public:
  // Throws std::invalid_argument when the model has fewer than `devices` layers.
  PipelineBackend(LlamaModel& model, const KvLayout& layout, int64_t num_blocks, kernels::ThreadPool* pool, int devices,
                  int micro_batches);
  ~PipelineBackend() override;

  BackendKind kind() const override { return BackendKind::Cpu; }
  DeviceInfo device() const override;
  void forward(const ForwardBatch& batch, std::vector<float>& logits, AttentionImpl attention,
               ForwardStats* stats) override;
  void copy_block(int32_t src, int32_t dst) override { storage_.copy_block(src, dst); }
  const KvLayout& kv_layout() const override { return storage_.layout(); }
  int64_t kv_num_blocks() const override { return storage_.num_blocks(); }
  KvStorage* host_kv() override { return &storage_; }
  std::shared_ptr<const ParallelTimeline> last_timeline() const override { return timeline_; }

 private:
  LlamaModel& model_;
  KvStorage storage_;
  kernels::ThreadPool* pool_;
  int devices_, micro_batches_;
  std::vector<int> first_layer_, end_layer_;
  std::vector<std::unique_ptr<LlamaModel::Workspace>> workspaces_;  // one per device
  std::vector<ForwardBatch> mbs_;
  // in_[s][i]: device s's copy of micro-batch i's residual stream as handed to it; out_[s][i]: what it
  // computed. The hand-off copies out_[s][i] into in_[s + 1][i].
  std::vector<std::vector<std::vector<float>>> in_, out_;
  std::vector<ForwardStats> stage_stats_;
  std::vector<float> head_in_;
  std::shared_ptr<const ParallelTimeline> timeline_;
  StagePipeline stages_;  // last: its threads stop before the buffers they use go
};

}  // namespace inferscope
