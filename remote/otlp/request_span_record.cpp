#include "remote/otlp/request_span_record.h"

#include <cmath>

namespace inferscope::remote {

namespace {

// The names in the record's values (docs/recording-format.md lists them).
template <typename T>
void put(record::NamedValues& v, const char* name, const std::optional<T>& x) {
  if (x) v.emplace_back(name, double(*x));
}

std::optional<double> get(const record::NamedValues& v, const char* name) {
  const double* p = record::find_value(v, name);
  return p ? std::optional<double>(*p) : std::nullopt;
}

std::optional<int64_t> get_count(const record::NamedValues& v, const char* name) {
  const double* p = record::find_value(v, name);
  // Counts were written from int64; a value that cannot be one (a damaged or forged file) stays absent.
  if (!p || !std::isfinite(*p) || std::fabs(*p) > 9.2e18) return std::nullopt;
  return int64_t(*p);
}

std::string text(const record::RequestSpanRecord& r, const char* name) {
  for (const auto& [n, v] : r.texts)
    if (n == name) return v;
  return {};
}

}  // namespace

record::RequestSpanRecord to_record(const LlmRequestSpan& r) {
  record::RequestSpanRecord out;
  out.t_s = r.received_t_s;
  out.trace_id = r.trace_id;
  out.span_id = r.span_id;
  out.name = r.name;
  out.start_unix_ns = r.start_unix_ns;
  out.end_unix_ns = r.end_unix_ns;
  if (!r.request_id.empty()) out.texts.emplace_back("request_id", r.request_id);
  if (!r.service.empty()) out.texts.emplace_back("service", r.service);
  if (!r.model.empty()) out.texts.emplace_back("model", r.model);
  auto& v = out.values;
  put(v, "queue_s", r.queue_s);
  put(v, "ttft_s", r.ttft_s);
  put(v, "e2e_s", r.e2e_s);
  put(v, "prefill_s", r.prefill_s);
  put(v, "decode_s", r.decode_s);
  put(v, "inference_s", r.inference_s);
  put(v, "prompt_tokens", r.prompt_tokens);
  put(v, "completion_tokens", r.completion_tokens);
  put(v, "max_tokens", r.max_tokens);
  put(v, "n", r.n);
  put(v, "temperature", r.temperature);
  put(v, "top_p", r.top_p);
  return out;
}

LlmRequestSpan from_record(const record::RequestSpanRecord& r) {
  LlmRequestSpan out;
  out.received_t_s = r.t_s;
  out.trace_id = r.trace_id;
  out.span_id = r.span_id;
  out.name = r.name;
  out.start_unix_ns = r.start_unix_ns;
  out.end_unix_ns = r.end_unix_ns;
  out.request_id = text(r, "request_id");
  out.service = text(r, "service");
  out.model = text(r, "model");
  const auto& v = r.values;
  out.queue_s = get(v, "queue_s");
  out.ttft_s = get(v, "ttft_s");
  out.e2e_s = get(v, "e2e_s");
  out.prefill_s = get(v, "prefill_s");
  out.decode_s = get(v, "decode_s");
  out.inference_s = get(v, "inference_s");
  out.prompt_tokens = get_count(v, "prompt_tokens");
  out.completion_tokens = get_count(v, "completion_tokens");
  out.max_tokens = get_count(v, "max_tokens");
  out.n = get_count(v, "n");
  out.temperature = get(v, "temperature");
  out.top_p = get(v, "top_p");
  return out;
}

}  // namespace inferscope::remote
