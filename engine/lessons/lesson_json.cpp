#include <nlohmann/json.hpp>

#include "engine/lessons/lesson.h"

namespace inferscope::lessons {

std::string result_to_json(const Lesson& lesson, const Params& params, const LessonResult& result, int indent) {
  nlohmann::ordered_json j;
  j["lesson"] = lesson.id();
  j["title"] = lesson.title();
  nlohmann::ordered_json p = nlohmann::ordered_json::object();
  for (const ParamSpec& s : lesson.params()) {
    if (s.kind == ParamSpec::Kind::Choice || s.kind == ParamSpec::Kind::Text) {
      p[s.name] = params.get_text(s.name);
    } else if (s.kind == ParamSpec::Kind::Real) {
      p[s.name] = params.get_real(s.name);
    } else if (s.kind == ParamSpec::Kind::Bool) {
      p[s.name] = params.get_bool(s.name);
    } else {
      p[s.name] = params.get_int(s.name);
    }
  }
  j["params"] = p;
  // Computed numbers flat at the top level, so scripts read `.bytes_per_token` directly.
  for (const Quantity& q : result.numbers) j[q.key] = q.value;
  for (const auto& [k, v] : result.texts) j[k] = v;
  nlohmann::ordered_json units = nlohmann::ordered_json::object();
  for (const Quantity& q : result.numbers) {
    if (!q.unit.empty()) units[q.key] = q.unit;
  }
  j["units"] = units;
  // English labels of the numbers (the GUI translates them; scripts can print them).
  nlohmann::ordered_json labels = nlohmann::ordered_json::object();
  for (const Quantity& q : result.numbers) labels[q.key] = q.label;
  j["labels"] = labels;
  nlohmann::ordered_json chart;
  chart["title"] = result.chart.title;
  chart["x_label"] = result.chart.x_label;
  chart["y_label"] = result.chart.y_label;
  chart["log_x"] = result.chart.log_x;
  chart["log_y"] = result.chart.log_y;
  if (!result.chart.categories.empty()) chart["categories"] = result.chart.categories;
  nlohmann::ordered_json series = nlohmann::ordered_json::array();
  for (const Series& s : result.chart.series) {
    nlohmann::ordered_json sj;
    sj["name"] = s.name;
    nlohmann::ordered_json pts = nlohmann::ordered_json::array();
    for (const auto& [x, y] : s.points) pts.push_back({x, y});
    sj["points"] = pts;
    series.push_back(sj);
  }
  chart["series"] = series;
  j["chart"] = chart;
  if (!result.matrices.empty()) {
    nlohmann::ordered_json ms = nlohmann::ordered_json::array();
    for (const LessonResult::Matrix& m : result.matrices) {
      ms.push_back({{"name", m.name}, {"row_labels", m.row_labels}, {"col_labels", m.col_labels}, {"rows", m.rows}});
    }
    j["matrices"] = ms;
  }
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace inferscope::lessons
