// The pipeline's stage threads (engine/parallel/stage_pipeline.h): the schedule of stages (order, hand-overs,
// overlap), cancel mid-run from another thread, an exception in a stage,
// and a pipeline backend on a tiny model equal bit for bit to the CPU backend. Small enough for the
// ThreadSanitizer job (packaging/bootstrap.sh).
#include <QtTest/QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <thread>

#include "engine/backend/cpu_backend.h"
#include "engine/model/loaded_model.h"
#include "engine/parallel/parallel_backend.h"
#include "engine/parallel/stage_pipeline.h"
#include "kernels/cpu/thread_pool.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

namespace {

// Spins for about `ms` of this thread's CPU time: stage work of a known cost.
void spin_cpu(double ms) {
  const double t0 = thread_cpu_ms();
  volatile double x = 0;
  while (thread_cpu_ms() - t0 < ms)
    for (int i = 0; i < 1000; ++i) x = x + 1.0;
}

}  // namespace

class TestPipelineStages : public QObject {
  Q_OBJECT

 private slots:
  // The stage threads' schedule, not their clock (a loaded machine stretches any interval; a stage thread
  // the OS did not run shows as idle on the next stage): every device computes each micro-batch once, in
  // order, each followed by its hand-over except on the last stage; a device's intervals lie end to end from
  // 0; a compute starts exactly when both the device's previous work and the hand-over of that micro-batch
  // from the stage before have ended (the rest is idle). And the stages overlap: stage s + 1 computing
  // micro-batch i waits until stage s has started micro-batch i + 1, which a pipeline that ran its stages one
  // after another would never do (it would time out here). The measured bubble is printed beside
  // (D - 1) / (m + D - 1).
  void scheduleOfSyntheticStages_data() {
    QTest::addColumn<int>("devices");
    QTest::addColumn<int>("micro");
    for (int d : {2, 4, 8})
      for (int m : {1, 2, 4, 8}) QTest::addRow("D %d, m %d", d, m) << d << m;
  }
  void scheduleOfSyntheticStages() {
    QFETCH(int, devices);
    QFETCH(int, micro);
    StagePipeline p(devices);
    std::vector<std::atomic<bool>> started(size_t(devices * micro));
    std::atomic<bool> overlapMissing{false};
    const auto compute = [&](int stage, int i) {
      started[size_t(stage * micro + i)] = true;
      if (stage > 0 && i + 1 < micro) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (!started[size_t((stage - 1) * micro + i + 1)] && !overlapMissing) {
          if (std::chrono::steady_clock::now() > deadline) overlapMissing = true;
          std::this_thread::sleep_for(std::chrono::microseconds(50));
        }
      }
      spin_cpu(0.5);
    };
    // A hand-over that takes a little CPU time, so that every one shows as an interval.
    const auto r = p.run(micro, compute, [](int, int) { spin_cpu(0.02); });
    QVERIFY(!r.cancelled);
    QVERIFY2(!overlapMissing, "a stage never saw the stage before it start the next micro-batch");
    QCOMPARE(int(r.per_device.size()), devices);
    std::vector<std::vector<const DeviceInterval*>> work{size_t(devices)};  // compute, comm, compute, ...
    double latest = 0, idle = 0;
    for (int d = 0; d < devices; ++d) {
      double at = 0;
      for (const DeviceInterval& iv : r.per_device[size_t(d)].intervals) {
        QCOMPARE(iv.begin_ms, at);  // end to end from 0
        QVERIFY(iv.end_ms >= iv.begin_ms);
        at = iv.end_ms;
        if (iv.kind == DeviceActivity::Idle) idle += iv.end_ms - iv.begin_ms;
        else work[size_t(d)].push_back(&iv);
      }
      latest = std::max(latest, at);
      const int per = d + 1 < devices ? 2 : 1;
      QCOMPARE(int(work[size_t(d)].size()), per * micro);
      for (int j = 0; j < micro; ++j) {
        const DeviceInterval& c = *work[size_t(d)][size_t(per * j)];
        QCOMPARE(int(c.kind), int(DeviceActivity::Compute));
        QCOMPARE(c.micro_batch, j);
        if (per == 2) {
          QCOMPARE(int(work[size_t(d)][size_t(2 * j + 1)]->kind), int(DeviceActivity::Comm));
          QCOMPARE(work[size_t(d)][size_t(2 * j + 1)]->micro_batch, j);
        }
        const double own = j == 0 ? 0.0 : work[size_t(d)][size_t(per * j - 1)]->end_ms;
        const double handed = d == 0 ? 0.0 : work[size_t(d - 1)][size_t(2 * j + 1)]->end_ms;
        QCOMPARE(c.begin_ms, std::max(own, handed));
      }
    }
    QCOMPARE(r.span_ms, latest);
    qInfo("D %d m %d: bubble %.4f, closed form %.4f", devices, micro, idle / (devices * r.span_ms),
          pipeline_bubble_closed_form(devices, micro));
  }

  // cancel() from another thread mid-run: run() returns promptly with cancelled set, the micro-batches not
  // yet started are dropped, the next run completes, and the destructor joins the idle threads.
  void cancelMidRun() {
    auto p = std::make_unique<StagePipeline>(4);
    std::atomic<int> computed{0};
    std::atomic<bool> started{false};
    const StagePipeline::StageFn work = [&](int, int) {
      started = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ++computed;
    };
    std::thread canceller([&] {
      while (!started) std::this_thread::yield();
      p->cancel();
    });
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = p->run(16, work, [](int, int) {});
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    canceller.join();
    QVERIFY(r.cancelled);
    QVERIFY(computed < 16 * 4 / 2);  // a full run computes 64 stage-micro-batches
    qInfo("cancelled after %d of 64 stage computations, %.0f ms", computed.load(), ms);
    computed = 0;
    const auto again = p->run(3, work, [](int, int) {});
    QVERIFY(!again.cancelled);
    QCOMPARE(computed.load(), 12);
    p.reset();  // joins
    // An exception in a stage stops the run and reaches the caller.
    StagePipeline q(2);
    QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                             q.run(4, [](int s, int i) { if (s == 1 && i == 1) throw std::runtime_error("x"); },
                                   [](int, int) {}));
    QVERIFY(!q.run(2, [](int, int) {}, [](int, int) {}).cancelled);
  }

  // Four stage threads over a tiny model, prefill in 3 micro-batches then decode: the CPU backend's logits.
  void pipelineOnTinyModel() {
    test::TinyModelSpec spec;
    spec.n_layers = 4;
    auto model = load_model(test::write_tiny_model(spec, "pp_tiny"));
    const ModelConfig& mc = model->model->config();
    KvLayout layout;
    layout.n_layers = mc.n_layers;
    layout.kv_heads = mc.n_kv_heads;
    layout.head_dim = mc.head_dim;
    layout.block_size = 8;
    std::vector<int32_t> t0{0, 1}, t1{2, 3};
    ForwardBatch prefill, decode;
    for (int i = 0; i < 10; ++i) prefill.tokens.push_back(3 + i);
    prefill.seqs.push_back({0, 0, 6, 0, &t0, 1});
    prefill.seqs.push_back({1, 6, 4, 0, &t1, 1});
    decode.tokens = {7, 9};
    decode.seqs.push_back({0, 0, 1, 6, &t0, 1});
    decode.seqs.push_back({1, 1, 1, 4, &t1, 1});
    kernels::ThreadPool pool(2);
    CpuBackend cpu(*model->model, layout, 4, &pool);
    ParallelConfig pc;
    pc.mode = ParallelMode::Pipeline;
    pc.devices = 4;
    pc.micro_batches = 3;
    auto pp = make_parallel_backend(pc, *model->model, layout, 4, &pool);
    for (const ForwardBatch* b : {&prefill, &decode}) {
      std::vector<float> want, got;
      cpu.forward(*b, want, AttentionImpl::Tiled, nullptr);
      pp->forward(*b, got, AttentionImpl::Tiled, nullptr);
      QCOMPARE(got.size(), want.size());
      QVERIFY(std::memcmp(got.data(), want.data(), want.size() * sizeof(float)) == 0);
    }
  }
};

QTEST_GUILESS_MAIN(TestPipelineStages)
#include "tst_pipeline_stages.moc"
