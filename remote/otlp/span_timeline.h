#pragma once
// Traced requests on the receiving session's clock. A span's times are the sender's Unix clock, which
// need not agree with this machine's; what is known on this side is when each export arrived. A request
// cannot have finished after its export arrived, so arrival - end bounds the clock offset plus the export
// delay from above, and the smallest such bound over the requests seen is the best estimate of the
// offset (the export sent soonest after its request ended). Qt-free.
#include <deque>
#include <vector>

#include "remote/otlp/llm_request_span.h"

namespace inferscope::remote {

// Each request's finish time in session seconds, in the order given: its span's end shifted by
// min over the requests with an end time of (received_t_s - end); a request without an end time
// (end_unix_ns == 0) is placed at its arrival. Every time returned is at or before its arrival.
std::vector<double> finish_times_on_session_clock(const std::deque<LlmRequestSpan>& requests);

}  // namespace inferscope::remote
