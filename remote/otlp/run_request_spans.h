#pragma once
// A recorded run's requests as OTLP spans, shaped like the ones vLLM exports with --otlp-traces-endpoint,
// so a collector (Jaeger, Tempo, an OpenTelemetry Collector) and the Servers tab read them alike. Qt-free.
//
// One trace per request: a root span "llm_request" from its arrival to the end of its last step, with
// vLLM's GenAI attributes where they mean the same (gen_ai.request.id, gen_ai.usage.prompt_tokens /
// completion_tokens, gen_ai.latency.time_in_queue / time_to_first_token / e2e / time_in_model_prefill /
// time_in_model_decode / time_in_model_inference, in seconds, gen_ai.response.model) and the workbench's
// own (inferscope.state, inferscope.finish_reason, inferscope.prefix_hit_tokens, inferscope.preemptions,
// inferscope.spec_drafted / spec_accepted); under it one child span per phase of its life, named
// waiting / prefill / decode / preempted / recompute (engine/record/request_phases.h), laid end to end,
// with inferscope.first_step / last_step; under a prefill or recompute span, one "prefill_chunk" span per
// step that computed its tokens (inferscope.step, tokens, chunk, chunks), spanning that step (recordings
// from before chunks were recorded have none). A latency the engine does not know yet (a request cut off
// by the end of the run) is left out, never written as 0.
//
// Times: the run's clock (StepMetrics::t_ms) from start_unix_ns, by default the recording's "created"
// time (whole seconds: when the recording began). Ids are derived from the recording and the request id,
// so sending the same recording twice gives the same trace and span ids (a collector deduplicates).
#include <cstdint>
#include <string>
#include <vector>

#include "engine/record/recording.h"
#include "remote/otlp/otlp_trace.h"

namespace inferscope::remote {

inline constexpr const char* kPrefillChunkSpanName = "prefill_chunk";

struct RunSpanOptions {
  std::string service_name = "inferscope";
  uint64_t start_unix_ns = 0;  // 0: the recording's "created" time
};

// Throws std::invalid_argument for a recording of an attached session (it holds polls, not steps).
std::vector<OtlpSpan> run_request_spans(const record::Recording& recording, const RunSpanOptions& options = {});

// The recording's "created" time ("YYYY-MM-DDTHH:MM:SSZ") in ns since the epoch; 0 when absent or unreadable.
uint64_t recording_created_unix_ns(const record::Recording& recording);

}  // namespace inferscope::remote
