#pragma once
// Iteration-level scheduling (vLLM v1 style): every step spends a token budget on the running sequences
// first (one decode token each, or the next prefill chunk), then admits waiting sequences FCFS while
// slots, budget and KV blocks allow. When blocks run out, the most recently admitted running sequence is
// preempted by recompute: it releases its blocks and returns to the front of the waiting queue.
// A decoding sequence with a speculative draft asks for 1 + draft tokens; the draft is trimmed to the
// budget and dropped when its slots do not fit, so speculation never causes a preemption.
// Static batching admits a new batch only once the previous one has entirely finished.
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "engine/sched/sequence.h"

namespace inferscope {

class KvCacheManager;

enum class BatchingMode : uint8_t { Continuous, Static };
const char* to_string(BatchingMode m);  // "continuous" | "static"

struct SchedulerConfig {
  int max_num_seqs = 16;             // slots: sequences running at once
  int max_num_batched_tokens = 512;  // token budget per step
  bool chunked_prefill = true;       // a prompt may be split over steps to fit the budget
  BatchingMode batching = BatchingMode::Continuous;
  bool recompute_all = false;        // "no KV cache": every step recomputes each sequence from token 0
  std::string validate() const;      // empty when valid
};

struct ScheduledSeq {
  Sequence* seq = nullptr;
  int n_tokens = 0;                  // tokens [seq->n_computed, seq->n_computed + n_tokens) run this step,
                                     // the last seq->draft.size() of them being the draft (speculation)
  bool counted_as_prefill = false;   // its n_tokens are in StepPlan::prefill_tokens (else one decode token)
  bool prefill() const {
    return seq->n_computed + n_tokens < static_cast<int>(seq->tokens.size() + seq->draft.size()) ||
           n_tokens > 1 + static_cast<int>(seq->draft.size());
  }
};

struct StepPlan {
  std::vector<ScheduledSeq> seqs;
  int prefill_tokens = 0;            // tokens of prompts (or recomputation) scheduled this step
  int decode_tokens = 0;             // one per sequence generating its next token
  int preempted = 0;                 // sequences preempted while planning this step
  bool empty() const { return seqs.empty(); }
};

class Scheduler {
 public:
  Scheduler(SchedulerConfig config, KvCacheManager& kv);

  const SchedulerConfig& config() const { return config_; }
  // Queues a sequence (status Waiting) at the tail.
  void add(Sequence* seq);
  // A forked sibling (parallel sampling) joins the running set directly: it shares its parent's blocks
  // and has its first token already, so it skips admission (it may briefly exceed max_num_seqs).
  void add_running(Sequence* seq);
  // Removes a sequence wherever it is and frees its blocks (finished, failed or cancelled).
  void remove(Sequence* seq);
  // Plans one step and reserves the KV slots it needs.
  StepPlan schedule();

  int num_running() const { return static_cast<int>(running_.size()); }
  int num_waiting() const { return static_cast<int>(waiting_.size()); }
  bool idle() const { return running_.empty() && waiting_.empty(); }
  const std::vector<Sequence*>& running() const { return running_; }
  const std::deque<Sequence*>& waiting() const { return waiting_; }
  int64_t total_preemptions() const { return total_preemptions_; }

 private:
  void preempt(Sequence* victim);
  bool admit_allowed() const;
  // Tokens seq would run this step within `budget` (0 = cannot run this step).
  int tokens_for(const Sequence* seq, int budget, bool plan_empty) const;

  SchedulerConfig config_;
  KvCacheManager& kv_;
  std::vector<Sequence*> running_;  // admission order: back() is the newest
  std::deque<Sequence*> waiting_;
  bool static_batch_open_ = true;   // static mode: a batch is still being formed
  int64_t total_preemptions_ = 0;
};

}  // namespace inferscope
