#include "engine/llm_engine.h"

#include <algorithm>
#include <spdlog/spdlog.h>
#include <stdexcept>

#include "engine/backend/forward_backend.h"
#include "engine/kv/kv_groups.h"
#include "engine/parallel/parallel_backend.h"
#include "engine/spec/drafter.h"
#include "engine/spec/verifier.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope {

namespace {

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

// Each sample of a request has its own stream, derived from the request's seed and the sample index
// only, so a request's output does not depend on what else the engine is running.
uint64_t sample_seed(uint64_t seed, int index) {
  uint64_t z = seed + 0x9e3779b97f4a7c15ull * uint64_t(index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

KvLayout engine_kv_layout(int kv_heads, int head_dim, const std::vector<int32_t>& layer_windows, const EngineConfig& c,
                          std::vector<KvGroup>* groups_out) {
  const int n_layers = int(layer_windows.size());
  KvLayout layout;
  layout.n_layers = n_layers;
  layout.kv_heads = kv_heads;
  layout.head_dim = head_dim;
  layout.block_size = c.block_size;
  layout.dtype = c.kv_dtype;
  std::vector<KvGroup> groups{KvGroup{}};
  const bool windowed = std::any_of(layer_windows.begin(), layer_windows.end(), [](int32_t w) { return w > 0; });
  if (windowed && c.kv_window_release) {
    KvGroupPlan plan = plan_kv_groups(layer_windows);
    if (plan.groups.size() > 1) {
      layout.n_layers = plan.layers_per_group;
      layout.layer_pool = std::move(plan.layer_slot);
      layout.layer_group = std::move(plan.layer_group);
      groups = std::move(plan.groups);
    }
  }
  if (groups.size() == 1) {
    groups[0].layers.resize(size_t(n_layers));
    for (int l = 0; l < n_layers; ++l) groups[0].layers[size_t(l)] = l;
  }
  if (groups_out) *groups_out = std::move(groups);
  return layout;
}

KvBlockPlan kv_block_plan(const ModelCard& card, const EngineConfig& c) {
  std::vector<int32_t> windows(size_t(std::max(0, card.n_layers)), card.sliding_window);
  if (card.sliding_window > 0)
    for (int l : card.global_layers) windows.at(size_t(l)) = 0;
  std::vector<KvGroup> groups;
  const KvLayout layout = engine_kv_layout(card.n_kv_heads, card.head_dim, windows, c, &groups);
  KvBlockPlan p;
  p.blocks = layout.blocks_for_budget(c.kv_budget_bytes);
  p.groups = int(groups.size());
  p.layers_per_block = layout.n_layers;
  p.max_tokens = p.blocks / p.groups * c.block_size;
  return p;
}

std::string EngineConfig::validate() const {
  if (block_size < 1 || block_size > 256) return "block size must be between 1 and 256 tokens";
  if (kv_budget_bytes == 0) return "the KV budget must be larger than 0";
  if (threads < 0 || threads > 256) return "threads must be between 0 (all cores) and 256";
  if (!sched.recompute_all && sched.max_num_batched_tokens < 1) return "max batched tokens must be >= 1";
  if (sched.recompute_all && prefix_caching) return "prefix caching needs the KV cache (turn one of them off)";
  if (const std::string why = spec.validate(); !why.empty()) return why;
  if (spec.enabled() && sched.recompute_all) return "speculative decoding needs the KV cache (turn one of them off)";
  if (const std::string why = parallel.validate(); !why.empty()) return why;
  if (parallel.enabled() && backend != BackendKind::Cpu) return "virtual devices run on the CPU backend";
  return sched.validate();
}

LLMEngine::LLMEngine(std::shared_ptr<const LoadedModel> model, EngineConfig config)
    : model_(std::move(model)), config_(config), recorder_(std::max<size_t>(1, config.metrics_ring), config.keep_full_metrics_log),
      pending_(model_->model->config().n_vocab) {
  if (const std::string why = config_.validate(); !why.empty()) throw std::invalid_argument(why);
  const ModelConfig& mc = model_->model->config();
  std::vector<int32_t> windows(size_t(mc.n_layers), 0);
  for (int l = 0; l < mc.n_layers; ++l) windows[size_t(l)] = mc.is_swa(l) ? mc.sliding_window : 0;
  std::vector<KvGroup> groups;
  KvLayout layout = engine_kv_layout(mc.n_kv_heads, mc.head_dim, windows, config_, &groups);
  const int64_t blocks = layout.blocks_for_budget(config_.kv_budget_bytes);
  if (blocks < 1)
    throw std::invalid_argument("a KV budget of " + std::to_string(config_.kv_budget_bytes) +
                                " bytes holds no block of " + std::to_string(layout.block_bytes()) + " bytes");
  if (blocks > (int64_t(1) << 30)) throw std::invalid_argument("the KV budget is too large");
  pool_ = std::make_unique<kernels::ThreadPool>(config_.threads);
  backend_ = config_.parallel.enabled()
                 ? make_parallel_backend(config_.parallel, *model_->model, layout, blocks, pool_.get())
                 : make_backend(config_.backend, *model_, layout, blocks, pool_.get());
  kv_ = std::make_unique<KvCacheManager>(static_cast<int32_t>(blocks), config_.block_size, config_.prefix_caching,
                                         std::move(groups));
  scheduler_ = std::make_unique<Scheduler>(config_.sched, *kv_);
  if (config_.spec.enabled())
    drafter_ = spec::make_drafter(config_.spec, model_, config_.kv_budget_bytes, config_.block_size,
                                   config_.kv_dtype, pool_.get());
  max_model_len_ = static_cast<int>(std::min<int64_t>(mc.context_length, kv_->max_tokens()));
  spdlog::info("engine: {} backend, {} KV blocks of {} tokens ({} bytes each, {}), max sequence length {}",
               backend_->name(), blocks, config_.block_size, layout.block_bytes(),
               kv_dtype_name(config_.kv_dtype), max_model_len_);
}

LLMEngine::~LLMEngine() = default;

const KvStorage& LLMEngine::kv_storage() const {
  if (const KvStorage* s = backend_->host_kv()) return *s;
  throw std::logic_error(std::string("the KV cache lives on the ") + backend_->name() +
                         " device; kv_storage() is for the CPU backend (use kv_layout())");
}

const KvLayout& LLMEngine::kv_layout() const { return backend_->kv_layout(); }

int64_t LLMEngine::kv_num_blocks() const { return backend_->kv_num_blocks(); }

void LLMEngine::release_draft_state(const Sequence& seq) {
  if (drafter_) drafter_->release(seq.id);
}

Sequence* LLMEngine::new_sequence(HeldRequest& req, int sample_index, const SamplingParams& params) {
  auto seq = std::make_unique<Sequence>();
  seq->id = next_seq_id_++;
  seq->request_id = req.id;
  seq->sample_index = sample_index;
  seq->params = params;
  seq->rng_seed = sample_seed(params.seed, sample_index);
  seq->arrival = Clock::now();
  Sequence* raw = seq.get();
  req.seqs.push_back(std::move(seq));
  return raw;
}

void LLMEngine::fail_request(HeldRequest& req, const std::string& why) {
  req.failed = true;
  req.error = why;
  for (auto& s : req.seqs) {
    if (s->is_finished()) continue;
    scheduler_->remove(s.get());
    release_draft_state(*s);
    s->status = SeqStatus::Failed;
    s->finish_reason = FinishReason::Failed;
    s->error = why;
    s->finished = Clock::now();
  }
  spdlog::warn("request {} failed: {}", req.id, why);
  end_request(req);
}

void LLMEngine::end_request(HeldRequest& req) {
  if (req.ended) return;
  req.ended = true;
  if (req.failed) ++totals_.failed;
  else if (req.cancelled) ++totals_.cancelled;
  else ++totals_.finished;
  for (auto& s : req.seqs) s->rng_state.reset();
  ended_.push_back(req.id);
}

void LLMEngine::forget_old_requests() {
  if (config_.request_history == 0) return;
  while (ended_.size() > config_.request_history) {
    requests_.erase(ended_.front());
    ended_.pop_front();
    ++totals_.forgotten;
  }
}

void LLMEngine::set_hold(bool hold) {
  hold_ = hold;
  if (!hold_) start_pending_clocks();
}

void LLMEngine::start_pending_clocks() {
  const auto now = Clock::now();
  for (int64_t id : pending_clocks_) {
    auto it = requests_.find(id);
    if (it == requests_.end() || !it->second.clock_pending) continue;
    it->second.clock_pending = false;
    for (auto& s : it->second.seqs) s->arrival = now;
  }
  pending_clocks_.clear();
  if (queued_on_hold_) pending_.start_pending_clocks(now);
  queued_on_hold_ = false;
}

int64_t LLMEngine::submit(const Request& r) {
  const int64_t id = next_request_id_++;
  std::string why;
  std::vector<int32_t> prompt_ids;
  try {
    prompt_ids = r.prompt_ids.empty() ? model_->encode_prompt(r.prompt) : r.prompt_ids;
  } catch (const std::exception& e) {
    why = std::string("cannot tokenize the prompt: ") + e.what();
  }
  const int n_vocab = model_->model->config().n_vocab;
  if (why.empty()) why = r.params.validate();
  if (why.empty() && (r.n < 1 || r.n > 64)) why = "n (parallel samples) must be between 1 and 64";
  if (why.empty() && prompt_ids.empty()) why = "the prompt is empty";
  if (why.empty())
    for (int32_t t : prompt_ids)
      if (t < 0 || t >= n_vocab) {
        why = "prompt token id " + std::to_string(t) + " is outside the vocabulary";
        break;
      }
  if (why.empty() && static_cast<int>(prompt_ids.size()) >= model_->model->config().context_length)
    why = "the prompt has " + std::to_string(prompt_ids.size()) + " tokens; the model's context is " +
          std::to_string(model_->model->config().context_length);
  if (why.empty() && static_cast<int64_t>(prompt_ids.size()) >= kv_->max_tokens())
    why = "the prompt has " + std::to_string(prompt_ids.size()) + " tokens but the whole KV cache holds " +
          std::to_string(kv_->max_tokens()) + " (" + std::to_string(kv_->num_total_blocks()) + " blocks of " +
          std::to_string(kv_->block_size()) + "); raise the KV budget";
  ++totals_.submitted;
  totals_.prompt_tokens += static_cast<int64_t>(prompt_ids.size());
  if (why.empty()) {
    // Queued compactly; it gets its sequences when it nears the head (activate_pending).
    pending_.push(id, Clock::now(), hold_, r.n, prompt_ids, r.params);
    queued_on_hold_ |= hold_;
    return id;
  }
  PendingQueue::Taken t;
  t.id = id;
  t.arrival = Clock::now();
  t.n = r.n;
  t.prompt = std::move(prompt_ids);
  t.params = r.params;
  fail_request(materialize(std::move(t)), why);
  forget_old_requests();
  return id;
}

LLMEngine::HeldRequest& LLMEngine::materialize(PendingQueue::Taken&& t) {
  HeldRequest& req = requests_[t.id];
  req.id = t.id;
  req.n = t.n;
  Sequence* first = new_sequence(req, 0, t.params);
  first->arrival = t.arrival;
  first->n_prompt = static_cast<int>(t.prompt.size());
  first->tokens = std::move(t.prompt);  // the prompt is held once, as the first sequence's leading tokens
  if (t.clock_pending) {
    req.clock_pending = true;
    pending_clocks_.push_back(req.id);
  }
  if (t.n > 1) {
    first->awaiting_fork = true;
    first->pending_siblings = t.n - 1;
  }
  return req;
}

void LLMEngine::activate_pending() {
  // Enough to fill every slot in one step; preempted sequences return ahead of these.
  const int lookahead = config_.sched.max_num_seqs;
  while (!pending_.empty() && scheduler_->num_waiting() < lookahead) {
    HeldRequest& req = materialize(pending_.pop_front());
    scheduler_->add(req.seqs.front().get());
  }
}

size_t LLMEngine::num_sequence_objects() const {
  size_t n = 0;
  for (const auto& [id, req] : requests_) n += req.seqs.size();
  return n;
}

void LLMEngine::cancel(int64_t request_id) {
  if (pending_.contains(request_id)) {
    // Never scheduled: it gets its request state only to be reported as cancelled.
    PendingQueue::Taken t = pending_.peek(request_id);
    pending_.remove(request_id);
    materialize(std::move(t));
  }
  auto it = requests_.find(request_id);
  if (it == requests_.end()) return;
  HeldRequest& req = it->second;
  if (req.ended) return;  // a request that already ended keeps its outcome
  req.cancelled = true;
  for (auto& s : req.seqs) {
    if (s->is_finished()) continue;
    scheduler_->remove(s.get());
    release_draft_state(*s);
    s->status = SeqStatus::Cancelled;
    s->finish_reason = FinishReason::Cancelled;
    s->finished = Clock::now();
  }
  end_request(req);
  forget_old_requests();
}

bool LLMEngine::has_unfinished() const { return !scheduler_->idle() || !pending_.empty(); }

void LLMEngine::finish(Sequence& seq, FinishReason reason, StepResult& out) {
  seq.text += seq.decoder.flush();
  seq.status = SeqStatus::Finished;
  seq.finish_reason = reason;
  seq.finished = Clock::now();
  scheduler_->remove(&seq);
  release_draft_state(seq);
  HeldRequest& req = requests_.at(seq.request_id);
  const bool all_done = std::all_of(req.seqs.begin(), req.seqs.end(), [](const auto& s) { return s->is_finished(); }) &&
                        !seq.awaiting_fork;
  if (all_done) {
    out.finished_requests.push_back(req.id);
    end_request(req);
  }
}

void LLMEngine::accept_token(Sequence& seq, int32_t token, TokenOrigin origin, StepResult& out) {
  const auto now = Clock::now();
  if (!seq.has_first_token) {
    seq.has_first_token = true;
    seq.first_token = now;
  }
  seq.tokens.push_back(token);
  ++totals_.generated_tokens;
  TokenEvent ev;
  ev.request_id = seq.request_id;
  ev.sample_index = seq.sample_index;
  ev.token = token;
  ev.origin = origin;
  const Tokenizer& tok = *model_->tokenizer;
  const bool eog = tok.is_eog(token) && !seq.params.ignore_eos;
  if (!eog) {
    ev.text = seq.decoder.push(tok.token_to_piece(token));
    seq.text += ev.text;
  }
  out.events.push_back(ev);
  if (eog) return finish(seq, FinishReason::Eos, out);
  // Stop strings: search only the text that could contain a new match.
  if (!seq.params.stop.empty()) {
    size_t longest = 0;
    for (const auto& s : seq.params.stop) longest = std::max(longest, s.size());
    const size_t from = seq.stop_scan_from > longest ? seq.stop_scan_from - longest : 0;
    size_t cut = std::string::npos;
    for (const auto& s : seq.params.stop) cut = std::min(cut, seq.text.find(s, from));
    seq.stop_scan_from = seq.text.size();
    if (cut != std::string::npos) {
      seq.text.resize(cut);
      return finish(seq, FinishReason::Stop, out);
    }
  }
  if (seq.n_generated() >= seq.params.max_tokens) return finish(seq, FinishReason::Length, out);
  if (static_cast<int>(seq.tokens.size()) >= max_model_len_) {
    // The longest sequence is set by the context or by the cache, whichever is smaller: only the
    // cache's limit is lifted by a larger KV budget, so say so.
    if (kv_->max_tokens() < model_->model->config().context_length) {
      seq.error = "the KV cache is full: this sequence fills all " + std::to_string(kv_->num_total_blocks()) +
                  " blocks (" + std::to_string(kv_->max_tokens()) + " tokens); raise the KV budget to generate more";
      return finish(seq, FinishReason::KvFull, out);
    }
    finish(seq, FinishReason::Length, out);
  }
}

void LLMEngine::fork_siblings(Sequence& parent, const float* logits, StepResult& out) {
  HeldRequest& req = requests_.at(parent.request_id);
  const int n_vocab = model_->model->config().n_vocab;
  for (int i = 1; i <= parent.pending_siblings; ++i) {
    Sequence* child = new_sequence(req, i, parent.params);
    child->tokens = parent.tokens;  // the prompt; the parent's first token is not appended yet
    child->n_prompt = parent.n_prompt;
    child->n_computed = parent.n_computed;
    child->n_prefix_hit = parent.n_prefix_hit;
    child->arrival = parent.arrival;
    child->first_scheduled = parent.first_scheduled;
    kv_->fork(parent.id, child->id);
    scheduler_->add_running(child);
    const int32_t tok = sample_token(logits, n_vocab, child->params, child->tokens, child->rng(), probs_scratch_);
    accept_token(*child, tok, TokenOrigin::Decoded, out);
  }
  parent.pending_siblings = 0;
  parent.awaiting_fork = false;
}

void LLMEngine::propose_drafts() {
  std::vector<spec::DraftInput> inputs;
  std::vector<Sequence*> who;
  for (Sequence* s : scheduler_->running()) {
    s->draft.clear();
    s->draft_q.clear();
    // Only sequences whose single uncomputed token is their newest sampled one are decoding.
    if (s->awaiting_fork || s->n_uncomputed() != 1 || s->n_computed < s->n_prompt) continue;
    // No draft past max_tokens or the longest sequence: those tokens could never be emitted.
    const int k = std::min({config_.spec.k, s->params.max_tokens - s->n_generated() - 1,
                            max_model_len_ - static_cast<int>(s->tokens.size()) - 1});
    if (k < 1) continue;
    inputs.push_back({s->id, &s->tokens, k, &s->params, &s->rng()});
    who.push_back(s);
  }
  if (inputs.empty()) return;
  std::vector<spec::Draft> drafts;
  drafter_->propose(inputs, drafts);
  for (size_t i = 0; i < who.size(); ++i) {
    who[i]->draft = std::move(drafts[i].tokens);
    who[i]->draft_q = std::move(drafts[i].q);
  }
}

void LLMEngine::verify_draft(Sequence& s, const float* rows, StepResult& out) {
  const int n_vocab = model_->model->config().n_vocab;
  const spec::Verdict v = spec::verify(rows, n_vocab, s.draft, s.draft_q, s.params, s.tokens, s.rng(), config_.spec.accept_rule);
  const int drafted = static_cast<int>(s.draft.size());
  s.spec_drafted += drafted;
  s.spec_accepted += v.accepted;
  s.spec_passes += 1;
  s.spec_rejections += v.accepted < drafted ? 1 : 0;
  step_spec_drafted_ += drafted;
  step_spec_accepted_ += v.accepted;
  // The newest token and the accepted drafts now have valid K/V; the rejected drafts' slots (and blocks
  // only they filled) go back to the pool before anything is committed to the prefix cache.
  s.n_computed += 1 + v.accepted;
  kv_->truncate(s.id, s.n_computed);
  std::vector<int32_t> computed = s.tokens;
  computed.insert(computed.end(), v.tokens.begin(), v.tokens.begin() + v.accepted);
  kv_->commit_tokens(s.id, computed);
  s.draft.clear();
  s.draft_q.clear();
  for (size_t j = 0; j < v.tokens.size() && !s.is_finished(); ++j)
    accept_token(s, v.tokens[j], static_cast<int>(j) < v.accepted ? TokenOrigin::Accepted : TokenOrigin::Decoded, out);
}

StepResult LLMEngine::step() {
  StepResult out;
  activate_pending();
  if (scheduler_->idle()) return out;
  const StepStart start = begin_step();
  const StepPlan plan = plan_step();
  const ForwardBatch batch = make_batch(plan);
  if (!batch.seqs.empty()) {
    run_forward(batch);
    decide_greedy_rows(plan, batch);
    take_outputs(plan, batch, out);
  }
  end_step(plan, !batch.seqs.empty(), start, out);
  return out;
}

LLMEngine::StepStart LLMEngine::begin_step() {
  if (!pending_clocks_.empty() || queued_on_hold_) start_pending_clocks();
  StepStart s;
  s.t0 = Clock::now();
  if (!started_) {
    start_ = s.t0;
    started_ = true;
  }
  s.hit_before = kv_->prefix_hit_tokens();
  s.query_before = kv_->prefix_query_tokens();
  step_spec_drafted_ = step_spec_accepted_ = 0;
  return s;
}

StepPlan LLMEngine::plan_step() {
  if (drafter_) propose_drafts();
  StepPlan plan = scheduler_->schedule();
  // The step's blocks are all allocated now; window groups release theirs only after the forward pass.
  const KvLayout& layout = backend_->kv_layout();
  kv_bytes_peak_ = std::max(kv_bytes_peak_, int64_t(kv_->num_used_blocks()) * int64_t(layout.block_bytes()));
  kv_bytes_peak_full_ = std::max(kv_bytes_peak_full_, int64_t(kv_->num_full_attention_blocks()) *
                                                          int64_t(layout.full_attention_block_bytes()));
  // A preempted sequence recomputes from scratch: its drafter state goes too.
  if (drafter_ && plan.preempted > 0)
    for (Sequence* w : scheduler_->waiting())
      if (w->preemptions > 0) drafter_->release(w->id);
  for (const BlockCopy& c : kv_->take_pending_copies()) backend_->copy_block(c.src, c.dst);
  return plan;
}

ForwardBatch LLMEngine::make_batch(const StepPlan& plan) const {
  // Each scheduled sequence's next tokens (plus its draft) as rows; logits only for rows that end a
  // sequence, or for the newest token and every draft when speculating.
  ForwardBatch batch;
  for (const ScheduledSeq& p : plan.seqs) {
    const Sequence* s = p.seq;
    const int n_draft = static_cast<int>(s->draft.size());
    const int n_real = p.n_tokens - n_draft;
    SeqSlice sl;
    sl.seq_id = s->id;
    sl.row_begin = batch.n_rows();
    sl.n_new = p.n_tokens;
    sl.n_past = s->n_computed;
    sl.block_table = &kv_->block_table(s->id);
    if (kv_->num_groups() > 1)
      for (int g = 0; g < kv_->num_groups(); ++g) sl.group_tables.push_back(&kv_->block_table(s->id, g));
    sl.n_logits = s->n_computed + n_real == static_cast<int>(s->tokens.size()) ? 1 + n_draft : 0;
    batch.tokens.insert(batch.tokens.end(), s->tokens.begin() + s->n_computed,
                        s->tokens.begin() + s->n_computed + n_real);
    batch.tokens.insert(batch.tokens.end(), s->draft.begin(), s->draft.end());
    batch.seqs.push_back(sl);
  }
  return batch;
}

void LLMEngine::run_forward(const ForwardBatch& batch) {
  ForwardStats stats;
  backend_->forward(batch, logits_, config_.attention, &stats);
  attention_counters_.kv_bytes_read += stats.attention.kv_bytes_read;
  attention_counters_.score_bytes_written += stats.attention.score_bytes_written;
}

void LLMEngine::decide_greedy_rows(const StepPlan& plan, const ForwardBatch& batch) {
  // Split across the pool: each row's token is the one it gets alone. A 262,144-token vocabulary
  // (Gemma 3) makes that 1 MiB of logits a row, several percent of a 16-sequence step on one thread.
  const int n_vocab = model_->model->config().n_vocab;
  greedy_tokens_.assign(plan.seqs.size(), -1);
  greedy_rows_.clear();
  for (size_t i = 0, row = 0; i < plan.seqs.size(); ++i) {
    const Sequence* s = plan.seqs[i].seq;
    if (!s->draft.empty() || batch.seqs[i].n_logits == 0) {
      row += size_t(batch.seqs[i].n_logits);
      continue;
    }
    if (!s->awaiting_fork && plain_greedy(s->params)) {
      greedy_rows_.push_back(int32_t(i));
      greedy_rows_.push_back(int32_t(row));
    }
    ++row;
  }
  const int64_t n_greedy = int64_t(greedy_rows_.size() / 2);
  auto decide = [&](int64_t b, int64_t e, int) {
    for (int64_t k = b; k < e; ++k)
      greedy_tokens_[size_t(greedy_rows_[2 * k])] = argmax(&logits_[size_t(greedy_rows_[2 * k + 1]) * n_vocab], n_vocab);
  };
  if (n_greedy > 1 && pool_) pool_->parallel_for(n_greedy, decide);
  else decide(0, n_greedy, 0);
}

void LLMEngine::take_outputs(const StepPlan& plan, const ForwardBatch& batch, StepResult& out) {
  const int n_vocab = model_->model->config().n_vocab;
  int r = 0;
  for (size_t i = 0; i < plan.seqs.size(); ++i) {
    Sequence* s = plan.seqs[i].seq;
    if (!s->draft.empty()) {
      verify_draft(*s, &logits_[size_t(r) * n_vocab], out);
      r += batch.seqs[i].n_logits;
      continue;
    }
    s->n_computed += plan.seqs[i].n_tokens;
    if (!config_.sched.recompute_all) {
      // Only the computed tokens have K/V: after a prefill chunk the rest of the prompt does not.
      if (s->n_computed == static_cast<int>(s->tokens.size())) {
        kv_->commit_tokens(s->id, s->tokens);
      } else {
        kv_->commit_tokens(s->id, std::vector<int32_t>(s->tokens.begin(), s->tokens.begin() + s->n_computed));
      }
    }
    if (batch.seqs[i].n_logits == 0) continue;
    const float* row = &logits_[size_t(r++) * n_vocab];
    if (s->awaiting_fork) fork_siblings(*s, row, out);
    const int32_t tok = greedy_tokens_[i] >= 0 ? greedy_tokens_[i]
                                               : sample_token(row, n_vocab, s->params, s->tokens, s->rng(), probs_scratch_);
    accept_token(*s, tok, TokenOrigin::Decoded, out);
  }
}

void LLMEngine::end_step(const StepPlan& plan, bool ran_forward, const StepStart& start, StepResult& out) {
  int finished = 0;
  for (const ScheduledSeq& p : plan.seqs)
    if (p.seq->status == SeqStatus::Finished) ++finished;
  // Drafts of sequences the plan left out are stale next step.
  for (Sequence* s : scheduler_->running()) {
    s->draft.clear();
    s->draft_q.clear();
  }
  const double step_ms = ms_between(start.t0, Clock::now());
  out.prefill_chunks = prefill_chunks(plan);
  out.metrics = make_metrics(plan, step_ms, finished, static_cast<int>(out.events.size()), start.hit_before,
                             start.query_before);
  if (config_.parallel.enabled()) {
    out.metrics.parallel_devices = config_.parallel.devices;
    if (auto tl = backend_->last_timeline(); tl && ran_forward) {
      auto stamped = std::make_shared<ParallelTimeline>(*tl);
      stamped->step = step_index_;
      out.metrics.comm_bytes = stamped->comm_bytes;
      out.metrics.bubble_fraction = stamped->bubble_fraction;
      recorder_.set_latest_timeline(std::move(stamped));
    }
  }
  recorder_.record(out.metrics, std::make_shared<const BlockMapSnapshot>(kv_->snapshot()));
  out.ran = true;
  ++step_index_;
  forget_old_requests();
}

std::vector<PrefillChunk> LLMEngine::prefill_chunks(const StepPlan& plan) {
  std::vector<PrefillChunk> chunks;
  for (const ScheduledSeq& p : plan.seqs)
    if (p.counted_as_prefill) chunks.push_back({p.seq->request_id, p.n_tokens});
  // Siblings of one request recomputing in the same step make one chunk of that request.
  std::sort(chunks.begin(), chunks.end(), [](const PrefillChunk& a, const PrefillChunk& b) { return a.request_id < b.request_id; });
  size_t w = 0;
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (w > 0 && chunks[w - 1].request_id == chunks[i].request_id) chunks[w - 1].tokens += chunks[i].tokens;
    else chunks[w++] = chunks[i];
  }
  chunks.resize(w);
  return chunks;
}

StepMetrics LLMEngine::make_metrics(const StepPlan& plan, double step_ms, int finished, int generated,
                                    int64_t hit_before, int64_t query_before) {
  StepMetrics m;
  m.step = step_index_;
  m.t_ms = ms_between(start_, Clock::now());
  m.step_ms = step_ms;
  m.running = scheduler_->num_running();
  m.waiting = scheduler_->num_waiting();
  m.preempted = plan.preempted;
  m.finished = finished;
  m.prefill_tokens = plan.prefill_tokens;
  m.decode_tokens = plan.decode_tokens;
  m.token_budget = config_.sched.max_num_batched_tokens;
  m.max_num_seqs = config_.sched.max_num_seqs;
  m.slot_utilization = double(plan.seqs.size()) / m.max_num_seqs;
  m.token_utilization = std::min(1.0, double(plan.prefill_tokens + plan.decode_tokens) / m.token_budget);
  m.kv_blocks_total = kv_->num_total_blocks();
  m.kv_blocks_used = kv_->num_used_blocks();
  m.kv_blocks_cached = kv_->num_cached_blocks();
  m.kv_blocks_shared = kv_->num_shared_blocks();
  const KvLayout& L = backend_->kv_layout();
  m.kv_bytes_logical = kv_->num_filled_slots() * int64_t(L.token_payload_bytes());
  m.kv_bytes_allocated = int64_t(m.kv_blocks_used) * int64_t(L.block_bytes());
  for (const Sequence* s : scheduler_->running())
    m.kv_bytes_contiguous_reserved += int64_t(std::min(s->n_prompt + s->params.max_tokens, max_model_len_)) *
                                      int64_t(L.model_token_payload_bytes());
  m.prefix_hit_tokens = kv_->prefix_hit_tokens() - hit_before;
  m.prefix_query_tokens = kv_->prefix_query_tokens() - query_before;
  m.spec_drafted = step_spec_drafted_;
  m.spec_accepted = step_spec_accepted_;
  m.kv_bytes_peak = kv_bytes_peak_;
  m.kv_bytes_peak_full_attention = kv_bytes_peak_full_;
  // Throughput over the steps of the last second of engine time: the steps' own durations, so a pause or
  // a slowed display between steps does not lower it (a GUI paced at 10 steps/s is not a slow engine).
  tps_window_.push_back({step_ms, generated});
  double span_ms = 0;
  int window_tokens = 0;
  for (const auto& w : tps_window_) {
    span_ms += w.first;
    window_tokens += w.second;
  }
  while (tps_window_.size() > 1 && span_ms - tps_window_.front().first >= 1000.0) {
    span_ms -= tps_window_.front().first;
    window_tokens -= tps_window_.front().second;
    tps_window_.erase(tps_window_.begin());
  }
  m.tokens_per_s = span_ms > 0 ? window_tokens * 1000.0 / span_ms : 0.0;
  return m;
}

RequestInfo LLMEngine::request_info(int64_t request_id) const {
  RequestInfo info;
  auto it = requests_.find(request_id);
  if (it == requests_.end()) {
    if (!pending_.contains(request_id)) return info;
    // Queued, no sequences yet: waiting, nothing generated.
    PendingQueue::Taken t = pending_.peek(request_id);
    info.id = t.id;
    info.state = RequestState::Waiting;
    info.prompt_ids = std::move(t.prompt);
    info.n_prompt = static_cast<int>(info.prompt_ids.size());
    info.token_ids.resize(1);
    info.texts.resize(1);
    return info;
  }
  const HeldRequest& req = it->second;
  info.id = req.id;
  if (!req.seqs.empty()) {
    const Sequence& first = *req.seqs.front();
    info.prompt_ids.assign(first.tokens.begin(), first.tokens.begin() + first.n_prompt);
  }
  info.n_prompt = static_cast<int>(info.prompt_ids.size());
  info.error = req.error;
  if (info.error.empty())
    for (const auto& s : req.seqs)
      if (!s->error.empty()) {
        info.error = s->error;
        break;
      }
  bool any_running = false, any_waiting = false, all_finished = true, any_preempted_waiting = false;
  Clock::time_point first_token{}, last_finish{}, first_sched{};
  Clock::time_point arrival = req.seqs.empty() ? Clock::time_point{} : req.seqs.front()->arrival;
  double tpot_sum = 0;
  int tpot_n = 0;
  for (const auto& s : req.seqs) {
    info.seq_ids.push_back(s->id);
    info.token_ids.emplace_back(s->tokens.begin() + s->n_prompt, s->tokens.end());
    info.texts.push_back(s->text);
    info.n_generated += s->n_generated();
    info.preemptions += s->preemptions;
    info.spec_drafted += s->spec_drafted;
    info.spec_accepted += s->spec_accepted;
    info.spec_passes += s->spec_passes;
    info.spec_rejections += s->spec_rejections;
    info.n_prefix_hit = std::max(info.n_prefix_hit, s->n_prefix_hit);
    if (kv_->has_sequence(s->id)) info.blocks_held += kv_->num_blocks_held(s->id);
    any_running |= s->status == SeqStatus::Running;
    any_waiting |= s->status == SeqStatus::Waiting;
    any_preempted_waiting |= s->status == SeqStatus::Waiting && s->preemptions > 0;
    all_finished &= s->is_finished();
    if (s->has_first_token && (first_token == Clock::time_point{} || s->first_token < first_token)) first_token = s->first_token;
    if (s->first_scheduled != Clock::time_point{} && (first_sched == Clock::time_point{} || s->first_scheduled < first_sched))
      first_sched = s->first_scheduled;
    if (s->is_finished()) last_finish = std::max(last_finish, s->finished);
    if (s->has_first_token && s->is_finished() && s->n_generated() > 1) {
      tpot_sum += ms_between(s->first_token, s->finished) / (s->n_generated() - 1);
      ++tpot_n;
    }
    if (info.finish_reason.empty() || s->finish_reason != FinishReason::None) info.finish_reason = to_string(s->finish_reason);
  }
  if (req.failed) info.state = RequestState::Failed;
  else if (req.cancelled) info.state = RequestState::Cancelled;
  else if (any_running) info.state = RequestState::Running;
  else if (any_preempted_waiting) info.state = RequestState::Preempted;
  else if (any_waiting || (!req.seqs.empty() && req.seqs.front()->awaiting_fork)) info.state = RequestState::Waiting;
  else if (all_finished) info.state = RequestState::Finished;
  if (first_sched != Clock::time_point{}) info.queue_ms = ms_between(arrival, first_sched);
  if (first_token != Clock::time_point{}) info.ttft_ms = ms_between(arrival, first_token);
  if (tpot_n > 0) info.tpot_ms = tpot_sum / tpot_n;
  if (all_finished && last_finish != Clock::time_point{}) info.e2e_ms = ms_between(arrival, last_finish);
  return info;
}

std::vector<RequestInfo> LLMEngine::all_requests() const {
  std::vector<int64_t> ids;
  ids.reserve(requests_.size() + pending_.size());
  for (const auto& [id, req] : requests_) ids.push_back(id);
  for (int64_t id : pending_.front_ids(pending_.size())) ids.push_back(id);
  std::sort(ids.begin(), ids.end());  // a request that failed at submission may be newer than queued ones
  std::vector<RequestInfo> v;
  v.reserve(ids.size());
  for (int64_t id : ids) v.push_back(request_info(id));
  return v;
}

std::vector<RequestInfo> LLMEngine::request_view(size_t max_waiting, size_t max_ended) const {
  std::vector<int64_t> ids;
  for (const Sequence* s : scheduler_->running()) ids.push_back(s->request_id);
  size_t shown = 0;
  for (auto it = scheduler_->waiting().begin(); it != scheduler_->waiting().end() && shown < max_waiting; ++it, ++shown)
    ids.push_back((*it)->request_id);
  if (shown < max_waiting)
    for (int64_t id : pending_.front_ids(max_waiting - shown)) ids.push_back(id);
  shown = 0;
  for (auto it = ended_.rbegin(); it != ended_.rend() && shown < max_ended; ++it, ++shown) ids.push_back(*it);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  std::vector<RequestInfo> v;
  v.reserve(ids.size());
  for (int64_t id : ids) v.push_back(request_info(id));
  return v;
}

const RequestTotals& LLMEngine::request_totals() const {
  std::vector<int64_t> running;
  for (const Sequence* s : scheduler_->running()) running.push_back(s->request_id);
  std::sort(running.begin(), running.end());
  totals_.running = std::unique(running.begin(), running.end()) - running.begin();
  const int64_t ended = totals_.finished + totals_.failed + totals_.cancelled;
  totals_.waiting = std::max<int64_t>(0, totals_.submitted - ended - totals_.running);
  return totals_;
}

}  // namespace inferscope
