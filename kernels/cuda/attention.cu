// Decode and prefill-chunk paged attention (see attention.h for the shared arithmetic).
#include <cmath>

#include "kernels/cuda/attention.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/kv_codec.cuh"

namespace inferscope::kernels::cuda {
namespace {

constexpr unsigned kFull = 0xffffffffu;
constexpr float kNegInf = -INFINITY;
constexpr int kChunkWarps = 4;

__device__ float block_scale_of(const KvPoolView& p, int64_t phys, int head) {
  return kv_scaled(p.dtype) ? p.scales[phys * p.kv_heads + head] : 1.0f;
}

__device__ int64_t slot_of(const int32_t* table, int pos, int bs) {
  return int64_t(table[pos / bs]) * bs + pos % bs;
}

// One key tile for one (row, query head), by one warp. s: this lane's scaled score (-inf past nt);
// vs: this lane's V block scale; vsrc(j) (called by every lane, it may shuffle) locates the tile's key
// j and vval(src, d) is its decoded V element d. Lanes own the
// dims lane, lane + 32, ... of acc. Every operation is explicitly rounded (no contraction), so the two
// kernels that call it agree bit for bit.
template <int HDL, class VSrc, class VFn>
__device__ void tile_step(float& m, float& l, float (&acc)[HDL], float s, float vs, int nt, int hd, VSrc vsrc,
                          VFn vval) {
  const int lane = threadIdx.x % 32;
  float mt = s;
  for (int off = 16; off > 0; off >>= 1) {
    const float o = __shfl_xor_sync(kFull, mt, off);
    mt = mt < o ? o : mt;
  }
  const float m_new = m < mt ? mt : m;
  const float corr = expf(__fsub_rn(m, m_new));
  const float p = lane < nt ? expf(__fsub_rn(s, m_new)) : 0.0f;
  float ps = p;
  for (int off = 16; off > 0; off >>= 1) ps = __fadd_rn(ps, __shfl_xor_sync(kFull, ps, off));
  l = __fadd_rn(__fmul_rn(l, corr), ps);
  const float w = __fmul_rn(p, vs);
#pragma unroll
  for (int k = 0; k < HDL; ++k) acc[k] = __fmul_rn(acc[k], corr);
  for (int j = 0; j < nt; ++j) {
    const float wj = __shfl_sync(kFull, w, j);
    const auto src = vsrc(j);
#pragma unroll
    for (int k = 0; k < HDL; ++k) {
      const int d = lane + 32 * k;
      if (d < hd) acc[k] = __fmaf_rn(wj, vval(src, d), acc[k]);
    }
  }
  m = m_new;
}

template <int HDL>
__global__ void decode_kernel(AttentionShape sh, KvPoolView K, KvPoolView V, const int32_t* tables,
                              const DecodeRowDev* rows, const float* q, float* out) {
  extern __shared__ float qsh[];  // [group][head_dim]
  const DecodeRowDev r = rows[blockIdx.x];
  const int g = blockIdx.y;
  const int group = sh.n_heads / sh.kv_heads;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int h = g * group + warp;
  const int hd = sh.head_dim, bs = K.block_size;
  const int64_t qrow = int64_t(r.row) * sh.n_heads * hd + int64_t(h) * hd;
  float* qw = qsh + warp * hd;
  for (int d = lane; d < hd; d += 32) qw[d] = q[qrow + d];
  __syncwarp();
  const int32_t* table = tables + r.table_off;
  float m = kNegInf, l = 0.0f, acc[HDL];
#pragma unroll
  for (int k = 0; k < HDL; ++k) acc[k] = 0.0f;
  for (int t0 = 0; t0 < r.n_keys; t0 += kKeyTile) {
    const int nt = min(kKeyTile, r.n_keys - t0);
    float s = kNegInf, vs = 0.0f;
    long long slot = 0;
    if (lane < nt) {
      const int pos = t0 + lane;
      const int64_t phys = table[pos / bs];
      slot = phys * bs + pos % bs;
      const uint8_t* krow = kv_row_ptr(K, slot, g);
      float dot = 0.0f;
      for (int d = 0; d < hd; ++d) dot = __fmaf_rn(qw[d], kv_decode_elem(K.dtype, krow, d), dot);
      s = __fmul_rn(dot, __fmul_rn(block_scale_of(K, phys, g), sh.scale));
      vs = block_scale_of(V, phys, g);
    }
    tile_step<HDL>(
        m, l, acc, s, vs, nt, hd, [&](int j) { return kv_row_ptr(V, __shfl_sync(kFull, slot, j), g); },
        [&](const uint8_t* vrow, int d) { return kv_decode_elem(V.dtype, vrow, d); });
  }
  const float inv = __fdiv_rn(1.0f, l);
#pragma unroll
  for (int k = 0; k < HDL; ++k) {
    const int d = lane + 32 * k;
    if (d < hd) out[qrow + d] = __fmul_rn(acc[k], inv);
  }
}

template <int HDL>
__global__ void __launch_bounds__(kChunkWarps * 32) chunk_kernel(AttentionShape sh, KvPoolView K, KvPoolView V,
                                                                 const int32_t* tables, const ChunkDev* chunks,
                                                                 const float* q, float* out) {
  extern __shared__ float smem[];
  const ChunkDev c = chunks[blockIdx.x];
  const int g = blockIdx.y;
  const int group = sh.n_heads / sh.kv_heads;
  const int hd = sh.head_dim, bs = K.block_size, ld = hd + 1;  // +1: lanes read different rows, no bank clash
  float* kt = smem;                       // [kKeyTile][ld]
  float* vt = kt + kKeyTile * ld;         // [kKeyTile][ld]
  float* kscale = vt + kKeyTile * ld;     // [kKeyTile]
  float* vscale = kscale + kKeyTile;      // [kKeyTile]
  float* m_sh = vscale + kKeyTile;        // [n_rows * group]
  float* l_sh = m_sh + kChunkRows * group;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int n_items = c.n_rows * group;
  const int64_t row_stride = int64_t(sh.n_heads) * hd;
  const int32_t* table = tables + c.table_off;
  for (int it = warp; it < n_items; it += kChunkWarps) {
    const int i = it / group, h = g * group + it % group;
    float* o = out + int64_t(c.row_begin + i) * row_stride + int64_t(h) * hd;
    for (int d = lane; d < hd; d += 32) o[d] = 0.0f;
    if (lane == 0) m_sh[it] = kNegInf, l_sh[it] = 0.0f;
  }
  const int last_keys = c.n_keys_first + c.n_rows - 1;
  for (int t0 = 0; t0 < last_keys; t0 += kKeyTile) {
    const int tile_n = min(kKeyTile, last_keys - t0);
    __syncthreads();  // the previous tile's readers are done
    for (int idx = threadIdx.x; idx < tile_n * hd; idx += blockDim.x) {
      const int j = idx / hd, d = idx % hd;
      const int64_t slot = slot_of(table, t0 + j, bs);
      kt[j * ld + d] = kv_decode_elem(K.dtype, kv_row_ptr(K, slot, g), d);
      vt[j * ld + d] = kv_decode_elem(V.dtype, kv_row_ptr(V, slot, g), d);
    }
    for (int j = threadIdx.x; j < tile_n; j += blockDim.x) {
      const int64_t phys = table[(t0 + j) / bs];
      kscale[j] = __fmul_rn(block_scale_of(K, phys, g), sh.scale);
      vscale[j] = block_scale_of(V, phys, g);
    }
    __syncthreads();
    for (int it = warp; it < n_items; it += kChunkWarps) {
      const int i = it / group, h = g * group + it % group;
      const int nt = min(kKeyTile, c.n_keys_first + i - t0);
      if (nt <= 0) continue;  // this row's keys end before the tile (the same for the whole warp)
      const float* qr = q + int64_t(c.row_begin + i) * row_stride + int64_t(h) * hd;
      float* o = out + int64_t(c.row_begin + i) * row_stride + int64_t(h) * hd;
      float m = m_sh[it], l = l_sh[it], acc[HDL];
#pragma unroll
      for (int k = 0; k < HDL; ++k) acc[k] = lane + 32 * k < hd ? o[lane + 32 * k] : 0.0f;
      float s = kNegInf, vs = 0.0f;
      if (lane < nt) {
        float dot = 0.0f;
        for (int d = 0; d < hd; ++d) dot = __fmaf_rn(qr[d], kt[lane * ld + d], dot);
        s = __fmul_rn(dot, kscale[lane]);
        vs = vscale[lane];
      }
      tile_step<HDL>(
          m, l, acc, s, vs, nt, hd, [&](int j) { return vt + j * ld; }, [&](const float* vrow, int d) { return vrow[d]; });
#pragma unroll
      for (int k = 0; k < HDL; ++k)
        if (lane + 32 * k < hd) o[lane + 32 * k] = acc[k];
      __syncwarp();
      if (lane == 0) m_sh[it] = m, l_sh[it] = l;
    }
  }
  __syncthreads();
  for (int it = warp; it < n_items; it += kChunkWarps) {
    const int i = it / group, h = g * group + it % group;
    float* o = out + int64_t(c.row_begin + i) * row_stride + int64_t(h) * hd;
    const float inv = __fdiv_rn(1.0f, l_sh[it]);
    for (int d = lane; d < hd; d += 32) o[d] = __fmul_rn(o[d], inv);
  }
}

template <template <int> class Launch, class... Args>
void by_head_dim(int hd, Args&&... args) {
  if (hd <= 64) Launch<2>::run(args...);
  else if (hd <= 128) Launch<4>::run(args...);
  else Launch<8>::run(args...);
}

template <int HDL>
struct DecodeLaunch {
  static void run(const AttentionShape& s, const KvPoolView& k, const KvPoolView& v, const int32_t* tables,
                  const DecodeRowDev* rows, int n_rows, const float* q, float* out, cudaStream_t stream) {
    const int group = s.n_heads / s.kv_heads;
    const size_t smem = sizeof(float) * size_t(group) * s.head_dim;
    decode_kernel<HDL><<<dim3(n_rows, s.kv_heads), group * 32, smem, stream>>>(s, k, v, tables, rows, q, out);
    INFERSCOPE_CUDA_CHECK_LAUNCH();
  }
};

template <int HDL>
struct ChunkLaunch {
  static void run(const AttentionShape& s, const KvPoolView& k, const KvPoolView& v, const int32_t* tables,
                  const ChunkDev* chunks, int n_chunks, const float* q, float* out, cudaStream_t stream) {
    const int group = s.n_heads / s.kv_heads;
    const size_t smem = sizeof(float) * (2 * size_t(kKeyTile) * (s.head_dim + 1) + 2 * kKeyTile + 2 * kChunkRows * group);
    if (smem > 48 * 1024)
      INFERSCOPE_CUDA_CHECK(cudaFuncSetAttribute(chunk_kernel<HDL>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                 static_cast<int>(smem)));
    chunk_kernel<HDL><<<dim3(n_chunks, s.kv_heads), kChunkWarps * 32, smem, stream>>>(s, k, v, tables, chunks, q, out);
    INFERSCOPE_CUDA_CHECK_LAUNCH();
  }
};

}  // namespace

bool attention_shape_supported(const AttentionShape& s) {
  return s.kv_heads > 0 && s.n_heads % s.kv_heads == 0 && s.n_heads / s.kv_heads <= 32 && s.head_dim >= 1 &&
         s.head_dim <= 256;
}

void attention_decode(const AttentionShape& s, const KvPoolView& k, const KvPoolView& v, const int32_t* tables,
                      const DecodeRowDev* rows, int n_rows, const float* q, float* out, cudaStream_t stream) {
  if (n_rows <= 0) return;
  by_head_dim<DecodeLaunch>(s.head_dim, s, k, v, tables, rows, n_rows, q, out, stream);
}

void attention_chunks(const AttentionShape& s, const KvPoolView& k, const KvPoolView& v, const int32_t* tables,
                      const ChunkDev* chunks, int n_chunks, const float* q, float* out, cudaStream_t stream) {
  if (n_chunks <= 0) return;
  by_head_dim<ChunkLaunch>(s.head_dim, s, k, v, tables, chunks, n_chunks, q, out, stream);
}

}  // namespace inferscope::kernels::cuda
