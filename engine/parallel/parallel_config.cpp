#include "engine/parallel/parallel_config.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "engine/model/model_config.h"

namespace inferscope {

const char* parallel_mode_name(ParallelMode m) {
  switch (m) {
    case ParallelMode::Tensor: return "tensor";
    case ParallelMode::Pipeline: return "pipeline";
    default: return "none";
  }
}

std::optional<ParallelMode> parallel_mode_from_name(std::string_view s) {
  std::string lower(s);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower == "none") return ParallelMode::None;
  if (lower == "tensor" || lower == "tp") return ParallelMode::Tensor;
  if (lower == "pipeline" || lower == "pp") return ParallelMode::Pipeline;
  return std::nullopt;
}

std::string ParallelConfig::validate() const {
  if (mode == ParallelMode::None) return {};
  if (devices < 2 || devices > 8) return "virtual devices must be between 2 and 8";
  if (micro_batches < 1 || micro_batches > 64) return "micro-batches must be between 1 and 64";
  return {};
}

std::string ParallelConfig::model_fit(const ModelConfig& c) const {
  if (mode == ParallelMode::Tensor) {
    if (c.n_kv_heads % devices != 0)
      return "tensor parallelism over " + std::to_string(devices) + " devices needs the KV heads to divide evenly; " +
             "this model has " + std::to_string(c.n_kv_heads) + " KV heads (try pipeline parallelism)";
    if (c.n_ff % devices != 0)
      return "tensor parallelism over " + std::to_string(devices) + " devices needs the feed-forward width (" +
             std::to_string(c.n_ff) + ") to divide evenly";
  }
  if (mode == ParallelMode::Pipeline && c.n_layers < devices)
    return "pipeline parallelism over " + std::to_string(devices) + " devices needs at least as many layers; " +
           "this model has " + std::to_string(c.n_layers);
  return {};
}

std::string ParallelConfig::label() const {
  if (mode == ParallelMode::Tensor) return "TP " + std::to_string(devices);
  if (mode == ParallelMode::Pipeline) return "PP " + std::to_string(devices) + " x m " + std::to_string(micro_batches);
  return "none";
}

ParallelConfig parse_parallel(std::string_view s) {
  const std::string why = "parallel must be none, tp:D, pp:D or pp:D:M (D from 2 to 8)";
  ParallelConfig c;
  if (s == "none" || s.empty()) return c;
  const std::string text(s);
  const size_t c1 = text.find(':');
  if (c1 == std::string::npos) throw std::invalid_argument(why);
  const auto mode = parallel_mode_from_name(text.substr(0, c1));
  if (!mode || *mode == ParallelMode::None) throw std::invalid_argument(why);
  c.mode = *mode;
  const size_t c2 = text.find(':', c1 + 1);
  try {
    size_t used = 0;
    const std::string d = text.substr(c1 + 1, c2 == std::string::npos ? std::string::npos : c2 - c1 - 1);
    c.devices = std::stoi(d, &used);
    if (used != d.size()) throw std::invalid_argument(why);
    if (c2 != std::string::npos) {
      if (c.mode != ParallelMode::Pipeline) throw std::invalid_argument(why);
      const std::string m = text.substr(c2 + 1);
      c.micro_batches = std::stoi(m, &used);
      if (used != m.size()) throw std::invalid_argument(why);
    }
  } catch (const std::logic_error&) {
    throw std::invalid_argument(why);
  }
  if (const std::string bad = c.validate(); !bad.empty()) throw std::invalid_argument(bad);
  return c;
}

std::string to_string(const ParallelConfig& c) {
  if (c.mode == ParallelMode::Tensor) return "tp:" + std::to_string(c.devices);
  if (c.mode == ParallelMode::Pipeline) return "pp:" + std::to_string(c.devices) + ":" + std::to_string(c.micro_batches);
  return "none";
}

int64_t tensor_allreduce_bytes(int layers, int64_t tokens, int hidden, int bytes_per_value, int devices) {
  if (devices < 2) return 0;
  // Multiply before dividing: 2 x 2 x bytes x hidden is a multiple of D for D up to 8 and even hidden.
  return int64_t(2) * layers * tokens * hidden * bytes_per_value * 2 * (devices - 1) / devices;
}

int64_t pipeline_handoff_bytes(int64_t tokens, int hidden, int bytes_per_value, int devices) {
  return devices < 2 ? 0 : int64_t(devices - 1) * tokens * hidden * bytes_per_value;
}

double pipeline_bubble_closed_form(int devices, int micro_batches) {
  return double(devices - 1) / double(micro_batches + devices - 1);
}

double pipeline_bubble_for_costs(const double* cost, int devices, int micro_batches) {
  double sum = 0, mx = 0;
  for (int s = 0; s < devices; ++s) {
    sum += cost[s];
    mx = std::max(mx, cost[s]);
  }
  if (sum <= 0) return 0;
  return 1.0 - micro_batches * sum / (devices * (sum + (micro_batches - 1) * mx));
}

void pipeline_stage_layers(int n_layers, int devices, int stage, int& first, int& end) {
  const int base = n_layers / devices, extra = n_layers % devices;
  first = stage * base + std::min(stage, extra);
  end = first + base + (stage < extra ? 1 : 0);
}

}  // namespace inferscope
