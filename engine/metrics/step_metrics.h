#pragma once
// StepMetrics: one row per engine step (the contract in docs/architecture.md). Field names are the CSV/JSON column
// names, and for_each_field() lists them in the documented column order — the single list that the
// writers, readers and UI column pickers use.
#include <cstdint>

namespace inferscope {

struct StepMetrics {
  int64_t step = 0;            // step index, 0-based from run start
  double t_ms = 0;             // time from run start to the end of this step, milliseconds
  double step_ms = 0;          // wall time of this step (schedule + forward + sample), milliseconds

  // The step spans [begin_ms(), t_ms] of the run's clock: the one rule every timeline and trace uses.
  double begin_ms() const { return t_ms - step_ms; }

  int32_t running = 0;         // sequences in the running queue after this step
  int32_t waiting = 0;         // sequences in the waiting queue after this step
  int32_t preempted = 0;       // sequences preempted (freed for recompute) during this step
  int32_t finished = 0;        // sequences that finished (EOS, stop, max tokens) during this step

  int32_t prefill_tokens = 0;  // prompt tokens scheduled this step (prefill chunks)
  int32_t decode_tokens = 0;   // decode tokens scheduled this step (1 per sequence, k+1 when speculating)
  int32_t token_budget = 0;    // max_num_batched_tokens: tokens one step may schedule
  int32_t max_num_seqs = 0;    // sequences one step may run

  double slot_utilization = 0;   // running / max_num_seqs, in [0, 1]
  double token_utilization = 0;  // (prefill_tokens + decode_tokens) / token_budget, in [0, 1]

  int32_t kv_blocks_total = 0;   // physical KV blocks in the pool
  int32_t kv_blocks_used = 0;    // blocks with refcount > 0 (referenced by some block table)
  int32_t kv_blocks_cached = 0;  // free blocks (refcount 0) still holding a prefix-cache hash
  int32_t kv_blocks_shared = 0;  // blocks with refcount > 1 (prefix hits, forks)

  int64_t kv_bytes_logical = 0;    // token slots in use x KV bytes per token
  int64_t kv_bytes_allocated = 0;  // kv_blocks_used x KV bytes per block
  // What an engine without paging would hold: for every running sequence, a contiguous reservation of
  // its longest possible length (prompt + max new tokens, capped at max_model_len) x KV bytes per token.
  int64_t kv_bytes_contiguous_reserved = 0;

  int64_t prefix_hit_tokens = 0;    // prompt tokens served from the prefix cache this step
  int64_t prefix_query_tokens = 0;  // prompt tokens looked up in the prefix cache this step

  int32_t spec_drafted = 0;   // speculative tokens proposed this step
  int32_t spec_accepted = 0;  // speculative tokens accepted this step

  // Generated tokens per second of engine time (the steps' step_ms, not the pauses or display pacing
  // between them) over the steps of the last engine second ending at this step.
  double tokens_per_s = 0;

  // Peaks since the engine started, up to this step: kv_bytes_allocated's, and what full attention would
  // have held for the same sequences (every layer keeping every token; equal without sliding windows).
  int64_t kv_bytes_peak = 0;
  int64_t kv_bytes_peak_full_attention = 0;
  int32_t parallel_devices = 1;  // virtual devices the forward pass was split over (engine/parallel)
  int64_t comm_bytes = 0;        // bytes between virtual devices: TP ring all-reduces, PP hand-offs
  double bubble_fraction = 0;    // idle device time / (devices x span) over this step's layers

  bool operator==(const StepMetrics&) const = default;
};

// Calls f(name, member) for every field in column order. M is StepMetrics or const StepMetrics.
template <class M, class F>
void for_each_field(M& m, F&& f) {
  f("step", m.step);
  f("t_ms", m.t_ms);
  f("step_ms", m.step_ms);
  f("running", m.running);
  f("waiting", m.waiting);
  f("preempted", m.preempted);
  f("finished", m.finished);
  f("prefill_tokens", m.prefill_tokens);
  f("decode_tokens", m.decode_tokens);
  f("token_budget", m.token_budget);
  f("max_num_seqs", m.max_num_seqs);
  f("slot_utilization", m.slot_utilization);
  f("token_utilization", m.token_utilization);
  f("kv_blocks_total", m.kv_blocks_total);
  f("kv_blocks_used", m.kv_blocks_used);
  f("kv_blocks_cached", m.kv_blocks_cached);
  f("kv_blocks_shared", m.kv_blocks_shared);
  f("kv_bytes_logical", m.kv_bytes_logical);
  f("kv_bytes_allocated", m.kv_bytes_allocated);
  f("kv_bytes_contiguous_reserved", m.kv_bytes_contiguous_reserved);
  f("prefix_hit_tokens", m.prefix_hit_tokens);
  f("prefix_query_tokens", m.prefix_query_tokens);
  f("spec_drafted", m.spec_drafted);
  f("spec_accepted", m.spec_accepted);
  f("tokens_per_s", m.tokens_per_s);
  f("kv_bytes_peak", m.kv_bytes_peak);
  f("kv_bytes_peak_full_attention", m.kv_bytes_peak_full_attention);
  f("parallel_devices", m.parallel_devices);
  f("comm_bytes", m.comm_bytes);
  f("bubble_fraction", m.bubble_fraction);
}

}  // namespace inferscope
