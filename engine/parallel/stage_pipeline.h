#pragma once
// StagePipeline: one thread per pipeline stage (virtual device), joined by queues. A run sends micro-batches
// 0..m-1 through stages 0..D-1 in order: stage s computes micro-batch i once stage s-1 has handed it over
// and stage s has finished micro-batch i-1 (the GPipe forward schedule).
//
// Timing: each virtual device keeps its own clock that advances only while its thread computes or hands
// over (the thread's CPU time), and jumps forward to the time a micro-batch was handed to it when it
// had to wait: the wait is its idle time. So D virtual devices on fewer cores still time like D devices
// (a stage thread descheduled by the OS is not charged), and the timeline is what D real devices of this
// speed would show.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/metrics/parallel_timeline.h"

namespace inferscope {

class StagePipeline {
 public:
  // compute(stage, micro_batch) and handoff(stage, micro_batch) run on the stage's thread; handoff moves
  // the stage's output to stage + 1 (never called on the last stage).
  using StageFn = std::function<void(int stage, int micro_batch)>;

  struct RunResult {
    bool cancelled = false;
    double span_ms = 0;                       // the latest device clock at the end
    std::vector<DeviceTimeline> per_device;   // gap-free intervals from 0 to span_ms
  };

  // Starts `stages` threads (>= 1); they wait for work.
  explicit StagePipeline(int stages);
  // Cancels a run in flight and joins every stage thread.
  ~StagePipeline();
  StagePipeline(const StagePipeline&) = delete;
  StagePipeline& operator=(const StagePipeline&) = delete;

  int stages() const { return static_cast<int>(stages_.size()); }

  // Runs micro_batches (>= 1) through every stage and returns when all have left the last stage, or,
  // after cancel(), when none is in flight any more (micro-batches not yet started are dropped).
  // One run at a time. Rethrows the first exception a stage function threw (after the others stopped).
  RunResult run(int micro_batches, const StageFn& compute, const StageFn& handoff);
  // Thread-safe: makes the run in flight return early, with cancelled set. The next run starts afresh.
  void cancel();

 private:
  struct Item {
    int micro_batch = 0;
    double ready_ms = 0;  // device time at which the previous stage handed it over
  };
  struct Stage {
    std::thread thread;
    std::mutex mu;
    std::condition_variable cv;
    std::deque<Item> queue;
    double clock_ms = 0;
    DeviceTimeline timeline;
  };

  void stage_loop(int s);
  void process(int s, const Item& item);
  void push(int s, const Item& item);
  void item_done();

  std::vector<std::unique_ptr<Stage>> stages_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> cancel_{false};
  const StageFn* compute_ = nullptr;
  const StageFn* handoff_ = nullptr;
  std::mutex done_mu_;
  std::condition_variable done_cv_;
  int done_items_ = 0;
  std::exception_ptr error_;
};

// CPU time of the calling thread, in milliseconds.
double thread_cpu_ms();

}  // namespace inferscope
