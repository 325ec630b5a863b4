#include "engine/model/llama_model.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/gguf/gguf_file.h"
#include "engine/kv/kv_storage.h"
#include "kernels/cpu/matmul.h"
#include "kernels/cpu/ops.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope {

namespace {

void grow(std::vector<float>& v, size_t n) {
  if (v.size() < n) v.resize(n);
}

// y[t] = W x[t] (+ bias) for every row.
void linear(const WeightRef& w, const float* x, int n_rows, float* y, kernels::ThreadPool* pool,
            const WeightRef* bias = nullptr) {
  kernels::matmul(w.type, w.data, w.n_in, w.n_out, x, n_rows, y, pool);
  if (bias && *bias) {
    const float* b = static_cast<const float*>(bias->data);
    for (int t = 0; t < n_rows; ++t) kernels::add_inplace(y + size_t(t) * w.n_out, b, w.n_out);
  }
}

void rms_norm_rows(const float* x, const WeightRef& w, float* out, int n_rows, int n, float eps) {
  const float* g = static_cast<const float*>(w.data);
  for (int t = 0; t < n_rows; ++t) kernels::rms_norm(x + size_t(t) * n, g, out + size_t(t) * n, n, eps);
}

}  // namespace

LlamaModel::LlamaModel(std::shared_ptr<const gguf::GgufFile> file) : file_(std::move(file)) {
  config_ = read_model_config(*file_);
  weights_ = bind_weights(*file_, config_);
}

LlamaModel::~LlamaModel() = default;

void LlamaModel::forward(const ForwardBatch& batch, KvStorage& kv, kernels::ThreadPool* pool,
                         std::vector<float>& logits, kernels::AttentionImpl attention, ForwardStats* stats) {
  const ModelConfig& c = config_;
  const int T = batch.n_rows();
  if (T == 0) {
    logits.clear();
    return;
  }
  const size_t E = c.n_embd, Q = c.q_dim(), KV = c.kv_dim(), F = c.n_ff;
  grow(x_, T * E);
  grow(xn_, T * E);
  grow(q_, T * Q);
  grow(k_, T * KV);
  grow(v_, T * KV);
  grow(att_, T * Q);
  grow(ffn_gate_, T * F);
  grow(ffn_up_, T * F);
  row_pos_.assign(T, 0);
  row_seq_.assign(T, 0);
  for (int s = 0; s < static_cast<int>(batch.seqs.size()); ++s) {
    const SeqSlice& sl = batch.seqs[s];
    if (sl.row_begin < 0 || sl.n_new < 0 || sl.row_begin + sl.n_new > T || sl.n_logits > sl.n_new || !sl.block_table)
      throw std::invalid_argument("malformed forward batch");
    for (int i = 0; i < sl.n_new; ++i) {
      row_pos_[sl.row_begin + i] = sl.n_past + i;
      row_seq_[sl.row_begin + i] = s;
    }
  }

  // Embeddings.
  for (int t = 0; t < T; ++t) {
    const int32_t id = batch.tokens[t];
    if (id < 0 || id >= c.n_vocab) throw std::out_of_range("token id " + std::to_string(id) + " outside the vocabulary");
    kernels::get_row(weights_.token_embd.type, weights_.token_embd.data, E, id, &x_[t * E]);
  }

  for (int l = 0; l < c.n_layers; ++l) {
    const LayerWeights& L = weights_.layers[l];
    // Attention block: norm, Q/K/V projections, RoPE, K/V into the paged cache, attention, output.
    rms_norm_rows(x_.data(), L.attn_norm, xn_.data(), T, E, c.rms_eps);
    linear(L.wq, xn_.data(), T, q_.data(), pool, &L.bq);
    linear(L.wk, xn_.data(), T, k_.data(), pool, &L.bk);
    linear(L.wv, xn_.data(), T, v_.data(), pool, &L.bv);
    kernels::KvPoolView kpool = kv.k(l), vpool = kv.v(l);
    for (int t = 0; t < T; ++t) {
      kernels::rope(&q_[t * Q], c.n_heads, c.head_dim, c.rope_dims, row_pos_[t], c.rope_freq_base, c.rope_style);
      kernels::rope(&k_[t * KV], c.n_kv_heads, c.head_dim, c.rope_dims, row_pos_[t], c.rope_freq_base, c.rope_style);
      const SeqSlice& sl = batch.seqs[row_seq_[t]];
      const int pos = row_pos_[t];
      const int64_t slot = int64_t((*sl.block_table)[pos / kv.layout().block_size]) * kv.layout().block_size +
                           pos % kv.layout().block_size;
      kernels::kv_write(kpool, slot, &k_[t * KV]);
      kernels::kv_write(vpool, slot, &v_[t * KV]);
    }
    attention_rows(batch, kv, l, pool, attention, stats);
    linear(L.wo, att_.data(), T, xn_.data(), pool);
    kernels::add_inplace(x_.data(), xn_.data(), T * E);

    // Feed-forward block: norm, SwiGLU, down projection.
    rms_norm_rows(x_.data(), L.ffn_norm, xn_.data(), T, E, c.rms_eps);
    linear(L.w_gate, xn_.data(), T, ffn_gate_.data(), pool);
    linear(L.w_up, xn_.data(), T, ffn_up_.data(), pool);
    kernels::silu_mul(ffn_gate_.data(), ffn_up_.data(), ffn_gate_.data(), T * F);
    linear(L.w_down, ffn_gate_.data(), T, xn_.data(), pool);
    kernels::add_inplace(x_.data(), xn_.data(), T * E);
  }

  // Output head only for the rows whose next token is wanted.
  const int R = batch.n_logit_rows();
  grow(tmp_, size_t(R) * E);
  int r = 0;
  for (const SeqSlice& sl : batch.seqs) {
    for (int i = sl.n_new - sl.n_logits; i < sl.n_new; ++i, ++r) {
      kernels::rms_norm(&x_[size_t(sl.row_begin + i) * E], static_cast<const float*>(weights_.output_norm.data),
                        &tmp_[size_t(r) * E], E, c.rms_eps);
    }
  }
  logits.resize(size_t(R) * c.n_vocab);
  if (R > 0) linear(weights_.output, tmp_.data(), R, logits.data(), pool);
}

