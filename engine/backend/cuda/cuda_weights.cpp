#include "engine/backend/cuda/cuda_weights.h"

#include <stdexcept>
#include <string>

#include "kernels/cpu/quant.h"
#include "kernels/cuda/matmul.h"
#include "kernels/cuda/ops.h"

namespace inferscope {

DeviceWeights::DeviceWeights(const ModelWeights& w, cudaStream_t stream) {
  // The embedding table is only gathered from, and the output head always runs through mmv (it sees
  // only the sampled rows): neither needs a bf16 copy. A tied head shares the embedding's upload.
  token_embd_ = matrix(w.token_embd, false, stream);
  output_ = matrix(w.output, false, stream);
  output_norm_ = vector(w.output_norm, stream);
  layers_.resize(w.layers.size());
  for (size_t l = 0; l < w.layers.size(); ++l) {
    const LayerWeights& L = w.layers[l];
    DeviceLayer& D = layers_[l];
    D.wq = matrix(L.wq, true, stream);
    D.wk = matrix(L.wk, true, stream);
    D.wv = matrix(L.wv, true, stream);
    D.wo = matrix(L.wo, true, stream);
    D.gate = matrix(L.w_gate, true, stream);
    D.up = matrix(L.w_up, true, stream);
    D.down = matrix(L.w_down, true, stream);
    D.attn_norm = vector(L.attn_norm, stream);
    D.ffn_norm = vector(L.ffn_norm, stream);
    D.bq = vector(L.bq, stream);
    D.bk = vector(L.bk, stream);
    D.bv = vector(L.bv, stream);
  }
  INFERSCOPE_CUDA_CHECK(cudaStreamSynchronize(stream));  // the host staging copies below must outlive this
}

DeviceMatrix DeviceWeights::matrix(const WeightRef& w, bool with_bf16, cudaStream_t stream) {
  if (auto it = by_host_.find(w.data); it != by_host_.end() && (!with_bf16 || it->second.bf16)) return it->second;
  if (w.n_in % 32 != 0)
    throw std::runtime_error("the CUDA backend needs rows of a multiple of 32 elements; '" + w.name + "' has " +
                             std::to_string(w.n_in));
  DeviceMatrix m;
  m.n_in = w.n_in;
  m.n_out = w.n_out;
  if (auto it = by_host_.find(w.data); it != by_host_.end()) {
    m = it->second;  // stored copy exists; only the bf16 copy is missing
  } else if (kernels::cuda::mmv_supported(w.type)) {
    m.type = w.type;
    m.row_bytes = kernels::cuda::mmv_row_bytes(w.type, w.n_in);
    kernels::cuda::DeviceBuffer b(m.row_bytes * size_t(w.n_out));
    INFERSCOPE_CUDA_CHECK(cudaMemcpy(b.get(), w.data, b.bytes(), cudaMemcpyHostToDevice));
    m.stored = b.get();
    bytes_ += b.bytes();
    buffers_.push_back(std::move(b));
  } else {
    // K-quants, Q5_x: dequantized once on the host with the scalar reference, run as F32.
    m.type = kernels::GgmlType::F32;
    m.row_bytes = size_t(w.n_in) * sizeof(float);
    std::vector<float> rows(size_t(w.n_in) * size_t(w.n_out));
    const size_t src_row = kernels::row_bytes(w.type, w.n_in);
    for (int64_t r = 0; r < w.n_out; ++r)
      kernels::dequantize_row_ref(w.type, static_cast<const uint8_t*>(w.data) + r * src_row, &rows[size_t(r) * w.n_in],
                                  w.n_in);
    kernels::cuda::DeviceBuffer b(rows.size() * sizeof(float));
    INFERSCOPE_CUDA_CHECK(cudaMemcpy(b.get(), rows.data(), b.bytes(), cudaMemcpyHostToDevice));
    m.stored = b.get();
    bytes_ += b.bytes();
    buffers_.push_back(std::move(b));
  }
  if (with_bf16 && !m.bf16) {
    kernels::cuda::DeviceBuffer b(size_t(w.n_in) * size_t(w.n_out) * 2);
    kernels::cuda::weight_to_bf16(m.type, m.stored, w.n_in, w.n_out, b.get(), stream);
    m.bf16 = b.get();
    bytes_ += b.bytes();
    buffers_.push_back(std::move(b));
  }
  by_host_[w.data] = m;
  return m;
}

const float* DeviceWeights::vector(const WeightRef& w, cudaStream_t) {
  if (!w) return nullptr;  // absent (e.g. no bias)
  kernels::cuda::DeviceBuffer b(size_t(w.n_in) * size_t(w.n_out) * sizeof(float));
  INFERSCOPE_CUDA_CHECK(cudaMemcpy(b.get(), w.data, b.bytes(), cudaMemcpyHostToDevice));
  const float* p = b.get<float>();
  bytes_ += b.bytes();
  buffers_.push_back(std::move(b));
  return p;
}

}  // namespace inferscope
