#pragma once
// Plain descriptions of one forward pass that the host builds and the CUDA kernels read (device
// arrays of these structs). No CUDA headers: the host planner (engine/backend/cuda_step_plan.h) and its
// CPU-only tests use them too.
#include <cstdint>

namespace inferscope::kernels::cuda {

// One sequence's new rows in this pass.
struct KvSliceDev {
  int32_t row_begin;  // first row of the slice in the batch
  int32_t n_new;      // rows (tokens) the slice adds
  int32_t n_past;     // tokens already cached before this pass
  int32_t table_off;  // offset of its block table in the concatenated tables
};

// A query row that runs alone (decode): attends keys [0, n_keys) of the table at table_off.
struct DecodeRowDev {
  int32_t row;
  int32_t n_keys;
  int32_t table_off;
};

// Consecutive rows of one sequence (a prefill chunk, at most kChunkRows): row i attends keys
// [0, n_keys_first + i).
struct ChunkDev {
  int32_t row_begin;
  int32_t n_rows;
  int32_t n_keys_first;
  int32_t table_off;
};

inline constexpr int kChunkRows = 16;  // rows of one prefill chunk thread block
inline constexpr int kKeyTile = 32;    // keys per online-softmax step (one per lane)

}  // namespace inferscope::kernels::cuda
