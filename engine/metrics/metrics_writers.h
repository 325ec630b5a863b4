#pragma once
// The one export path for step metrics (GUI export, CLI --metrics-out and --json alike): CSV in
// the column order of docs/architecture.md, and JSON through nlohmann::json in both directions.
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/metrics/block_map_snapshot.h"
#include "engine/metrics/step_metrics.h"

namespace inferscope {

// Column names in order (= for_each_field order = the table in docs/architecture.md).
const std::vector<std::string>& step_metrics_columns();

// Comma-separated, no trailing newline. Integers as integers; doubles in the shortest form that reads
// back to the same value ("nan"/"inf" for non-finite values).
std::string csv_header();
std::string csv_row(const StepMetrics& m);
// Header line, then one line per row, each ending in '\n'.
void write_csv(std::ostream& out, std::span<const StepMetrics> rows);

// One JSON object per step, keys = column names. from_json: missing keys keep their defaults, unknown
// keys are ignored, null reads as NaN for doubles, a wrong type throws nlohmann::json::exception.
void to_json(nlohmann::json& j, const StepMetrics& m);
void from_json(const nlohmann::json& j, StepMetrics& m);
// A JSON array of step objects, and back (throws std::invalid_argument when j is not an array).
nlohmann::json metrics_to_json(std::span<const StepMetrics> rows);
std::vector<StepMetrics> metrics_from_json(const nlohmann::json& j);
// metrics_to_json(rows).dump(indent) plus a newline.
void write_json(std::ostream& out, std::span<const StepMetrics> rows, int indent = -1);

// {"block_size", "blocks": [{"id","state","ref_count","owners","filled"}], "sequences": [{"seq_id",
// "num_tokens","block_table"}]}; state is "free" | "used" | "cached". With several KV groups also
// blocks' "group" and "window_released", sequences' "group_tables" (-1: released) and
// "groups": [{"window","layers","blocks_used","blocks_released"}].
void to_json(nlohmann::json& j, const BlockMapSnapshot& s);

}  // namespace inferscope
