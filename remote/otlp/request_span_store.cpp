#include "remote/otlp/request_span_store.h"

namespace inferscope::remote {

void RequestSpanStore::add(LlmRequestSpan r) {
  ++received_;
  if (kept_.size() == capacity_) {
    kept_.pop_front();
    ++dropped_;
  }
  kept_.push_back(std::move(r));
}

}  // namespace inferscope::remote
