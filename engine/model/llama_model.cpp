#include "engine/model/llama_model.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <iterator>
#include <stdexcept>

#include "engine/gguf/gguf_file.h"
#include "engine/model/model_cost.h"
#include "engine/kv/kv_storage.h"
#include "engine/model/projection.h"
#include "kernels/cpu/matmul.h"
#include "kernels/cpu/packed_matmul.h"
#include "kernels/cpu/ops.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope {

namespace {

void grow(std::vector<float>& v, size_t n) {
  if (v.size() < n) v.resize(n);
}

constexpr int kParallelRows = 8;  // rows from which element-wise passes are split across the pool

}  // namespace

LlamaModel::LlamaModel(std::shared_ptr<const gguf::GgufFile> file) : file_(std::move(file)) {
  config_ = read_model_config(*file_);
  weights_ = bind_weights(*file_, config_);
  packed_ = pack_weights(weights_);
  split_costs_ = split_costs_for(model_cost(*this));
}

LlamaModel::LlamaModel(std::shared_ptr<const gguf::GgufFile> file, ModelWeights weights,
                       std::shared_ptr<const void> weight_owner)
    : file_(std::move(file)), weight_owner_(std::move(weight_owner)), weights_(std::move(weights)) {
  config_ = read_model_config(*file_);
  config_.n_vocab = static_cast<int>(weights_.token_embd.n_out);
  config_.rope_freq_factors = static_cast<bool>(weights_.rope_freqs);
  packed_ = pack_weights(weights_);
  split_costs_ = split_costs_for(model_cost(*this));
}

LlamaModel::~LlamaModel() = default;

void LlamaModel::forward(const ForwardBatch& batch, KvStorage& kv, kernels::ThreadPool* pool,
                         std::vector<float>& logits, AttentionImpl attention, ForwardStats* stats) {
  forward_layers(config_.n_layers, batch, kv, pool, logits, attention, stats);
}

void LlamaModel::check_batch(const ForwardBatch& batch) const {
  const int T = batch.n_rows();
  for (const SeqSlice& sl : batch.seqs)
    if (sl.row_begin < 0 || sl.n_new < 0 || sl.row_begin + sl.n_new > T || sl.n_logits > sl.n_new || !sl.block_table)
      throw std::invalid_argument("malformed forward batch");
  for (const int32_t id : batch.tokens)
    if (id < 0 || id >= config_.n_vocab)
      throw std::out_of_range("token id " + std::to_string(id) + " outside the vocabulary");
}

int LlamaModel::split_parts(const ForwardBatch& batch, int n_threads) const {
  const std::vector<int> cut = plan_sequence_split(batch, n_threads, split_costs_);
  return cut.empty() ? 1 : static_cast<int>(cut.size()) - 1;
}

