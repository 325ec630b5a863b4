#pragma once
// The backend seam: everything the engine needs from the device that runs the model. The engine
// (scheduler, KV block tables, sampling, metrics) is the same for every backend; a backend owns the
// physical KV pool and runs one batched forward pass over a ForwardBatch.
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/backend/attention_impl.h"
#include "engine/backend/backend_kind.h"
#include "engine/kv/kv_storage.h"
#include "engine/metrics/parallel_timeline.h"
#include "engine/model/forward_batch.h"
#include "engine/model/llama_model.h"

namespace inferscope::kernels { class ThreadPool; }

namespace inferscope {

struct LoadedModel;

class ForwardBackend {
 public:
  virtual ~ForwardBackend() = default;

  virtual BackendKind kind() const = 0;
  const char* name() const { return backend_name(kind()); }
  virtual DeviceInfo device() const = 0;

  // Runs one pass. Promises what LlamaModel::forward promises: logits gets n_logit_rows() x n_vocab
  // floats on the host, in the order of batch.seqs; each row depends only on its own sequence's tokens
  // and cache (batch invariance; see the backend's header for its exact scope); K/V of every row is
  // written into the slots its block table names. Throws std::runtime_error on a device failure.
  virtual void forward(const ForwardBatch& batch, std::vector<float>& logits, AttentionImpl attention,
                       ForwardStats* stats) = 0;
  // Copies every layer's K/V (and scales) of physical block src into dst (copy-on-write).
  virtual void copy_block(int32_t src, int32_t dst) = 0;

  virtual const KvLayout& kv_layout() const = 0;
  virtual int64_t kv_num_blocks() const = 0;
  size_t kv_allocated_bytes() const { return size_t(kv_num_blocks()) * kv_layout().block_bytes(); }
  // The host KV pool when the cache lives in host memory (CPU backend), else null.
  virtual KvStorage* host_kv() { return nullptr; }
  // What each virtual device did in the latest pass of a tensor- or pipeline-parallel backend
  // (engine/parallel); null for a backend that runs on one device.
  virtual std::shared_ptr<const ParallelTimeline> last_timeline() const { return nullptr; }
};

// Makes the backend for a model with a KV pool of num_blocks blocks of the given layout. The CPU
// backend computes on `pool` (may be null: single-threaded). Throws std::runtime_error with a one-line
// reason when the backend is unavailable here (no CUDA in this build, no device) and
// std::invalid_argument when the KV pool does not fit the device's free memory.
std::unique_ptr<ForwardBackend> make_backend(BackendKind kind, const LoadedModel& model, const KvLayout& layout,
                                             int64_t num_blocks, kernels::ThreadPool* pool);

}  // namespace inferscope
