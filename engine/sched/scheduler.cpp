#include "engine/sched/scheduler.h"

#include <algorithm>

#include "engine/kv/kv_cache_manager.h"

namespace inferscope {

const char* to_string(BatchingMode m) { return m == BatchingMode::Static ? "static" : "continuous"; }

std::string SchedulerConfig::validate() const {
  if (max_num_seqs < 1 || max_num_seqs > 1024) return "max sequences must be between 1 and 1024";
  if (max_num_batched_tokens < 1 || max_num_batched_tokens > 1 << 20)
    return "max batched tokens must be between 1 and 1048576";
  return {};
}

Scheduler::Scheduler(SchedulerConfig config, KvCacheManager& kv) : config_(config), kv_(kv) {}

void Scheduler::add(Sequence* seq) {
  seq->status = SeqStatus::Waiting;
  waiting_.push_back(seq);
}

void Scheduler::add_running(Sequence* seq) {
  seq->status = SeqStatus::Running;
  running_.push_back(seq);
}

void Scheduler::remove(Sequence* seq) {
  running_.erase(std::remove(running_.begin(), running_.end(), seq), running_.end());
  waiting_.erase(std::remove(waiting_.begin(), waiting_.end(), seq), waiting_.end());
  if (kv_.has_sequence(seq->id)) kv_.free(seq->id);
}

void Scheduler::preempt(Sequence* victim) {
  running_.erase(std::remove(running_.begin(), running_.end(), victim), running_.end());
  if (kv_.has_sequence(victim->id)) kv_.free(victim->id);
  victim->n_computed = 0;
  victim->draft.clear();
  victim->draft_q.clear();
  victim->status = SeqStatus::Waiting;
  victim->preemptions++;
  total_preemptions_++;
  waiting_.push_front(victim);
}

int Scheduler::tokens_for(const Sequence* seq, int budget, bool plan_empty) const {
  const int want = seq->n_uncomputed() + static_cast<int>(seq->draft.size());
  if (want <= budget) return want;
  // A prompt larger than the budget: split it when chunking, else run it alone in a step of its own.
  if (config_.chunked_prefill && !config_.recompute_all) return budget;
  return plan_empty ? want : 0;
}

bool Scheduler::admit_allowed() const {
  if (config_.batching == BatchingMode::Continuous) return true;
  return running_.empty() || static_batch_open_;
}

StepPlan Scheduler::schedule() {
  StepPlan plan;
  int budget = config_.max_num_batched_tokens;

  // No KV cache: every running sequence starts again from token 0 (its blocks are rebuilt each step).
  if (config_.recompute_all) {
    for (Sequence* s : running_) {
      if (kv_.has_sequence(s->id)) kv_.free(s->id);
      s->n_computed = 0;
      kv_.allocate_prompt(s->id, {});
    }
  }

  // 1. Running sequences, oldest first.
  for (size_t i = 0; i < running_.size() && budget > 0;) {
    Sequence* s = running_[i];
    if (!s->draft.empty()) {
      // Drafts are optional work: cut them to the budget and drop them when their slots do not fit.
      const size_t per_draft = s->draft_q.size() / s->draft.size();  // n_vocab, or 0 when certain
      const size_t room = static_cast<size_t>(std::max(0, budget - s->n_uncomputed()));
      if (s->draft.size() > room) s->draft.resize(room);
      if (!kv_.can_append(s->id, s->n_uncomputed() + static_cast<int>(s->draft.size()))) s->draft.clear();
      s->draft_q.resize(s->draft.size() * per_draft);
    }
    const int n = tokens_for(s, budget, plan.seqs.empty());
    if (n == 0) {
      ++i;
      continue;
    }
    bool self_preempted = false;
    while (!kv_.can_append(s->id, n)) {
      Sequence* victim = running_.back();
      // Blocks already promised to this step's plan cannot be taken back: never preempt a planned one.
      const bool planned = std::any_of(plan.seqs.begin(), plan.seqs.end(), [&](const ScheduledSeq& p) { return p.seq == victim; });
      if (planned) {
        self_preempted = true;  // nothing left to take from; s waits (keeping its blocks) for a later step
        break;
      }
      preempt(victim);
      plan.preempted++;
      if (victim == s) {
        self_preempted = true;
        break;
      }
    }
    if (self_preempted) break;
    kv_.append_slots(s->id, n);
    plan.seqs.push_back({s, n});
    budget -= n;
    ++i;
  }

  // 2. Waiting sequences, FCFS, unless this step had to preempt (memory is short).
  bool admission_stopped_by_budget = false;
  if (plan.preempted == 0 && admit_allowed()) {
    while (!waiting_.empty() && static_cast<int>(running_.size()) < config_.max_num_seqs) {
      if (budget <= 0) {
        admission_stopped_by_budget = true;
        break;
      }
      Sequence* s = waiting_.front();
      const int hit = kv_.num_cached_prefix_tokens(s->tokens);
      const int need = static_cast<int>(s->tokens.size()) - hit;
      int n = need <= budget ? need : (config_.chunked_prefill && !config_.recompute_all ? budget : (plan.seqs.empty() ? need : 0));
      if (n == 0) {
        admission_stopped_by_budget = true;
        break;
      }
      // Admission needs room for the first chunk; check before touching the cache.
      if (kv_.blocks_to_admit(hit, n) > kv_.num_free_blocks()) break;
      s->n_prefix_hit = kv_.allocate_prompt(s->id, s->tokens);
      s->n_computed = s->n_prefix_hit;
      if (!kv_.append_slots(s->id, n)) {  // a prefix hit pulled a block we counted as free
        kv_.abort_prompt(s->id);
        s->n_computed = 0;
        break;
      }
      waiting_.pop_front();
      s->status = SeqStatus::Running;
      if (s->first_scheduled == Clock::time_point{}) s->first_scheduled = Clock::now();
      running_.push_back(s);
      plan.seqs.push_back({s, n});
      budget -= n;
    }
  }
  if (config_.batching == BatchingMode::Static) {
    // The batch stays open only while it was cut short by this step's token budget.
    static_batch_open_ = admission_stopped_by_budget && static_cast<int>(running_.size()) < config_.max_num_seqs;
    if (running_.empty()) static_batch_open_ = true;
  }

  for (ScheduledSeq& p : plan.seqs) {
    const bool decode = p.n_tokens == 1 + static_cast<int>(p.seq->draft.size()) &&
                        p.seq->n_computed + 1 == static_cast<int>(p.seq->tokens.size()) &&
                        p.seq->n_computed >= p.seq->n_prompt;
    if (decode) {
      plan.decode_tokens += 1;
    } else {
      plan.prefill_tokens += p.n_tokens;
      p.counted_as_prefill = true;
    }
  }
  return plan;
}

}  // namespace inferscope
