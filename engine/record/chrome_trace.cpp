#include "engine/record/chrome_trace.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/record/replace_file.h"
#include "engine/record/request_phases.h"

namespace inferscope::record {

namespace {

using nlohmann::json;

constexpr int kEnginePid = 1, kRequestsPid = 2, kStepsTid = 1;

json metadata(const char* what, int pid, int tid, const std::string& name) {
  return {{"ph", "M"}, {"name", what}, {"pid", pid}, {"tid", tid}, {"args", {{"name", name}}}};
}

json complete(const std::string& name, const char* cat, int pid, int64_t tid, double begin_us, double end_us, json args = {}) {
  json e = {{"ph", "X"}, {"name", name}, {"cat", cat}, {"pid", pid}, {"tid", tid}, {"ts", begin_us},
            {"dur", std::max(0.0, end_us - begin_us)}};
  if (!args.is_null()) e["args"] = std::move(args);
  return e;
}

std::string batch_name(const StepMetrics& m) {
  if (m.prefill_tokens > 0 && m.decode_tokens > 0)
    return "prefill " + std::to_string(m.prefill_tokens) + " + decode " + std::to_string(m.decode_tokens);
  if (m.prefill_tokens > 0) return "prefill " + std::to_string(m.prefill_tokens);
  return "decode " + std::to_string(m.decode_tokens);
}

json figures(const RequestInfo& info) {
  return {{"request_id", info.id},         {"finish_reason", info.finish_reason}, {"queue_ms", info.queue_ms},
          {"ttft_ms", info.ttft_ms},       {"e2e_ms", info.e2e_ms},               {"prompt_tokens", info.n_prompt},
          {"generated_tokens", info.n_generated}, {"prefix_hit_tokens", info.n_prefix_hit},
          {"preemptions", info.preemptions}};
}

// One request's phases (request_phases.h) as complete events; the last carries the figures of a request
// that ended, or, when it ended without running (failed, cancelled while waiting), a mark where it ended.
void add_request(const RequestPhases& r, const Recording& rec, json& out) {
  const int64_t tid = r.id + 1;
  for (size_t k = 0; k < r.phases.size(); ++k) {
    const Phase& p = r.phases[k];
    json args = json::object();
    if (r.ended && k + 1 == r.phases.size()) args = figures(r.info);
    out.push_back(complete(to_string(p.kind), "request", kRequestsPid, tid, p.begin_ms * 1000.0, p.end_ms * 1000.0, std::move(args)));
    const auto chunks = chunks_in(r, p);
    for (size_t c = 0; c < chunks.size(); ++c) {
      const StepMetrics& m = rec.metrics(chunks[c].step);
      out.push_back(complete("chunk " + std::to_string(c + 1) + "/" + std::to_string(chunks.size()), "prefill_chunk",
                             kRequestsPid, tid, m.begin_ms() * 1000.0, m.t_ms * 1000.0,
                             {{"tokens", chunks[c].tokens}, {"step", chunks[c].step}}));
    }
  }
  if (r.ended && r.phases.empty())
    out.push_back({{"ph", "i"}, {"s", "t"}, {"name", r.info.finish_reason.empty() ? "ended" : r.info.finish_reason},
                   {"cat", "request"}, {"pid", kRequestsPid}, {"tid", tid}, {"ts", r.end_ms * 1000.0}, {"args", figures(r.info)}});
}

}  // namespace

json chrome_trace(const Recording& r) {
  if (r.is_attach()) throw std::invalid_argument("a recording of an attached session has polls, not engine steps: no trace");
  const std::vector<StepMetrics>& steps = r.all_metrics();
  json events = json::array();
  events.push_back(metadata("process_name", kEnginePid, 0, "engine"));
  events.push_back(metadata("thread_name", kEnginePid, kStepsTid, "steps"));
  events.push_back(metadata("process_name", kRequestsPid, 0, "requests"));
  for (const StepMetrics& m : steps) {
    const double b = m.begin_ms() * 1000.0, e = m.t_ms * 1000.0;
    events.push_back(complete(batch_name(m), "step", kEnginePid, kStepsTid, b, e,
                              {{"step", m.step}, {"prefill_tokens", m.prefill_tokens}, {"decode_tokens", m.decode_tokens},
                               {"running", m.running}, {"waiting", m.waiting}, {"preempted", m.preempted}}));
    events.push_back({{"ph", "C"}, {"name", "KV blocks"}, {"pid", kEnginePid}, {"ts", e},
                      {"args", {{"used", m.kv_blocks_used}, {"cached", m.kv_blocks_cached}}}});
    events.push_back({{"ph", "C"}, {"name", "requests"}, {"pid", kEnginePid}, {"ts", e},
                      {"args", {{"running", m.running}, {"waiting", m.waiting}}}});
  }
  if (steps.empty()) return {{"traceEvents", events}, {"displayTimeUnit", "ms"}};

  for (const RequestPhases& rp : request_phases(r)) {
    events.push_back(metadata("thread_name", kRequestsPid, int(rp.id + 1), "request " + std::to_string(rp.id)));
    add_request(rp, r, events);
  }
  return {{"traceEvents", std::move(events)},
          {"displayTimeUnit", "ms"},
          {"otherData", {{"writer", r.writer()}, {"steps", r.step_count()}, {"model", r.model_card().name}}}};
}

bool write_chrome_trace(const Recording& recording, const std::string& path, std::string* error) {
  std::string text;
  try {
    text = chrome_trace(recording).dump() + "\n";
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
  return replace_file(path, text, error);
}

}  // namespace inferscope::record
