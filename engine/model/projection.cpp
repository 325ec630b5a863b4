#include "engine/model/projection.h"

#include <iterator>
#include <vector>

#include "kernels/cpu/matmul.h"
#include "kernels/cpu/ops.h"

namespace inferscope {

void project(const kernels::PackedMatrix* packed, std::initializer_list<const WeightRef*> w,
             std::initializer_list<float*> y, const float* x, int n_rows, kernels::ThreadPool* pool,
             std::initializer_list<const WeightRef*> bias) {
  if (packed) {
    kernels::matmul_packed(*packed, x, n_rows, std::data(y), pool);
  } else {
    auto out = y.begin();
    for (const WeightRef* wi : w) kernels::matmul(wi->type, wi->data, wi->n_in, wi->n_out, x, n_rows, *out++, pool);
  }
  auto out = y.begin();
  auto wi = w.begin();
  for (const WeightRef* b : bias) {
    if (b && *b)
      for (int t = 0; t < n_rows; ++t)
        kernels::add_inplace(*out + size_t(t) * (*wi)->n_out, static_cast<const float*>(b->data), (*wi)->n_out);
    ++out;
    ++wi;
  }
}

void project_add(const kernels::PackedMatrix* packed, const WeightRef& w, float* y, const float* x, int n_rows,
                 kernels::ThreadPool* pool) {
  if (packed) {
    float* out[] = {y};
    kernels::matmul_packed(*packed, x, n_rows, out, pool, /*accumulate=*/true);
    return;
  }
  thread_local std::vector<float> product;
  product.resize(size_t(n_rows) * size_t(w.n_out));
  kernels::matmul(w.type, w.data, w.n_in, w.n_out, x, n_rows, product.data(), pool);
  kernels::add_inplace(y, product.data(), product.size());
}

}  // namespace inferscope
