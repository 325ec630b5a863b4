#include "engine/workload/run_summary.h"

#include <algorithm>
#include <cmath>

namespace inferscope {

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const double pos = (p / 100.0) * (v.size() - 1);
  const size_t lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (pos - lo);
}

nlohmann::json RunSummary::to_json() const {
  nlohmann::json j = {{"requests_submitted", requests_submitted},
          {"requests_completed", requests_completed},
          {"requests_failed", requests_failed},
          {"prompt_tokens", prompt_tokens},
          {"generated_tokens", generated_tokens},
          {"wall_s", wall_s},
          {"throughput_tok_s", throughput_tok_s},
          {"slot_utilization_mean", slot_utilization_mean},
          {"token_utilization_mean", token_utilization_mean},
          {"preemptions", preemptions},
          {"prefix_hit_tokens", prefix_hit_tokens},
          {"prefix_query_tokens", prefix_query_tokens},
          {"kv_bytes_per_token", kv_bytes_per_token},
          {"kv_blocks_total", kv_blocks_total},
          {"kv_block_bytes", kv_block_bytes},
          {"kv_blocks_leaked", kv_blocks_leaked},
          {"ttft_ms_p50", ttft_ms_p50},
          {"ttft_ms_p99", ttft_ms_p99},
          {"tpot_ms_p50", tpot_ms_p50},
          {"tpot_ms_p99", tpot_ms_p99},
          {"steps", steps},
          {"stop_reasons", stop_reasons}};
  spec.add_to_json(j, spec_config);
  return j;
}

RunSummary summarize_run(const LLMEngine& engine, const std::vector<int64_t>& ids, double wall_s) {
  RunSummary s;
  s.spec_config = engine.config().spec;
  std::vector<double> ttft, tpot;
  for (int64_t id : ids) {
    const RequestInfo info = engine.request_info(id);
    s.requests_submitted++;
    if (info.state == RequestState::Finished) s.requests_completed++;
    if (info.state == RequestState::Failed) s.requests_failed++;
    const std::string why = info.state == RequestState::Failed ? std::string("failed") : info.finish_reason;
    if (!why.empty()) s.stop_reasons[why]++;
    s.prompt_tokens += info.n_prompt;
    s.generated_tokens += info.n_generated;
    s.spec.drafted += info.spec_drafted;
    s.spec.accepted += info.spec_accepted;
    s.spec.passes += info.spec_passes;
    s.spec.rejections += info.spec_rejections;
    if (info.ttft_ms >= 0) ttft.push_back(info.ttft_ms);
    if (info.tpot_ms >= 0) tpot.push_back(info.tpot_ms);
  }
  s.wall_s = wall_s;
  s.throughput_tok_s = wall_s > 0 ? s.generated_tokens / wall_s : 0.0;
  const auto& log = engine.metrics().full_log();
  double su = 0, tu = 0;
  for (const StepMetrics& m : log) {
    su += m.slot_utilization;
    tu += m.token_utilization;
    s.prefix_hit_tokens += m.prefix_hit_tokens;
    s.prefix_query_tokens += m.prefix_query_tokens;
  }
  s.steps = engine.metrics().total_recorded();
  if (!log.empty()) {
    s.slot_utilization_mean = su / log.size();
    s.token_utilization_mean = tu / log.size();
  }
  s.preemptions = engine.total_preemptions();
  const KvLayout& L = engine.kv_layout();
  s.kv_bytes_per_token = static_cast<int64_t>(L.model_token_payload_bytes());
  s.kv_blocks_total = engine.kv_manager().num_total_blocks();
  s.kv_block_bytes = static_cast<int64_t>(L.block_bytes());
  s.kv_blocks_leaked = engine.has_unfinished() ? -1 : engine.kv_manager().num_used_blocks();
  s.ttft_ms_p50 = percentile(ttft, 50);
  s.ttft_ms_p99 = percentile(ttft, 99);
  s.tpot_ms_p50 = percentile(tpot, 50);
  s.tpot_ms_p99 = percentile(tpot, 99);
  return s;
}

std::string outputs_jsonl(const LLMEngine& engine, const std::vector<int64_t>& ids) {
  std::string out;
  const Tokenizer& tok = *engine.model().tokenizer;
  for (size_t i = 0; i < ids.size(); ++i) {
    const RequestInfo info = engine.request_info(ids[i]);
    nlohmann::json row;
    row["index"] = i;
    row["prompt"] = tok.decode(info.prompt_ids, /*render_special=*/true);
    row["token_ids"] = info.token_ids.empty() ? std::vector<int32_t>{} : info.token_ids[0];
    row["text"] = info.texts.empty() ? std::string() : info.texts[0];
    row["finish_reason"] = info.state == RequestState::Failed ? std::string("failed") : info.finish_reason;
    row["preemptions"] = info.preemptions;
    if (!info.error.empty()) row["error"] = info.error;
    if (info.token_ids.size() > 1) {
      nlohmann::json samples = nlohmann::json::array();
      for (size_t k = 0; k < info.token_ids.size(); ++k)
        samples.push_back({{"token_ids", info.token_ids[k]}, {"text", info.texts[k]}});
      row["samples"] = samples;
    }
    out += row.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  }
  return out;
}

}  // namespace inferscope
