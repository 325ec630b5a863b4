#pragma once
// The llama-family transformer: one batched forward pass over the rows of a ForwardBatch, reading and
// writing K/V through paged block tables. Qt-free; owns its GGUF mapping and scratch buffers.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/backend/attention_impl.h"
#include "engine/model/forward_batch.h"
#include "engine/model/model_config.h"
#include "engine/model/model_weights.h"
#include "engine/model/packed_weights.h"
#include "engine/model/sequence_split.h"
#include "kernels/cpu/paged_attention.h"

namespace inferscope::gguf { class GgufFile; }
namespace inferscope::kernels { class ThreadPool; }

namespace inferscope {

class KvStorage;

struct ForwardStats {
  kernels::AttentionCounters attention;
  // Optional probe for the lessons (engine/lessons/qkv_lookup_lesson.cpp): when q_out is set, the pass
  // copies the post-RoPE query rows of layer q_layer into it (n_rows x q_dim floats, batch row order).
  // Q is never cached, so this is the only way to see it; off (null) it costs one test per layer.
  int q_layer = -1;
  std::vector<float>* q_out = nullptr;
  // Optional observer of what the projections read (engine/quant's calibration): called on the pass's
  // thread with the input rows (n_rows x n_in floats, batch row order) of layer `layer`'s projections at
  // `site`, before they run. Like q_out, it keeps the pass single (no sequence split).
  enum class LinearSite { AttnIn, AttnOut, FfnIn, FfnOut };  // Q/K/V, output, gate/up, down
  std::function<void(int layer, LinearSite site, const float* x, int n_rows, int n_in)> linear_inputs;
};

class LlamaModel {
 public:
  // Takes ownership of an opened GGUF file; throws std::runtime_error when the model cannot run.
  explicit LlamaModel(std::shared_ptr<const gguf::GgufFile> file);
  // Runs on weights bound elsewhere (e.g. re-encoded by engine/quant): the 1-D tensors and any 2-D weight
  // left as stored still point into file; weight_owner keeps every other buffer the views point to alive
  // for the model's lifetime. The weights must have the file's shapes (bind_weights checked the source);
  // the fast-kernel copies are made from these weights, so re-encoded Q4_0/Q4_1/Q8_0 run packed too.
  LlamaModel(std::shared_ptr<const gguf::GgufFile> file, ModelWeights weights, std::shared_ptr<const void> weight_owner);
  ~LlamaModel();

  const ModelConfig& config() const { return config_; }
  const ModelWeights& weights() const { return weights_; }
  const gguf::GgufFile& file() const { return *file_; }
  // The fast-kernel copies made at load (empty layers when the CPU has no packed kernels).
  const PackedWeights& packed() const { return packed_; }

  // Runs the pass. logits receives n_logit_rows() x n_vocab floats, in the order of batch.seqs, each
  // sequence's last n_logits rows in position order. Each row's result depends only on that sequence's
  // tokens and cache, never on the rest of the batch (batch invariance), and not on how the pass uses
  // the pool: a batch of many short sequences runs as concurrent single-threaded passes over runs of
  // sequences (split_parts), any other batch as one pass with its loops split across the pool.
  void forward(const ForwardBatch& batch, KvStorage& kv, kernels::ThreadPool* pool, std::vector<float>& logits,
               AttentionImpl attention = AttentionImpl::Tiled, ForwardStats* stats = nullptr);
  // The same pass through only the first n_layers layers (1..n_layers of the model), then the output norm
  // and head: the early-exit drafter of speculative decoding. kv needs only n_layers layers. forward()
  // is forward_layers(config().n_layers, ...).
  void forward_layers(int n_layers, const ForwardBatch& batch, KvStorage& kv, kernels::ThreadPool* pool,
                      std::vector<float>& logits, AttentionImpl attention = AttentionImpl::Tiled,
                      ForwardStats* stats = nullptr);
  // How many concurrent passes forward() runs batch in on a pool of n_threads (1: one row-split pass,
  // which is also what a pass with a ForwardStats::q_out probe always runs).
  int split_parts(const ForwardBatch& batch, int n_threads) const;

  // The scratch of one pass, grown on demand and reused across passes. A sequence-parallel pass
  // (engine/model/sequence_split.h) runs its parts concurrently, each in a workspace of its own; so does
  // each pipeline stage (engine/parallel).
  struct Workspace;
  std::unique_ptr<Workspace> make_workspace() const;

