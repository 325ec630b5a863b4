#include "engine/backend/cuda/cuda_backend.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "engine/kv/kv_dtype_kernels.h"
#include "kernels/cuda/attention.h"
#include "kernels/cuda/matmul.h"
#include "kernels/cuda/ops.h"
#include "kernels/cuda/paged_kv.h"

namespace inferscope {
namespace kc = kernels::cuda;

namespace {

size_t align_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

// Bytes of one block of one layer's K (or V) pool, and its scale count.
size_t block_elem_bytes(const KvLayout& L) {
  return size_t(L.block_size) * L.kv_heads * L.head_dim * kv_dtype_bytes(L.dtype);
}

}  // namespace

BackendProbe probe_cuda_backend() {
  BackendProbe p;
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess || n == 0) {
    p.reason = std::string("no CUDA device (cudaGetDeviceCount: ") +
               (e != cudaSuccess ? cudaGetErrorString(e) : "0 devices") + ")";
    cudaGetLastError();  // clear the sticky error so a later probe asks again
    return p;
  }
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
    p.reason = "no CUDA device (cudaGetDeviceProperties failed)";
    return p;
  }
  p.device.name = prop.name;
  p.device.total_bytes = prop.totalGlobalMem;
  p.device.compute_capability = prop.major * 10 + prop.minor;
  p.device.multiprocessors = prop.multiProcessorCount;
  size_t free_b = 0, total_b = 0;
  if (cudaSetDevice(0) == cudaSuccess && cudaMemGetInfo(&free_b, &total_b) == cudaSuccess) p.device.free_bytes = free_b;
  // Built for sm_80 and sm_90 (+ sm_90 PTX): older GPUs have no code to run.
  if (prop.major < 8) {
    p.reason = std::string("the CUDA backend needs compute capability 8.0 or newer; ") + prop.name + " is " +
               std::to_string(prop.major) + "." + std::to_string(prop.minor);
    return p;
  }
  p.available = true;
  return p;
}

std::unique_ptr<ForwardBackend> make_cuda_backend(LlamaModel& model, const KvLayout& layout, int64_t num_blocks) {
  return std::make_unique<CudaBackend>(model, layout, num_blocks);
}

