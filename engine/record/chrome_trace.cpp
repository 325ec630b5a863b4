#include "engine/record/chrome_trace.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "engine/record/replace_file.h"

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

// One request's life from its markers (in step order): running phases split at its first token into
// prefill and decode, preempted gaps between them.
class RequestTrack {
 public:
  // token_ends_us: the end of every step that streamed a token of the request, ascending.
  RequestTrack(const std::vector<StepMetrics>& steps, const RequestInfo& info, std::vector<double> token_ends_us, json& out)
      : steps_(steps), info_(info), token_ends_(std::move(token_ends_us)), out_(out), tid_(info.id + 1) {}

  void on(const Marker& m) {
    const double b = begin(m.step), e = end(m.step);
    switch (m.kind) {
      case MarkerKind::Admitted:
        if (preempted_since_ >= 0) add("preempted", preempted_since_, b);
        preempted_since_ = -1;
        if (!admitted_ && info_.queue_ms >= 0) add("waiting", b - info_.queue_ms * 1000.0, b);
        admitted_ = true;
        running_since_ = b;
        break;
      case MarkerKind::Preempted:
        if (running_since_ >= 0) running(running_since_, b);
        running_since_ = -1;
        preempted_since_ = b;
        break;
      case MarkerKind::Finished:
        if (running_since_ >= 0) running(running_since_, e);
        running_since_ = -1;
        if (!last_.is_null()) {
          last_["args"].update(figures());
        } else {  // ended without running (failed, cancelled while waiting): a mark where it ended
          out_.push_back({{"ph", "i"}, {"s", "t"}, {"name", info_.finish_reason.empty() ? "ended" : info_.finish_reason},
                          {"cat", "request"}, {"pid", kRequestsPid}, {"tid", tid_}, {"ts", e}, {"args", figures()}});
        }
        break;
      default: break;
    }
  }

  // The recording ends: a phase still open runs to the end of the last step.
  void finish() {
    const double e = end(int64_t(steps_.size()) - 1);
    if (running_since_ >= 0) running(running_since_, e);
    if (preempted_since_ >= 0) add("preempted", preempted_since_, e);
    if (!last_.is_null()) out_.push_back(std::move(last_));
  }

 private:
  double begin(int64_t i) const { return (steps_[size_t(i)].t_ms - steps_[size_t(i)].step_ms) * 1000.0; }
  double end(int64_t i) const { return steps_[size_t(i)].t_ms * 1000.0; }

  // A running phase: until its first token a prefill ("recompute" after a preemption, which dropped the
  // request's KV blocks), then decode.
  void running(double b, double e) {
    const char* first = resumed_ ? "recompute" : "prefill";
    resumed_ = true;
    const auto t = std::upper_bound(token_ends_.begin(), token_ends_.end(), b);
    if (t == token_ends_.end() || *t >= e) {  // no token before the phase's last step: all prefill
      add(first, b, e);
      return;
    }
    add(first, b, *t);
    add("decode", *t, e);
  }

  void add(const char* name, double b, double e) {
    if (!last_.is_null()) out_.push_back(std::move(last_));
    last_ = complete(name, "request", kRequestsPid, tid_, b, e, json::object());
  }

  json figures() const {
    return {{"request_id", info_.id},         {"finish_reason", info_.finish_reason}, {"queue_ms", info_.queue_ms},
            {"ttft_ms", info_.ttft_ms},       {"e2e_ms", info_.e2e_ms},               {"prompt_tokens", info_.n_prompt},
            {"generated_tokens", info_.n_generated}, {"prefix_hit_tokens", info_.n_prefix_hit},
            {"preemptions", info_.preemptions}};
  }

  const std::vector<StepMetrics>& steps_;
  const RequestInfo& info_;
  std::vector<double> token_ends_;
  json& out_;
  int64_t tid_;
  bool admitted_ = false, resumed_ = false;
  double running_since_ = -1, preempted_since_ = -1;
  json last_;  // the newest event, held back so that the finish can add its figures
};

}  // namespace

json chrome_trace(const Recording& r) {
  if (r.is_attach()) throw std::invalid_argument("a recording of an attached session has polls, not engine steps: no trace");
  const std::vector<StepMetrics>& steps = r.all_metrics();
  json events = json::array();
  events.push_back(metadata("process_name", kEnginePid, 0, "engine"));
  events.push_back(metadata("thread_name", kEnginePid, kStepsTid, "steps"));
  events.push_back(metadata("process_name", kRequestsPid, 0, "requests"));
  for (const StepMetrics& m : steps) {
    const double b = (m.t_ms - m.step_ms) * 1000.0, e = m.t_ms * 1000.0;
    events.push_back(complete(batch_name(m), "step", kEnginePid, kStepsTid, b, e,
                              {{"step", m.step}, {"prefill_tokens", m.prefill_tokens}, {"decode_tokens", m.decode_tokens},
                               {"running", m.running}, {"waiting", m.waiting}, {"preempted", m.preempted}}));
    events.push_back({{"ph", "C"}, {"name", "KV blocks"}, {"pid", kEnginePid}, {"ts", e},
                      {"args", {{"used", m.kv_blocks_used}, {"cached", m.kv_blocks_cached}}}});
    events.push_back({{"ph", "C"}, {"name", "requests"}, {"pid", kEnginePid}, {"ts", e},
                      {"args", {{"running", m.running}, {"waiting", m.waiting}}}});
  }
  if (steps.empty()) return {{"traceEvents", events}, {"displayTimeUnit", "ms"}};

  const int64_t last = r.step_count() - 1;
  std::map<int64_t, std::vector<double>> token_ends;  // request id -> ends of the steps that streamed its tokens
  for (const RecordedToken& t : r.tokens_up_to(last)) {
    std::vector<double>& v = token_ends[t.event.request_id];
    const double e = steps[size_t(t.step)].t_ms * 1000.0;
    if (v.empty() || v.back() < e) v.push_back(e);
  }
  const std::vector<RequestInfo> requests = r.requests_at(last);
  std::map<int64_t, std::vector<const Marker*>> by_request;
  for (const Marker& m : r.markers())
    if (m.request_id >= 0) by_request[m.request_id].push_back(&m);
  for (const RequestInfo& info : requests) {
    events.push_back(metadata("thread_name", kRequestsPid, int(info.id + 1), "request " + std::to_string(info.id)));
    const auto ft = token_ends.find(info.id);
    RequestTrack track(steps, info, ft == token_ends.end() ? std::vector<double>{} : ft->second, events);
    for (const Marker* m : by_request[info.id]) track.on(*m);
    track.finish();
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
