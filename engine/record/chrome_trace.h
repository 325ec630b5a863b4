#pragma once
// A run as a Chrome / Perfetto trace (the "Trace Event Format" JSON that chrome://tracing and
// ui.perfetto.dev open): where each request's time went, beside the engine's steps.
//
//   process 1 "engine": thread 1 "steps", one complete event ("X") per step, named by its batch
//     ("prefill 48 + decode 3"), args: step, prefill/decode tokens, running, waiting, preempted;
//     counters ("C") "KV blocks" (used, cached) and "requests" (running, waiting) at each step's end.
//   process 2 "requests": one thread per request (tid = request id + 1, named "request N"), its life as
//     complete events in order: "waiting" (arrival to its first step), "prefill" (its first step to the
//     end of the step that produced its first token), "decode" (to the end of its finishing step),
//     "preempted" (from the step it lost its blocks to the step it runs again), then "recompute" (its
//     prompt and tokens prefilled again, to its next token) and "decode". The last event's args carry the finish reason and the request's own figures
//     (queue_ms, ttft_ms, e2e_ms, prompt and generated tokens, prefix-hit tokens, preemptions).
//     Inside each prefill and recompute, one event per step that computed its tokens ("chunk 2/3", cat
//     "prefill_chunk", args: tokens, step) spanning that step (recordings from before chunks have none).
//
// The phases come from request_phases() (engine/record/request_phases.h), which the GUI's request
// timeline reads too.
// Times are microseconds of the run's wall clock (StepMetrics::t_ms; a step spans [t_ms - step_ms, t_ms]).
// A request's arrival is not a step boundary: it is its first step's start minus the engine's queue_ms;
// every other edge is a step boundary, so the phases of a request add up to its e2e_ms within the time its
// first and last step took beyond the token events inside them.
#include <nlohmann/json.hpp>

#include "engine/record/recording.h"

namespace inferscope::record {

// The whole recording as one trace document ({"traceEvents": [...], "displayTimeUnit": "ms", ...}).
// Throws std::invalid_argument for a recording of an attached session (it has polls, not steps).
nlohmann::json chrome_trace(const Recording& recording);
// Writes chrome_trace(recording) to path (through a temporary file: a failed write leaves no half file).
// False with *error saying why (the reason chrome_trace throws included).
bool write_chrome_trace(const Recording& recording, const std::string& path, std::string* error = nullptr);

}  // namespace inferscope::record
