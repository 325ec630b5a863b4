// inferscope-cli lesson: a lesson's computed numbers (engine/lessons), the same ones the GUI's Lessons
// tab shows for the same parameters. Parameters are each lesson's own, so they are parsed here from the
// words CLI11 leaves over: --name value or --name=value.
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "engine/lessons/lesson.h"
#include "engine/model/default_model.h"
#include "engine/model/loaded_model.h"

namespace inferscope::cli {

namespace {

struct LessonCliOptions {
  std::string name;
  bool list = false;
  bool json = false;
  bool no_model = false;
  std::string model_path;
  int threads = 0;
};

std::string kind_name(lessons::ParamSpec::Kind k) {
  switch (k) {
    case lessons::ParamSpec::Kind::Int: return "int";
    case lessons::ParamSpec::Kind::Real: return "real";
    case lessons::ParamSpec::Kind::Choice: return "choice";
    case lessons::ParamSpec::Kind::Text: return "text";
    case lessons::ParamSpec::Kind::Bool: return "bool";
  }
  return "?";
}

nlohmann::ordered_json param_json(const lessons::ParamSpec& s) {
  nlohmann::ordered_json p;
  p["name"] = s.name;
  p["kind"] = kind_name(s.kind);
  p["label"] = s.label;
  p["help"] = s.help;
  if (s.kind == lessons::ParamSpec::Kind::Choice) {
    p["choices"] = s.choices;
    p["default"] = s.def_text;
  } else if (s.kind == lessons::ParamSpec::Kind::Text) {
    p["default"] = s.def_text;
  } else {
    p["default"] = s.def;
    p["min"] = s.kind == lessons::ParamSpec::Kind::Bool ? 0 : s.min;
    p["max"] = s.kind == lessons::ParamSpec::Kind::Bool ? 1 : s.max;
  }
  return p;
}

std::string param_usage(const lessons::ParamSpec& s) {
  std::ostringstream o;
  o << "--" << s.name << " ";
  switch (s.kind) {
    case lessons::ParamSpec::Kind::Choice: {
      std::string all;
      for (const std::string& c : s.choices) all += (all.empty() ? "" : "|") + c;
      o << all << " (default " << s.def_text << ")";
      break;
    }
    case lessons::ParamSpec::Kind::Text: o << "TEXT (default \"" << s.def_text << "\")"; break;
    case lessons::ParamSpec::Kind::Bool: o << "on|off (default " << (s.def != 0 ? "on" : "off") << ")"; break;
    default: o << s.min << ".." << s.max << " (default " << s.def << ")"; break;
  }
  return o.str();
}

int list_lessons(bool json) {
  if (json) {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const auto& l : lessons::all_lessons()) {
      nlohmann::ordered_json j;
      j["name"] = l->id();
      j["title"] = l->title();
      j["needs_model"] = l->needs_model();
      j["scenario"] = l->scenario();
      nlohmann::ordered_json ps = nlohmann::ordered_json::array();
      for (const auto& s : l->params()) ps.push_back(param_json(s));
      j["params"] = ps;
      all.push_back(j);
    }
    std::cout << all.dump(2) << "\n";
    return 0;
  }
  for (const auto& l : lessons::all_lessons()) {
    std::cout << l->id() << "  " << l->title() << (l->needs_model() ? "  [runs the model]" : "") << "\n";
    for (const auto& s : l->params()) std::cout << "    " << param_usage(s) << "  " << s.help << "\n";
  }
  return 0;
}

// --name value / --name=value pairs from the words CLI11 did not consume.
lessons::ParamValues parse_params(const std::vector<std::string>& words) {
  lessons::ParamValues out;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w.rfind("--", 0) != 0 || w.size() == 2) throw UsageError("unexpected argument '" + w + "' (parameters are --name value)");
    const size_t eq = w.find('=');
    if (eq != std::string::npos) {
      out[w.substr(2, eq - 2)] = w.substr(eq + 1);
    } else if (i + 1 < words.size()) {
      out[w.substr(2)] = words[++i];
    } else {
      throw UsageError("parameter " + w + " needs a value");
    }
  }
  return out;
}

std::string format_value(double v, const std::string& unit) {
  std::ostringstream o;
  if (v == static_cast<double>(static_cast<long long>(v)) && std::abs(v) < 1e15) {
    o << static_cast<long long>(v);
  } else {
    o << std::setprecision(6) << v;
  }
  if (!unit.empty()) o << " " << unit;
  return o.str();
}

int run_lesson(const LessonCliOptions& o, const std::vector<std::string>& extras) {
  if (o.list) return list_lessons(o.json);
  if (o.name.empty()) throw UsageError("name a lesson (inferscope-cli lesson --list shows them)");
  const lessons::Lesson* lesson = lessons::find_lesson(o.name);
  if (lesson == nullptr) throw UsageError("unknown lesson '" + o.name + "' (inferscope-cli lesson --list shows them)");
  const lessons::ParamValues values = parse_params(extras);
  const lessons::Params params(lesson->params(), values);  // bad values fail here, before any model load

  lessons::LessonContext ctx;
  ctx.threads = o.threads;
  // Like the GUI, which always has its loaded model at hand: a lesson that can use the model gets it.
  // Lessons that do not need one still run when the default model is absent.
  if (!o.no_model) {
    const bool have_default = std::filesystem::exists(default_model_path());
    if (!o.model_path.empty() || lesson->needs_model() || have_default) {
      ctx.model = load_model(resolve_model_path(o.model_path));
    }
  } else if (lesson->needs_model()) {
    throw UsageError("lesson '" + o.name + "' runs the model; drop --no-model");
  }
  const lessons::LessonResult r = lesson->compute(params, ctx);
  if (o.json) {
    std::cout << lessons::result_to_json(*lesson, params, r) << "\n";
    return 0;
  }
  std::cout << lesson->title() << "\n";
  for (const auto& [k, v] : params.values()) std::cout << "  --" << k << " " << v << "\n";
  std::cout << "\n";
  size_t width = 0;
  for (const auto& q : r.numbers) width = std::max(width, q.label.size());
  for (const auto& q : r.numbers) {
    std::cout << "  " << std::left << std::setw(static_cast<int>(width)) << q.label << "  "
              << format_value(q.value, q.unit) << "\n";
  }
  for (const auto& [k, v] : r.texts) std::cout << "  " << k << ": " << v << "\n";
  std::cout << "\nchart: " << r.chart.title << " (" << r.chart.series.size() << " series; --json has the points)\n";
  return 0;
}

}  // namespace

Command add_lesson_command(CLI::App& root) {
  auto o = std::make_shared<LessonCliOptions>();
  CLI::App* app = root.add_subcommand(
      "lesson",
      "a lesson's computed numbers: lesson NAME [--param value ...] [--json]; lesson --list shows names and parameters");
  app->add_option("name", o->name, "lesson name (see --list)");
  app->add_flag("--list", o->list, "list the lessons and their parameters");
  app->add_flag("--json", o->json, "print one JSON document");
  // Not --model: lessons own that name (lesson moe --model mixtral-8x7b).
  app->add_option("-m,--model-file", o->model_path, "GGUF model for lessons that run one (default: the default model)");
  app->add_flag("--no-model", o->no_model, "do not load a model (lessons that need one refuse)");
  app->add_option("-t,--threads", o->threads, "compute threads (0 = one per core)")->check(CLI::NonNegativeNumber);
  app->allow_extras();
  return {app, [o, app] { return run_lesson(*o, app->remaining()); }};
}

}  // namespace inferscope::cli
