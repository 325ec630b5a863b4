#pragma once
// The CUDA backend: the llama-family forward pass on one NVIDIA GPU (device 0), with the paged KV pool
// in device memory. Weights are uploaded once; per-step scratch only grows; one stream; logits come
// back to the host only for the rows that are sampled.
//
// Numerics: projections run in f32 through the stored-format mmv kernels, except for the rows of a
// slice longer than kGemmMinSliceRows (cuda_step_plan.h), which run through cuBLAS on bf16 copies of
// the weights with f32 accumulation. Attention is the tiled online-softmax form (the `naive` setting
// runs it too: on the GPU the score row is never materialized). Batch invariance: a row's result
// depends only on its own sequence and on whether its slice in that pass was longer than
// kGemmMinSliceRows; decode rows, speculative verification rows and prompts up to that length are
// bit-identical whatever else is in the batch and however the prompt was chunked.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <memory>

#include "engine/backend/cuda/cuda_weights.h"
#include "engine/backend/cuda_step_plan.h"
#include "engine/backend/forward_backend.h"

namespace inferscope {

// probe_backend(Cuda) when the CUDA backend is compiled in: counts devices, reads device 0.
BackendProbe probe_cuda_backend();
// Throws std::runtime_error (no device, unsupported model shape) or std::invalid_argument (the KV pool
// does not fit the device's free memory).
std::unique_ptr<ForwardBackend> make_cuda_backend(LlamaModel& model, const KvLayout& layout, int64_t num_blocks);

class CudaBackend final : public ForwardBackend {
 public:
  CudaBackend(LlamaModel& model, const KvLayout& layout, int64_t num_blocks);
  ~CudaBackend() override;

  BackendKind kind() const override { return BackendKind::Cuda; }
  DeviceInfo device() const override;
  void forward(const ForwardBatch& batch, std::vector<float>& logits, AttentionImpl attention,
               ForwardStats* stats) override;
  void copy_block(int32_t src, int32_t dst) override;
  const KvLayout& kv_layout() const override { return layout_; }
  int64_t kv_num_blocks() const override { return num_blocks_; }

  // Device bytes of the weight copies (stored formats + bf16).
  size_t weight_bytes() const { return weights_->bytes(); }
  // Copies layer `layer`'s K (or V) pool and its scales to the host, in KvStorage's layout (tests).
  void download_kv(int layer, bool v, std::vector<uint8_t>& data, std::vector<float>& scales) const;

 private:
  kernels::KvPoolView pool_view(int layer, bool v) const;
  void upload_plan(int n_rows);
  void ensure_scratch(int n_rows, int n_logit_rows);
  void project(const DeviceMatrix& w, const float* x, float* y, const float* bias);

  LlamaModel& model_;
  ModelConfig config_;
  KvLayout layout_;
  int64_t num_blocks_;
  cudaStream_t stream_ = nullptr;
  cublasHandle_t cublas_ = nullptr;
  std::unique_ptr<DeviceWeights> weights_;
  kernels::cuda::DeviceBuffer kv_data_, kv_scales_;  // all layers: K pools then V pools
  size_t pool_bytes_ = 0, pool_scales_ = 0;
  // Per-step state, grown on demand.
  CudaStepPlan plan_;
  kernels::cuda::PinnedBuffer staging_;
  kernels::cuda::DeviceBuffer meta_;
  kernels::cuda::DeviceBuffer x_, xn_, q_, k_, v_, att_, gate_, up_, x_bf16_, head_in_, logits_;
  int scratch_rows_ = 0, scratch_logit_rows_ = 0;
  // Device pointers into meta_ for the current step.
  const int32_t* d_tokens_ = nullptr;
  const float *d_cs_ = nullptr, *d_sn_ = nullptr;
  const int32_t* d_tables_ = nullptr;
  const kernels::cuda::KvSliceDev* d_slices_ = nullptr;
  const kernels::cuda::DecodeRowDev* d_decode_ = nullptr;
  const kernels::cuda::ChunkDev* d_chunks_ = nullptr;
  const int32_t* d_logit_rows_ = nullptr;
};

}  // namespace inferscope
