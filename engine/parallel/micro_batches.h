#pragma once
// Cutting a step's batch into pipeline micro-batches.
#include <vector>

#include "engine/model/forward_batch.h"

namespace inferscope {

// Cuts batch's rows into min(m, rows) contiguous runs of near-equal row counts (the first rows % parts
// one row longer), in batch order. A sequence cut between two micro-batches continues in the next one
// with n_past advanced: a pipeline stage runs its micro-batches in order, so the later piece finds the
// earlier piece's K/V of the stage's layers in the cache. Each piece wants the logits of those of the
// sequence's logit rows it holds (a suffix of the piece), so the micro-batches' logit rows, in order,
// are batch's. Block tables are shared (pointers): out must not outlive batch.
void cut_micro_batches(const ForwardBatch& batch, int m, std::vector<ForwardBatch>& out);

}  // namespace inferscope
