#pragma once
// LLMEngine: the serving loop. Requests go in with submit(); every step() plans one iteration
// (Scheduler), makes room in the paged KV cache (KvCacheManager), runs ONE batched forward pass over all
// scheduled tokens (a ForwardBackend: CPU or CUDA), samples, streams tokens out and records StepMetrics + a BlockMapSnapshot.
// Single-threaded by contract: the thread that calls step() owns the engine (the GUI's engine thread,
// the CLI's main thread); only the compute pool inside a step uses other threads.
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/backend/attention_impl.h"
#include "engine/backend/backend_kind.h"
#include "engine/kv/kv_cache_manager.h"
#include "engine/kv/kv_dtype.h"
#include "engine/kv/kv_storage.h"
#include "engine/metrics/metrics_recorder.h"
#include "engine/model/loaded_model.h"
#include "engine/parallel/parallel_config.h"
#include "engine/sched/pending_queue.h"
#include "engine/sched/scheduler.h"
#include "engine/spec/spec_config.h"

namespace inferscope::kernels { class ThreadPool; }
namespace inferscope::spec { class Drafter; }
namespace inferscope { class ForwardBackend; struct ForwardBatch; }

namespace inferscope {

struct EngineConfig {
  KvDtype kv_dtype = KvDtype::F16;
  int block_size = 16;
  size_t kv_budget_bytes = size_t(64) << 20;
  bool prefix_caching = true;
  // Sliding-window models (Gemma 3): the window layers' blocks leave the cache once the window has
  // passed them (engine/kv/kv_groups.h). Off: one table for every layer, sized for full attention,
  // the window applied as a mask only (the reference the tests compare against).
  bool kv_window_release = true;
  AttentionImpl attention = AttentionImpl::Tiled;
  SchedulerConfig sched;
  int threads = 0;                  // compute threads (0 = one per core)
  BackendKind backend = BackendKind::Cpu;  // where the forward pass runs (engine/backend)
  size_t metrics_ring = 4096;       // recent steps kept for live charts
  bool keep_full_metrics_log = true;
  spec::SpecConfig spec;            // speculative decoding (off by default)
  // The forward pass split over virtual devices (engine/parallel; CPU backend only). Off by default.
  ParallelConfig parallel;
  // Ended requests (finished, failed, cancelled) whose full info (token ids, texts) the engine keeps;
  // older ones are forgotten and only counted in request_totals(). 0 = keep every request: right for a
  // bounded run that reports on each one (`inferscope-cli run`, tests); a long-lived engine (the GUI's)
  // sets a bound so its memory stays flat.
  size_t request_history = 0;
  std::string validate() const;     // empty when valid
};

struct Request {
  std::string prompt;               // text, tokenized as the model's tokenizer says (special tokens parsed)
  std::vector<int32_t> prompt_ids;  // used instead of prompt when non-empty
  SamplingParams params;
  int n = 1;                        // parallel samples sharing the prompt's KV blocks
};

// One generated token, streamed out of step().
struct TokenEvent {
  int64_t request_id = 0;
  int sample_index = 0;
  int32_t token = 0;
  std::string text;                 // UTF-8 text this token completes (may be empty mid-character)
  TokenOrigin origin = TokenOrigin::Decoded;  // Accepted: a speculative draft the target verified
};

// Where a request stands. Preempted: waiting again after it lost its KV blocks. Unknown: a request the
// engine never had or has forgotten.
enum class RequestState : uint8_t { Unknown, Waiting, Running, Preempted, Finished, Failed, Cancelled };
// The state's name in reports and files (recordings, JSON outputs, the CLI): "waiting", "running",
// "preempted", "finished", "failed" or "cancelled"; "" for Unknown.
const char* request_state_name(RequestState s);
// The state request_state_name() names `name`; nullopt for any other text.
std::optional<RequestState> parse_request_state(std::string_view name);
// Finished, failed or cancelled: the request's outcome is final.
bool request_ended(RequestState s);

// A request's state for tables and reports.
struct RequestInfo {
  int64_t id = 0;
  RequestState state = RequestState::Unknown;
  std::string finish_reason;        // eos | length | stop | kv_full | cancelled | failed | ""
  std::string error;                // why it failed, or (kv_full) what to raise; empty otherwise
  int n_prompt = 0;
  int n_prefix_hit = 0;
  int n_generated = 0;              // over all samples
  int blocks_held = 0;
  int preemptions = 0;
  double queue_ms = -1, ttft_ms = -1, tpot_ms = -1, e2e_ms = -1;  // -1 = not yet known
  std::vector<int32_t> prompt_ids;
  std::vector<std::vector<int32_t>> token_ids;  // generated ids per sample
  std::vector<std::string> texts;               // generated text per sample
  std::vector<int64_t> seq_ids;
  // Speculative decoding over all samples: drafts proposed and accepted, target passes that verified a
  // draft, and how many of those passes rejected one (the others accepted every draft).
  int64_t spec_drafted = 0, spec_accepted = 0, spec_passes = 0, spec_rejections = 0;
};

// Counters over every request ever submitted, including those the bounded history has forgotten.
struct RequestTotals {
  int64_t submitted = 0;
  int64_t waiting = 0, running = 0;             // now (preempted ones count as waiting)
  int64_t finished = 0, failed = 0, cancelled = 0;
  int64_t prompt_tokens = 0, generated_tokens = 0;
  int64_t forgotten = 0;                        // ended requests dropped from the history
};

// The KV layout an engine with config c builds for a model whose layer l attends through a window of
// layer_windows[l] tokens (0: the whole context): a block holds every layer's K/V, or, with window layers
// and c.kv_window_release, one KV group's layers (engine/kv/kv_groups.h), the groups then written to
// *groups_out (one group of every layer otherwise).
KvLayout engine_kv_layout(int kv_heads, int head_dim, const std::vector<int32_t>& layer_windows, const EngineConfig& c,
                          std::vector<KvGroup>* groups_out = nullptr);
// What c.kv_budget_bytes buys an engine with config c for this model: the figures LLMEngine builds, so
// settings can show them before they are applied (Gemma 3 270M: blocks of 3 layers in 6 groups with
// window release, of all 18 layers in one without).
struct KvBlockPlan {
  int64_t blocks = 0;       // physical blocks (kv_num_blocks())
  int groups = 1;           // KV groups that share them
  int layers_per_block = 0;
  int64_t max_tokens = 0;   // tokens one sequence surely reaches alone (KvCacheManager::max_tokens())
};
KvBlockPlan kv_block_plan(const ModelCard& card, const EngineConfig& c);

// The prompt tokens (or, after a preemption, the tokens recomputed) one request had computed in one
// step: one chunk of its prefill.
struct PrefillChunk {
  int64_t request_id = 0;
  int32_t tokens = 0;
  bool operator==(const PrefillChunk&) const = default;
};

struct StepResult {
  StepMetrics metrics;
  std::vector<TokenEvent> events;
  // Every request that prefilled in this step, ascending id; the tokens add up to metrics.prefill_tokens.
  std::vector<PrefillChunk> prefill_chunks;
  std::vector<int64_t> finished_requests;  // finished, failed or cancelled during this step
  bool ran = false;                        // false when there was nothing to do
};

class LLMEngine {
 public:
  // Throws std::invalid_argument with the reason when the configuration is impossible for this model.
  LLMEngine(std::shared_ptr<const LoadedModel> model, EngineConfig config);
  ~LLMEngine();