  // One pipeline stage's share of a pass: layers [layer_begin, layer_end) over batch's rows, in ws.
  // hidden_in is the residual stream after layer layer_begin - 1 (ignored at layer 0: the stage embeds
  // batch.tokens), hidden_out receives it after layer layer_end - 1; both n_rows x n_embd. Every row's
  // arithmetic is that of forward(), so stages chained over all layers give forward()'s logits bit for
  // bit (through output_norm_rows and project_head). Stages over disjoint layers may run concurrently
  // on one kv, each in its own workspace.
  void forward_stage(Workspace& ws, int layer_begin, int layer_end, const ForwardBatch& batch, KvStorage& kv,
                     kernels::ThreadPool* pool, const float* hidden_in, float* hidden_out,
                     AttentionImpl attention = AttentionImpl::Tiled, ForwardStats* stats = nullptr);
  // The output norm of the rows of batch that want logits (in batch order) from the residual stream after
  // the last layer: writes them to head_in (n_logit_rows() x n_embd) and returns how many.
  int output_norm_rows(const ForwardBatch& batch, const float* hidden, float* head_in) const;
  // logits (n_rows x n_vocab) = the output head applied to n_rows output-normed rows.
  void project_head(const float* rows, int n_rows, float* logits, kernels::ThreadPool* pool);

  struct Workspace {
    std::vector<float> x, xn, q, k, v, att, ffn_gate, ffn_up, rope_cs, rope_sn;
    std::vector<float> rope_cs_swa, rope_sn_swa;  // the sliding-window layers' angles (their own base)
    std::vector<int32_t> row_pos, row_seq;
    struct AttItem {
      int seq, g0, g1, i0, i1;  // sequence slice, KV heads [g0, g1), rows [i0, i1) of the slice
      double cost;  // estimated work: rows x keys x heads
    };
    std::vector<AttItem> att_items;
    std::vector<kernels::AttentionCounters> att_counters;
  };

 private:
  // Throws std::invalid_argument / std::out_of_range for a malformed batch or a token outside the
  // vocabulary, before any pass starts (a pass on a pool thread must not throw).
  void check_batch(const ForwardBatch& batch) const;
  // One pass over batch with ws's scratch, its loops split across pool (may be null): writes the
  // output-normed logit rows to head_in (n_logit_rows() x n_embd floats) and, unless logits is null, their
  // logits (n_logit_rows() x n_vocab floats).
  // layer_begin > 0 starts from x_in (the stream after layer_begin - 1, required then); x_out, when set,
  // receives the stream after the last layer instead of the head's work.
  void run_pass(Workspace& ws, int n_layers, const ForwardBatch& batch, KvStorage& kv, kernels::ThreadPool* pool,
                float* head_in, float* logits, AttentionImpl attention, ForwardStats* stats,
                int layer_begin = 0, const float* x_in = nullptr, float* x_out = nullptr);
  void attention_rows(Workspace& ws, const ForwardBatch& batch, KvStorage& kv, int layer, kernels::ThreadPool* pool,
                      AttentionImpl impl, ForwardStats* stats);
  // group: the KV group whose tables this layer reads (SeqSlice::table).
  void attention_naive(Workspace& ws, const ForwardBatch& batch, const kernels::PagedAttentionArgs& base, int group,
                       kernels::ThreadPool* pool, kernels::AttentionCounters* counters);
  void attention_chunks(Workspace& ws, const ForwardBatch& batch, const kernels::PagedAttentionArgs& base, int group,
                        kernels::ThreadPool* pool, kernels::AttentionCounters* counters);

  std::shared_ptr<const gguf::GgufFile> file_;
  std::shared_ptr<const void> weight_owner_;
  ModelConfig config_;
  ModelWeights weights_;
  PackedWeights packed_;
  SequenceSplitCosts split_costs_;
  // workspaces_[0] serves row-split passes; a sequence-parallel pass uses one per part.
  std::vector<std::unique_ptr<Workspace>> workspaces_;
  std::vector<ForwardBatch> part_batches_;
  std::vector<ForwardStats> part_stats_;
  std::vector<size_t> part_first_logit_;
  std::vector<float> head_in_;  // the output-normed rows the head projects
};

}  // namespace inferscope
