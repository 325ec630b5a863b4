#include "engine/lessons/lesson.h"

#include <algorithm>

#include <charconv>
#include <cmath>
#include <cstdio>

namespace inferscope::lessons {

namespace {

std::string format_number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string range_text(const ParamSpec& s) {
  if (s.kind == ParamSpec::Kind::Int) {
    return format_number(std::llround(s.min)) + ".." + format_number(std::llround(s.max));
  }
  return format_number(s.min) + ".." + format_number(s.max);
}

bool parse_double(std::string_view text, double& out) {
  if (text.empty()) return false;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && std::isfinite(out);
}

}  // namespace

double bounded_max(const ParamSpec& spec, int n_layers, int n_heads) {
  const int dim = spec.bound_by == "layers" ? n_layers : spec.bound_by == "heads" ? n_heads : 0;
  if (dim <= 0) return spec.max;
  return std::max(spec.min, std::min(spec.max, double(dim - 1)));
}

Params::Params(const std::vector<ParamSpec>& specs, const ParamValues& values) : specs_(specs) {
  for (const auto& [name, text] : values) (void)spec(name);  // rejects unknown names
  for (const ParamSpec& s : specs_) {
    const auto it = values.find(s.name);
    const bool given = it != values.end();
    switch (s.kind) {
      case ParamSpec::Kind::Int:
      case ParamSpec::Kind::Real:
      case ParamSpec::Kind::Bool: {
        double v = s.def;
        if (given) {
          std::string_view text = it->second;
          if (s.kind == ParamSpec::Kind::Bool) {
            if (text == "on" || text == "true" || text == "yes") text = "1";
            if (text == "off" || text == "false" || text == "no") text = "0";
          }
          if (!parse_double(text, v)) throw LessonError("--" + s.name + ": '" + it->second + "' is not a number");
          if (s.kind != ParamSpec::Kind::Real && v != std::floor(v)) {
            throw LessonError("--" + s.name + ": " + it->second + " is not a whole number");
          }
        }
        const double lo = s.kind == ParamSpec::Kind::Bool ? 0 : s.min;
        const double hi = s.kind == ParamSpec::Kind::Bool ? 1 : s.max;
        if (v < lo || v > hi) {
          throw LessonError("--" + s.name + " = " + format_number(v) + " is outside " +
                            (s.kind == ParamSpec::Kind::Bool ? std::string("0..1") : range_text(s)));
        }
        resolved_[s.name] = format_number(v);
        break;
      }
      case ParamSpec::Kind::Choice: {
        const std::string v = given ? it->second : s.def_text;
        bool ok = false;
        for (const std::string& c : s.choices) ok = ok || c == v;
        if (!ok) {
          std::string all;
          for (const std::string& c : s.choices) all += (all.empty() ? "" : ", ") + c;
          throw LessonError("--" + s.name + ": '" + v + "' is not one of " + all);
        }
        resolved_[s.name] = v;
        break;
      }
      case ParamSpec::Kind::Text:
        resolved_[s.name] = given ? it->second : s.def_text;
        break;
    }
  }
}

const ParamSpec& Params::spec(const std::string& name) const {
  for (const ParamSpec& s : specs_) {
    if (s.name == name) return s;
  }
  throw LessonError("unknown parameter --" + name);
}

long long Params::get_int(const std::string& name) const {
  (void)spec(name);
  return std::llround(std::stod(resolved_.at(name)));
}

double Params::get_real(const std::string& name) const {
  (void)spec(name);
  return std::stod(resolved_.at(name));
}

bool Params::get_bool(const std::string& name) const { return get_int(name) != 0; }

const std::string& Params::get_text(const std::string& name) const {
  (void)spec(name);
  return resolved_.at(name);
}

const Quantity* LessonResult::find(std::string_view key) const {
  for (const Quantity& q : numbers) {
    if (q.key == key) return &q;
  }
  return nullptr;
}

double LessonResult::value(std::string_view key) const {
  const Quantity* q = find(key);
  if (q == nullptr) throw std::out_of_range("lesson result has no number '" + std::string(key) + "'");
  return q->value;
}

LessonResult Lesson::run(const ParamValues& values, const LessonContext& ctx) const {
  const Params p(params(), values);
  if (needs_model() && ctx.model == nullptr) {
    throw LessonError("lesson '" + id() + "' runs the model: load one first");
  }
  return compute(p, ctx);
}

const Lesson* find_lesson(std::string_view id) {
  for (const auto& l : all_lessons()) {
    if (l->id() == id) return l.get();
  }
  return nullptr;
}

}  // namespace inferscope::lessons