  const EngineConfig& config() const { return config_; }
  const LoadedModel& model() const { return *model_; }

  // Queues a request and returns its id. A request that can never run (empty prompt, prompt longer than
  // the context or the whole cache, invalid sampling) is accepted as failed: its info says why and the
  // other requests are unaffected.
  int64_t submit(const Request& request);
  // On hold, a request's clocks (queueing, TTFT, end-to-end) do not start at submit() but when the hold is
  // released or the next step() runs, whichever comes first; the step clock (StepMetrics::t_ms) starts
  // at the first step. A GUI holds the engine while paused so that a request queued before Run is not
  // charged for the time nobody was running it.
  void set_hold(bool hold);
  bool on_hold() const { return hold_; }
  // Cancels a waiting or running request (its blocks are released at once). Unknown ids are ignored.
  void cancel(int64_t request_id);
  // Runs one step. Returns ran=false when no request is waiting or running.
  StepResult step();
  bool has_unfinished() const;
  // Sequence objects the engine holds: those of running requests, of the head of the queue (a queued
  // request gets its sequences only when fewer than max_num_seqs wait ahead of the scheduler), and of
  // the ended requests in the history. A queue of any length adds at most max_num_seqs of them.
  // Costs a walk over the requests held (not the queue).
  size_t num_sequence_objects() const;

