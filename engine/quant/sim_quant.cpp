#include "engine/quant/sim_quant.h"

#include <algorithm>
#include <cmath>

#include "engine/quant/weight_mode.h"

namespace inferscope::quant {

SimGrid sim_grid(int bits, bool asym, float lo, float hi) {
  SimGrid g;
  if (asym) {
    g.qmin = 0;
    g.qmax = (1 << bits) - 1;
    g.offset = lo;
    g.scale = (hi - lo) / float(g.qmax);
  } else {
    g.qmax = (1 << (bits - 1)) - 1;
    g.qmin = -g.qmax;
    g.scale = std::max(std::fabs(lo), std::fabs(hi)) / float(g.qmax);
  }
  return g;
}

void sim_quantize_rows(float* w, int64_t n_in, int64_t row_begin, int64_t row_end, int bits, int group, bool asym,
                       float tensor_lo, float tensor_hi) {
  const SimGrid whole = sim_grid(bits, asym, tensor_lo, tensor_hi);
  const int64_t g = group > 0 ? group : n_in;
  for (int64_t r = row_begin; r < row_end; ++r) {
    float* row = w + r * n_in;
    for (int64_t i0 = 0; i0 < n_in; i0 += g) {
      const int64_t i1 = std::min(n_in, i0 + g);
      SimGrid grid = whole;
      if (group != kPerTensor) {
        const auto [lo, hi] = std::minmax_element(row + i0, row + i1);
        grid = sim_grid(bits, asym, *lo, *hi);
      }
      for (int64_t i = i0; i < i1; ++i) row[i] = sim_round_trip(grid, row[i]);
    }
  }
}

}  // namespace inferscope::quant
