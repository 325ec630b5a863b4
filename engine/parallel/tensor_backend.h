#pragma once
// Tensor parallelism on virtual devices: every layer's projections are split across D devices
// (make_tensor_shard), each with its own buffers and its own KV cache holding its share of the KV heads.
// Per layer, each device computes its heads' attention and output-projection partial sum, the partial
// sums are all-reduced (summed, device 0 first, so results are deterministic), the replicated norms and
// residual follow, then each device computes its feed-forward columns and down-projection partial sum,
// all-reduced again. The devices run one after another, each single-threaded, timed by that thread's CPU
// time; the timeline puts them side by side, each device's compute as measured, waiting for the slowest
// before each all-reduce. The embedding and the output head (on the engine's pool) are outside it.
//
// Numerics: each device's partial sums are those of the unsplit pass over its slice; only the order
// in which the slices' sums are added differs, so logits match the CPU backend's to float-summation
// differences. Attention always runs the tiled kernel.
#include <memory>
#include <vector>

#include "engine/backend/forward_backend.h"
#include "engine/parallel/tensor_shard.h"

namespace inferscope {

class TensorParallelBackend final : public ForwardBackend {
 public:
  // Throws std::invalid_argument when the model cannot be split over `devices` (TensorShard).
  TensorParallelBackend(LlamaModel& model, const KvLayout& layout, int64_t num_blocks, kernels::ThreadPool* pool,
                        int devices);
  ~TensorParallelBackend() override;

  BackendKind kind() const override { return BackendKind::Cpu; }
  DeviceInfo device() const override;
  void forward(const ForwardBatch& batch, std::vector<float>& logits, AttentionImpl attention,
               ForwardStats* stats) override;
  void copy_block(int32_t src, int32_t dst) override;
  // The whole cache's layout (all KV heads); each device stores its share of the heads of every block.
  const KvLayout& kv_layout() const override { return layout_; }
  int64_t kv_num_blocks() const override { return num_blocks_; }
  std::shared_ptr<const ParallelTimeline> last_timeline() const override { return timeline_; }

 private:
  struct Device {
    TensorShard shard;
    std::unique_ptr<KvStorage> kv;
    std::vector<float> q, k, v, att, gate, up, partial;  // per-device buffers
  };
  void attention(Device& dev, const ForwardBatch& batch, int layer, ForwardStats* stats);

  LlamaModel& model_;
  KvLayout layout_;
  int64_t num_blocks_;
  kernels::ThreadPool* pool_;
  std::vector<Device> devices_;
  std::vector<float> x_, xn_, head_in_, rope_cs_, rope_sn_, rope_cs_swa_, rope_sn_swa_;
  std::vector<int32_t> row_pos_, row_seq_;
  std::shared_ptr<const ParallelTimeline> timeline_;
};

}  // namespace inferscope