  // A request the engine still holds (live, or ended and within the history); id 0 and state Unknown
  // for one it never had or has forgotten.
  RequestInfo request_info(int64_t request_id) const;
  // Every request the engine still holds, ascending id: the live ones and the bounded history.
  std::vector<RequestInfo> all_requests() const;
  // A bounded picture for live displays, ascending id: every running request, the first max_waiting of
  // the queue, and the max_ended most recently ended requests. Its cost does not grow with the queue or
  // the history.
  std::vector<RequestInfo> request_view(size_t max_waiting, size_t max_ended) const;
  const RequestTotals& request_totals() const;
  const MetricsRecorder& metrics() const { return recorder_; }
  MetricsRecorder& metrics() { return recorder_; }
  BlockMapSnapshot block_map() const { return kv_->snapshot(); }
  const KvCacheManager& kv_manager() const { return *kv_; }
  // The host KV pool of the CPU backend. Throws std::logic_error on a backend whose cache lives on a
  // device (use kv_layout() / kv_num_blocks(), which every backend has).
  const KvStorage& kv_storage() const;
  const KvLayout& kv_layout() const;
  int64_t kv_num_blocks() const;
  // The device that runs the forward pass (name, memory).
  const ForwardBackend& backend() const { return *backend_; }
  int64_t total_preemptions() const { return scheduler_->total_preemptions(); }
  // Longest sequence (prompt + generated) one request may reach: min(context length, cache capacity).
  int max_model_len() const { return max_model_len_; }
  // Per-step counters of the attention kernels since construction.
  const kernels::AttentionCounters& attention_counters() const { return attention_counters_; }
  // The compute pool of the CPU forward pass (its stats(): loops, who ran the items, time waited).
  const kernels::ThreadPool& thread_pool() const { return *pool_; }
  // The speculative drafter (null when speculation is off).
  const spec::Drafter* drafter() const { return drafter_.get(); }

 private:
  // A request that has its sequences: near the head of the queue, running, or ended and in the history.
  struct HeldRequest {
    int64_t id = 0;
    int n = 1;
    std::vector<std::unique_ptr<Sequence>> seqs;
    bool failed = false;
    std::string error;
    bool cancelled = false;
    bool ended = false;       // counted in totals_ and queued in ended_
    bool clock_pending = false;  // submitted on hold: arrival is stamped when the hold ends
  };

  Sequence* new_sequence(HeldRequest& req, int sample_index, const SamplingParams& params);
  // Gives queued requests their sequences until max_num_seqs wait in the scheduler (or none is left).
  void activate_pending();
  // Makes the held request and first sequence of a request taken from pending_ (not yet scheduled).
  HeldRequest& materialize(PendingQueue::Taken&& t);
  void fail_request(HeldRequest& req, const std::string& why);
  // Counts an ended request once and queues it in the history; forget_old_requests() trims the history
  // (never during a step: the plan still points at the sequences).
  void end_request(HeldRequest& req);
  void forget_old_requests();
  void start_pending_clocks();
  // Appends a sampled token to seq, streams it, and finishes seq on EOS / stop / length.
  void accept_token(Sequence& seq, int32_t token, TokenOrigin origin, StepResult& out);
  void finish(Sequence& seq, FinishReason reason, StepResult& out);
  void fork_siblings(Sequence& parent, const float* logits, StepResult& out);
  // Asks the drafter for the next tokens of every running sequence that is decoding (before planning).
  void propose_drafts();
  // Verifies seq's draft against its k+1 logit rows, rolls rejected slots back, streams the tokens.
  void verify_draft(Sequence& seq, const float* rows, StepResult& out);
  void release_draft_state(const Sequence& seq);
  // step() is, in order: begin_step, plan_step, make_batch, then (when the plan has rows) run_forward,
  // decide_greedy_rows and take_outputs, and end_step.

