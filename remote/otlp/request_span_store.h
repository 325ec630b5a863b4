#pragma once
// The requests a trace receiver has kept: the newest `capacity` of them, the oldest dropped (and counted)
// beyond that, so a session left running for days holds bounded memory. Qt-free; not thread-safe (one
// owner thread, like the receiver that fills it).
#include <cstddef>
#include <cstdint>
#include <deque>

#include "remote/otlp/llm_request_span.h"

namespace inferscope::remote {

class RequestSpanStore {
 public:
  explicit RequestSpanStore(size_t capacity = 10000) : capacity_(capacity == 0 ? 1 : capacity) {}
  void add(LlmRequestSpan r);
  // Oldest first.
  const std::deque<LlmRequestSpan>& kept() const { return kept_; }
  uint64_t received() const { return received_; }  // every request added, kept or not
  uint64_t dropped() const { return dropped_; }    // pushed out by newer ones
  size_t capacity() const { return capacity_; }

 private:
  size_t capacity_;
  std::deque<LlmRequestSpan> kept_;
  uint64_t received_ = 0, dropped_ = 0;
};

}  // namespace inferscope::remote