void LlamaModel::forward_layers(int n_layers, const ForwardBatch& batch, KvStorage& kv, kernels::ThreadPool* pool,
                                std::vector<float>& logits, AttentionImpl attention, ForwardStats* stats) {
  const ModelConfig& c = config_;
  if (n_layers < 1 || n_layers > c.n_layers)
    throw std::invalid_argument("forward through " + std::to_string(n_layers) + " layers of a " +
                                std::to_string(c.n_layers) + "-layer model");
  if (batch.n_rows() == 0) {
    logits.clear();
    return;
  }
  check_batch(batch);
  const size_t R = size_t(batch.n_logit_rows());
  logits.resize(R * c.n_vocab);
  grow(head_in_, R * c.n_embd);
  if (workspaces_.empty()) workspaces_.push_back(std::make_unique<Workspace>());

  // The lessons' Q probe reads one pass's rows in batch order: it keeps the single pass.
  const bool may_split = pool && pool->size() > 1 && !(stats && (stats->q_out || stats->linear_inputs));
  const std::vector<int> cut = may_split ? plan_sequence_split(batch, pool->size(), split_costs_) : std::vector<int>{};
  if (cut.empty()) {
    run_pass(*workspaces_[0], n_layers, batch, kv, pool, head_in_.data(), logits.data(), attention, stats);
    return;
  }

  // Parts are runs of whole sequences in batch order, so their logit rows follow one another too.
  const int parts = static_cast<int>(cut.size()) - 1;
  while (static_cast<int>(workspaces_.size()) < parts) workspaces_.push_back(std::make_unique<Workspace>());
  part_batches_.resize(size_t(parts));
  part_stats_.assign(size_t(parts), ForwardStats{});
  part_first_logit_.assign(size_t(parts), 0);
  for (int p = 0; p < parts; ++p) {
    make_sub_batch(batch, cut[size_t(p)], cut[size_t(p) + 1], part_batches_[size_t(p)]);
    if (p + 1 < parts)
      part_first_logit_[size_t(p) + 1] = part_first_logit_[size_t(p)] + size_t(part_batches_[size_t(p)].n_logit_rows());
  }
  // Threads claim parts in turn: one that runs slower (its core busy elsewhere) simply takes fewer.
  // The parts stop at the output norm: the head runs once for all their rows, split across the pool,
  // so its weights (the largest matrix) are read once per step, not once per part.
  pool->parallel_for_dynamic(parts, 1, [&](int64_t b, int64_t e, int) {
    for (int64_t p = b; p < e; ++p)
      run_pass(*workspaces_[size_t(p)], n_layers, part_batches_[size_t(p)], kv, nullptr,
               head_in_.data() + part_first_logit_[size_t(p)] * c.n_embd, nullptr, attention,
               stats ? &part_stats_[size_t(p)] : nullptr);
  });
  if (R > 0) project_head(head_in_.data(), static_cast<int>(R), logits.data(), pool);
  if (stats)
    for (const ForwardStats& ps : part_stats_) {
      stats->attention.kv_bytes_read += ps.attention.kv_bytes_read;
      stats->attention.score_bytes_written += ps.attention.score_bytes_written;
    }
}

