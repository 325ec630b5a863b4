#include "remote/metrics/prometheus_text.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace inferscope::remote {
namespace {

bool is_name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }
bool is_blank(char c) { return c == ' ' || c == '\t'; }

void skip_blanks(std::string_view s, std::size_t& i) {
  while (i < s.size() && is_blank(s[i])) ++i;
}

std::string_view read_name(std::string_view s, std::size_t& i) {
  const std::size_t start = i;
  if (i < s.size() && is_name_start(s[i])) {
    ++i;
    while (i < s.size() && is_name_char(s[i])) ++i;
  }
  return s.substr(start, i - start);
}

std::string_view read_token(std::string_view s, std::size_t& i) {
  const std::size_t start = i;
  while (i < s.size() && !is_blank(s[i])) ++i;
  return s.substr(start, i - start);
}

// Go's strconv.ParseFloat spellings that client libraries emit, besides plain decimals.
std::optional<double> parse_value_impl(std::string_view t) {
  if (t == "+Inf" || t == "Inf" || t == "+inf" || t == "inf") return std::numeric_limits<double>::infinity();
  if (t == "-Inf" || t == "-inf") return -std::numeric_limits<double>::infinity();
  if (t == "NaN" || t == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (t.empty()) return std::nullopt;
  if (t.front() == '+') t.remove_prefix(1);
  double v = 0.0;
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || ptr != t.data() + t.size()) return std::nullopt;
  return v;
}

std::optional<std::int64_t> parse_timestamp(std::string_view t) {
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || ptr != t.data() + t.size()) return std::nullopt;
  return v;
}

// HELP text escapes only backslash and newline; label values also escape the double quote.
std::string unescape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      const char n = s[++i];
      out += n == 'n' ? '\n' : n;  // \\ and \" stand for themselves; an unknown escape keeps its char
    } else {
      out += s[i];
    }
  }
  return out;
}

// Reads {k="v",...} starting at the '{'. Returns an error text, or empty on success.
std::string read_labels(std::string_view s, std::size_t& i, const ParseLimits& limits,
                        std::vector<std::pair<std::string, std::string>>& labels) {
  ++i;  // '{'
  for (;;) {
    skip_blanks(s, i);
    if (i < s.size() && s[i] == '}') {
      ++i;
      return {};
    }
    const std::string_view key = read_name(s, i);
    if (key.empty()) return "expected a label name";
    skip_blanks(s, i);
    if (i >= s.size() || s[i] != '=') return "expected '=' after label " + std::string(key);
    ++i;
    skip_blanks(s, i);
    if (i >= s.size() || s[i] != '"') return "expected '\"' to open the value of label " + std::string(key);
    const std::size_t start = ++i;
    while (i < s.size() && s[i] != '"') i += (s[i] == '\\') ? 2 : 1;
    if (i >= s.size()) return "unterminated value of label " + std::string(key);
    if (labels.size() >= limits.max_labels_per_sample) return "too many labels";
    labels.emplace_back(std::string(key), unescape(s.substr(start, i - start)));
    ++i;  // closing quote
    skip_blanks(s, i);
    if (i < s.size() && s[i] == ',') {
      ++i;
      continue;
    }
    if (i < s.size() && s[i] == '}') {
      ++i;
      return {};
    }
    return "expected ',' or '}' after label " + std::string(key);
  }
}

MetricType parse_type(std::string_view t) {
  if (t == "counter") return MetricType::Counter;
  if (t == "gauge") return MetricType::Gauge;
  if (t == "histogram") return MetricType::Histogram;
  if (t == "summary") return MetricType::Summary;
  return MetricType::Untyped;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// The family a sample named `name` belongs to, given the families declared so far.
std::string_view family_of(std::string_view name,
                           const std::unordered_map<std::string, std::size_t>& index,
                           const std::vector<MetricFamily>& families) {
  static constexpr std::string_view kSuffixes[] = {"_bucket", "_sum", "_count", "_total", "_created"};
  for (std::string_view suffix : kSuffixes) {
    if (!ends_with(name, suffix)) continue;
    const std::string_view base = name.substr(0, name.size() - suffix.size());
    const auto it = index.find(std::string(base));
    if (it == index.end()) continue;
    const MetricType type = families[it->second].type;
    const bool fits = (type == MetricType::Histogram && suffix != "_total") ||
                      (type == MetricType::Summary && (suffix == "_sum" || suffix == "_count" || suffix == "_created")) ||
                      (type == MetricType::Counter && (suffix == "_total" || suffix == "_created"));
    if (fits) return base;
  }
  return name;
}

}  // namespace

