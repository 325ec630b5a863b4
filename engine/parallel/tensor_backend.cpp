#include "engine/parallel/tensor_backend.h"

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <stdexcept>
#include <string>

#include "engine/parallel/parallel_config.h"
#include "engine/parallel/stage_pipeline.h"
#include "engine/model/projection.h"
#include "kernels/cpu/matmul.h"
#include "kernels/cpu/ops.h"
#include "kernels/cpu/packed_matmul.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope {
namespace {

constexpr int kRowsPerItem = 64;  // attention rows per work item

// Each virtual device computes single-threaded and its clock is that thread's CPU time (as a pipeline
// stage's): what D devices of one core each would take, whatever else shares this machine.
double now_ms() { return thread_cpu_ms(); }

void add_interval(DeviceTimeline& tl, DeviceActivity kind, double b, double e, int layer) {
  if (e <= b) return;
  (kind == DeviceActivity::Compute ? tl.compute_ms : kind == DeviceActivity::Comm ? tl.comm_ms : tl.idle_ms) += e - b;
  if (!tl.intervals.empty() && tl.intervals.back().kind == kind && tl.intervals.back().end_ms == b) {
    tl.intervals.back().end_ms = e;  // one bar for back-to-back work of one kind
    return;
  }
  tl.intervals.push_back({kind, b, e, -1, layer});
}

}  // namespace

TensorParallelBackend::TensorParallelBackend(LlamaModel& model, const KvLayout& layout, int64_t num_blocks,
                                             kernels::ThreadPool* pool, int devices)
    : model_(model), layout_(layout), num_blocks_(num_blocks), pool_(pool) {
  const ModelConfig& c = model.config();
  for (int d = 0; d < devices; ++d) {
    Device dev;
    dev.shard = make_tensor_shard(model.weights(), c, d, devices);
    KvLayout part = layout;
    part.kv_heads = dev.shard.n_kv_heads;
    dev.kv = std::make_unique<KvStorage>(part, num_blocks);
    devices_.push_back(std::move(dev));
  }
}

TensorParallelBackend::~TensorParallelBackend() = default;

DeviceInfo TensorParallelBackend::device() const {
  DeviceInfo d;
  d.name = "CPU, tensor parallel over " + std::to_string(devices_.size()) + " virtual devices";
  return d;
}

void TensorParallelBackend::copy_block(int32_t src, int32_t dst) {
  for (Device& dev : devices_) dev.kv->copy_block(src, dst);
}

void TensorParallelBackend::attention(Device& dev, const ForwardBatch& batch, int layer, ForwardStats* stats) {
  const ModelConfig& c = model_.config();
  const TensorShard& sh = dev.shard;
  const size_t Qd = size_t(sh.n_heads) * c.head_dim;
  kernels::PagedAttentionArgs base{};
  base.k = dev.kv->k(layer);
  base.v = dev.kv->v(layer);
  base.n_heads = sh.n_heads;
  base.scale = c.attn_scale;
  base.window = c.is_swa(layer) ? c.sliding_window : 0;
  struct Item {
    int seq, i0, i1;
  };
  std::vector<Item> items;
  for (int s = 0; s < static_cast<int>(batch.seqs.size()); ++s)
    for (int i0 = 0; i0 < batch.seqs[size_t(s)].n_new; i0 += kRowsPerItem)
      items.push_back({s, i0, std::min(batch.seqs[size_t(s)].n_new, i0 + kRowsPerItem)});
  std::vector<kernels::AttentionCounters> counters(1);
  const kernels::KvRowIsa isa = kernels::kv_row_best_isa();
  auto run = [&](int64_t b, int64_t e, int thread) {
    for (int64_t i = b; i < e; ++i) {
      const Item& it = items[size_t(i)];
      const SeqSlice& sl = batch.seqs[size_t(it.seq)];
      kernels::PagedAttentionArgs a = base;
      a.block_table = sl.block_table->data();
      a.n_keys = sl.n_past + it.i1;
      const size_t row = size_t(sl.row_begin + it.i0) * Qd;
      kernels::paged_attention_chunk(a, &dev.q[row], it.i1 - it.i0, &dev.att[row], 0, sh.n_kv_heads,
                                     stats ? &counters[size_t(thread)] : nullptr, isa);
    }
  };
  run(0, static_cast<int64_t>(items.size()), 0);  // on the device's one thread
  if (stats)
    for (const auto& ct : counters) {
      stats->attention.kv_bytes_read += ct.kv_bytes_read;
      stats->attention.score_bytes_written += ct.score_bytes_written;
    }
}