  // What a step's metrics are measured from: its start and the prefix-cache counters before it.
  struct StepStart {
    Clock::time_point t0{};
    int64_t hit_before = 0, query_before = 0;
  };
  // Starts the clocks of requests submitted on hold (and the engine's at the first step) and zeroes
  // the step's speculation counters.
  StepStart begin_step();
  // The scheduler's plan (after the drafts, when speculating) with its blocks allocated: the KV peaks
  // updated, preempted sequences' drafter state released and the copy-on-write copies done.
  StepPlan plan_step();
  // The plan as one batch: a row per token to compute (drafts included); logits only for the rows
  // that end a sequence (its newest token and every draft when speculating).
  ForwardBatch make_batch(const StepPlan& plan) const;
  // One forward pass of the batch into logits_; its attention traffic goes into attention_counters_.
  void run_forward(const ForwardBatch& batch);
  // greedy_tokens_[i]: the argmax of plan.seqs[i]'s logits where that is its whole sampling (plain
  // greedy, no draft, no fork), decided for all such rows at once across the pool; -1 elsewhere.
  void decide_greedy_rows(const StepPlan& plan, const ForwardBatch& batch);
  // Per scheduled sequence, in plan order: its computed tokens' K/V committed to the cache, then its
  // draft verified or its next token taken (siblings forked first), the tokens streamed into out.
  void take_outputs(const StepPlan& plan, const ForwardBatch& batch, StepResult& out);
  // Closes the step: stale drafts dropped, out.metrics filled (the parallel timeline too when a
  // forward pass ran) and recorded with the block map, the step index advanced, the history trimmed.
  void end_step(const StepPlan& plan, bool ran_forward, const StepStart& start, StepResult& out);
  static std::vector<PrefillChunk> prefill_chunks(const StepPlan& plan);
  StepMetrics make_metrics(const StepPlan& plan, double step_ms, int finished, int generated, int64_t hit_before,
                           int64_t query_before);

  std::shared_ptr<const LoadedModel> model_;
  EngineConfig config_;
  std::unique_ptr<kernels::ThreadPool> pool_;
  std::unique_ptr<ForwardBackend> backend_;  // owns the physical KV pool
  std::unique_ptr<KvCacheManager> kv_;
  std::unique_ptr<Scheduler> scheduler_;
  std::unique_ptr<spec::Drafter> drafter_;
  int step_spec_drafted_ = 0, step_spec_accepted_ = 0;
  MetricsRecorder recorder_;
  std::map<int64_t, HeldRequest> requests_;  // every request with sequences: live ones and the history
  PendingQueue pending_;                       // queued requests without sequences yet, in id order
  std::deque<int64_t> ended_;        // ended requests still held, in the order they ended
  mutable RequestTotals totals_;
  bool hold_ = false;
  std::vector<int64_t> pending_clocks_;  // requests with sequences submitted on hold
  bool queued_on_hold_ = false;          // pending_ holds a request submitted on hold
  int64_t next_request_id_ = 0;
  int64_t next_seq_id_ = 0;
  int64_t step_index_ = 0;
  int64_t kv_bytes_peak_ = 0, kv_bytes_peak_full_ = 0;  // StepMetrics' running peaks
  int max_model_len_ = 0;
  Clock::time_point start_{};
  bool started_ = false;
  std::vector<float> logits_, probs_scratch_;
  std::vector<int32_t> greedy_rows_, greedy_tokens_;  // this step's plain-greedy rows, decided together
  std::vector<std::pair<double, int>> tps_window_;  // (step_ms, tokens generated) of the last engine second
  kernels::AttentionCounters attention_counters_;
};

}  // namespace inferscope