std::optional<double> parse_prometheus_value(std::string_view text) { return parse_value_impl(text); }

const std::string* Sample::label(std::string_view key) const {
  for (const auto& [k, v] : labels)
    if (k == key) return &v;
  return nullptr;
}

const MetricFamily* Exposition::family(std::string_view name) const {
  for (const MetricFamily& f : families)
    if (f.name == name) return &f;
  return nullptr;
}

std::size_t Exposition::sample_count() const {
  std::size_t n = 0;
  for (const MetricFamily& f : families) n += f.samples.size();
  return n;
}

Exposition parse_prometheus_text(std::string_view body, const ParseLimits& limits) {
  Exposition out;
  if (body.size() > limits.max_body_bytes) {
    out.warnings.push_back("body of " + std::to_string(body.size()) + " bytes read up to " +
                           std::to_string(limits.max_body_bytes));
    body = body.substr(0, limits.max_body_bytes);
  }
  std::unordered_map<std::string, std::size_t> index;
  auto family_slot = [&](std::string_view name) -> MetricFamily& {
    auto [it, inserted] = index.try_emplace(std::string(name), out.families.size());
    if (inserted) out.families.push_back(MetricFamily{std::string(name), MetricType::Untyped, {}, {}});
    return out.families[it->second];
  };
  std::size_t samples = 0;
  std::size_t line_no = 0;
  std::size_t pos = 0;
  while (pos < body.size()) {
    std::size_t end = body.find('\n', pos);
    if (end == std::string_view::npos) end = body.size();
    std::string_view line = body.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t i = 0;
    skip_blanks(line, i);
    if (i == line.size()) continue;
    auto warn = [&](const std::string& why) {
      out.warnings.push_back("line " + std::to_string(line_no) + ": " + why);
    };
    if (line[i] == '#') {
      ++i;
      skip_blanks(line, i);
      const std::string_view keyword = read_token(line, i);
      if (keyword != "HELP" && keyword != "TYPE") continue;  // a plain comment
      skip_blanks(line, i);
      const std::string_view name = read_name(line, i);
      if (name.empty()) {
        warn("# " + std::string(keyword) + " without a metric name");
        continue;
      }
      skip_blanks(line, i);
      MetricFamily& fam = family_slot(name);
      if (keyword == "HELP") {
        fam.help = unescape(line.substr(i));
      } else {
        fam.type = parse_type(read_token(line, i));
      }
      continue;
    }
    if (samples >= limits.max_samples) {
      out.warnings.push_back("more than " + std::to_string(limits.max_samples) + " samples; the rest skipped");
      break;
    }
    Sample sample;
    const std::string_view name = read_name(line, i);
    if (name.empty()) {
      warn("not a sample: it does not start with a metric name");
      continue;
    }
    sample.name = std::string(name);
    skip_blanks(line, i);
    if (i < line.size() && line[i] == '{') {
      const std::string error = read_labels(line, i, limits, sample.labels);
      if (!error.empty()) {
        warn(error);
        continue;
      }
    }
    skip_blanks(line, i);
    const std::optional<double> value = parse_value_impl(read_token(line, i));
    if (!value) {
      warn("sample " + sample.name + " has no numeric value");
      continue;
    }
    sample.value = *value;
    skip_blanks(line, i);
    if (i < line.size()) {
      const std::string_view ts = read_token(line, i);
      sample.timestamp_ms = parse_timestamp(ts);
      if (!sample.timestamp_ms) {
        warn("sample " + sample.name + " has a malformed timestamp");
        continue;
      }
      skip_blanks(line, i);
      if (i < line.size()) {
        warn("sample " + sample.name + " has text after its timestamp");
        continue;
      }
    }
    family_slot(family_of(sample.name, index, out.families)).samples.push_back(std::move(sample));
    ++samples;
  }
  return out;
}

}  // namespace inferscope::remote
