#include "engine/parallel/tensor_shard.h"

#include <cstring>
#include <stdexcept>
#include <string>

#include "engine/parallel/parallel_config.h"
#include "kernels/cpu/ggml_type.h"

namespace inferscope {
namespace {

// Output rows [r0, r0 + n) of w (a 1-D vector: elements [r0, r0 + n)).
WeightRef row_slice(const WeightRef& w, int64_t r0, int64_t n) {
  if (!w) return w;
  WeightRef s = w;
  if (w.n_out == 1 && w.n_in > 1) {  // a bias vector
    s.data = static_cast<const uint8_t*>(w.data) + kernels::row_bytes(w.type, r0);
    s.n_in = n;
    s.n_bytes = kernels::row_bytes(w.type, n);
    return s;
  }
  const size_t rb = kernels::row_bytes(w.type, w.n_in);
  s.data = static_cast<const uint8_t*>(w.data) + size_t(r0) * rb;
  s.n_out = n;
  s.n_bytes = size_t(n) * rb;
  return s;
}

// Input columns [c0, c0 + n) of every row of w, copied into a buffer of their own.
WeightRef column_slice(const WeightRef& w, int64_t c0, int64_t n, std::vector<std::unique_ptr<uint8_t[]>>& owned) {
  const int64_t be = kernels::type_traits(w.type).block_elems;
  if (c0 % be != 0 || n % be != 0)
    throw std::invalid_argument("tensor parallelism would cut " + w.name + " at column " + std::to_string(c0) +
                                ", inside a " + kernels::type_name(w.type) + " block of " + std::to_string(be) +
                                " values; use fewer devices");
  const size_t src_rb = kernels::row_bytes(w.type, w.n_in), off = kernels::row_bytes(w.type, c0),
               rb = kernels::row_bytes(w.type, n);
  auto buf = std::make_unique<uint8_t[]>(rb * size_t(w.n_out));
  for (int64_t r = 0; r < w.n_out; ++r)
    std::memcpy(buf.get() + size_t(r) * rb, static_cast<const uint8_t*>(w.data) + size_t(r) * src_rb + off, rb);
  WeightRef s = w;
  s.data = buf.get();
  s.n_in = n;
  s.n_bytes = rb * size_t(w.n_out);
  owned.push_back(std::move(buf));
  return s;
}

}  // namespace

TensorShard make_tensor_shard(const ModelWeights& weights, const ModelConfig& c, int device, int devices) {
  ParallelConfig pc;
  pc.mode = ParallelMode::Tensor;
  pc.devices = devices;
  if (const std::string why = pc.model_fit(c); !why.empty()) throw std::invalid_argument(why);
  TensorShard sh;
  sh.device = device;
  sh.n_kv_heads = c.n_kv_heads / devices;
  sh.kv_head_begin = device * sh.n_kv_heads;
  sh.n_heads = c.n_heads / devices;  // the query heads of its KV heads (GQA groups stay whole)
  sh.head_begin = device * sh.n_heads;
  sh.n_ff = c.n_ff / devices;
  sh.ff_begin = device * sh.n_ff;
  const int64_t hd = c.head_dim;
  for (const LayerWeights& L : weights.layers) {
    LayerWeights S = L;
    S.wq = row_slice(L.wq, sh.head_begin * hd, sh.n_heads * hd);
    S.bq = row_slice(L.bq, sh.head_begin * hd, sh.n_heads * hd);
    S.wk = row_slice(L.wk, sh.kv_head_begin * hd, sh.n_kv_heads * hd);
    S.bk = row_slice(L.bk, sh.kv_head_begin * hd, sh.n_kv_heads * hd);
    S.wv = row_slice(L.wv, sh.kv_head_begin * hd, sh.n_kv_heads * hd);
    S.bv = row_slice(L.bv, sh.kv_head_begin * hd, sh.n_kv_heads * hd);
    S.wo = column_slice(L.wo, sh.head_begin * hd, sh.n_heads * hd, sh.owned);
    S.w_gate = row_slice(L.w_gate, sh.ff_begin, sh.n_ff);
    S.w_up = row_slice(L.w_up, sh.ff_begin, sh.n_ff);
    S.w_down = column_slice(L.w_down, sh.ff_begin, sh.n_ff, sh.owned);
    sh.layers.push_back(S);
  }
  ModelWeights mw;  // only the layers: the head stays whole, outside the shards
  mw.layers = sh.layers;
  sh.packed = pack_weights(mw);
  return sh;
}

}  // namespace inferscope
