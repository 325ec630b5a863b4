#pragma once
// Percentiles from Prometheus histograms over a sliding window: the difference of two scrapes'
// cumulative buckets, then the quantile by linear interpolation inside the bucket that holds it (the
// estimate Prometheus' histogram_quantile() makes, so our figures match a Grafana panel's).

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "remote/metrics/prometheus_text.h"

namespace inferscope::remote {

struct Bucket {
  double upper_bound = 0.0;  // the "le" label; +Inf for the last
  double cumulative = 0.0;
};

struct Histogram {
  std::vector<Bucket> buckets;  // sorted by upper bound, cumulative counts
  double sum = 0.0;
  double count = 0.0;
};

// Which label sets of a family to take: all of them when empty (a server with several models or
// engines then reads as one).
using LabelFilter = std::function<bool(const Sample&)>;

// The histogram `family` of a scrape, its label sets (other than "le") summed bucket by bucket.
// nullopt when the family is absent, not a histogram, or has no well-formed buckets.
std::optional<Histogram> read_histogram(const Exposition& scrape, std::string_view family,
                                        const LabelFilter& filter = {});

// What was observed between two scrapes of the same histogram: now - before, bucket by bucket. When
// the server restarted in between (a count went down) or the bucket layouts differ, `now` is the window.
Histogram histogram_window(const Histogram& now, const Histogram& before);

// The q-quantile (0 <= q <= 1) of the observations in `h`; nullopt when it holds none. A quantile
// in the +Inf bucket is the largest finite upper bound.
std::optional<double> histogram_quantile(double q, const Histogram& h);

// The mean of the observations in `h` (sum / count); nullopt when it holds none.
std::optional<double> histogram_mean(const Histogram& h);

}  // namespace inferscope::remote
