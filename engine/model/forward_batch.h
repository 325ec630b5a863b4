#pragma once
// What one batched forward pass computes: the new tokens of several sequences, flattened into rows.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace inferscope {

// The new tokens of one sequence in this pass: rows [row_begin, row_begin + n_new) of the batch,
// at positions n_past .. n_past + n_new - 1, attending through block_table.
struct SeqSlice {
  int64_t seq_id = 0;
  int row_begin = 0;
  int n_new = 0;
  int n_past = 0;                          // tokens already in the cache before this pass
  const std::vector<int32_t>* block_table = nullptr;
  int n_logits = 0;                        // logits wanted for the last n_logits rows (0 = none)
  // One table per KV group (engine/kv/kv_groups.h) when the cache has several; empty: block_table
  // serves every layer.
  std::vector<const std::vector<int32_t>*> group_tables{};

  const std::vector<int32_t>& table(int group) const {
    return group_tables.empty() ? *block_table : *group_tables[static_cast<std::size_t>(group)];
  }
};

struct ForwardBatch {
  std::vector<int32_t> tokens;             // one per row
  std::vector<SeqSlice> seqs;
  int n_rows() const { return static_cast<int>(tokens.size()); }
  int n_logit_rows() const {
    int n = 0;
    for (const auto& s : seqs) n += s.n_logits;
    return n;
  }
};

}  // namespace inferscope
