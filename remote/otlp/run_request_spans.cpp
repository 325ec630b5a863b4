#include "remote/otlp/run_request_spans.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "engine/record/request_phases.h"
#include "remote/otlp/llm_request_span.h"

namespace inferscope::remote {

namespace {

uint64_t mix(uint64_t x) {  // splitmix64's finalizer: distinct inputs, well-spread ids
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

uint64_t fnv1a(const std::string& s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : s) h = (h ^ uint8_t(c)) * 0x100000001b3ull;
  return h;
}

std::string hex64(uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[size_t(i)] = digits[v & 15];
  return out;
}

uint64_t nonzero(uint64_t v) { return v == 0 ? 1 : v; }

OtlpValue str(std::string s) {
  OtlpValue v;
  v.type = OtlpValue::Type::String;
  v.s = std::move(s);
  return v;
}
OtlpValue integer(int64_t i) {
  OtlpValue v;
  v.type = OtlpValue::Type::Int;
  v.i = i;
  return v;
}
OtlpValue real(double d) {
  OtlpValue v;
  v.type = OtlpValue::Type::Double;
  v.d = d;
  return v;
}

}  // namespace

uint64_t recording_created_unix_ns(const record::Recording& recording) {
  const auto it = recording.meta().find("created");
  if (it == recording.meta().end() || !it->is_string()) return 0;
  std::tm tm{};
  const std::string s = it->get<std::string>();
  if (std::sscanf(s.c_str(), "%4d-%2d-%2dT%2d:%2d:%2dZ", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
                  &tm.tm_sec) != 6)
    return 0;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  const std::time_t t = timegm(&tm);
  return t <= 0 ? 0 : uint64_t(t) * 1000000000ull;
}

std::vector<OtlpSpan> run_request_spans(const record::Recording& recording, const RunSpanOptions& options) {
  if (recording.is_attach())
    throw std::invalid_argument("this is a recording of an attached session: it holds the servers' polls, not a run's requests");
  const uint64_t base = options.start_unix_ns != 0 ? options.start_unix_ns : recording_created_unix_ns(recording);
  auto ns = [base](double ms) {
    const double v = double(base) + ms * 1e6;
    return v <= 0 ? uint64_t(0) : uint64_t(std::llround(v));
  };
  const uint64_t seed = fnv1a(recording.meta().dump());
  std::string model;
  if (const auto m = recording.meta().find("model"); m != recording.meta().end() && m->is_object())
    model = m->value("name", std::string());

  std::vector<OtlpSpan> spans;
  for (const record::RequestPhases& r : record::request_phases(recording)) {
    if (r.phases.empty()) continue;
    const std::string trace_id = hex64(mix(seed)) + hex64(nonzero(mix(seed ^ mix(uint64_t(r.id)))));
    auto span_id = [&](uint64_t k) { return hex64(nonzero(mix(seed ^ mix(uint64_t(r.id)) ^ mix(k + 0x51ed)))); };
    const RequestInfo& q = r.info;

    OtlpSpan root;
    root.service_name = options.service_name;
    root.trace_id = trace_id;
    root.span_id = span_id(0);
    root.name = kLlmRequestSpanName;
    root.start_unix_ns = ns(r.phases.front().begin_ms);
    root.end_unix_ns = ns(r.phases.back().end_ms);
    auto add = [&root](const char* key, OtlpValue v) { root.attributes.push_back({key, std::move(v)}); };
    add(genai::kRequestId, str(std::to_string(r.id)));
    if (!model.empty()) add(genai::kResponseModel, str(model));
    add(genai::kPromptTokens, integer(q.n_prompt));
    add(genai::kCompletionTokens, integer(q.n_generated));
    if (q.queue_ms >= 0) add(genai::kTimeInQueue, real(q.queue_ms / 1000.0));
    if (q.ttft_ms >= 0) add(genai::kTimeToFirstToken, real(q.ttft_ms / 1000.0));
    if (q.e2e_ms >= 0) add(genai::kE2e, real(q.e2e_ms / 1000.0));
    // vLLM's prefill: scheduled to first token; decode: first token to last. From the phases, so that
    // they add up with the child spans; known once the request has its first token / has ended.
    const auto prefill = std::find_if(r.phases.begin(), r.phases.end(),
                                      [](const record::Phase& p) { return p.kind == record::PhaseKind::Prefill; });
    if (prefill != r.phases.end() && q.ttft_ms >= 0) {
      add(genai::kTimeInPrefill, real((prefill->end_ms - prefill->begin_ms) / 1000.0));
      if (r.ended) {
        add(genai::kTimeInDecode, real((r.phases.back().end_ms - prefill->end_ms) / 1000.0));
        add(genai::kTimeInInference, real((r.phases.back().end_ms - prefill->begin_ms) / 1000.0));
      }
    }
    add("inferscope.state", str(request_state_name(q.state)));
    if (!q.finish_reason.empty()) add("inferscope.finish_reason", str(q.finish_reason));
    add("inferscope.prefix_hit_tokens", integer(q.n_prefix_hit));
    add("inferscope.preemptions", integer(q.preemptions));
    if (q.spec_drafted > 0) {
      add("inferscope.spec_drafted", integer(q.spec_drafted));
      add("inferscope.spec_accepted", integer(q.spec_accepted));
    }
    const std::string root_id = root.span_id;
    spans.push_back(std::move(root));

    for (size_t i = 0; i < r.phases.size(); ++i) {
      const record::Phase& p = r.phases[i];
      OtlpSpan s;
      s.service_name = options.service_name;
      s.trace_id = trace_id;
      s.span_id = span_id(i + 1);
      s.parent_span_id = root_id;
      s.name = record::to_string(p.kind);
      s.start_unix_ns = ns(p.begin_ms);
      s.end_unix_ns = ns(p.end_ms);
      s.attributes.push_back({"inferscope.first_step", integer(p.first_step)});
      s.attributes.push_back({"inferscope.last_step", integer(p.last_step)});
      const std::string phase_id = s.span_id;
      spans.push_back(std::move(s));
      // A prefill's or recompute's chunks: one child per step that computed its tokens, spanning that step.
      const auto chunks = record::chunks_in(r, p);
      for (size_t k = 0; k < chunks.size(); ++k) {
        const StepMetrics& m = recording.metrics(chunks[k].step);
        OtlpSpan c;
        c.service_name = options.service_name;
        c.trace_id = trace_id;
        c.span_id = span_id((uint64_t(i + 1) << 32) | uint64_t(k + 1));
        c.parent_span_id = phase_id;
        c.name = kPrefillChunkSpanName;
        c.start_unix_ns = ns(std::max(p.begin_ms, m.begin_ms()));
        c.end_unix_ns = ns(std::min(p.end_ms, m.t_ms));
        c.attributes.push_back({"inferscope.step", integer(chunks[k].step)});
        c.attributes.push_back({"inferscope.tokens", integer(chunks[k].tokens)});
        c.attributes.push_back({"inferscope.chunk", integer(int64_t(k + 1))});
        c.attributes.push_back({"inferscope.chunks", integer(int64_t(chunks.size()))});
        spans.push_back(std::move(c));
      }
    }
  }
  return spans;
}

}  // namespace inferscope::remote
