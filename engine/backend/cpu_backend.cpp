#include "engine/backend/cpu_backend.h"

#include <string>

#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope {

CpuBackend::CpuBackend(LlamaModel& model, const KvLayout& layout, int64_t num_blocks, kernels::ThreadPool* pool)
    : model_(model), storage_(layout, num_blocks), pool_(pool) {}

DeviceInfo CpuBackend::device() const {
  DeviceInfo d;
  d.name = std::string("CPU (") + kernels::simd_level() + ", " + std::to_string(pool_ ? pool_->size() : 1) + " threads)";
  return d;
}

void CpuBackend::forward(const ForwardBatch& batch, std::vector<float>& logits, AttentionImpl attention,
                         ForwardStats* stats) {
  model_.forward(batch, storage_, pool_, logits, attention, stats);
}

}  // namespace inferscope
