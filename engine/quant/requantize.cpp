#include "engine/quant/requantize.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include <spdlog/spdlog.h>

#include "engine/quant/sim_quant.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::quant {

uint8_t* WeightBuffers::add(size_t n_bytes) {
  const size_t rounded = (std::max<size_t>(n_bytes, 1) + 63) / 64 * 64;
  void* p = std::aligned_alloc(64, rounded);
  if (!p) throw std::bad_alloc();
  blocks_.push_back(p);
  return static_cast<uint8_t*>(p);
}

WeightBuffers::~WeightBuffers() {
  for (void* p : blocks_) std::free(p);
}

kernels::GgmlType target_type(const WeightMode& mode, kernels::GgmlType stored) {
  switch (mode.kind) {
    case WeightModeKind::Stored: return stored;
    case WeightModeKind::Real: return mode.type;
    case WeightModeKind::Simulated: return kernels::GgmlType::F32;
  }
  return stored;
}

size_t weight_bytes(const ModelWeights& w) {
  size_t n = w.token_embd.n_bytes + w.output_norm.n_bytes + (w.tied_output ? 0 : w.output.n_bytes);
  for (const LayerWeights& L : w.layers)
    for (const WeightRef* r : {&L.attn_norm, &L.wq, &L.wk, &L.wv, &L.wo, &L.bq, &L.bk, &L.bv, &L.ffn_norm, &L.w_gate,
                               &L.w_up, &L.w_down})
      if (*r) n += r->n_bytes;
  return n;
}

