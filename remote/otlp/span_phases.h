#pragma once
// Traced requests (vLLM's llm_request spans, llm_request_span.h) as phases of their life on the receiving
// session's clock, the phases the request timeline draws (engine/record/request_phases.h). Qt-free.
//
// The rule, for a request whose end is E on the session clock (span_timeline.h's mapping) and whose
// figures are e2e, queue and TTFT (vLLM measures all three from the request's arrival):
//   arrival A = E - e2e; without e2e, E - (the span's end - its start) when the span has both times
//   waiting  [A, A + queue]
//   prefill  [A + queue, A + TTFT]
//   decode   [A + TTFT, E]
// A figure that is absent merges the two phases it would have separated into one Unsplit bar: without a
// queue time, [A, A + TTFT] is Unsplit (waiting and prefill); without a TTFT, [A + queue, E] is (prefill
// and decode); with only e2e, the whole request [A, E] is one Unsplit bar. A request with neither e2e nor
// a span duration has no phases (its row is empty). Figures that contradict each other are clamped, never
// drawn past the request's ends: queue to [0, e2e], TTFT to [queue, e2e] (or [0, e2e] without a queue).
// Phases are in ms (session seconds x 1000); they carry no steps (first_step = last_step = -1).
#include <cstdint>
#include <deque>
#include <vector>

#include "engine/record/request_phases.h"
#include "remote/otlp/llm_request_span.h"

namespace inferscope::remote {

// One request's phases by the rule above, given its end on the session clock in seconds; the row is
// ended, has the given id, and its info carries the figures in ms (queue_ms, ttft_ms, e2e_ms: -1 when
// absent) and the token counts (0 when absent).
record::RequestPhases traced_request_phases(const LlmRequestSpan& request, double end_s, int64_t id);

// Every request, in the order given, with ids first_id, first_id + 1, ...; their ends placed by
// finish_times_on_session_clock over the same requests.
std::vector<record::RequestPhases> traced_phases(const std::deque<LlmRequestSpan>& requests, int64_t first_id);

}  // namespace inferscope::remote
