#pragma once
// The drafter interface of speculative decoding: something cheap that guesses a sequence's next k
// tokens, which the target then verifies in one batched pass (engine/spec/verifier.h).
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/sample/sampler.h"
#include "engine/sample/sampling_params.h"
#include "engine/kv/kv_dtype.h"

namespace inferscope {
struct LoadedModel;
namespace kernels { class ThreadPool; }
}  // namespace inferscope

namespace inferscope::spec {

struct SpecConfig;

struct DraftInput {
  int64_t seq_id = 0;
  const std::vector<int32_t>* tokens = nullptr;  // the sequence so far, ending with its newest token
  int k = 0;                                     // drafts wanted (>= 1)
  const SamplingParams* params = nullptr;
  SamplerRng* rng = nullptr;                     // the sequence's stream (draws drafts when sampling)
};

struct Draft {
  std::vector<int32_t> tokens;  // at most k; empty = no guess this step (decode normally)
  // tokens.size() x n_vocab: the distribution q each draft was drawn from, after the same filters the
  // target's sampler applies. Empty = every draft is certain (q one-hot on it): greedy or n-gram.
  std::vector<float> q;
};

class Drafter {
 public:
  virtual ~Drafter() = default;
  virtual std::string name() const = 0;
  // One draft per input, in order. Must never fail a request: a drafter that cannot guess (no match,
  // no room in its own cache) returns an empty draft.
  virtual void propose(std::span<const DraftInput> inputs, std::vector<Draft>& out) = 0;
  // Forgets a sequence (finished, failed, cancelled or preempted) and frees what it held. Idempotent.
  virtual void release(int64_t /*seq_id*/) {}
  // Blocks the drafter's own KV cache holds (0 for drafters without one): for leak checks.
  virtual int blocks_in_use() const { return 0; }
};

// Builds the drafter config names for target. A model drafter's own paged cache has kv_budget_bytes,
// block_size and kv_dtype like the target's (same dtype: a draft equal to the target then agrees exactly).
// Throws std::invalid_argument with a one-line reason (unreadable draft file, different vocabulary,
// early exit past the last layer, unknown weight mode).
std::unique_ptr<Drafter> make_drafter(const SpecConfig& config, std::shared_ptr<const LoadedModel> target,
                                      size_t kv_budget_bytes, int block_size, KvDtype kv_dtype,
                                      kernels::ThreadPool* pool);

}  // namespace inferscope::spec
