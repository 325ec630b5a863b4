#include "remote/otlp/span_timeline.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace inferscope::remote {

std::vector<double> finish_times_on_session_clock(const std::deque<LlmRequestSpan>& requests) {
  constexpr uint64_t kNs = 1'000'000'000ULL;
  // Seconds since the earliest whole second among the ends: Unix seconds in one double (1.8e9) would keep
  // only a quarter of a microsecond.
  uint64_t base_s = std::numeric_limits<uint64_t>::max();
  for (const auto& r : requests)
    if (r.end_unix_ns > 0) base_s = std::min<uint64_t>(base_s, r.end_unix_ns / kNs);
  auto end_s = [base_s](const LlmRequestSpan& r) {
    return double(r.end_unix_ns / kNs - base_s) + double(r.end_unix_ns % kNs) * 1e-9;
  };
  double offset = std::numeric_limits<double>::infinity();
  for (const auto& r : requests)
    if (r.end_unix_ns > 0) offset = std::min(offset, r.received_t_s - end_s(r));
  std::vector<double> out;
  out.reserve(requests.size());
  for (const auto& r : requests) out.push_back(r.end_unix_ns > 0 ? end_s(r) + offset : r.received_t_s);
  return out;
}

}  // namespace inferscope::remote
