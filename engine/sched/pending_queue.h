#pragma once
// PendingQueue: requests the engine accepted but has not yet given sequences, in submission (= id)
// order. A queue of 100,000 requests must not cost 100,000 Sequence objects (~400 bytes each, plus the
// prompt), so until a request nears the head of the scheduler's queue only what makes its sequences
// later is kept, compactly:
//  - the prompt in one shared token arena, 16 bits a token when the vocabulary fits (else 32);
//  - the sampling parameters interned: consecutive requests that differ only in seed and max_tokens
//    (a load generator's) share one entry;
//  - its arrival time, so queueing and TTFT still count from submission.
// Cancelling a queued request leaves a tombstone that pop_front() skips; its tokens go when it reaches
// the head. About 60 bytes plus 2 bytes a prompt token per request.
#include <cstdint>
#include <deque>
#include <vector>

#include "engine/sched/sequence.h"

namespace inferscope {

class PendingQueue {
 public:
  // n_vocab decides the token width: ids of a vocabulary of at most 65,536 tokens fit 16 bits.
  explicit PendingQueue(int32_t n_vocab);

  struct Taken {
    int64_t id = 0;
    Clock::time_point arrival{};
    bool clock_pending = false;
    int n = 1;
    std::vector<int32_t> prompt;
    SamplingParams params;
  };

  // Appends a request; ids must ascend. prompt ids must lie in [0, n_vocab).
  void push(int64_t id, Clock::time_point arrival, bool clock_pending, int n, const std::vector<int32_t>& prompt,
            const SamplingParams& params);
  // Live (not cancelled) requests waiting here.
  size_t size() const { return live_; }
  bool empty() const { return live_ == 0; }
  // Removes and returns the oldest live request (skipping tombstones). Precondition: !empty().
  Taken pop_front();
  // True when id waits here (live).
  bool contains(int64_t id) const { return find(id) != nullptr; }
  // The request as pop_front() would return it, without removing it. Precondition: contains(id).
  Taken peek(int64_t id) const;
  // Marks a waiting request as gone (cancelled or taken out of order). Unknown ids are ignored.
  void remove(int64_t id);
  // Starts the clock of every request submitted on hold at now.
  void start_pending_clocks(Clock::time_point now);
  // Ids of the first max live requests, oldest first.
  std::vector<int64_t> front_ids(size_t max) const;
  // Tokens the arena holds (tombstones' included until they reach the head).
  size_t arena_tokens() const { return narrow_ ? tokens16_.size() : tokens32_.size(); }

 private:
  struct Entry {
    int64_t id = 0;
    Clock::time_point arrival{};
    uint64_t seed = 0;
    uint64_t prompt_begin = 0;   // position in the arena counted from its first token ever
    int32_t prompt_len = 0;
    int32_t max_tokens = 0;
    uint32_t params = 0;         // index into params_
    int16_t n = 1;
    bool clock_pending = false;
    bool removed = false;
  };
  const Entry* find(int64_t id) const;
  Taken make(const Entry& e) const;
  uint32_t intern(const SamplingParams& params);

  bool narrow_;
  std::deque<Entry> entries_;
  std::deque<uint16_t> tokens16_;
  std::deque<int32_t> tokens32_;
  uint64_t arena_base_ = 0;                 // arena position of tokens16_/tokens32_ front
  std::vector<SamplingParams> params_;      // seed and max_tokens zeroed; entries refer by index
  size_t live_ = 0;
};

}  // namespace inferscope
