#pragma once
// A model's weights on the device, uploaded once at backend construction.
// Each 2-D weight keeps its stored format when the mmv kernels run it (F32, F16, BF16, Q4_0, Q4_1,
// Q8_0; other formats are dequantized to F32 on the host first) and gets a bf16 copy, made on the
// device, for the cuBLAS path of long prefill slices.
#include <cstdint>
#include <map>
#include <vector>

#include "kernels/cuda/device_buffer.h"
#include "engine/model/model_weights.h"

namespace inferscope {

struct DeviceMatrix {
  kernels::GgmlType type = kernels::GgmlType::F32;  // format of `stored`
  int64_t n_in = 0, n_out = 0;
  size_t row_bytes = 0;
  const void* stored = nullptr;  // n_out rows of row_bytes
  const void* bf16 = nullptr;    // n_out x n_in bf16
};

struct DeviceLayer {
  DeviceMatrix wq, wk, wv, wo, gate, up, down;
  const float *attn_norm = nullptr, *ffn_norm = nullptr, *bq = nullptr, *bk = nullptr, *bv = nullptr;
};

class DeviceWeights {
 public:
  // Uploads every tensor of w (a tensor shared by two names, like a tied output head, once).
  // Throws std::runtime_error for a shape the kernels cannot run (n_in not a multiple of 32).
  DeviceWeights(const ModelWeights& w, cudaStream_t stream);

  const DeviceMatrix& token_embd() const { return token_embd_; }
  const DeviceMatrix& output() const { return output_; }
  const float* output_norm() const { return output_norm_; }
  const DeviceLayer& layer(int l) const { return layers_[l]; }
  size_t bytes() const { return bytes_; }  // device bytes of all copies

 private:
  DeviceMatrix matrix(const WeightRef& w, bool with_bf16, cudaStream_t stream);
  const float* vector(const WeightRef& w, cudaStream_t stream);

  std::vector<kernels::cuda::DeviceBuffer> buffers_;
  std::map<const void*, DeviceMatrix> by_host_;  // host data -> device copy (ties, shared tensors)
  DeviceMatrix token_embd_, output_;
  const float* output_norm_ = nullptr;
  std::vector<DeviceLayer> layers_;
  size_t bytes_ = 0;
};

}  // namespace inferscope
