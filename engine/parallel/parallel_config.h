#pragma once
// How a step's forward pass is split over virtual devices (engine/parallel), and the closed forms the
// measured figures are compared with.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace inferscope {

struct ModelConfig;

enum class ParallelMode : uint8_t { None, Tensor, Pipeline };

const char* parallel_mode_name(ParallelMode m);  // "none", "tensor", "pipeline"
std::optional<ParallelMode> parallel_mode_from_name(std::string_view s);

struct ParallelConfig {
  ParallelMode mode = ParallelMode::None;
  int devices = 1;        // D: 2 to 8 when mode is not None (the model must divide evenly: model_fit)
  int micro_batches = 1;  // m (pipeline): a step's rows are cut into min(m, rows) micro-batches
  bool enabled() const { return mode != ParallelMode::None; }
  // Empty when valid on its own; model_fit says whether a model can be split this way.
  std::string validate() const;
  // Empty when the model can be split so, else why not (a tensor split needs D to divide the KV heads
  // and the feed-forward width; a pipeline split needs at least D layers).
  std::string model_fit(const ModelConfig& model) const;
  // "none", "TP 4", "PP 4 x m 8": for summaries.
  std::string label() const;
};

// The scenario form: "none", "tp:D", "pp:D" or "pp:D:M". Throws std::invalid_argument naming the forms.
ParallelConfig parse_parallel(std::string_view s);
std::string to_string(const ParallelConfig& c);

// Bytes a ring all-reduce sends over a tensor-parallel pass: two all-reduces per layer of a
// tokens x hidden activation of bytes_per_value each, every device sending 2 (D - 1) / D of it.
int64_t tensor_allreduce_bytes(int layers, int64_t tokens, int hidden, int bytes_per_value, int devices);
// Bytes a pipeline pass hands between stages: each of the D - 1 boundaries receives every row once.
int64_t pipeline_handoff_bytes(int64_t tokens, int hidden, int bytes_per_value, int devices);
// The idle fraction of a pipeline of D equal stages over m equal micro-batches: (D - 1) / (m + D - 1).
double pipeline_bubble_closed_form(int devices, int micro_batches);
// The same for stages of unequal cost (each micro-batch costs stage_cost[s] on stage s):
// 1 - m sum(c) / (D (sum(c) + (m - 1) max(c))). Equals the closed form above for equal costs.
double pipeline_bubble_for_costs(const double* stage_cost, int devices, int micro_batches);
// Layers [first, end) of stage s when n_layers are cut into D contiguous ranges, the larger ones first.
void pipeline_stage_layers(int n_layers, int devices, int stage, int& first, int& end);

}  // namespace inferscope
