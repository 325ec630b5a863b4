// Paged KV writes on the device. Rows of one sequence go into its blocks strictly in order (scaled
// dtypes make a block's bytes depend on the order of its tokens); different sequences never share a
// block being written (copy-on-write happened before the pass), so slices run in parallel.
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/kv_codec.cuh"
#include "kernels/cuda/paged_kv.h"

namespace inferscope::kernels::cuda {
namespace {

// Max of |x| over the block's threads; NaN never wins (a < NaN is false), as in the CPU's std::max.
__device__ float block_amax(float v) {
  __shared__ float partial[32];
  for (int off = 16; off > 0; off >>= 1) {
    const float o = __shfl_xor_sync(0xffffffffu, v, off);
    v = v < o ? o : v;
  }
  __syncthreads();  // the previous call's readers are done with partial
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = v;
  __syncthreads();
  float m = 0.0f;
  for (int w = 0; w < int(blockDim.x / 32); ++w) m = m < partial[w] ? partial[w] : m;
  return m;
}

// kv_write for one head vector (kernels/cpu/kv_format.cpp): thread d owns element d of every row.
__device__ void write_head(const KvPoolView& p, int64_t phys, int offset, int head, const float* src) {
  const int d = threadIdx.x;
  const int hd = p.head_dim;
  const int64_t slot = phys * p.block_size + offset;
  const float x = d < hd ? src[d] : 0.0f;
  if (!kv_scaled(p.dtype)) {
    if (d < hd) kv_encode_elem(p.dtype, x, 1.0f, kv_row_ptr(p, slot, head), d);
    return;
  }
  const float amax = block_amax(d < hd ? fabsf(x) : 0.0f);  // every thread gets the same value
  const float qmax = kv_quant_max(p.dtype);
  float* scale_at = p.scales + phys * p.kv_heads + head;
  const float old_scale = *scale_at;  // read by all before thread 0 may write it (barrier below)
  float scale = old_scale;
  bool grown = false;
  if (offset == 0) {
    scale = __fdiv_rn(amax, qmax);
  } else if (amax > __fmul_rn(old_scale, qmax)) {
    scale = __fdiv_rn(amax, qmax);
    grown = true;
  }
  __syncthreads();
  if (threadIdx.x == 0) *scale_at = scale;
  const float inv = scale > 0.0f ? __fdiv_rn(1.0f, scale) : 0.0f;
  if (d < hd) {
    if (grown) {
      // Earlier slots were encoded against the old scale: re-encode them so the block shares one.
      for (int o = 0; o < offset; ++o) {
        uint8_t* row = kv_row_ptr(p, phys * p.block_size + o, head);
        const float value = __fmul_rn(kv_decode_elem(p.dtype, row, d), old_scale);
        kv_encode_elem(p.dtype, value, inv, row, d);
      }
    }
    kv_encode_elem(p.dtype, x, inv, kv_row_ptr(p, slot, head), d);
  }
}

__global__ void kv_append_kernel(KvPoolView k, KvPoolView v, const KvSliceDev* slices, const int32_t* tables,
                                 const float* k_rows, const float* v_rows) {
  const KvSliceDev sl = slices[blockIdx.x];
  const int head = blockIdx.y;
  const int bs = k.block_size;
  const int64_t row_stride = int64_t(k.kv_heads) * k.head_dim;
  for (int i = 0; i < sl.n_new; ++i) {
    const int pos = sl.n_past + i;
    const int64_t phys = tables[sl.table_off + pos / bs];
    const int64_t row = int64_t(sl.row_begin + i) * row_stride + int64_t(head) * k.head_dim;
    write_head(k, phys, pos % bs, head, k_rows + row);
    write_head(v, phys, pos % bs, head, v_rows + row);
  }
}

}  // namespace

void kv_append(const KvPoolView& k, const KvPoolView& v, const KvSliceDev* slices, int n_slices,
               const int32_t* tables, const float* k_rows, const float* v_rows, cudaStream_t stream) {
  if (n_slices <= 0) return;
  const int threads = (k.head_dim + 31) / 32 * 32;
  kv_append_kernel<<<dim3(n_slices, k.kv_heads), threads, 0, stream>>>(k, v, slices, tables, k_rows, v_rows);
  INFERSCOPE_CUDA_CHECK_LAUNCH();
}

void kv_copy_block(const KvPoolView& pool, int32_t src, int32_t dst, cudaStream_t stream) {
  const size_t block_bytes = size_t(pool.block_size) * pool.kv_heads * pool.head_dim * kv_elem_bytes(pool.dtype);
  INFERSCOPE_CUDA_CHECK(cudaMemcpyAsync(pool.data + size_t(dst) * block_bytes, pool.data + size_t(src) * block_bytes,
                                        block_bytes, cudaMemcpyDeviceToDevice, stream));
  if (pool.scales && kv_scaled(pool.dtype))
    INFERSCOPE_CUDA_CHECK(cudaMemcpyAsync(pool.scales + size_t(dst) * pool.kv_heads,
                                          pool.scales + size_t(src) * pool.kv_heads, sizeof(float) * pool.kv_heads,
                                          cudaMemcpyDeviceToDevice, stream));
}

}  // namespace inferscope::kernels::cuda
