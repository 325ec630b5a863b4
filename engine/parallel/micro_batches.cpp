#include "engine/parallel/micro_batches.h"

#include <algorithm>

namespace inferscope {

void cut_micro_batches(const ForwardBatch& batch, int m, std::vector<ForwardBatch>& out) {
  const int rows = batch.n_rows();
  const int parts = std::max(1, std::min(m, rows));
  out.assign(size_t(parts), ForwardBatch{});
  int row = 0;
  for (int p = 0; p < parts; ++p) {
    const int end = row + rows / parts + (p < rows % parts ? 1 : 0);
    ForwardBatch& mb = out[size_t(p)];
    for (const SeqSlice& sl : batch.seqs) {
      const int a = std::max(row, sl.row_begin), b = std::min(end, sl.row_begin + sl.n_new);
      if (a >= b) continue;
      SeqSlice piece = sl;
      piece.row_begin = mb.n_rows();
      piece.n_new = b - a;
      piece.n_past = sl.n_past + (a - sl.row_begin);
      const int first_logit = sl.row_begin + sl.n_new - sl.n_logits;  // logit rows are the sequence's last
      piece.n_logits = std::max(0, b - std::max(a, first_logit));
      mb.tokens.insert(mb.tokens.end(), batch.tokens.begin() + a, batch.tokens.begin() + b);
      mb.seqs.push_back(piece);
    }
    row = end;
  }
}

}  // namespace inferscope
