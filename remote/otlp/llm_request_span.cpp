#include "remote/otlp/llm_request_span.h"

#include <cmath>

namespace inferscope::remote {

namespace {

std::optional<double> number(const OtlpSpan& s, const char* key) {
  const OtlpValue* v = s.attribute(key);
  if (!v) return std::nullopt;
  if (v->type == OtlpValue::Type::Double) return v->d;
  if (v->type == OtlpValue::Type::Int) return double(v->i);
  return std::nullopt;
}

std::optional<int64_t> count(const OtlpSpan& s, const char* key) {
  const OtlpValue* v = s.attribute(key);
  if (!v) return std::nullopt;
  if (v->type == OtlpValue::Type::Int) return v->i;
  // Python senders may hand over an integral float; anything else is not a count.
  if (v->type == OtlpValue::Type::Double && std::isfinite(v->d) && std::trunc(v->d) == v->d && std::fabs(v->d) < 9e15)
    return int64_t(v->d);
  return std::nullopt;
}

std::string text(const OtlpSpan& s, const char* key) {
  const OtlpValue* v = s.attribute(key);
  if (!v) return {};
  if (v->type == OtlpValue::Type::String) return v->s;
  if (v->type == OtlpValue::Type::Int) return std::to_string(v->i);
  return {};
}

bool has_genai_figure(const OtlpSpan& s) {
  for (const OtlpAttribute& a : s.attributes)
    if (a.key == genai::kRequestId || a.key.rfind("gen_ai.latency.", 0) == 0 || a.key.rfind("gen_ai.usage.", 0) == 0)
      return true;
  return false;
}

}  // namespace

std::optional<LlmRequestSpan> read_llm_request(const OtlpSpan& s, double received_t_s) {
  if (s.name != kLlmRequestSpanName && !has_genai_figure(s)) return std::nullopt;
  LlmRequestSpan r;
  r.received_t_s = received_t_s;
  r.service = s.service_name;
  r.trace_id = s.trace_id;
  r.span_id = s.span_id;
  r.name = s.name;
  r.start_unix_ns = s.start_unix_ns;
  r.end_unix_ns = s.end_unix_ns;
  r.request_id = text(s, genai::kRequestId);
  r.model = text(s, genai::kResponseModel);
  r.queue_s = number(s, genai::kTimeInQueue);
  r.ttft_s = number(s, genai::kTimeToFirstToken);
  r.e2e_s = number(s, genai::kE2e);
  r.prefill_s = number(s, genai::kTimeInPrefill);
  r.decode_s = number(s, genai::kTimeInDecode);
  r.inference_s = number(s, genai::kTimeInInference);
  r.prompt_tokens = count(s, genai::kPromptTokens);
  r.completion_tokens = count(s, genai::kCompletionTokens);
  r.max_tokens = count(s, genai::kMaxTokens);
  r.n = count(s, genai::kN);
  r.temperature = number(s, genai::kTemperature);
  r.top_p = number(s, genai::kTopP);
  return r;
}

}  // namespace inferscope::remote
