#include "remote/metrics/histogram_window.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace inferscope::remote {

std::optional<Histogram> read_histogram(const Exposition& scrape, std::string_view family,
                                        const LabelFilter& filter) {
  const MetricFamily* fam = scrape.family(family);
  if (fam == nullptr || fam->type != MetricType::Histogram) return std::nullopt;
  const std::string bucket_name = fam->name + "_bucket";
  const std::string sum_name = fam->name + "_sum";
  const std::string count_name = fam->name + "_count";
  std::map<double, double> by_bound;
  Histogram h;
  for (const Sample& s : fam->samples) {
    if (filter && !filter(s)) continue;
    if (s.name == bucket_name) {
      const std::string* le = s.label("le");
      if (le == nullptr) continue;
      const std::optional<double> ub = parse_prometheus_value(*le);
      if (!ub || std::isnan(*ub) || std::isnan(s.value)) continue;
      by_bound[*ub] += s.value;
    } else if (s.name == sum_name) {
      h.sum += s.value;
    } else if (s.name == count_name) {
      h.count += s.value;
    }
  }
  if (by_bound.empty()) return std::nullopt;
  for (const auto& [ub, c] : by_bound) h.buckets.push_back({ub, c});
  return h;
}

Histogram histogram_window(const Histogram& now, const Histogram& before) {
  if (now.buckets.size() != before.buckets.size() || now.count < before.count) return now;
  Histogram w;
  w.sum = now.sum - before.sum;
  w.count = now.count - before.count;
  for (std::size_t i = 0; i < now.buckets.size(); ++i) {
    if (now.buckets[i].upper_bound != before.buckets[i].upper_bound ||
        now.buckets[i].cumulative < before.buckets[i].cumulative)
      return now;
    w.buckets.push_back({now.buckets[i].upper_bound, now.buckets[i].cumulative - before.buckets[i].cumulative});
  }
  return w;
}

std::optional<double> histogram_quantile(double q, const Histogram& h) {
  if (h.buckets.empty() || std::isnan(q)) return std::nullopt;
  const double total = h.buckets.back().cumulative;
  if (!(total > 0.0)) return std::nullopt;
  q = std::clamp(q, 0.0, 1.0);
  const double rank = q * total;
  std::size_t b = 0;
  while (b + 1 < h.buckets.size() && h.buckets[b].cumulative < rank) ++b;
  if (std::isinf(h.buckets[b].upper_bound)) {
    // Nothing is known above the last finite bound: report that bound, as Prometheus does.
    return b > 0 ? std::optional<double>(h.buckets[b - 1].upper_bound) : std::nullopt;
  }
  const double upper = h.buckets[b].upper_bound;
  double lower = 0.0;
  double below = 0.0;
  if (b > 0) {
    lower = h.buckets[b - 1].upper_bound;
    below = h.buckets[b - 1].cumulative;
  } else if (upper <= 0.0) {
    return upper;  // the first bucket's lower edge is unknown when its bound is not positive
  }
  const double in_bucket = h.buckets[b].cumulative - below;
  if (!(in_bucket > 0.0)) return upper;
  return lower + (upper - lower) * ((rank - below) / in_bucket);
}

std::optional<double> histogram_mean(const Histogram& h) {
  if (!(h.count > 0.0)) return std::nullopt;
  return h.sum / h.count;
}

}  // namespace inferscope::remote