namespace {

struct Partial {
  double sum_abs = 0, max_abs = 0;
  float lo = std::numeric_limits<float>::infinity(), hi = -std::numeric_limits<float>::infinity();
};

bool cancelled(const RequantizeOptions& opt) { return opt.cancel && opt.cancel->load(std::memory_order_relaxed); }

// Rows go out in fixed pieces of kRowsPerPart, each with its own Partial (parts[r0 / kRowsPerPart]), summed in
// order at the end: the error figures are the same bits whatever the thread count or which thread ran what.
constexpr int64_t kRowsPerPart = 64;

int64_t n_parts(int64_t n_rows) { return (n_rows + kRowsPerPart - 1) / kRowsPerPart; }

void for_rows(const RequantizeOptions& opt, int64_t n_rows, const std::function<void(int64_t, int64_t, int)>& fn) {
  if (opt.pool && opt.pool->size() > 1 && n_rows > kRowsPerPart)
    opt.pool->parallel_for_dynamic(n_rows, kRowsPerPart, fn);
  else
    for (int64_t r0 = 0; r0 < n_rows; r0 += kRowsPerPart) fn(r0, std::min(n_rows, r0 + kRowsPerPart), 0);
}

// Row r of the quantizer's input: the stored row dequantized, with the outlier when it falls in it.
void source_row(const WeightRef& src, const WeightMode& mode, int64_t r, float* out) {
  kernels::dequantize_row_ref(src.type, static_cast<const uint8_t*>(src.data) + r * kernels::row_bytes(src.type, src.n_in),
                              out, src.n_in);
  if (mode.outlier) {
    const int64_t at = outlier_index(src.n_in, src.n_out);
    if (at / src.n_in == r) out[at % src.n_in] = *mode.outlier;
  }
}

// Re-encodes one tensor into a new buffer; returns its view and fills err.
WeightRef requantize_tensor(const WeightRef& src, const WeightMode& mode, const RequantizeOptions& opt,
                            WeightBuffers& buffers, TensorError& err) {
  const kernels::GgmlType to = target_type(mode, src.type);
  const auto& traits = kernels::type_traits(to);
  if (src.n_in % traits.block_elems != 0)
    throw std::invalid_argument("tensor '" + src.name + "' has rows of " + std::to_string(src.n_in) +
                                " elements, not a multiple of " + traits.name + "'s " +
                                std::to_string(traits.block_elems) + "-element blocks");
  const size_t dst_row = kernels::row_bytes(to, src.n_in);
  WeightRef out = src;
  out.type = to;
  out.n_bytes = dst_row * size_t(src.n_out);
  uint8_t* dst = buffers.add(out.n_bytes);
  out.data = dst;
  std::vector<Partial> parts(size_t(n_parts(src.n_out)));

  // Per-tensor simulated scales need the whole tensor's range first.
  float lo = 0, hi = 0;
  if (mode.simulated() && mode.group == kPerTensor) {
    for_rows(opt, src.n_out, [&](int64_t r0, int64_t r1, int) {
      std::vector<float> row(src.n_in);
      Partial& p = parts[size_t(r0 / kRowsPerPart)];
      for (int64_t r = r0; r < r1; ++r) {
        source_row(src, mode, r, row.data());
        const auto [a, b] = std::minmax_element(row.begin(), row.end());
        p.lo = std::min(p.lo, *a);
        p.hi = std::max(p.hi, *b);
      }
    });
    lo = std::numeric_limits<float>::infinity();
    hi = -lo;
    for (const Partial& p : parts) {
      lo = std::min(lo, p.lo);
      hi = std::max(hi, p.hi);
    }
  }

  for_rows(opt, src.n_out, [&](int64_t r0, int64_t r1, int) {
    std::vector<float> x(src.n_in), back(src.n_in);
    Partial& p = parts[size_t(r0 / kRowsPerPart)];
    for (int64_t r = r0; r < r1; ++r) {
      if ((r - r0) % 64 == 0 && cancelled(opt)) return;
      source_row(src, mode, r, x.data());
      uint8_t* d = dst + size_t(r) * dst_row;
      if (mode.simulated()) {
        float* y = reinterpret_cast<float*>(d);
        std::copy(x.begin(), x.end(), y);
        sim_quantize_rows(y, src.n_in, 0, 1, mode.bits, mode.group, mode.asym, lo, hi);
        std::copy(y, y + src.n_in, back.begin());
      } else {
        kernels::quantize_row_ref(to, x.data(), d, src.n_in);
        kernels::dequantize_row_ref(to, d, back.data(), src.n_in);
      }
      for (int64_t i = 0; i < src.n_in; ++i) {
        const double e = std::fabs(double(back[i]) - double(x[i]));
        p.sum_abs += e;
        p.max_abs = std::max(p.max_abs, e);
      }
    }
  });
  if (cancelled(opt)) throw Cancelled();

  err.name = src.name;
  err.from = src.type;
  err.to = to;
  err.n_elements = src.n_in * src.n_out;
  err.bytes = out.n_bytes;
  double sum = 0;
  for (const Partial& p : parts) {
    sum += p.sum_abs;
    err.max_abs = std::max(err.max_abs, p.max_abs);
  }
  err.mean_abs = err.n_elements ? sum / double(err.n_elements) : 0.0;
  return out;
}

}  // namespace

RequantizedWeights requantize_weights(const ModelWeights& src, const WeightMode& mode, const RequantizeOptions& opt) {
  RequantizedWeights res;
  res.weights = src;
  if (!mode.requantizes()) return res;
  res.buffers = std::make_shared<WeightBuffers>();

  // The 2-D weights, in model order; a tied output follows token_embd.
  std::vector<WeightRef*> targets{&res.weights.token_embd};
  if (!src.tied_output) targets.push_back(&res.weights.output);
  for (LayerWeights& L : res.weights.layers)
    for (WeightRef* r : {&L.wq, &L.wk, &L.wv, &L.wo, &L.w_gate, &L.w_up, &L.w_down}) targets.push_back(r);
  double total = 0, done = 0;
  for (const WeightRef* r : targets) total += double(r->n_in) * double(r->n_out);

  for (WeightRef* r : targets) {
    if (cancelled(opt)) throw Cancelled();
    TensorError err;
    *r = requantize_tensor(*r, mode, opt, *res.buffers, err);
    res.errors.push_back(err);
    done += double(r->n_in) * double(r->n_out);
    if (opt.progress) opt.progress(total > 0 ? done / total : 1.0, r->name);
  }
  if (src.tied_output) res.weights.output = res.weights.token_embd;
  spdlog::debug("requantized {} tensors to {}", res.errors.size(), mode.label());
  return res;
}

}  // namespace inferscope::quant
