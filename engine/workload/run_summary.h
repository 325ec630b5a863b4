#pragma once
// The numbers a finished workload run reports (`inferscope-cli run --json`, scenario exports, tests).
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/llm_engine.h"
#include "engine/spec/spec_stats.h"

namespace inferscope {

struct RunSummary {
  int requests_submitted = 0, requests_completed = 0, requests_failed = 0;
  int64_t prompt_tokens = 0, generated_tokens = 0;
  double wall_s = 0, throughput_tok_s = 0;
  double slot_utilization_mean = 0, token_utilization_mean = 0;
  int64_t preemptions = 0, prefix_hit_tokens = 0, prefix_query_tokens = 0;
  int64_t kv_bytes_per_token = 0, kv_blocks_total = 0, kv_block_bytes = 0;
  int64_t kv_blocks_leaked = 0;  // blocks still referenced after every request ended (must be 0)
  double ttft_ms_p50 = 0, ttft_ms_p99 = 0, tpot_ms_p50 = 0, tpot_ms_p99 = 0;
  int64_t steps = 0;
  // Ended requests by why they stopped (eos, length, stop, kv_full, cancelled, failed).
  std::map<std::string, int64_t> stop_reasons;
  spec::SpecConfig spec_config;  // the engine's speculative decoding settings
  spec::SpecStats spec;          // totals over the requests (zeros when speculation is off)
  nlohmann::json to_json() const;  // the fields above, plus spec_* (spec::SpecStats::add_to_json)
};

// Percentile by linear interpolation between order statistics (p in [0, 100]); 0 for no values.
double percentile(std::vector<double> values, double p);

// Summarizes the engine's run over the given requests (generated tokens / wall time for throughput;
// utilization means over every recorded step of the full metrics log).
RunSummary summarize_run(const LLMEngine& engine, const std::vector<int64_t>& request_ids, double wall_s);

// One JSONL row per request, in the given order: {"index", "prompt", "token_ids", "text", "finish_reason",
// "preemptions"} (sample 0; with n > 1 also "samples": [{token_ids, text}...]).
std::string outputs_jsonl(const LLMEngine& engine, const std::vector<int64_t>& request_ids);

}  // namespace inferscope
