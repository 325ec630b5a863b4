#include "remote/otlp/span_phases.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "remote/otlp/span_timeline.h"

namespace inferscope::remote {

namespace {

// A figure usable as a length: present, finite and not negative.
std::optional<double> length(const std::optional<double>& s) {
  return s && std::isfinite(*s) && *s >= 0 ? s : std::nullopt;
}

std::optional<double> span_duration_s(const LlmRequestSpan& r) {
  if (r.start_unix_ns == 0 || r.end_unix_ns <= r.start_unix_ns) return std::nullopt;
  return double(r.end_unix_ns - r.start_unix_ns) * 1e-9;
}

}  // namespace

record::RequestPhases traced_request_phases(const LlmRequestSpan& r, double end_s, int64_t id) {
  record::RequestPhases out;
  out.id = id;
  out.ended = true;
  out.info.id = id;
  out.info.state = RequestState::Finished;
  out.info.n_prompt = int(r.prompt_tokens.value_or(0));
  out.info.n_generated = int(r.completion_tokens.value_or(0));
  auto ms = [](const std::optional<double>& s) { return s ? *s * 1000.0 : -1.0; };
  out.info.queue_ms = ms(r.queue_s);
  out.info.ttft_ms = ms(r.ttft_s);
  out.info.e2e_ms = ms(r.e2e_s);
  const double end_ms = end_s * 1000.0;
  out.end_ms = end_ms;

  std::optional<double> e2e = length(r.e2e_s);
  if (!e2e) e2e = span_duration_s(r);
  if (!e2e) return out;  // nowhere to start it: an empty row
  std::optional<double> queue = length(r.queue_s), ttft = length(r.ttft_s);
  if (queue) queue = std::min(*queue, *e2e);
  if (ttft) ttft = std::clamp(*ttft, queue.value_or(0.0), *e2e);

  // The edges from the arrival, in seconds; absent ones merge their neighbours into one Unsplit bar.
  const double arrival_s = end_s - *e2e;
  auto at = [&](double offset_s) { return (arrival_s + offset_s) * 1000.0; };
  auto push = [&out](record::PhaseKind k, double b, double e) { out.phases.push_back({k, b, e, -1, -1}); };
  using K = record::PhaseKind;
  const double a = at(0.0);
  if (queue && ttft) {
    push(K::Waiting, a, at(*queue));
    push(K::Prefill, at(*queue), at(*ttft));
    push(K::Decode, at(*ttft), end_ms);
  } else if (ttft) {
    push(K::Unsplit, a, at(*ttft));
    push(K::Decode, at(*ttft), end_ms);
  } else if (queue) {
    push(K::Waiting, a, at(*queue));
    push(K::Unsplit, at(*queue), end_ms);
  } else {
    push(K::Unsplit, a, end_ms);
  }
  return out;
}

std::vector<record::RequestPhases> traced_phases(const std::deque<LlmRequestSpan>& requests, int64_t first_id) {
  const std::vector<double> ends = finish_times_on_session_clock(requests);
  std::vector<record::RequestPhases> out;
  out.reserve(requests.size());
  for (size_t i = 0; i < requests.size(); ++i) out.push_back(traced_request_phases(requests[i], ends[i], first_id + int64_t(i)));
  return out;
}

}  // namespace inferscope::remote
