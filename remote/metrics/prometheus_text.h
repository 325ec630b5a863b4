#pragma once
// A reader for the Prometheus text exposition format (version 0.0.4, which llama.cpp's server, vLLM and
// SGLang serve on /metrics). Qt-free; it never throws and never allocates more than the limits allow,
// because a scrape body comes from a process we do not control.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace inferscope::remote {

enum class MetricType { Untyped, Counter, Gauge, Histogram, Summary };

struct Sample {
  std::string name;  // the full sample name, e.g. "x_bucket" inside family "x"
  std::vector<std::pair<std::string, std::string>> labels;  // in the order written, values unescaped
  double value = 0.0;  // NaN, +Inf and -Inf as written
  std::optional<std::int64_t> timestamp_ms;

  // The value of label `key`, or nullptr when the sample has no such label.
  const std::string* label(std::string_view key) const;
};

struct MetricFamily {
  std::string name;
  MetricType type = MetricType::Untyped;
  std::string help;  // unescaped
  std::vector<Sample> samples;
};

struct ParseLimits {
  std::size_t max_body_bytes = 32u << 20;  // a larger body is read up to here, with a warning
  std::size_t max_samples = 500'000;
  std::size_t max_labels_per_sample = 64;
};

struct Exposition {
  std::vector<MetricFamily> families;  // in the order first seen
  // One line per line that was skipped (malformed) or limit that was hit: "line 12: ...". A scrape with
  // warnings is still usable: every well-formed line was read.
  std::vector<std::string> warnings;

  const MetricFamily* family(std::string_view name) const;
  std::size_t sample_count() const;
};

// A sample value as the format writes it: a decimal, "+Inf", "-Inf" or "NaN"; nullopt otherwise.
std::optional<double> parse_prometheus_value(std::string_view text);

// Parses a whole scrape body. Samples named family + "_bucket" / "_sum" / "_count" (histograms),
// "_sum" / "_count" (summaries) and "_total" / "_created" (counters) join the family declared by the
// preceding # TYPE line; any other sample without a declaration forms an untyped family of its own name.
Exposition parse_prometheus_text(std::string_view body, const ParseLimits& limits = {});

}  // namespace inferscope::remote
