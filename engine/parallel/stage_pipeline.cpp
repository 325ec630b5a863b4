#include "engine/parallel/stage_pipeline.h"

#include <algorithm>
#include <ctime>
#include <stdexcept>

namespace inferscope {

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

namespace {

void add_interval(DeviceTimeline& tl, DeviceActivity kind, double b, double e, int micro_batch) {
  if (e <= b) return;
  tl.intervals.push_back({kind, b, e, micro_batch, -1});
  (kind == DeviceActivity::Compute ? tl.compute_ms : kind == DeviceActivity::Comm ? tl.comm_ms : tl.idle_ms) += e - b;
}

}  // namespace

StagePipeline::StagePipeline(int stages) {
  if (stages < 1) throw std::invalid_argument("a pipeline needs at least one stage");
  for (int s = 0; s < stages; ++s) stages_.push_back(std::make_unique<Stage>());
  for (int s = 0; s < stages; ++s) stages_[size_t(s)]->thread = std::thread([this, s] { stage_loop(s); });
}

StagePipeline::~StagePipeline() {
  cancel();
  stop_.store(true);
  // Taking each stage's lock once after the store means no stage can be between its wait predicate's
  // check and its sleep, so the notify below cannot be lost.
  for (auto& st : stages_) {
    { std::lock_guard<std::mutex> lk(st->mu); }
    st->cv.notify_all();
  }
  for (auto& st : stages_) st->thread.join();
}

void StagePipeline::cancel() { cancel_.store(true); }

void StagePipeline::push(int s, const Item& item) {
  Stage& st = *stages_[size_t(s)];
  {
    std::lock_guard<std::mutex> lk(st.mu);
    st.queue.push_back(item);
  }
  st.cv.notify_one();
}

void StagePipeline::item_done() {
  {
    std::lock_guard<std::mutex> lk(done_mu_);
    ++done_items_;
  }
  done_cv_.notify_all();
}

void StagePipeline::stage_loop(int s) {
  Stage& st = *stages_[size_t(s)];
  for (;;) {
    Item item;
    {
      std::unique_lock<std::mutex> lk(st.mu);
      st.cv.wait(lk, [&] { return stop_.load() || !st.queue.empty(); });
      if (st.queue.empty()) return;  // stopping, nothing left
      item = st.queue.front();
      st.queue.pop_front();
    }
    process(s, item);
  }
}

void StagePipeline::process(int s, const Item& item) {
  Stage& st = *stages_[size_t(s)];
  if (cancel_.load()) return item_done();  // dropped: it never reaches the next stage
  const double start = std::max(st.clock_ms, item.ready_ms);
  add_interval(st.timeline, DeviceActivity::Idle, st.clock_ms, start, -1);
  st.clock_ms = start;
  try {
    double t0 = thread_cpu_ms();
    (*compute_)(s, item.micro_batch);
    double dt = thread_cpu_ms() - t0;
    add_interval(st.timeline, DeviceActivity::Compute, st.clock_ms, st.clock_ms + dt, item.micro_batch);
    st.clock_ms += dt;
    if (s + 1 == stages()) return item_done();
    t0 = thread_cpu_ms();
    (*handoff_)(s, item.micro_batch);
    dt = thread_cpu_ms() - t0;
    add_interval(st.timeline, DeviceActivity::Comm, st.clock_ms, st.clock_ms + dt, item.micro_batch);
    st.clock_ms += dt;
  } catch (...) {
    {
      std::lock_guard<std::mutex> lk(done_mu_);
      if (!error_) error_ = std::current_exception();
    }
    cancel_.store(true);
    return item_done();
  }
  push(s + 1, {item.micro_batch, st.clock_ms});
}

StagePipeline::RunResult StagePipeline::run(int micro_batches, const StageFn& compute, const StageFn& handoff) {
  if (micro_batches < 1) throw std::invalid_argument("a pipeline run needs at least one micro-batch");
  // The stage threads are idle between runs (every queue empty), so their state is ours to reset; the
  // queue locks below publish it to them.
  compute_ = &compute;
  handoff_ = &handoff;
  for (auto& st : stages_) {
    st->clock_ms = 0;
    st->timeline = DeviceTimeline{};
  }
  {
    std::lock_guard<std::mutex> lk(done_mu_);
    done_items_ = 0;
    error_ = nullptr;
  }
  cancel_.store(false);
  for (int i = 0; i < micro_batches; ++i) push(0, {i, 0.0});
  {
    std::unique_lock<std::mutex> lk(done_mu_);
    done_cv_.wait(lk, [&] { return done_items_ == micro_batches; });
    if (error_) std::rethrow_exception(error_);
  }
  RunResult r;
  r.cancelled = cancel_.load();
  for (auto& st : stages_) r.span_ms = std::max(r.span_ms, st->clock_ms);
  for (auto& st : stages_) {
    add_interval(st->timeline, DeviceActivity::Idle, st->clock_ms, r.span_ms, -1);
    r.per_device.push_back(std::move(st->timeline));
  }
  return r;
}

}  // namespace inferscope