void LlamaModel::run_pass(Workspace& ws, int n_layers, const ForwardBatch& batch, KvStorage& kv,
                          kernels::ThreadPool* pool, float* head_in, float* logits, AttentionImpl attention,
                          ForwardStats* stats, int layer_begin, const float* x_in, float* x_out) {
  const ModelConfig& c = config_;
  const int T = batch.n_rows();
  const size_t E = c.n_embd, Q = c.q_dim(), KV = c.kv_dim(), F = c.n_ff;
  grow(ws.x, T * E);
  grow(ws.xn, T * E);
  grow(ws.q, T * Q);
  grow(ws.k, T * KV);
  grow(ws.v, T * KV);
  grow(ws.att, T * Q);
  grow(ws.ffn_gate, T * F);
  grow(ws.ffn_up, T * F);
  ws.row_pos.assign(T, 0);
  ws.row_seq.assign(T, 0);
  for (int s = 0; s < static_cast<int>(batch.seqs.size()); ++s) {
    const SeqSlice& sl = batch.seqs[s];
    for (int i = 0; i < sl.n_new; ++i) {
      ws.row_pos[sl.row_begin + i] = sl.n_past + i;
      ws.row_seq[sl.row_begin + i] = s;
    }
  }

  // RoPE angles once per row for all layers (and once more for the sliding-window layers' base).
  const int half = c.rope_dims / 2;
  const float* freq_factors = static_cast<const float*>(weights_.rope_freqs.data);
  grow(ws.rope_cs, size_t(T) * half);
  grow(ws.rope_sn, size_t(T) * half);
  for (int t = 0; t < T; ++t)
    kernels::rope_angles_scaled(ws.row_pos[t], c.rope_dims, c.rope_freq_base, c.rope_freq_scale, freq_factors,
                                &ws.rope_cs[size_t(t) * half], &ws.rope_sn[size_t(t) * half]);
  if (c.has_swa()) {
    grow(ws.rope_cs_swa, size_t(T) * half);
    grow(ws.rope_sn_swa, size_t(T) * half);
    for (int t = 0; t < T; ++t)
      kernels::rope_angles(ws.row_pos[t], c.rope_dims, c.rope_freq_base_swa, &ws.rope_cs_swa[size_t(t) * half],
                           &ws.rope_sn_swa[size_t(t) * half]);
  }

  // Embeddings, or the residual stream an earlier pipeline stage handed over.
  if (x_in) {
    std::copy(x_in, x_in + size_t(T) * E, ws.x.begin());
  } else {
    for (int t = 0; t < T; ++t) {
      kernels::get_row(weights_.token_embd.type, weights_.token_embd.data, E, batch.tokens[t], &ws.x[t * E]);
      if (c.embd_scale != 1.0f) kernels::scale_inplace(&ws.x[t * E], c.embd_scale, E);
    }
  }

  // Per-row element-wise work runs on the pool too once the batch is big enough to pay for the
  // hand-off (each row's arithmetic is the same either way).
  auto rows = [&](auto&& fn) {
    auto body = [&](int64_t b, int64_t e, int) {
      for (int64_t t = b; t < e; ++t) fn(static_cast<int>(t));
    };
    if (pool && T >= kParallelRows)
      pool->parallel_for(T, body);
    else
      body(0, T, 0);
  };
  auto norm_row = [&](const WeightRef& w, int t) {
    kernels::rms_norm(&ws.x[size_t(t) * E], static_cast<const float*>(w.data), &ws.xn[size_t(t) * E], E, c.rms_eps);
  };

  rows([&](int t) { norm_row(weights_.layers[layer_begin].attn_norm, t); });
  using Site = ForwardStats::LinearSite;
  auto observe = [&](int l, Site site, const float* x, size_t n_in) {
    if (stats && stats->linear_inputs) stats->linear_inputs(l, site, x, T, static_cast<int>(n_in));
  };
  for (int l = layer_begin; l < n_layers; ++l) {
    const LayerWeights& L = weights_.layers[l];
    // Attention block: (norm done) Q/K/V projections, RoPE, K/V into the paged cache, attention, output.
    const PackedLayer* P = packed_.layers.empty() ? nullptr : &packed_.layers[l];
    observe(l, Site::AttnIn, ws.xn.data(), E);
    project(P ? P->qkv.get() : nullptr, {&L.wq, &L.wk, &L.wv}, {ws.q.data(), ws.k.data(), ws.v.data()}, ws.xn.data(), T, pool,
            {&L.bq, &L.bk, &L.bv});
    const bool swa = c.is_swa(l);
    const float* rope_cs = swa ? ws.rope_cs_swa.data() : ws.rope_cs.data();
    const float* rope_sn = swa ? ws.rope_sn_swa.data() : ws.rope_sn.data();
    rows([&](int t) {
      if (c.qk_norm) {  // each head normed on its own, before RoPE
        for (int h = 0; h < c.n_heads; ++h) {
          float* qh = &ws.q[t * Q + size_t(h) * c.head_dim];
          kernels::rms_norm(qh, static_cast<const float*>(L.q_norm.data), qh, c.head_dim, c.rms_eps);
        }
        for (int h = 0; h < c.n_kv_heads; ++h) {
          float* kh = &ws.k[t * KV + size_t(h) * c.head_dim];
          kernels::rms_norm(kh, static_cast<const float*>(L.k_norm.data), kh, c.head_dim, c.rms_eps);
        }
      }
      const float* cs = &rope_cs[size_t(t) * half];
      const float* sn = &rope_sn[size_t(t) * half];
      kernels::rope_apply(&ws.q[t * Q], c.n_heads, c.head_dim, c.rope_dims, cs, sn, c.rope_style);
      kernels::rope_apply(&ws.k[t * KV], c.n_kv_heads, c.head_dim, c.rope_dims, cs, sn, c.rope_style);
    });
    if (stats && stats->q_out && stats->q_layer == l) stats->q_out->assign(ws.q.begin(), ws.q.begin() + T * Q);
    // Serial: FP8/INT8 writes into one block may requantize the block's earlier slots.
    kernels::KvPoolView kpool = kv.k(l), vpool = kv.v(l);
    const int group = kv.layout().group_of(l);
    for (int t = 0; t < T; ++t) {
      const SeqSlice& sl = batch.seqs[ws.row_seq[t]];
      const int pos = ws.row_pos[t];
      const int64_t slot = int64_t(sl.table(group)[pos / kv.layout().block_size]) * kv.layout().block_size +
                           pos % kv.layout().block_size;
      kernels::kv_write(kpool, slot, &ws.k[t * KV]);
      kernels::kv_write(vpool, slot, &ws.v[t * KV]);
    }
    attention_rows(ws, batch, kv, l, pool, attention, stats);
    observe(l, Site::AttnOut, ws.att.data(), Q);
    project(P ? P->wo.get() : nullptr, {&L.wo}, {ws.xn.data()}, ws.att.data(), T, pool);
    // (Post-attention norm,) residual, then the feed-forward norm, row by row.
    rows([&](int t) {
      float* o = &ws.xn[size_t(t) * E];
      if (c.post_norms) kernels::rms_norm(o, static_cast<const float*>(L.post_attn_norm.data), o, E, c.rms_eps);
      kernels::add_inplace(&ws.x[size_t(t) * E], o, E);
      norm_row(L.ffn_norm, t);
    });

    // Feed-forward block: SwiGLU, down projection, residual (+ the next layer's attention norm).
    observe(l, Site::FfnIn, ws.xn.data(), E);
    project(P ? P->gate_up.get() : nullptr, {&L.w_gate, &L.w_up}, {ws.ffn_gate.data(), ws.ffn_up.data()}, ws.xn.data(), T,
            pool);
    if (c.ffn_act == FfnActivation::Silu)
      rows([&](int t) { kernels::silu_mul(&ws.ffn_gate[size_t(t) * F], &ws.ffn_up[size_t(t) * F], &ws.ffn_gate[size_t(t) * F], F); });
    else
      rows([&](int t) { kernels::gelu_tanh_mul(&ws.ffn_gate[size_t(t) * F], &ws.ffn_up[size_t(t) * F], &ws.ffn_gate[size_t(t) * F], F); });
    observe(l, Site::FfnOut, ws.ffn_gate.data(), F);
    project(P ? P->down.get() : nullptr, {&L.w_down}, {ws.xn.data()}, ws.ffn_gate.data(), T, pool);
    const WeightRef* next_norm = l + 1 < n_layers ? &weights_.layers[l + 1].attn_norm : nullptr;
    rows([&](int t) {
      float* o = &ws.xn[size_t(t) * E];
      if (c.post_norms) kernels::rms_norm(o, static_cast<const float*>(L.post_ffn_norm.data), o, E, c.rms_eps);
      kernels::add_inplace(&ws.x[size_t(t) * E], o, E);
      if (next_norm) norm_row(*next_norm, t);
    });
  }

  if (x_out) {  // a pipeline stage: the next stage (or output_norm_rows) takes the stream from here
    std::copy(ws.x.begin(), ws.x.begin() + size_t(T) * E, x_out);
    return;
  }
  // The output norm, then the head, only for the rows whose next token is wanted.
  const int r = output_norm_rows(batch, ws.x.data(), head_in);
  if (logits && r > 0) project_head(head_in, r, logits, pool);
}

