#include "engine/parallel/pipeline_backend.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/parallel/micro_batches.h"
#include "engine/parallel/parallel_config.h"

namespace inferscope {

PipelineBackend::PipelineBackend(LlamaModel& model, const KvLayout& layout, int64_t num_blocks,
                                 kernels::ThreadPool* pool, int devices, int micro_batches)
    : model_(model),
      storage_(layout, num_blocks),
      pool_(pool),
      devices_(devices),
      micro_batches_(micro_batches),
      stages_(devices) {
  const int L = model.config().n_layers;
  if (devices < 1 || devices > L)
    throw std::invalid_argument("pipeline parallelism over " + std::to_string(devices) + " devices needs at least as " +
                                "many layers; this model has " + std::to_string(L));
  for (int s = 0; s < devices; ++s) {
    int first = 0, end = 0;
    pipeline_stage_layers(L, devices, s, first, end);
    first_layer_.push_back(first);
    end_layer_.push_back(end);
    workspaces_.push_back(model.make_workspace());
  }
  in_.resize(size_t(devices));
  out_.resize(size_t(devices));
}

PipelineBackend::~PipelineBackend() = default;

DeviceInfo PipelineBackend::device() const {
  DeviceInfo d;
  d.name = "CPU, pipeline parallel over " + std::to_string(devices_) + " virtual devices (" +
           std::to_string(micro_batches_) + " micro-batches)";
  return d;
}

void PipelineBackend::forward(const ForwardBatch& batch, std::vector<float>& logits, AttentionImpl attention,
                              ForwardStats* stats) {
  const ModelConfig& c = model_.config();
  const size_t E = size_t(c.n_embd);
  if (batch.n_rows() == 0) {
    logits.clear();
    return;
  }
  cut_micro_batches(batch, micro_batches_, mbs_);
  const int m = static_cast<int>(mbs_.size());
  for (int s = 0; s < devices_; ++s) {
    in_[size_t(s)].resize(size_t(m));
    out_[size_t(s)].resize(size_t(m));
    for (int i = 0; i < m; ++i) {
      const size_t n = size_t(mbs_[size_t(i)].n_rows()) * E;
      if (s > 0) in_[size_t(s)][size_t(i)].resize(n);
      out_[size_t(s)][size_t(i)].resize(n);
    }
  }
  stage_stats_.assign(size_t(devices_), ForwardStats{});
  const StagePipeline::StageFn compute = [&](int s, int i) {
    model_.forward_stage(*workspaces_[size_t(s)], first_layer_[size_t(s)], end_layer_[size_t(s)], mbs_[size_t(i)],
                         storage_, nullptr, s > 0 ? in_[size_t(s)][size_t(i)].data() : nullptr,
                         out_[size_t(s)][size_t(i)].data(), attention, &stage_stats_[size_t(s)]);
  };
  const StagePipeline::StageFn handoff = [&](int s, int i) {
    const std::vector<float>& src = out_[size_t(s)][size_t(i)];
    std::copy(src.begin(), src.end(), in_[size_t(s) + 1][size_t(i)].begin());
  };
  StagePipeline::RunResult run = stages_.run(m, compute, handoff);
  if (run.cancelled) throw std::runtime_error("the pipeline pass was cancelled");

  // The head, once for every micro-batch's logit rows (in batch order).
  const size_t R = size_t(batch.n_logit_rows());
  logits.resize(R * size_t(c.n_vocab));
  if (head_in_.size() < R * E) head_in_.resize(R * E);
  size_t r = 0;
  for (int i = 0; i < m; ++i)
    r += size_t(model_.output_norm_rows(mbs_[size_t(i)], out_[size_t(devices_) - 1][size_t(i)].data(),
                                        head_in_.data() + r * E));
  if (r > 0) model_.project_head(head_in_.data(), static_cast<int>(r), logits.data(), pool_);

  if (stats)
    for (const ForwardStats& st : stage_stats_) {
      stats->attention.kv_bytes_read += st.attention.kv_bytes_read;
      stats->attention.score_bytes_written += st.attention.score_bytes_written;
    }

  auto tl = std::make_shared<ParallelTimeline>();
  tl->mode = "pipeline";
  tl->devices = devices_;
  tl->micro_batches = m;
  tl->tokens = batch.n_rows();
  tl->comm_bytes = pipeline_handoff_bytes(batch.n_rows(), c.n_embd, sizeof(float), devices_);
  tl->span_ms = run.span_ms;
  tl->closed_form_bubble = pipeline_bubble_closed_form(devices_, m);
  double idle = 0;
  for (int s = 0; s < devices_; ++s) {
    DeviceTimeline& d = run.per_device[size_t(s)];
    d.first_layer = first_layer_[size_t(s)];
    d.end_layer = end_layer_[size_t(s)];
    idle += d.idle_ms;
  }
  tl->bubble_fraction = run.span_ms > 0 ? idle / (devices_ * run.span_ms) : 0.0;
  tl->per_device = std::move(run.per_device);
  timeline_ = std::move(tl);
}

}  // namespace inferscope
