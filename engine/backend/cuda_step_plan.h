#pragma once
// The host half of a CUDA forward pass: from a ForwardBatch, everything the kernels need to know about
// the rows (token ids, RoPE angles, block tables, which rows attend alone and which as a prefill chunk,
// which rows take the cuBLAS path, which rows want logits) in flat arrays uploaded in one copy.
// Plain C++ (no CUDA): built into every engine so its rules are tested on machines without a GPU.
#include <cstdint>
#include <vector>

#include "engine/kv/kv_storage.h"
#include "engine/model/forward_batch.h"
#include "engine/model/model_config.h"
#include "kernels/cuda/step_layout.h"

namespace inferscope {

// A run of consecutive batch rows that go through the same matrix path.
struct RowSegment {
  int row_begin = 0;
  int n_rows = 0;
  bool gemm = false;  // cuBLAS on bf16 weights (else the stored-format mmv kernel)
};

struct CudaStepPlan {
  std::vector<int32_t> tokens;                       // one per row
  std::vector<float> rope_cs, rope_sn;               // rows x rope_dims/2, the CPU's rope_angles
  std::vector<int32_t> tables;                       // every slice's block table, concatenated
  std::vector<kernels::cuda::KvSliceDev> slices;     // for the KV writes
  std::vector<kernels::cuda::DecodeRowDev> decode_rows;  // rows of one-row slices
  std::vector<kernels::cuda::ChunkDev> chunks;       // rows of longer slices, kChunkRows at a time
  std::vector<int32_t> logit_rows;                   // rows whose logits are wanted, in output order
  std::vector<RowSegment> segments;                  // the batch's rows, by matrix path
  uint64_t kv_bytes_read = 0;                        // K/V bytes the attention kernels load
};

// Slices of more than this many rows run their projections through cuBLAS; all other rows through
// mmv. The choice depends only on the slice's own row count, never on the rest of the batch.
inline constexpr int kGemmMinSliceRows = 64;

// Fills plan (its vectors are reused: no allocation once they are large enough). Throws
// std::invalid_argument for a malformed batch (rows out of range, a token outside the vocabulary, a
// block table too short for its positions). gemm_min_rows: see kGemmMinSliceRows.
void plan_cuda_step(const ForwardBatch& batch, const ModelConfig& config, const KvLayout& layout, CudaStepPlan& plan,
                    int gemm_min_rows = kGemmMinSliceRows);

}  // namespace inferscope
