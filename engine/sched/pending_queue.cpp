#include "engine/sched/pending_queue.h"

#include <algorithm>

namespace inferscope {

namespace {

bool same_except_seed_and_length(const SamplingParams& a, const SamplingParams& b) {
  return a.temperature == b.temperature && a.top_k == b.top_k && a.top_p == b.top_p && a.min_p == b.min_p &&
         a.repetition_penalty == b.repetition_penalty && a.repeat_last_n == b.repeat_last_n &&
         a.stop == b.stop && a.ignore_eos == b.ignore_eos;
}

}  // namespace

PendingQueue::PendingQueue(int32_t n_vocab) : narrow_(n_vocab <= 65536) {}

uint32_t PendingQueue::intern(const SamplingParams& params) {
  if (!params_.empty() && same_except_seed_and_length(params_.back(), params))
    return static_cast<uint32_t>(params_.size() - 1);
  SamplingParams shared = params;
  shared.seed = 0;
  shared.max_tokens = 0;
  params_.push_back(std::move(shared));
  return static_cast<uint32_t>(params_.size() - 1);
}

void PendingQueue::push(int64_t id, Clock::time_point arrival, bool clock_pending, int n,
                        const std::vector<int32_t>& prompt, const SamplingParams& params) {
  Entry e;
  e.id = id;
  e.arrival = arrival;
  e.seed = params.seed;
  e.max_tokens = params.max_tokens;
  e.params = intern(params);
  e.n = static_cast<int16_t>(n);
  e.clock_pending = clock_pending;
  e.prompt_len = static_cast<int32_t>(prompt.size());
  e.prompt_begin = arena_base_ + arena_tokens();
  if (narrow_) {
    for (int32_t t : prompt) tokens16_.push_back(static_cast<uint16_t>(t));
  } else {
    tokens32_.insert(tokens32_.end(), prompt.begin(), prompt.end());
  }
  entries_.push_back(e);
  ++live_;
}

PendingQueue::Taken PendingQueue::make(const Entry& e) const {
  Taken t;
  t.id = e.id;
  t.arrival = e.arrival;
  t.clock_pending = e.clock_pending;
  t.n = e.n;
  const size_t begin = static_cast<size_t>(e.prompt_begin - arena_base_);
  t.prompt.reserve(static_cast<size_t>(e.prompt_len));
  if (narrow_) {
    t.prompt.assign(tokens16_.begin() + std::ptrdiff_t(begin), tokens16_.begin() + std::ptrdiff_t(begin + size_t(e.prompt_len)));
  } else {
    t.prompt.assign(tokens32_.begin() + std::ptrdiff_t(begin), tokens32_.begin() + std::ptrdiff_t(begin + size_t(e.prompt_len)));
  }
  t.params = params_[e.params];
  t.params.seed = e.seed;
  t.params.max_tokens = e.max_tokens;
  return t;
}

PendingQueue::Taken PendingQueue::pop_front() {
  Taken out;
  while (!entries_.empty()) {
    const Entry e = entries_.front();
    if (!e.removed) out = make(e);
    entries_.pop_front();
    // Entries are in arena order: the head's tokens are the arena's first ones.
    const size_t n = static_cast<size_t>(e.prompt_len);
    if (narrow_) tokens16_.erase(tokens16_.begin(), tokens16_.begin() + std::ptrdiff_t(n));
    else tokens32_.erase(tokens32_.begin(), tokens32_.begin() + std::ptrdiff_t(n));
    arena_base_ += n;
    if (!e.removed) {
      --live_;
      break;
    }
  }
  // Drop leading tombstones too, so an emptied queue holds nothing.
  while (!entries_.empty() && entries_.front().removed) {
    const size_t n = static_cast<size_t>(entries_.front().prompt_len);
    if (narrow_) tokens16_.erase(tokens16_.begin(), tokens16_.begin() + std::ptrdiff_t(n));
    else tokens32_.erase(tokens32_.begin(), tokens32_.begin() + std::ptrdiff_t(n));
    arena_base_ += n;
    entries_.pop_front();
  }
  if (entries_.empty()) params_.clear();  // nothing refers to them any more
  return out;
}

const PendingQueue::Entry* PendingQueue::find(int64_t id) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), id, [](const Entry& e, int64_t v) { return e.id < v; });
  if (it == entries_.end() || it->id != id || it->removed) return nullptr;
  return &*it;
}

PendingQueue::Taken PendingQueue::peek(int64_t id) const { return make(*find(id)); }

void PendingQueue::remove(int64_t id) {
  Entry* e = const_cast<Entry*>(find(id));
  if (!e) return;
  e->removed = true;
  --live_;
}

void PendingQueue::start_pending_clocks(Clock::time_point now) {
  for (Entry& e : entries_)
    if (e.clock_pending) {
      e.clock_pending = false;
      e.arrival = now;
    }
}

std::vector<int64_t> PendingQueue::front_ids(size_t max) const {
  std::vector<int64_t> ids;
  for (auto it = entries_.begin(); it != entries_.end() && ids.size() < max; ++it)
    if (!it->removed) ids.push_back(it->id);
  return ids;
}

}  // namespace inferscope
