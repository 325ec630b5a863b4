#pragma once
// Paged attention on the device, the tiled (online-softmax) form, over K/V read through block tables.
//
// Two kernels, one arithmetic: keys are taken in tiles of 32 at fixed logical positions; for each tile
// a warp computes one score per lane (dot in head-dimension order, then times the block scale and
// 1/sqrt(d)), updates the running max and sum, and adds the weighted V rows in key order. The decode
// kernel reads K/V straight from the pool; the chunk kernel decodes each tile once into shared memory
// for all the rows of a prefill chunk. Both call the same step function on the same decoded values, so
// a row's output is bit-identical whichever kernel ran it (and however the batch was cut).
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cpu/kv_format.h"
#include "kernels/cuda/step_layout.h"

namespace inferscope::kernels::cuda {

struct AttentionShape {
  int n_heads;     // query heads; head h reads KV head h / (n_heads / kv_heads)
  int kv_heads;
  int head_dim;    // <= 256
  float scale;     // 1/sqrt(head_dim)
};

// q, out: rows of n_heads * head_dim floats. Rows not named by rows/chunks are left untouched.
void attention_decode(const AttentionShape& s, const KvPoolView& k, const KvPoolView& v, const int32_t* tables,
                      const DecodeRowDev* rows, int n_rows, const float* q, float* out, cudaStream_t stream);
void attention_chunks(const AttentionShape& s, const KvPoolView& k, const KvPoolView& v, const int32_t* tables,
                      const ChunkDev* chunks, int n_chunks, const float* q, float* out, cudaStream_t stream);

// Whether the kernels support this shape (head_dim <= 256, n_heads a multiple of kv_heads, group <= 32).
bool attention_shape_supported(const AttentionShape& s);

}  // namespace inferscope::kernels::cuda
