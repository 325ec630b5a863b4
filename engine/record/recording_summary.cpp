#include "engine/record/recording_summary.h"

#include "engine/workload/run_summary.h"

namespace inferscope::record {

nlohmann::json recording_summary(const Recording& r) {
  nlohmann::json j;
  j["writer"] = r.writer();
  j["format"] = r.format_version();
  j["complete"] = r.complete();
  j["limited"] = r.limited();
  if (!r.warning().empty()) j["warning"] = r.warning();
  j["source"] = r.meta().value("source", std::string());
  j["model"] = {{"name", r.model_card().name},
                {"architecture", r.model_card().architecture},
                {"weights", r.model_card().weight_mode_label}};
  j["engine"] = r.engine_json();
  const int64_t n = r.step_count();
  j["steps"] = n;
  j["wall_s"] = n > 0 ? r.metrics(n - 1).t_ms / 1000.0 : 0.0;
  double su = 0, tu = 0;
  int64_t hit = 0, query = 0;
  for (const StepMetrics& m : r.all_metrics()) {
    su += m.slot_utilization;
    tu += m.token_utilization;
    hit += m.prefix_hit_tokens;
    query += m.prefix_query_tokens;
  }
  j["slot_utilization_mean"] = n > 0 ? su / double(n) : 0.0;
  j["token_utilization_mean"] = n > 0 ? tu / double(n) : 0.0;
  j["prefix_hit_tokens"] = hit;
  j["prefix_query_tokens"] = query;
  int submitted = 0, completed = 0, failed = 0;
  int64_t prompt = 0, generated = 0, preemptions = 0;
  std::vector<double> ttft, tpot;
  nlohmann::json reasons = nlohmann::json::object();
  if (n > 0) {
    for (const RequestInfo& q : r.requests_at(n - 1)) {
      ++submitted;
      if (q.state == RequestState::Finished) ++completed;
      if (q.state == RequestState::Failed) ++failed;
      const std::string why = q.state == RequestState::Failed ? std::string("failed") : q.finish_reason;
      if (!why.empty()) reasons[why] = reasons.value(why, 0) + 1;
      prompt += q.n_prompt;
      generated += q.n_generated;
      preemptions += q.preemptions;
      if (q.ttft_ms >= 0) ttft.push_back(q.ttft_ms);
      if (q.tpot_ms >= 0) tpot.push_back(q.tpot_ms);
    }
  }
  j["requests_submitted"] = submitted;
  j["requests_completed"] = completed;
  j["requests_failed"] = failed;
  j["prompt_tokens"] = prompt;
  j["generated_tokens"] = generated;
  j["preemptions"] = preemptions;
  j["ttft_ms_p50"] = percentile(ttft, 50);
  j["ttft_ms_p99"] = percentile(ttft, 99);
  j["tpot_ms_p50"] = percentile(tpot, 50);
  j["tpot_ms_p99"] = percentile(tpot, 99);
  j["stop_reasons"] = reasons;
  nlohmann::json markers = nlohmann::json::object();
  for (const Marker& m : r.markers()) markers[to_string(m.kind)] = markers.value(to_string(m.kind), 0) + 1;
  j["markers"] = markers;
  j["log_lines"] = r.log().size();
  j["lessons"] = r.lessons().size();
  return j;
}

}  // namespace inferscope::record
