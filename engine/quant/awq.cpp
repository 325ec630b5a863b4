#include "engine/quant/awq.h"

#include <algorithm>
#include <cmath>

#include "engine/quant/requantize.h"
#include "kernels/cpu/matmul.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::quant {

std::vector<float> mean_abs_columns(const float* x, int64_t n_rows, int64_t n_in) {
  std::vector<double> sum(size_t(n_in), 0.0);
  for (int64_t t = 0; t < n_rows; ++t)
    for (int64_t i = 0; i < n_in; ++i) sum[size_t(i)] += std::fabs(double(x[size_t(t * n_in + i)]));
  std::vector<float> m(static_cast<size_t>(n_in));
  for (int64_t i = 0; i < n_in; ++i) m[size_t(i)] = float(sum[size_t(i)] / double(std::max<int64_t>(n_rows, 1)));
  return m;
}

double output_error(const float* a, const float* b, int64_t n_out, int64_t n_in, const float* x, int64_t n_rows,
                    kernels::ThreadPool* pool) {
  std::vector<float> d(size_t(n_out * n_in));
  for (size_t i = 0; i < d.size(); ++i) d[i] = a[i] - b[i];
  std::vector<float> y(size_t(n_rows * n_out));
  kernels::matmul(kernels::GgmlType::F32, d.data(), n_in, n_out, x, n_rows, y.data(), pool);
  double s = 0;
  for (const float v : y) s += double(v) * double(v);
  return s;
}

AwqResult awq_quantize(const std::string& name, const float* w, int64_t n_out, int64_t n_in, const float* x,
                       int64_t n_rows, const AwqOptions& opt, kernels::ThreadPool* pool,
                       const std::atomic<bool>* cancel) {
  const std::vector<float> sx = mean_abs_columns(x, n_rows, n_in);
  std::vector<float> sampled;
  if (opt.max_rows > 0 && n_rows > opt.max_rows) {
    const int64_t m = opt.max_rows;
    sampled.resize(size_t(m * n_in));
    for (int64_t k = 0; k < m; ++k) std::copy_n(x + (k * n_rows / m) * n_in, n_in, &sampled[size_t(k * n_in)]);
    x = sampled.data();
    n_rows = m;
  }
  const int grid = std::max(1, opt.grid);
  AwqResult best;
  best.errors.assign(size_t(grid) + 1, 0.0);
  std::vector<float> ws(size_t(n_out * n_in)), back(size_t(n_out * n_in));
  std::vector<float> s(static_cast<size_t>(n_in));
  for (int k = 0; k <= grid; ++k) {
    if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
    const double alpha = double(k) / grid;
    float lo = INFINITY, hi = 0;
    for (int64_t i = 0; i < n_in; ++i) {
      s[size_t(i)] = k == 0 ? 1.0f : std::max(std::pow(sx[size_t(i)], float(alpha)), 1e-4f);
      lo = std::min(lo, s[size_t(i)]);
      hi = std::max(hi, s[size_t(i)]);
    }
    const float norm = std::sqrt(lo * hi);
    for (float& v : s) v /= norm;  // exactly 1 at k == 0
    for (int64_t r = 0; r < n_out; ++r)
      for (int64_t i = 0; i < n_in; ++i) ws[size_t(r * n_in + i)] = w[size_t(r * n_in + i)] * s[size_t(i)];
    GroupQuantTensor t;
    t.name = name;
    t.resize(n_out, n_in, opt.bits, opt.group);
    if (pool && pool->size() > 1)
      pool->parallel_for(n_out, [&](int64_t r0, int64_t r1, int) { rtn_quantize_rows(ws.data(), t, r0, r1); });
    else
      rtn_quantize_rows(ws.data(), t, 0, n_out);
    if (k > 0) t.input_scale = s;
    dequantize(t, back.data());
    const double e = output_error(w, back.data(), n_out, n_in, x, n_rows, pool);
    best.errors[size_t(k)] = e;
    if (k == 0) best.error_rtn = e;
    if (k == 0 || e < best.error) {  // ties keep the smaller alpha
      best.error = e;
      best.alpha = alpha;
      best.tensor = std::move(t);
    }
  }
  return best;
}

}  // namespace inferscope::quant