CudaBackend::CudaBackend(LlamaModel& model, const KvLayout& layout, int64_t num_blocks)
    : model_(model), config_(model.config()), layout_(layout), num_blocks_(num_blocks) {
  const kc::AttentionShape shape{config_.n_heads, config_.n_kv_heads, config_.head_dim, 0.0f};
  if (!kc::attention_shape_supported(shape))
    throw std::runtime_error("the CUDA backend supports head_dim <= 256 and at most 32 query heads per KV head");
  if (config_.n_embd % 32 != 0 || config_.n_ff % 32 != 0 || config_.q_dim() % 32 != 0)
    throw std::runtime_error("the CUDA backend needs hidden, FFN and attention widths that are multiples of 32");
  INFERSCOPE_CUDA_CHECK(cudaSetDevice(0));
  INFERSCOPE_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  if (cublasCreate(&cublas_) != CUBLAS_STATUS_SUCCESS) throw std::runtime_error("cublasCreate failed");
  cublasSetStream(cublas_, stream_);
  weights_ = std::make_unique<DeviceWeights>(model.weights(), stream_);

  pool_bytes_ = block_elem_bytes(layout_) * size_t(num_blocks_);
  pool_scales_ = kv_dtype_scaled(layout_.dtype) ? size_t(num_blocks_) * layout_.kv_heads : 0;
  const size_t kv_bytes = 2 * size_t(layout_.n_layers) * (pool_bytes_ + pool_scales_ * sizeof(float));
  size_t free_b = 0, total_b = 0;
  INFERSCOPE_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  const size_t reserve = size_t(512) << 20;  // scratch, cuBLAS workspace, the runtime's own
  if (kv_bytes + reserve > free_b)
    throw std::invalid_argument("a KV pool of " + std::to_string(kv_bytes >> 20) + " MiB does not fit the CUDA device (" +
                                std::to_string(free_b >> 20) + " MiB free after the weights); lower the KV budget");
  kv_data_.reserve(2 * size_t(layout_.n_layers) * pool_bytes_);
  // Zeroed like KvStorage's, so unwritten slots read as zeros on both backends.
  INFERSCOPE_CUDA_CHECK(cudaMemsetAsync(kv_data_.get(), 0, kv_data_.bytes(), stream_));
  if (pool_scales_) {
    kv_scales_.reserve(2 * size_t(layout_.n_layers) * pool_scales_ * sizeof(float));
    INFERSCOPE_CUDA_CHECK(cudaMemsetAsync(kv_scales_.get(), 0, kv_scales_.bytes(), stream_));
  }
  INFERSCOPE_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

CudaBackend::~CudaBackend() {
  if (stream_) cudaStreamSynchronize(stream_);
  weights_.reset();
  if (cublas_) cublasDestroy(cublas_);
  if (stream_) cudaStreamDestroy(stream_);
}

DeviceInfo CudaBackend::device() const {
  BackendProbe p = probe_cuda_backend();
  return p.device;
}

kernels::KvPoolView CudaBackend::pool_view(int layer, bool v) const {
  const size_t index = size_t(v ? layout_.n_layers : 0) + size_t(layer);
  float* scales = pool_scales_ ? kv_scales_.get<float>() + index * pool_scales_ : nullptr;
  return {to_kernels(layout_.dtype), layout_.block_size, layout_.kv_heads, layout_.head_dim,
          kv_data_.get<uint8_t>() + index * pool_bytes_, scales};
}

void CudaBackend::copy_block(int32_t src, int32_t dst) {
  for (int l = 0; l < layout_.n_layers; ++l) {
    kc::kv_copy_block(pool_view(l, false), src, dst, stream_);
    kc::kv_copy_block(pool_view(l, true), src, dst, stream_);
  }
}

void CudaBackend::download_kv(int layer, bool v, std::vector<uint8_t>& data, std::vector<float>& scales) const {
  const kernels::KvPoolView p = pool_view(layer, v);
  data.resize(pool_bytes_);
  scales.resize(pool_scales_);
  INFERSCOPE_CUDA_CHECK(cudaStreamSynchronize(stream_));
  INFERSCOPE_CUDA_CHECK(cudaMemcpy(data.data(), p.data, pool_bytes_, cudaMemcpyDeviceToHost));
  if (pool_scales_)
    INFERSCOPE_CUDA_CHECK(cudaMemcpy(scales.data(), p.scales, pool_scales_ * sizeof(float), cudaMemcpyDeviceToHost));
}

// Packs the plan's arrays into the pinned staging buffer (16-byte aligned sections) and uploads them
// in one copy; the d_* pointers then name the sections on the device.
void CudaBackend::upload_plan(int n_rows) {
  const CudaStepPlan& p = plan_;
  struct Section {
    const void* src;
    size_t bytes;
    size_t off;
  };
  Section s[8] = {{p.tokens.data(), p.tokens.size() * sizeof(int32_t), 0},
                  {p.rope_cs.data(), p.rope_cs.size() * sizeof(float), 0},
                  {p.rope_sn.data(), p.rope_sn.size() * sizeof(float), 0},
                  {p.tables.data(), p.tables.size() * sizeof(int32_t), 0},
                  {p.slices.data(), p.slices.size() * sizeof(kc::KvSliceDev), 0},
                  {p.decode_rows.data(), p.decode_rows.size() * sizeof(kc::DecodeRowDev), 0},
                  {p.chunks.data(), p.chunks.size() * sizeof(kc::ChunkDev), 0},
                  {p.logit_rows.data(), p.logit_rows.size() * sizeof(int32_t), 0}};
  size_t total = 0;
  for (Section& sec : s) {
    sec.off = total;
    total = align_up(total + sec.bytes, 16);
  }
  (void)n_rows;
  staging_.reserve(total);
  meta_.reserve(total);
  // The previous step's upload read staging_ asynchronously; forward() ends with a synchronize, so
  // the buffer is free again here.
  for (const Section& sec : s)
    if (sec.bytes) std::memcpy(staging_.get<unsigned char>() + sec.off, sec.src, sec.bytes);
  INFERSCOPE_CUDA_CHECK(cudaMemcpyAsync(meta_.get(), staging_.get(), total, cudaMemcpyHostToDevice, stream_));
  auto* base = meta_.get<unsigned char>();
  d_tokens_ = reinterpret_cast<const int32_t*>(base + s[0].off);
  d_cs_ = reinterpret_cast<const float*>(base + s[1].off);
  d_sn_ = reinterpret_cast<const float*>(base + s[2].off);
  d_tables_ = reinterpret_cast<const int32_t*>(base + s[3].off);
  d_slices_ = reinterpret_cast<const kc::KvSliceDev*>(base + s[4].off);
  d_decode_ = reinterpret_cast<const kc::DecodeRowDev*>(base + s[5].off);
  d_chunks_ = reinterpret_cast<const kc::ChunkDev*>(base + s[6].off);
  d_logit_rows_ = reinterpret_cast<const int32_t*>(base + s[7].off);
}

void CudaBackend::ensure_scratch(int T, int R) {
  const ModelConfig& c = config_;
  if (T > scratch_rows_) {
    const size_t t = size_t(T);
    x_.reserve(t * c.n_embd * sizeof(float));
    xn_.reserve(t * c.n_embd * sizeof(float));
    q_.reserve(t * c.q_dim() * sizeof(float));
    k_.reserve(t * c.kv_dim() * sizeof(float));
    v_.reserve(t * c.kv_dim() * sizeof(float));
    att_.reserve(t * c.q_dim() * sizeof(float));
    gate_.reserve(t * c.n_ff * sizeof(float));
    up_.reserve(t * c.n_ff * sizeof(float));
    const size_t widest = std::max({size_t(c.n_embd), size_t(c.n_ff), size_t(c.q_dim())});
    x_bf16_.reserve(t * widest * 2);
    scratch_rows_ = T;
  }
  if (R > scratch_logit_rows_) {
    head_in_.reserve(size_t(R) * c.n_embd * sizeof(float));
    logits_.reserve(size_t(R) * c.n_vocab * sizeof(float));
    scratch_logit_rows_ = R;
  }
}

void CudaBackend::project(const DeviceMatrix& w, const float* x, float* y, const float* bias) {
  for (const RowSegment& seg : plan_.segments) {
    const float* xs = x + size_t(seg.row_begin) * w.n_in;
    float* ys = y + size_t(seg.row_begin) * w.n_out;
    if (seg.gemm && w.bf16)
      kc::gemm_bf16(cublas_, w.bf16, w.n_in, w.n_out, xs, seg.n_rows, x_bf16_.get(), ys, w.n_out, stream_);
    else
      kc::mmv(w.type, w.stored, w.n_in, w.n_out, xs, seg.n_rows, ys, w.n_out, stream_);
  }
  if (bias) kc::add_bias_rows(y, bias, w.n_out, plan_.tokens.empty() ? 0 : int(plan_.tokens.size()), stream_);
}

void CudaBackend::forward(const ForwardBatch& batch, std::vector<float>& logits, AttentionImpl,
                          ForwardStats* stats) {
  const ModelConfig& c = config_;
  const int T = batch.n_rows();
  if (T == 0) {
    logits.clear();
    return;
  }
  plan_cuda_step(batch, c, layout_, plan_);
  const int R = static_cast<int>(plan_.logit_rows.size());
  ensure_scratch(T, R);
  upload_plan(T);

  float* x = x_.get<float>();
  float* xn = xn_.get<float>();
  float* q = q_.get<float>();
  float* k = k_.get<float>();
  float* v = v_.get<float>();
  float* att = att_.get<float>();
  float* gate = gate_.get<float>();
  float* up = up_.get<float>();
  const DeviceMatrix& emb = weights_->token_embd();
  kc::embed_rows(emb.type, emb.stored, emb.row_bytes, c.n_embd, d_tokens_, T, x, stream_);
  kc::add_rms_norm(x, nullptr, weights_->layer(0).attn_norm, xn, c.n_embd, c.rms_eps, T, stream_);
  const kc::AttentionShape shape{c.n_heads, c.n_kv_heads, c.head_dim, 1.0f / std::sqrt(static_cast<float>(c.head_dim))};
  for (int l = 0; l < c.n_layers; ++l) {
    const DeviceLayer& L = weights_->layer(l);
    project(L.wq, xn, q, L.bq);
    project(L.wk, xn, k, L.bk);
    project(L.wv, xn, v, L.bv);
    kc::rope_rows(q, T, c.n_heads, c.head_dim, c.rope_dims, d_cs_, d_sn_, c.rope_style, stream_);
    kc::rope_rows(k, T, c.n_kv_heads, c.head_dim, c.rope_dims, d_cs_, d_sn_, c.rope_style, stream_);
    if (stats && stats->q_out && stats->q_layer == l) {
      stats->q_out->resize(size_t(T) * c.q_dim());
      INFERSCOPE_CUDA_CHECK(cudaMemcpyAsync(stats->q_out->data(), q, stats->q_out->size() * sizeof(float),
                                            cudaMemcpyDeviceToHost, stream_));
    }
    const kernels::KvPoolView kp = pool_view(l, false), vp = pool_view(l, true);
    kc::kv_append(kp, vp, d_slices_, static_cast<int>(plan_.slices.size()), d_tables_, k, v, stream_);
    kc::attention_decode(shape, kp, vp, d_tables_, d_decode_, static_cast<int>(plan_.decode_rows.size()), q, att,
                         stream_);
    kc::attention_chunks(shape, kp, vp, d_tables_, d_chunks_, static_cast<int>(plan_.chunks.size()), q, att, stream_);
    project(L.wo, att, xn, nullptr);
    kc::add_rms_norm(x, xn, L.ffn_norm, xn, c.n_embd, c.rms_eps, T, stream_);  // residual, then the FFN norm
    project(L.gate, xn, gate, nullptr);
    project(L.up, xn, up, nullptr);
    kc::silu_mul(gate, up, int64_t(T) * c.n_ff, stream_);
    project(L.down, gate, xn, nullptr);
    const float* next_norm = l + 1 < c.n_layers ? weights_->layer(l + 1).attn_norm : nullptr;
    kc::add_rms_norm(x, xn, next_norm, xn, c.n_embd, c.rms_eps, T, stream_);
  }
  logits.resize(size_t(R) * c.n_vocab);
  if (R > 0) {
    // Only the sampled rows: output norm on them, the head through mmv, and R x vocab floats back.
    kc::gather_rms_norm(x, d_logit_rows_, weights_->output_norm(), head_in_.get<float>(), c.n_embd, c.rms_eps, R,
                        stream_);
    const DeviceMatrix& head = weights_->output();
    kc::mmv(head.type, head.stored, head.n_in, head.n_out, head_in_.get<float>(), R, logits_.get<float>(), head.n_out,
            stream_);
    INFERSCOPE_CUDA_CHECK(cudaMemcpyAsync(logits.data(), logits_.get(), logits.size() * sizeof(float),
                                          cudaMemcpyDeviceToHost, stream_));
  }
  INFERSCOPE_CUDA_CHECK(cudaStreamSynchronize(stream_));
  if (stats) stats->attention.kv_bytes_read += plan_.kv_bytes_read;
}

}  // namespace inferscope
