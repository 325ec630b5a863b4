#include "engine/quant/gptq.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/quant/requantize.h"
#include "kernels/cpu/matmul.h"
#include "kernels/cpu/thread_pool.h"

// The row updates below are plain loops; built for the CPU's widest vectors where the compiler can
// dispatch between copies (the engine itself is compiled for the baseline x86-64). Not under the
// sanitizers: their runtimes are not up yet when the loader runs the copies' resolvers.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(__SANITIZE_THREAD__)
#define INFERSCOPE_WIDE_LOOP __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define INFERSCOPE_WIDE_LOOP
#endif

namespace inferscope::quant {

namespace {

// y[i] -= a * x[i]
INFERSCOPE_WIDE_LOOP void sub_scaled(float* __restrict y, const float* __restrict x, float a, int64_t n) {
  for (int64_t i = 0; i < n; ++i) y[i] -= a * x[i];
}

void for_rows(kernels::ThreadPool* pool, int64_t n, const kernels::RangeFn& fn) {
  if (pool && pool->size() > 1 && n > 1)
    pool->parallel_for(n, fn);
  else
    fn(0, n, 0);
}

// In place: a (n x n, symmetric positive definite) becomes its upper Cholesky factor R (a = R^T R), the
// strict lower triangle zeroed. Right-looking, one row update per pivot. False when a pivot is not > 0.
bool cholesky_upper(std::vector<float>& a, int64_t n) {
  for (int64_t k = 0; k < n; ++k) {
    float* rk = &a[size_t(k * n)];
    const float d = rk[k];
    if (!(d > 0.0f) || !std::isfinite(d)) return false;
    const float s = std::sqrt(d);
    rk[k] = s;
    for (int64_t j = k + 1; j < n; ++j) rk[j] /= s;
    for (int64_t i = k + 1; i < n; ++i) sub_scaled(&a[size_t(i * n + i)], rk + i, rk[i], n - i);
    for (int64_t j = 0; j < k; ++j) rk[j] = 0.0f;
  }
  return true;
}

// In place: an upper triangular r (n x n) becomes r^-1 (upper), row by row from the bottom.
void invert_upper(std::vector<float>& r, int64_t n) {
  std::vector<float> row(static_cast<size_t>(n));
  for (int64_t i = n - 1; i >= 0; --i) {
    float* ri = &r[size_t(i * n)];
    const float inv = 1.0f / ri[i];
    // row i of r^-1: e_i^T r^-1 = (e_i^T - sum_{k>i} r_ik (row k of r^-1)) / r_ii
    std::fill(row.begin(), row.end(), 0.0f);
    for (int64_t k = i + 1; k < n; ++k)
      if (ri[k] != 0.0f) sub_scaled(row.data() + k, &r[size_t(k * n + k)], ri[k], n - k);
    for (int64_t j = i + 1; j < n; ++j) ri[j] = row[size_t(j)] * inv;
    ri[i] = inv;
  }
}

}  // namespace

bool inverse_cholesky_upper(const std::vector<float>& a, int64_t n, std::vector<float>& u) {
  // With J the order reversal, chol(J a J) = R' gives a = (J R'^T J)(J R' J) = L^T... written out:
  // J a J = R'^T R'  =>  a = (J R'^T J)(J R' J) = M M^T with M = J R'^T J upper triangular, so
  // a^-1 = M^-T M^-1 = U^T U with U = M^-1 = J R'^-T J (upper). Two n^3/6 passes instead of three.
  std::vector<float> rev(size_t(n * n));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) rev[size_t(i * n + j)] = a[size_t((n - 1 - i) * n + (n - 1 - j))];
  if (!cholesky_upper(rev, n)) return false;
  invert_upper(rev, n);  // R'^-1
  u.assign(size_t(n * n), 0.0f);
  // U[i][j] = (R'^-1)^T[n-1-i][n-1-j] = R'^-1[n-1-j][n-1-i]
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = i; j < n; ++j) u[size_t(i * n + j)] = rev[size_t((n - 1 - j) * n + (n - 1 - i))];
  return true;
}

std::vector<float> gram_matrix(const float* x, int64_t n_rows, int64_t n_in, kernels::ThreadPool* pool,
                               float row0_weight) {
  // X^T as n_in rows of N, so that one matmul gives every dot product of two input columns; row 0 scaled
  // by sqrt(row0_weight) enters every product with itself row0_weight times.
  const float r0 = std::sqrt(row0_weight);
  std::vector<float> xt(size_t(n_in * n_rows));
  for (int64_t t = 0; t < n_rows; ++t)
    for (int64_t i = 0; i < n_in; ++i) xt[size_t(i * n_rows + t)] = t == 0 ? x[size_t(i)] * r0 : x[size_t(t * n_in + i)];
  std::vector<float> g(size_t(n_in * n_in));
  kernels::matmul(kernels::GgmlType::F32, xt.data(), n_rows, n_in, xt.data(), n_in, g.data(), pool);
  return g;
}