int LlamaModel::output_norm_rows(const ForwardBatch& batch, const float* hidden, float* head_in) const {
  const ModelConfig& c = config_;
  const size_t E = c.n_embd;
  int r = 0;
  for (const SeqSlice& sl : batch.seqs) {
    for (int i = sl.n_new - sl.n_logits; i < sl.n_new; ++i, ++r) {
      kernels::rms_norm(&hidden[size_t(sl.row_begin + i) * E], static_cast<const float*>(weights_.output_norm.data),
                        &head_in[size_t(r) * E], E, c.rms_eps);
    }
  }
  return r;
}

std::unique_ptr<LlamaModel::Workspace> LlamaModel::make_workspace() const { return std::make_unique<Workspace>(); }

void LlamaModel::forward_stage(Workspace& ws, int layer_begin, int layer_end, const ForwardBatch& batch, KvStorage& kv,
                               kernels::ThreadPool* pool, const float* hidden_in, float* hidden_out,
                               AttentionImpl attention, ForwardStats* stats) {
  if (layer_begin < 0 || layer_end > config_.n_layers || layer_begin >= layer_end)
    throw std::invalid_argument("pipeline stage over layers [" + std::to_string(layer_begin) + ", " +
                                std::to_string(layer_end) + ") of a " + std::to_string(config_.n_layers) +
                                "-layer model");
  if (!hidden_out || (layer_begin > 0 && !hidden_in))
    throw std::invalid_argument("a pipeline stage needs its residual-stream buffers");
  if (batch.n_rows() == 0) return;
  check_batch(batch);
  run_pass(ws, layer_end, batch, kv, pool, nullptr, nullptr, attention, stats, layer_begin,
           layer_begin == 0 ? nullptr : hidden_in, hidden_out);
}

