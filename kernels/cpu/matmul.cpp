// matmul driver: quantize the activation rows once (in parallel), then split the output rows
// across the pool. Each thread walks its rows in blocks and, per block, the tokens in tiles of
// kMaxTile, so a block of weight rows stays in cache while every token tile passes over it.
//
// Batch invariance: Y[t][r] is always one call of the tile kernel on (W row r, activation row t),
// and the kernels guarantee the same arithmetic for a row whatever the tile size and slot; the
// activation quantization is per row. So neither n_tokens, the tiling nor the thread split
// changes a single bit of the result.
#include "kernels/cpu/matmul.h"

#include <algorithm>
#include <cassert>
#include <vector>

#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"
#include "kernels/cpu/vec_dot.h"

namespace inferscope::kernels {
namespace {

constexpr int64_t kRowBlock = 16;  // weight rows kept hot while the token tiles pass over them

struct MatmulJob {
  detail::DotTileFn tile;
  const uint8_t* W;
  size_t w_stride;
  const uint8_t* acts;
  size_t act_stride;
  int64_t n_in, n_out, n_tokens;
  const float* X;
  float* Y;
  GgmlType act_type;
};

void quantize_rows(const MatmulJob& j, int64_t begin, int64_t end, uint8_t* dst) {
  for (int64_t t = begin; t < end; ++t)
    quantize_row(j.act_type, j.X + t * j.n_in, dst + static_cast<size_t>(t) * j.act_stride, j.n_in);
}

void compute_rows(const MatmulJob& j, int64_t r_begin, int64_t r_end) {
  const void* acts[detail::kMaxTile];
  float out[detail::kMaxTile];
  for (int64_t r0 = r_begin; r0 < r_end; r0 += kRowBlock) {
    const int64_t r1 = std::min(r0 + kRowBlock, r_end);
    for (int64_t t0 = 0; t0 < j.n_tokens; t0 += detail::kMaxTile) {
      const int nt = static_cast<int>(std::min<int64_t>(detail::kMaxTile, j.n_tokens - t0));
      for (int t = 0; t < nt; ++t) acts[t] = j.acts + static_cast<size_t>(t0 + t) * j.act_stride;
      for (int64_t r = r0; r < r1; ++r) {
        j.tile(j.W + static_cast<size_t>(r) * j.w_stride, acts, nt, j.n_in, out);
        for (int t = 0; t < nt; ++t) j.Y[(t0 + t) * j.n_out + r] = out[t];
      }
    }
  }
}

// Grows only, so steady-state steps allocate nothing. One per calling thread (the engine thread).
uint8_t* act_scratch(size_t bytes) {
  thread_local std::vector<uint8_t> buf;
  if (buf.size() < bytes) buf.resize(bytes);
  return buf.data();
}

}  // namespace

void matmul(GgmlType wt, const void* W, int64_t n_in, int64_t n_out, const float* X, int64_t n_tokens, float* Y,
            ThreadPool* pool) {
  if (n_out <= 0 || n_tokens <= 0) return;
  MatmulJob j{};
  j.tile = detail::dot_tile(wt, active_simd());
  assert(j.tile && "matmul: weight type without a dot kernel");
  j.W = static_cast<const uint8_t*>(W);
  j.w_stride = row_bytes(wt, n_in);
  j.n_in = n_in;
  j.n_out = n_out;
  j.n_tokens = n_tokens;
  j.X = X;
  j.Y = Y;
  j.act_type = detail::act_type_for(wt);

  if (j.act_type == GgmlType::F32) {
    j.acts = reinterpret_cast<const uint8_t*>(X);
    j.act_stride = static_cast<size_t>(n_in) * sizeof(float);
  } else {
    j.act_stride = row_bytes(j.act_type, n_in);
    uint8_t* dst = act_scratch(j.act_stride * static_cast<size_t>(n_tokens));
    j.acts = dst;
    if (pool && n_tokens > 1)
      pool->parallel_for(n_tokens, [&](int64_t b, int64_t e, int) { quantize_rows(j, b, e, dst); });
    else
      quantize_rows(j, 0, n_tokens, dst);
  }

  if (pool)
    pool->parallel_for(n_out, [&j](int64_t b, int64_t e, int) { compute_rows(j, b, e); });
  else
    compute_rows(j, 0, n_out);
}

void get_row(GgmlType wt, const void* W, int64_t n_in, int64_t row, float* dst) {
  const auto* p = static_cast<const uint8_t*>(W) + static_cast<size_t>(row) * row_bytes(wt, n_in);
  dequantize_row(wt, p, dst, n_in);
}

}  // namespace inferscope::kernels
