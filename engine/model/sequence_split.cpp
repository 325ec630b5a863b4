#include "engine/model/sequence_split.h"

#include <algorithm>
#include <cmath>

namespace inferscope {
namespace {

constexpr int kMinPartRows = 8;    // one token tile of the packed kernels per weight read
constexpr int kMaxPartRows = 16;   // two tiles: more parts would only re-read the weights more often
constexpr double kMaxImbalance = 1.25;
// One core of the 2-core EPYC: packed Q4_1 at 16 tokens ~150 G multiply-adds/s (BM_MatmulPacked),
// attention over 192 f16 keys from memory ~15 G/s (BM_PagedAttentionCold).
constexpr double kAttentionMacCost = 10.0;

}  // namespace

SequenceSplitCosts split_costs_for(const ModelCost& cost) {
  SequenceSplitCosts c;
  const double per_key = cost.attention_flops(1.0);
  if (per_key > 0 && cost.layer_flops > 0) c.matmul_in_keys = cost.layer_flops / (per_key * kAttentionMacCost);
  return c;
}

std::vector<int> plan_sequence_split(const ForwardBatch& batch, int n_threads, const SequenceSplitCosts& costs) {
  const int n_seqs = static_cast<int>(batch.seqs.size());
  const int rows = batch.n_rows();
  if (n_threads < 2 || rows <= 0) return {};
  const int per_thread = (rows + n_threads * kMaxPartRows - 1) / (n_threads * kMaxPartRows);
  const int parts = n_threads * per_thread;
  if (rows < parts * kMinPartRows || n_seqs < parts) return {};

  // A sequence's work: its rows' projections, and attention over the keys each row sees.
  std::vector<double> prefix(size_t(n_seqs) + 1, 0.0);
  for (int s = 0; s < n_seqs; ++s) {
    const SeqSlice& sl = batch.seqs[size_t(s)];
    const double cost = sl.n_new * (costs.matmul_in_keys + sl.n_past + (sl.n_new + 1) / 2.0);
    prefix[size_t(s) + 1] = prefix[size_t(s)] + cost;
  }
  const double target = prefix.back() / parts;

  // Cut p goes where the running cost is nearest p * target, leaving at least one sequence for each
  // part before and after it.
  std::vector<int> cut(size_t(parts) + 1, 0);
  cut[size_t(parts)] = n_seqs;
  for (int p = 1; p < parts; ++p) {
    const double want = p * target;
    const int lo = cut[size_t(p) - 1] + 1, hi = n_seqs - (parts - p);
    int best = lo;
    for (int s = lo; s <= hi; ++s)
      if (std::abs(prefix[size_t(s)] - want) < std::abs(prefix[size_t(best)] - want)) best = s;
    cut[size_t(p)] = best;
  }
  for (int p = 0; p < parts; ++p) {
    const double cost = prefix[size_t(cut[size_t(p) + 1])] - prefix[size_t(cut[size_t(p)])];
    if (cost > kMaxImbalance * target) return {};
  }
  return cut;
}

void make_sub_batch(const ForwardBatch& batch, int s0, int s1, ForwardBatch& out) {
  out.tokens.clear();
  out.seqs.clear();
  for (int s = s0; s < s1; ++s) {
    SeqSlice sl = batch.seqs[size_t(s)];
    const auto first = batch.tokens.begin() + sl.row_begin;
    sl.row_begin = out.n_rows();
    out.tokens.insert(out.tokens.end(), first, first + sl.n_new);
    out.seqs.push_back(sl);
  }
}

}  // namespace inferscope