void LlamaModel::project_head(const float* rows, int n_rows, float* logits, kernels::ThreadPool* pool) {
  project(packed_.output.get(), {&weights_.output}, {logits}, rows, n_rows, pool);
}

void LlamaModel::attention_rows(Workspace& ws, const ForwardBatch& batch, KvStorage& kv, int layer, kernels::ThreadPool* pool,
                                AttentionImpl impl, ForwardStats* stats) {
  const ModelConfig& c = config_;
  const int n_threads = pool ? pool->size() : 1;
  std::vector<kernels::AttentionCounters>& counters = ws.att_counters;  // reused: no allocation per layer
  counters.assign(size_t(n_threads), kernels::AttentionCounters{});
  kernels::PagedAttentionArgs base{};
  base.k = kv.k(layer);
  base.v = kv.v(layer);
  base.n_heads = c.n_heads;
  base.scale = c.attn_scale;
  base.window = c.is_swa(layer) ? c.sliding_window : 0;
  const int group = kv.layout().group_of(layer);
  if (impl == AttentionImpl::Tiled)
    attention_chunks(ws, batch, base, group, pool, stats ? counters.data() : nullptr);
  else
    attention_naive(ws, batch, base, group, pool, stats ? counters.data() : nullptr);
  if (stats) {
    for (const auto& ct : counters) {
      stats->attention.kv_bytes_read += ct.kv_bytes_read;
      stats->attention.score_bytes_written += ct.score_bytes_written;
    }
  }
}

// The reference form, one query row at a time (it materializes each row's scores).
void LlamaModel::attention_naive(Workspace& ws, const ForwardBatch& batch, const kernels::PagedAttentionArgs& base,
                                 int group, kernels::ThreadPool* pool, kernels::AttentionCounters* counters) {
  const ModelConfig& c = config_;
  const int T = batch.n_rows();
  const size_t Q = c.q_dim();
  int max_keys = 0;
  for (int t = 0; t < T; ++t) max_keys = std::max(max_keys, ws.row_pos[t] + 1);
  const int n_threads = pool ? pool->size() : 1;
  const size_t scratch_per_thread = std::max<size_t>(max_keys, 2 * size_t(c.head_dim)) + 16;
  static thread_local std::vector<float> scratch;  // owned by the pass's thread; workers index slices of it
  if (scratch.size() < scratch_per_thread * n_threads) scratch.resize(scratch_per_thread * n_threads);
  float* scratch_base = scratch.data();
  auto run = [&](int64_t begin, int64_t end, int thread) {
    for (int64_t t = begin; t < end; ++t) {
      kernels::PagedAttentionArgs a = base;
      a.block_table = batch.seqs[ws.row_seq[t]].table(group).data();
      a.n_keys = ws.row_pos[t] + 1;
      kernels::paged_attention(a, &ws.q[t * Q], &ws.att[t * Q], kernels::AttentionImpl::Naive,
                               scratch_base + thread * scratch_per_thread, counters ? &counters[thread] : nullptr);
    }
  };
  if (pool && T > 1)
    pool->parallel_for(T, run);
  else
    run(0, T, 0);
}

