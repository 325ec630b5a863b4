#pragma once
// Sequence-parallel forward passes: how a batch of many short sequences (batched decode) is cut into
// contiguous runs of sequences that the pool's threads run as separate single-threaded passes.
//
// Why: a layer of a decode step is compute-bound matmuls followed by memory-bound attention. Split by
// output rows across the pool, all threads are in the same phase at once (the memory bus idles during
// the matmuls, the arithmetic units during attention) and they meet at a barrier around each of a dozen
// loops per layer. As separate passes over disjoint sequences the threads drift into different phases,
// overlap them, and wait for each other once, before the output head (which then runs once for all rows,
// split across the pool, so the largest matrix of a small model is read once). The price is that every
// pass reads all the layers' weights, so a split is planned only when each pass has at least a full token
// tile to spend each weight read on. Every row's arithmetic is the same either way (batch invariance).
//
// Measured on the 2-vCPU EPYC, steps alternating between the two forms in one process (so both see the
// same machine state): decode at 16 sequences +8-9%, at 64 +5-6%.
#include <vector>

#include "engine/model/forward_batch.h"
#include "engine/model/model_cost.h"

namespace inferscope {

struct SequenceSplitCosts {
  // The cost of a token's projections in units of one key of attention: balances the parts by work,
  // not by rows, since a sequence's attention cost grows with its length.
  double matmul_in_keys = 300.0;
};

// The costs of a model from its closed-form work, counting a multiply-add of attention (f16 K/V read
// from scattered blocks) as 10 of the projections' (int8 dot products on weights in cache).
SequenceSplitCosts split_costs_for(const ModelCost& cost);

// The parts' first sequences plus the end (parts + 1 ascending entries, the first 0, the last
// batch.seqs.size()), or empty when the batch should run as one row-split pass: fewer than two threads,
// fewer than 8 rows (one token tile of the packed kernels) per part, or no cut into contiguous runs whose
// costs stay within 25% of the mean (one long prefill among decodes). The number of parts is a multiple
// of n_threads, each part at most 16 rows where the batch allows.
std::vector<int> plan_sequence_split(const ForwardBatch& batch, int n_threads, const SequenceSplitCosts& costs);

// out = sequences [s0, s1) of batch as a batch of their own: their tokens, row_begin counted from 0.
// Block tables are shared (pointers), so out must not outlive batch.
void make_sub_batch(const ForwardBatch& batch, int s0, int s1, ForwardBatch& out);

}  // namespace inferscope
