#pragma once
// Requests read from traces, as an attached session's recording holds them (engine/record's request-span
// records, docs/recording-format.md) and back. Every figure comes back bit for bit; one absent stays absent.
#include "engine/record/server_poll.h"
#include "remote/otlp/llm_request_span.h"

namespace inferscope::remote {

record::RequestSpanRecord to_record(const LlmRequestSpan& r);
LlmRequestSpan from_record(const record::RequestSpanRecord& r);

}  // namespace inferscope::remote