// The tiled form over each sequence's rows as chunks: work items (sequence, KV heads, rows) that share
// every decoded key tile, handed to the threads longest first by estimated cost. With many sequences an
// item takes all KV heads of its rows, so it reads each cache slot once, front to back; with few, one KV
// head each, so the threads still have enough items to share. How the rows and heads are cut into items never changes a row's result.
void LlamaModel::attention_chunks(Workspace& ws, const ForwardBatch& batch, const kernels::PagedAttentionArgs& base,
                                  int group, kernels::ThreadPool* pool, kernels::AttentionCounters* counters) {
  constexpr int kRowsPerItem = 64;
  const ModelConfig& c = config_;
  const size_t Q = c.q_dim();
  const int n_threads = pool ? pool->size() : 1;
  int row_items = 0;
  for (const SeqSlice& sl : batch.seqs) row_items += (sl.n_new + kRowsPerItem - 1) / kRowsPerItem;
  const int heads_per_item = row_items >= 4 * n_threads ? c.n_kv_heads : 1;
  ws.att_items.clear();
  for (int s = 0; s < static_cast<int>(batch.seqs.size()); ++s) {
    const SeqSlice& sl = batch.seqs[s];
    for (int i0 = 0; i0 < sl.n_new; i0 += kRowsPerItem) {
      const int i1 = std::min(sl.n_new, i0 + kRowsPerItem);
      const double cost = double(i1 - i0) * (sl.n_past + i1 + 32) * heads_per_item;
      for (int g = 0; g < c.n_kv_heads; g += heads_per_item)
        ws.att_items.push_back({s, g, std::min(c.n_kv_heads, g + heads_per_item), i0, i1, cost});
    }
  }
  std::sort(ws.att_items.begin(), ws.att_items.end(), [](const Workspace::AttItem& x, const Workspace::AttItem& y) { return x.cost > y.cost; });
  auto args_of = [&](const Workspace::AttItem& it) {
    const SeqSlice& sl = batch.seqs[it.seq];
    kernels::PagedAttentionArgs a = base;
    a.block_table = sl.table(group).data();
    a.n_keys = sl.n_past + it.i1;
    return a;
  };
  auto run = [&](int64_t i, int64_t next, int thread) {
    const Workspace::AttItem& it = ws.att_items[size_t(i)];
    const SeqSlice& sl = batch.seqs[it.seq];
    const size_t row = size_t(sl.row_begin + it.i0) * Q;
    // The item this thread takes next: its K/V are fetched into cache while this one computes.
    kernels::KvLookahead ahead{};
    if (next >= 0) {
      const Workspace::AttItem& nx = ws.att_items[size_t(next)];
      ahead = {args_of(nx), nx.g0, nx.g1};
    }
    kernels::paged_attention_chunk(args_of(it), &ws.q[row], it.i1 - it.i0, &ws.att[row], it.g0, it.g1,
                                   counters ? &counters[thread] : nullptr, kernels::kv_row_best_isa(),
                                   next >= 0 ? &ahead : nullptr);
  };
  // Longest first, each thread taking the next item when it is free: the greedy balance, kept even when
  // one thread runs slower than planned (a thread claims its next item one ahead, to prefetch it).
  const int64_t n_items = static_cast<int64_t>(ws.att_items.size());
  if (pool)
    pool->parallel_for_lookahead(n_items, run);
  else
    for (int64_t i = 0; i < n_items; ++i) run(i, i + 1 < n_items ? i + 1 : -1, 0);
}

}  // namespace inferscope
