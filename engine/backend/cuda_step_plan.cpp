#include "engine/backend/cuda_step_plan.h"

#include <stdexcept>
#include <string>

#include "kernels/cpu/kv_format.h"
#include "kernels/cpu/ops.h"

namespace inferscope {
namespace {

// Bytes one walk over n_keys keys of one KV head loads from K and V (the CPU counters' definition).
uint64_t walk_bytes(const KvLayout& L, int n_keys) {
  const uint64_t row = uint64_t(L.head_dim) * kv_dtype_bytes(L.dtype);
  uint64_t b = uint64_t(n_keys) * 2 * row;
  if (kv_dtype_scaled(L.dtype)) b += 2 * uint64_t((n_keys + L.block_size - 1) / L.block_size) * sizeof(float);
  return b;
}

}  // namespace

void plan_cuda_step(const ForwardBatch& batch, const ModelConfig& c, const KvLayout& L, CudaStepPlan& p,
                    int gemm_min_rows) {
  using namespace kernels::cuda;
  const int T = batch.n_rows();
  p.tokens.assign(batch.tokens.begin(), batch.tokens.end());
  for (int32_t id : p.tokens)
    if (id < 0 || id >= c.n_vocab) throw std::out_of_range("token id " + std::to_string(id) + " outside the vocabulary");
  const int half = c.rope_dims / 2;
  p.rope_cs.resize(size_t(T) * half);
  p.rope_sn.resize(size_t(T) * half);
  p.tables.clear();
  p.slices.clear();
  p.decode_rows.clear();
  p.chunks.clear();
  p.logit_rows.clear();
  p.segments.clear();
  p.kv_bytes_read = 0;
  int next_row = 0;
  for (const SeqSlice& sl : batch.seqs) {
    // Slices are laid out back to back in row order (the engine builds them so); segments rely on it.
    if (sl.row_begin != next_row || sl.n_new < 0 || sl.row_begin + sl.n_new > T || sl.n_logits > sl.n_new ||
        sl.n_past < 0 || !sl.block_table)
      throw std::invalid_argument("malformed forward batch");
    next_row += sl.n_new;
    if (sl.n_new == 0) continue;
    const int n_total = sl.n_past + sl.n_new;
    const int blocks_needed = (n_total + L.block_size - 1) / L.block_size;
    if (static_cast<int>(sl.block_table->size()) < blocks_needed)
      throw std::invalid_argument("a block table is shorter than its sequence");
    const auto table_off = static_cast<int32_t>(p.tables.size());
    p.tables.insert(p.tables.end(), sl.block_table->begin(), sl.block_table->begin() + blocks_needed);
    p.slices.push_back({sl.row_begin, sl.n_new, sl.n_past, table_off});
    for (int i = 0; i < sl.n_new; ++i)
      kernels::rope_angles(sl.n_past + i, c.rope_dims, c.rope_freq_base, &p.rope_cs[size_t(sl.row_begin + i) * half],
                           &p.rope_sn[size_t(sl.row_begin + i) * half]);
    if (sl.n_new == 1) {
      p.decode_rows.push_back({sl.row_begin, n_total, table_off});
      p.kv_bytes_read += uint64_t(c.n_kv_heads) * walk_bytes(L, n_total);
    } else {
      for (int i0 = 0; i0 < sl.n_new; i0 += kChunkRows) {
        const int n = sl.n_new - i0 < kChunkRows ? sl.n_new - i0 : kChunkRows;
        p.chunks.push_back({sl.row_begin + i0, n, sl.n_past + i0 + 1, table_off});
        p.kv_bytes_read += uint64_t(c.n_kv_heads) * walk_bytes(L, sl.n_past + i0 + n);
      }
    }
    for (int i = sl.n_new - sl.n_logits; i < sl.n_new; ++i) p.logit_rows.push_back(sl.row_begin + i);
    const bool gemm = sl.n_new > gemm_min_rows;
    if (!p.segments.empty() && p.segments.back().gemm == gemm)
      p.segments.back().n_rows += sl.n_new;
    else
      p.segments.push_back({sl.row_begin, sl.n_new, gemm});
  }
  if (next_row != T) throw std::invalid_argument("malformed forward batch: rows without a sequence");
}

}  // namespace inferscope
