#include "ui/charts/nice_scale.h"

#include <algorithm>
#include <cmath>

namespace inferscope::ui {

double niceStep(double raw, bool integer) {
  if (!(raw > 0) || !std::isfinite(raw)) return 1;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double n = raw / mag;
  // A little slack so 2.0000000001 (floating noise) stays 2, not 5.
  const double m = n <= 1.000001 ? 1 : n <= 2.000001 ? 2 : n <= 5.000001 ? 5 : 10;
  const double step = m * mag;
  return integer ? std::max(1.0, std::round(step)) : step;
}

double nextNiceStep(double step) { return niceStep(step * 1.5); }

int decimalsForStep(double step) {
  if (!(step > 0)) return 0;
  int d = 0;
  while (d < 12 && std::fabs(step * std::pow(10.0, d) - std::round(step * std::pow(10.0, d))) > 1e-6 * step * std::pow(10.0, d))
    ++d;
  return d;
}

std::vector<double> NiceTicks::values() const {
  std::vector<double> v;
  if (!(step > 0)) return v;
  for (int i = 0; i < 1000; ++i) {
    const double t = first + i * step;
    if (t > hi + step * 1e-9) break;
    // Snap to the step grid so 0.1 * 3 prints as 0.3.
    v.push_back(std::round(t / step) * step);
  }
  return v;
}

NiceTicks ticksWithStep(double lo, double hi, double step, bool roundEnds) {
  NiceTicks t;
  t.step = step > 0 ? step : 1;
  if (hi < lo) std::swap(lo, hi);
  const double eps = t.step * 1e-9;
  if (roundEnds) {
    lo = std::floor(lo / t.step + 1e-9) * t.step;
    hi = std::ceil(hi / t.step - 1e-9) * t.step;
    if (hi <= lo) hi = lo + t.step;
  }
  t.lo = lo;
  t.hi = hi;
  t.first = std::ceil((lo - eps) / t.step) * t.step;
  t.decimals = decimalsForStep(t.step);
  return t;
}

TimeUnit timeUnitForMs(double maxMs) {
  if (maxMs >= 1000.0) return {1000.0, "s"};
  return {1.0, "ms"};
}

}  // namespace inferscope::ui
