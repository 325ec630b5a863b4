#pragma once
// Round axis scales for charts a reader can read: tick steps of 1, 2 or 5 x 10^k, whole-number steps
// for counts, and a time unit (ms or s) chosen from the range shown. Plain arithmetic, no Qt.
#include <string>
#include <vector>

namespace inferscope::ui {

// The smallest step of the form {1, 2, 5} x 10^k that is >= raw (raw > 0). With integer set the step
// is at least 1, so counts never get ticks between whole numbers.
double niceStep(double raw, bool integer = false);
// The next larger 1-2-5 step after step (1 -> 2 -> 5 -> 10 ...).
double nextNiceStep(double step);
// Digits after the decimal point that print every multiple of step exactly (0.25 is not a 1-2-5 step,
// but 0.5 -> 1, 0.2 -> 1, 0.05 -> 2, 10 -> 0).
int decimalsForStep(double step);

struct NiceTicks {
  double lo = 0, hi = 1;  // the axis range
  double first = 0;       // the first tick (a multiple of step), >= lo
  double step = 1;
  int decimals = 0;
  std::vector<double> values() const;  // every tick in [lo, hi], multiples of step
};
// Ticks of the given step over [lo, hi]. roundEnds widens the range out to multiples of step.
NiceTicks ticksWithStep(double lo, double hi, double step, bool roundEnds);

// A unit for durations measured in milliseconds: "ms" while the largest value is below 1000 ms,
// otherwise "s" (divisor 1000), so 20,000 ms reads as 20 s.
struct TimeUnit {
  double divisor = 1;
  std::string suffix = "ms";
};
TimeUnit timeUnitForMs(double maxMs);

}  // namespace inferscope::ui