std::vector<float> gptq_hessian(const float* x, int64_t n_rows, int64_t n_in, kernels::ThreadPool* pool) {
  std::vector<float> h = gram_matrix(x, n_rows, n_in, pool);
  const float f = 2.0f / float(std::max<int64_t>(n_rows, 1));
  for (float& v : h) v *= f;
  return h;
}

GroupQuantTensor gptq_quantize(const std::string& name, const float* w_in, int64_t n_out, int64_t n_in,
                               const std::vector<float>& h_in, const GptqOptions& opt, kernels::ThreadPool* pool,
                               const std::atomic<bool>* cancel) {
  if (h_in.size() != size_t(n_in * n_in)) throw std::invalid_argument("gptq: Hessian size does not match the rows");
  std::vector<float> w(w_in, w_in + n_out * n_in);
  std::vector<float> h = h_in;
  // Inputs that are always zero carry no information: their weights cannot matter, set them to 0.
  double mean_diag = 0;
  for (int64_t i = 0; i < n_in; ++i) {
    float& d = h[size_t(i * n_in + i)];
    if (d == 0.0f) {
      d = 1.0f;
      for (int64_t r = 0; r < n_out; ++r) w[size_t(r * n_in + i)] = 0.0f;
    }
    mean_diag += d;
  }
  mean_diag /= double(n_in);

  std::vector<float> u;
  bool ok = false;
  for (double damp = opt.damp; !ok && damp <= 10.0; damp *= 10.0) {
    std::vector<float> hd = h;
    for (int64_t i = 0; i < n_in; ++i) hd[size_t(i * n_in + i)] += float(damp * mean_diag);
    ok = inverse_cholesky_upper(hd, n_in, u);
  }
  if (!ok) throw std::runtime_error("gptq: the Hessian of '" + name + "' is not positive definite");

  GroupQuantTensor t;
  t.name = name;
  t.resize(n_out, n_in, opt.bits, opt.group);
  const int64_t G = t.groups_per_row();
  const int64_t B = std::max(1, opt.block);
  std::vector<float> err(size_t(n_out * B));  // each row's scaled errors of the current block
  std::vector<float> ut, upd;

  for (int64_t b0 = 0; b0 < n_in; b0 += B) {
    if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
    const int64_t b1 = std::min(n_in, b0 + B), nb = b1 - b0;
    // Inside the block, row by row: quantize a column, spread its error over the block's later columns.
    for_rows(pool, n_out, [&](int64_t r0, int64_t r1, int) {
      for (int64_t r = r0; r < r1; ++r) {
        float* row = &w[size_t(r * n_in)];
        float* e = &err[size_t(r * B)];
        GroupParams p;
        for (int64_t i = b0; i < b1; ++i) {
          const int64_t g = i / t.group;
          if (i % t.group == 0 || i == b0) {
            if (i % t.group == 0) {
              const int64_t g1 = std::min(n_in, i + t.group);
              const auto [lo, hi] = std::minmax_element(row + i, row + g1);
              p = group_params(t.bits, *lo, *hi);
              t.scales[size_t(r * G + g)] = p.scale;
              t.zeros[size_t(r * G + g)] = uint8_t(p.zero);
            } else {  // a group that started in an earlier block
              p = GroupParams{t.scales[size_t(r * G + g)], t.zeros[size_t(r * G + g)]};
            }
          }
          const int q = quantize_code(p, t.bits, row[i]);
          t.codes[size_t(r * n_in + i)] = uint8_t(q);
          const float* ui = &u[size_t(i * n_in)];
          const float ei = (row[i] - dequantize_code(p, q)) / ui[i];
          e[i - b0] = ei;
          sub_scaled(row + i + 1, ui + i + 1, ei, b1 - i - 1);
        }
      }
    });
    if (b1 == n_in) break;
    // The lazy update of every later column: W[:, b1:] -= E U[b0:b1, b1:], one product for all rows.
    const int64_t rest = n_in - b1;
    ut.resize(size_t(rest * nb));
    for (int64_t j = 0; j < rest; ++j)
      for (int64_t k = 0; k < nb; ++k) ut[size_t(j * nb + k)] = u[size_t((b0 + k) * n_in + b1 + j)];
    std::vector<float> e_rows(size_t(n_out * nb));
    for (int64_t r = 0; r < n_out; ++r)
      std::copy_n(&err[size_t(r * B)], nb, &e_rows[size_t(r * nb)]);
    upd.resize(size_t(n_out * rest));
    kernels::matmul(kernels::GgmlType::F32, ut.data(), nb, rest, e_rows.data(), n_out, upd.data(), pool);
    for_rows(pool, n_out, [&](int64_t r0, int64_t r1, int) {
      for (int64_t r = r0; r < r1; ++r) sub_scaled(&w[size_t(r * n_in + b1)], &upd[size_t(r * rest)], 1.0f, rest);
    });
  }
  return t;
}

}  // namespace inferscope::quant
