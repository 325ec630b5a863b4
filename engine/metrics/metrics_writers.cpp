#include "engine/metrics/metrics_writers.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <type_traits>

namespace inferscope {

namespace {
template <class T>
void append_number(std::string& out, T v) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(v)) { out += "nan"; return; }
    if (std::isinf(v)) { out += v > 0 ? "inf" : "-inf"; return; }
  }
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form for doubles
  out.append(buf, res.ptr);
}
}  // namespace

const std::vector<std::string>& step_metrics_columns() {
  static const std::vector<std::string> cols = [] {
    std::vector<std::string> c;
    const StepMetrics m;
    for_each_field(m, [&](const char* name, const auto&) { c.emplace_back(name); });
    return c;
  }();
  return cols;
}

std::string csv_header() {
  std::string out;
  for (const std::string& c : step_metrics_columns()) {
    if (!out.empty()) out += ',';
    out += c;
  }
  return out;
}

std::string csv_row(const StepMetrics& m) {
  std::string out;
  bool first = true;
  for_each_field(m, [&](const char*, const auto& v) {
    if (!first) out += ',';
    first = false;
    append_number(out, v);
  });
  return out;
}

void write_csv(std::ostream& out, std::span<const StepMetrics> rows) {
  out << csv_header() << '\n';
  for (const StepMetrics& m : rows) out << csv_row(m) << '\n';
}

void to_json(nlohmann::json& j, const StepMetrics& m) {
  j = nlohmann::json::object();
  for_each_field(m, [&](const char* name, const auto& v) { j[name] = v; });
}

void from_json(const nlohmann::json& j, StepMetrics& m) {
  for_each_field(m, [&](const char* name, auto& v) {
    auto it = j.find(name);
    if (it == j.end()) return;
    using T = std::decay_t<decltype(v)>;
    if constexpr (std::is_floating_point_v<T>) {
      if (it->is_null()) { v = std::numeric_limits<T>::quiet_NaN(); return; }  // nlohmann writes NaN as null
    }
    v = it->template get<T>();
  });
}

nlohmann::json metrics_to_json(std::span<const StepMetrics> rows) {
  nlohmann::json arr = nlohmann::json::array();
  for (const StepMetrics& m : rows) arr.push_back(m);
  return arr;
}

std::vector<StepMetrics> metrics_from_json(const nlohmann::json& j) {
  if (!j.is_array()) throw std::invalid_argument("step metrics JSON must be an array of objects");
  std::vector<StepMetrics> rows;
  rows.reserve(j.size());
  for (const auto& e : j) rows.push_back(e.get<StepMetrics>());
  return rows;
}

void write_json(std::ostream& out, std::span<const StepMetrics> rows, int indent) {
  out << metrics_to_json(rows).dump(indent) << '\n';
}

void to_json(nlohmann::json& j, const BlockMapSnapshot& s) {
  nlohmann::json blocks = nlohmann::json::array();
  for (const BlockInfo& b : s.blocks)
    blocks.push_back({{"id", b.id}, {"state", to_string(b.state)}, {"ref_count", b.ref_count},
                      {"owners", b.owners}, {"filled", b.filled}});
  nlohmann::json seqs = nlohmann::json::array();
  for (const SequenceBlocks& q : s.sequences)
    seqs.push_back({{"seq_id", q.seq_id}, {"num_tokens", q.num_tokens}, {"block_table", q.block_table}});
  j = {{"block_size", s.block_size}, {"blocks", std::move(blocks)}, {"sequences", std::move(seqs)}};
  if (s.groups.size() <= 1) return;  // one table per sequence: the plain form
  for (size_t i = 0; i < s.blocks.size(); ++i) {
    j["blocks"][i]["group"] = s.blocks[i].group;
    j["blocks"][i]["window_released"] = s.blocks[i].window_released;
  }
  for (size_t i = 0; i < s.sequences.size(); ++i) j["sequences"][i]["group_tables"] = s.sequences[i].group_tables;
  nlohmann::json groups = nlohmann::json::array();
  for (const KvGroupInfo& g : s.groups)
    groups.push_back({{"window", g.window}, {"layers", g.layers}, {"blocks_used", g.blocks_used},
                      {"blocks_released", g.blocks_released}});
  j["groups"] = std::move(groups);
}

}  // namespace inferscope
