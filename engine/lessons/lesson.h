#pragma once
// Lessons: the classroom experiments, computed for real. A Lesson declares its parameters (with ranges,
// so the GUI builds its controls and the CLI its flags from the same list) and computes named numbers
// plus one chart from them; lessons that need a model run it (forward passes, a real engine, a real
// tensor) on the model the caller hands in. Qt-free: the CLI (`inferscope-cli lesson`), the GUI's
// Lessons tab and the tests all call compute() and must show the same numbers for the same parameters.
#include <atomic>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace inferscope {
struct LoadedModel;
}

namespace inferscope::lessons {

// Raised for impossible parameter values (zero heads, a negative length, an unknown choice) and for a
// model lesson called without a model; what() is one line that names the parameter and the valid range.
struct LessonError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct ParamSpec {
  enum class Kind { Int, Real, Choice, Text, Bool };
  std::string name;     // flag name without "--" and JSON key, e.g. "kv-heads"
  std::string label;    // English label for the GUI (translated there)
  Kind kind = Kind::Int;
  double def = 0, min = 0, max = 0;    // Int, Real, Bool (0/1)
  std::vector<std::string> choices;    // Choice: allowed values (the first is not implied as default)
  std::string def_text;                // Choice and Text defaults
  std::string help;                    // one English sentence: what the parameter is
  bool log_scale = false;              // a slider over a wide range should move logarithmically
  // An index into a dimension of the loaded model ("layers", "heads"): its largest valid value is that
  // dimension minus 1, whatever `max` says (max bounds it without a model). Empty: no such bound.
  std::string bound_by = {};
};

// The largest value of spec on a model with these dimensions (spec.max when it is not bound by one).
double bounded_max(const ParamSpec& spec, int n_layers, int n_heads);

// Values as the user typed them (CLI flags, GUI controls); missing names take their defaults.
using ParamValues = std::map<std::string, std::string>;

// Parameters resolved against a lesson's specs: defaults filled in, every value checked. Throws
// LessonError for an unknown name, an unparsable value, a value outside [min, max] or not a choice.
class Params {
 public:
  Params(const std::vector<ParamSpec>& specs, const ParamValues& values);
  long long get_int(const std::string& name) const;
  double get_real(const std::string& name) const;
  bool get_bool(const std::string& name) const;
  const std::string& get_text(const std::string& name) const;  // Choice and Text
  const ParamValues& values() const { return resolved_; }       // every parameter, canonical text

 private:
  const ParamSpec& spec(const std::string& name) const;
  std::vector<ParamSpec> specs_;
  ParamValues resolved_;
};

// One computed number: key is the JSON key (snake_case), label the English text beside it in the GUI.
struct Quantity {
  std::string key;
  double value = 0;
  std::string unit;     // "B", "tok", "%", "" ...
  std::string label;
};

struct Series {
  std::string name;                               // legend text (English)
  std::vector<std::pair<double, double>> points;  // (x, y)
  bool dashed = false;                            // a reference line (closed form, a limit)
  bool bars = false;                              // draw as bars at x (categories in Chart::categories)
};

struct Chart {
  std::string title, x_label, y_label;
  bool log_x = false, log_y = false;
  std::vector<std::string> categories;  // x tick labels for bar charts (x = 0, 1, 2, ...)
  std::vector<Series> series;
};

struct LessonResult {
  std::vector<Quantity> numbers;                         // display order
  std::vector<std::pair<std::string, std::string>> texts;  // named text results (tokens, verdicts)
  Chart chart;
  // Matrix results (e.g. attention weights: rows = queries, cols = keys) with row/column labels.
  struct Matrix {
    std::string name;
    std::vector<std::string> row_labels, col_labels;
    std::vector<std::vector<double>> rows;
  };
  std::vector<Matrix> matrices;

  const Quantity* find(std::string_view key) const;
  double value(std::string_view key) const;  // throws std::out_of_range when absent
};

struct LessonContext {
  std::shared_ptr<const LoadedModel> model;  // null: model lessons throw LessonError
  int threads = 0;                           // compute threads for engines and passes (0 = one per core)
  const std::atomic<bool>* cancel = nullptr;  // checked between steps of long computations
  bool cancelled() const { return cancel != nullptr && cancel->load(std::memory_order_relaxed); }
};

class Lesson {
 public:
  virtual ~Lesson() = default;
  virtual std::string id() const = 0;       // CLI name, e.g. "kv-size"
  virtual std::string title() const = 0;    // English title
  virtual std::vector<ParamSpec> params() const = 0;
  // True when compute() runs the model (forward passes, an engine, a real tensor). Such lessons run on
  // the thread that owns the model (the GUI's engine thread).
  virtual bool needs_model() const { return false; }
  // File name under resources/scenarios/ for "see it for real", or empty.
  virtual std::string scenario() const { return {}; }
  virtual LessonResult compute(const Params& params, const LessonContext& ctx) const = 0;

  // Resolves values against params() and computes. Throws LessonError for bad input.
  LessonResult run(const ParamValues& values, const LessonContext& ctx) const;
};

// Every lesson, in teaching order.
const std::vector<std::unique_ptr<Lesson>>& all_lessons();
const Lesson* find_lesson(std::string_view id);

// JSON-friendly form used by `inferscope-cli lesson --json` (defined in lesson_json.cpp).
std::string result_to_json(const Lesson& lesson, const Params& params, const LessonResult& result, int indent = 2);

}  // namespace inferscope::lessons
