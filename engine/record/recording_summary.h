#pragma once
// The numbers `inferscope-cli replay` reports for a recording: the run's totals as `inferscope-cli run`
// names them (where a recording can tell them), the timeline's markers by kind, and what the file is.
#include <nlohmann/json.hpp>

#include "engine/record/recording.h"

namespace inferscope::record {

// Keys: writer, format, complete, limited, warning (when set), source, model {name, architecture,
// weights}, engine (its settings), steps, wall_s (t_ms of the last step / 1000), requests_submitted,
// requests_completed, requests_failed, prompt_tokens, generated_tokens, preemptions, prefix_hit_tokens,
// prefix_query_tokens, slot_utilization_mean, token_utilization_mean, ttft_ms_p50/p99, tpot_ms_p50/p99,
// stop_reasons, markers {kind: count}, log_lines, lessons.
nlohmann::json recording_summary(const Recording& r);

}  // namespace inferscope::record
