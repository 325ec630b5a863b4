#pragma once
// The paged KV pool on the device and the per-step descriptions of which rows go where.
// Layout per layer and pool (K or V) is kernels/cpu/kv_format.h's: [blocks][block_size][kv_heads]
// [head_dim] elements plus one f32 scale per (block, head) for FP8/INT8, so a block copied to the host
// reads exactly like a KvStorage block.
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cpu/kv_format.h"
#include "kernels/cuda/step_layout.h"

namespace inferscope::kernels::cuda {

// Writes the K and V rows of every slice into their slots (kv_write's semantics, in row order within
// each block: a scaled block's scale grows with its amax and earlier slots are requantized). k_rows /
// v_rows: n_rows x kv_heads x head_dim floats. One thread block per (slice, kv head); head_dim <= 1024.
void kv_append(const KvPoolView& k, const KvPoolView& v, const KvSliceDev* slices, int n_slices,
               const int32_t* tables, const float* k_rows, const float* v_rows, cudaStream_t stream);

// Copies block src to dst in one pool (elements and scales).
void kv_copy_block(const KvPoolView& pool, int32_t src, int32_t dst, cudaStream_t stream);

}  // namespace inferscope::kernels::cuda