void TensorParallelBackend::forward(const ForwardBatch& batch, std::vector<float>& logits,
                                    AttentionImpl /*attention: always tiled*/, ForwardStats* stats) {
  const ModelConfig& c = model_.config();
  const ModelWeights& W = model_.weights();
  const int T = batch.n_rows();
  if (T == 0) {
    logits.clear();
    return;
  }
  for (const SeqSlice& sl : batch.seqs)
    if (sl.row_begin < 0 || sl.n_new < 0 || sl.row_begin + sl.n_new > T || sl.n_logits > sl.n_new || !sl.block_table)
      throw std::invalid_argument("malformed forward batch");
  for (const int32_t id : batch.tokens)
    if (id < 0 || id >= c.n_vocab) throw std::out_of_range("token id " + std::to_string(id) + " outside the vocabulary");

  const int D = static_cast<int>(devices_.size());
  const size_t E = c.n_embd, hd = c.head_dim;
  x_.resize(size_t(T) * E);
  xn_.resize(size_t(T) * E);
  for (Device& dev : devices_) {
    const TensorShard& sh = dev.shard;
    dev.q.resize(size_t(T) * sh.n_heads * hd);
    dev.att.resize(size_t(T) * sh.n_heads * hd);
    dev.k.resize(size_t(T) * sh.n_kv_heads * hd);
    dev.v.resize(size_t(T) * sh.n_kv_heads * hd);
    dev.gate.resize(size_t(T) * sh.n_ff);
    dev.up.resize(size_t(T) * sh.n_ff);
    dev.partial.resize(size_t(T) * E);
  }
  row_pos_.assign(size_t(T), 0);
  row_seq_.assign(size_t(T), 0);
  for (int s = 0; s < static_cast<int>(batch.seqs.size()); ++s) {
    const SeqSlice& sl = batch.seqs[size_t(s)];
    for (int i = 0; i < sl.n_new; ++i) {
      row_pos_[size_t(sl.row_begin + i)] = sl.n_past + i;
      row_seq_[size_t(sl.row_begin + i)] = s;
    }
  }
  // RoPE angles once per row for all layers (and for the sliding-window layers' base).
  const int half = c.rope_dims / 2;
  rope_cs_.resize(size_t(T) * half);
  rope_sn_.resize(size_t(T) * half);
  for (int t = 0; t < T; ++t)
    kernels::rope_angles_scaled(row_pos_[size_t(t)], c.rope_dims, c.rope_freq_base, c.rope_freq_scale,
                                static_cast<const float*>(W.rope_freqs.data), &rope_cs_[size_t(t) * half],
                                &rope_sn_[size_t(t) * half]);
  if (c.has_swa()) {
    rope_cs_swa_.resize(size_t(T) * half);
    rope_sn_swa_.resize(size_t(T) * half);
    for (int t = 0; t < T; ++t)
      kernels::rope_angles(row_pos_[size_t(t)], c.rope_dims, c.rope_freq_base_swa, &rope_cs_swa_[size_t(t) * half],
                           &rope_sn_swa_[size_t(t) * half]);
  }
  for (int t = 0; t < T; ++t) {
    kernels::get_row(W.token_embd.type, W.token_embd.data, E, batch.tokens[size_t(t)], &x_[size_t(t) * E]);
    if (c.embd_scale != 1.0f) kernels::scale_inplace(&x_[size_t(t) * E], c.embd_scale, E);
  }
  auto rows = [&](auto&& fn) {
    for (int t = 0; t < T; ++t) fn(t);
  };
  auto norm_row = [&](const WeightRef& w, int t) {
    kernels::rms_norm(&x_[size_t(t) * E], static_cast<const float*>(w.data), &xn_[size_t(t) * E], E, c.rms_eps);
  };

  // The timeline: every device starts each half-layer together, computes for as long as its slice took,
  // waits for the slowest, then all take part in the all-reduce and the replicated element-wise work.
  auto tl = std::make_shared<ParallelTimeline>();
  tl->per_device.resize(size_t(D));
  double clock = 0;
  std::vector<double> busy(static_cast<size_t>(D));
  auto record_half = [&](double reduce_ms, double replicated_ms, int layer) {
    const double slowest = *std::max_element(busy.begin(), busy.end());
    for (int d = 0; d < D; ++d) {
      DeviceTimeline& dt = tl->per_device[size_t(d)];
      add_interval(dt, DeviceActivity::Compute, clock, clock + busy[size_t(d)], layer);
      add_interval(dt, DeviceActivity::Idle, clock + busy[size_t(d)], clock + slowest, layer);
      add_interval(dt, DeviceActivity::Comm, clock + slowest, clock + slowest + reduce_ms, layer);
      add_interval(dt, DeviceActivity::Compute, clock + slowest + reduce_ms, clock + slowest + reduce_ms + replicated_ms,
                   layer);
    }
    clock += slowest + reduce_ms + replicated_ms;
  };
  // The row-parallel projections (attention output, FFN down) are reduced as a chain: device d's kernel
  // starts its accumulators from device d-1's sums and adds its own columns' blocks to them, in the order
  // one device adds a whole row's. So the split gives the unsplit model's floats bit for bit (summing
  // partials computed from zero would round differently and let greedy tokens part at the first near tie).
  // `chain_ms` is the time spent receiving the previous device's sums; the reduce ends with the last
  // device's sums in xn_, the activation every device then holds (the replicated work after it is done once).
  double chain_ms = 0;
  auto row_parallel = [&](int d, const kernels::PackedMatrix* packed, const WeightRef& w, const float* in) {
    Device& dev = devices_[size_t(d)];
    if (d == 0) {
      project(packed, {&w}, {dev.partial.data()}, in, T, nullptr);
      return;
    }
    const double t0 = now_ms();
    const std::vector<float>& prev = devices_[size_t(d) - 1].partial;
    std::copy(prev.begin(), prev.begin() + size_t(T) * E, dev.partial.begin());
    chain_ms += now_ms() - t0;
    project_add(packed, w, dev.partial.data(), in, T, nullptr);
  };
  auto all_reduce = [&]() {
    const double t0 = now_ms();
    const std::vector<float>& last = devices_[size_t(D) - 1].partial;
    std::copy(last.begin(), last.begin() + size_t(T) * E, xn_.begin());
    const double ms = now_ms() - t0 + chain_ms;
    chain_ms = 0;
    return ms;
  };

  rows([&](int t) { norm_row(W.layers[0].attn_norm, t); });
  for (int l = 0; l < c.n_layers; ++l) {
    const LayerWeights& L = W.layers[size_t(l)];
    const bool swa = c.is_swa(l);
    const float* rcs = swa ? rope_cs_swa_.data() : rope_cs_.data();
    const float* rsn = swa ? rope_sn_swa_.data() : rope_sn_.data();
    for (int d = 0; d < D; ++d) {
      Device& dev = devices_[size_t(d)];
      const TensorShard& sh = dev.shard;
      const LayerWeights& S = sh.layers[size_t(l)];
      const PackedLayer* P = sh.packed.layers.empty() ? nullptr : &sh.packed.layers[size_t(l)];
      const size_t Qd = size_t(sh.n_heads) * hd, KVd = size_t(sh.n_kv_heads) * hd;
      const double t0 = now_ms();
      project(P ? P->qkv.get() : nullptr, {&S.wq, &S.wk, &S.wv}, {dev.q.data(), dev.k.data(), dev.v.data()}, xn_.data(),
              T, nullptr, {&S.bq, &S.bk, &S.bv});
      rows([&](int t) {
        if (c.qk_norm) {
          for (int h = 0; h < sh.n_heads; ++h) {
            float* qh = &dev.q[t * Qd + size_t(h) * hd];
            kernels::rms_norm(qh, static_cast<const float*>(L.q_norm.data), qh, hd, c.rms_eps);
          }
          for (int h = 0; h < sh.n_kv_heads; ++h) {
            float* kh = &dev.k[t * KVd + size_t(h) * hd];
            kernels::rms_norm(kh, static_cast<const float*>(L.k_norm.data), kh, hd, c.rms_eps);
          }
        }
        const float* cs = &rcs[size_t(t) * half];
        const float* sn = &rsn[size_t(t) * half];
        kernels::rope_apply(&dev.q[t * Qd], sh.n_heads, c.head_dim, c.rope_dims, cs, sn, c.rope_style);
        kernels::rope_apply(&dev.k[t * KVd], sh.n_kv_heads, c.head_dim, c.rope_dims, cs, sn, c.rope_style);
      });
      kernels::KvPoolView kpool = dev.kv->k(l), vpool = dev.kv->v(l);
      const int bs = dev.kv->layout().block_size;
      for (int t = 0; t < T; ++t) {
        const SeqSlice& sl = batch.seqs[size_t(row_seq_[size_t(t)])];
        const int pos = row_pos_[size_t(t)];
        const int64_t slot = int64_t((*sl.block_table)[size_t(pos / bs)]) * bs + pos % bs;
        kernels::kv_write(kpool, slot, &dev.k[t * KVd]);
        kernels::kv_write(vpool, slot, &dev.v[t * KVd]);
      }
      attention(dev, batch, l, stats);
      const double chain_before = chain_ms;
      row_parallel(d, P ? P->wo.get() : nullptr, S.wo, dev.att.data());
      busy[size_t(d)] = now_ms() - t0 - (chain_ms - chain_before);
    }
    double reduce_ms = all_reduce();
    double t0 = now_ms();
    rows([&](int t) {
      float* o = &xn_[size_t(t) * E];
      if (c.post_norms) kernels::rms_norm(o, static_cast<const float*>(L.post_attn_norm.data), o, E, c.rms_eps);
      kernels::add_inplace(&x_[size_t(t) * E], o, E);
      norm_row(L.ffn_norm, t);
    });
    record_half(reduce_ms, now_ms() - t0, l);

    for (int d = 0; d < D; ++d) {
      Device& dev = devices_[size_t(d)];
      const TensorShard& sh = dev.shard;
      const LayerWeights& S = sh.layers[size_t(l)];
      const PackedLayer* P = sh.packed.layers.empty() ? nullptr : &sh.packed.layers[size_t(l)];
      const size_t F = size_t(sh.n_ff);
      const double t1 = now_ms();
      project(P ? P->gate_up.get() : nullptr, {&S.w_gate, &S.w_up}, {dev.gate.data(), dev.up.data()}, xn_.data(), T,
              nullptr);
      if (c.ffn_act == FfnActivation::Silu)
        rows([&](int t) { kernels::silu_mul(&dev.gate[t * F], &dev.up[t * F], &dev.gate[t * F], F); });
      else
        rows([&](int t) { kernels::gelu_tanh_mul(&dev.gate[t * F], &dev.up[t * F], &dev.gate[t * F], F); });
      const double chain_before = chain_ms;
      row_parallel(d, P ? P->down.get() : nullptr, S.w_down, dev.gate.data());
      busy[size_t(d)] = now_ms() - t1 - (chain_ms - chain_before);
    }
    reduce_ms = all_reduce();
    t0 = now_ms();
    const WeightRef* next_norm = l + 1 < c.n_layers ? &W.layers[size_t(l) + 1].attn_norm : nullptr;
    rows([&](int t) {
      float* o = &xn_[size_t(t) * E];
      if (c.post_norms) kernels::rms_norm(o, static_cast<const float*>(L.post_ffn_norm.data), o, E, c.rms_eps);
      kernels::add_inplace(&x_[size_t(t) * E], o, E);
      if (next_norm) norm_row(*next_norm, t);
    });
    record_half(reduce_ms, now_ms() - t0, l);
  }

  const size_t R = size_t(batch.n_logit_rows());
  logits.resize(R * size_t(c.n_vocab));
  if (head_in_.size() < R * E) head_in_.resize(R * E);
  const int r = model_.output_norm_rows(batch, x_.data(), head_in_.data());
  if (r > 0) model_.project_head(head_in_.data(), r, logits.data(), pool_);

  tl->mode = "tensor";
  tl->devices = D;
  tl->micro_batches = 1;
  tl->tokens = T;
  tl->comm_bytes = tensor_allreduce_bytes(c.n_layers, T, c.n_embd, sizeof(float), D);
  tl->span_ms = clock;
  double idle = 0;
  for (int d = 0; d < D; ++d) {
    DeviceTimeline& dt = tl->per_device[size_t(d)];
    dt.first_layer = 0;
    dt.end_layer = c.n_layers;
    idle += dt.idle_ms;
  }
  tl->bubble_fraction = clock > 0 ? idle / (D * clock) : 0.0;
  timeline_ = std::move(tl);
}

}  // namespace inferscope
