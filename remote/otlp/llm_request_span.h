#pragma once
// One served request as a serving engine traces it: vLLM's `llm_request` span (vllm/tracing.py's
// SpanAttributes, GenAI semantic-convention names) read into the figures the workbench shows. Qt-free.
#include <cstdint>
#include <optional>
#include <string>

#include "remote/otlp/otlp_trace.h"

namespace inferscope::remote {

// The attribute names read (vLLM's spelling).
namespace genai {
inline constexpr const char* kRequestId = "gen_ai.request.id";
inline constexpr const char* kPromptTokens = "gen_ai.usage.prompt_tokens";
inline constexpr const char* kCompletionTokens = "gen_ai.usage.completion_tokens";
inline constexpr const char* kTimeInQueue = "gen_ai.latency.time_in_queue";
inline constexpr const char* kTimeToFirstToken = "gen_ai.latency.time_to_first_token";
inline constexpr const char* kE2e = "gen_ai.latency.e2e";
inline constexpr const char* kTimeInPrefill = "gen_ai.latency.time_in_model_prefill";
inline constexpr const char* kTimeInDecode = "gen_ai.latency.time_in_model_decode";
inline constexpr const char* kTimeInInference = "gen_ai.latency.time_in_model_inference";
inline constexpr const char* kMaxTokens = "gen_ai.request.max_tokens";
inline constexpr const char* kTemperature = "gen_ai.request.temperature";
inline constexpr const char* kTopP = "gen_ai.request.top_p";
inline constexpr const char* kN = "gen_ai.request.n";
inline constexpr const char* kResponseModel = "gen_ai.response.model";
}  // namespace genai

inline constexpr const char* kLlmRequestSpanName = "llm_request";

struct LlmRequestSpan {
  double received_t_s = 0.0;  // seconds since the receiver's session began, when it arrived
  std::string service;        // the sender's service.name
  std::string trace_id, span_id, name;
  uint64_t start_unix_ns = 0, end_unix_ns = 0;
  std::string request_id, model;
  // Seconds, as the engine measured them; absent when the span did not say (never 0 in their stead).
  std::optional<double> queue_s, ttft_s, e2e_s, prefill_s, decode_s, inference_s;
  std::optional<int64_t> prompt_tokens, completion_tokens, max_tokens, n;
  std::optional<double> temperature, top_p;
};

// The request a span describes: a span named llm_request, or any span carrying a gen_ai.request.id or a
// gen_ai.latency / gen_ai.usage figure (SGLang names its spans differently). nullopt for other spans.
// A figure of the wrong type (a latency given as a string, a token count with a fraction) is left absent.
std::optional<LlmRequestSpan> read_llm_request(const OtlpSpan& span, double received_t_s);

}  // namespace inferscope::remote