void LlamaModel::attention_rows(const ForwardBatch& batch, KvStorage& kv, int layer, kernels::ThreadPool* pool,
                                kernels::AttentionImpl impl, ForwardStats* stats) {
  const ModelConfig& c = config_;
  const int T = batch.n_rows();
  const size_t Q = c.q_dim();
  int max_keys = 0;
  for (int t = 0; t < T; ++t) max_keys = std::max(max_keys, row_pos_[t] + 1);
  const int n_threads = pool ? pool->size() : 1;
  const size_t scratch_per_thread = std::max<size_t>(max_keys, 2 * size_t(c.head_dim)) + 16;
  static thread_local std::vector<float> scratch;  // owned by the engine thread; workers index slices of it
  if (scratch.size() < scratch_per_thread * n_threads) scratch.resize(scratch_per_thread * n_threads);
  std::vector<kernels::AttentionCounters> counters(n_threads);
  float* scratch_base = scratch.data();

  kernels::PagedAttentionArgs base{};
  base.k = kv.k(layer);
  base.v = kv.v(layer);
  base.n_heads = c.n_heads;
  base.scale = 1.0f / std::sqrt(static_cast<float>(c.head_dim));

  auto run = [&](int64_t begin, int64_t end, int thread) {
    for (int64_t t = begin; t < end; ++t) {
      kernels::PagedAttentionArgs a = base;
      a.block_table = batch.seqs[row_seq_[t]].block_table->data();
      a.n_keys = row_pos_[t] + 1;
      kernels::paged_attention(a, &q_[t * Q], &att_[t * Q], impl, scratch_base + thread * scratch_per_thread,
                               stats ? &counters[thread] : nullptr);
    }
  };
  if (pool && T > 1) {
    pool->parallel_for(T, run);
  } else {
    run(0, T, 0);
  }
  if (stats) {
    for (const auto& ct : counters) {
      stats->attention.kv_bytes_read += ct.kv_bytes_read;
      stats->attention.score_bytes_written += ct.score_bytes_written;
    }
  }
}

}  // namespace inferscope
