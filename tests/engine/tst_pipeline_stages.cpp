// The pipeline's stage threads (engine/parallel/stage_pipeline.h): the measured bubble of stages of known,
// equal cost against (D - 1) / (m + D - 1), cancel mid-run from another thread, an exception in a stage,
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
  // The stage threads with stage work of known, equal cost: the measured bubble is the closed form
  // within 0.02 (the device clocks are thread CPU time, so other load on the machine does not count).
  void bubbleSyntheticStages_data() {
    QTest::addColumn<int>("devices");
    QTest::addColumn<int>("micro");
    for (int d : {2, 4, 8})
      for (int m : {1, 2, 4, 8}) QTest::addRow("D %d, m %d", d, m) << d << m;
  }
  void bubbleSyntheticStages() {
    QFETCH(int, devices);
    QFETCH(int, micro);
    StagePipeline p(devices);
    const double want = pipeline_bubble_closed_form(devices, micro);
    // A stage thread the OS did not run for a while (more stage threads than cores, under the sanitizers)
    // shows as idle on the next stage: up to three runs, the closest one counts. A wrong schedule is off in
    // every run.
    double closest = 1e9;
    for (int attempt = 0; attempt < 3 && closest >= 0.02; ++attempt) {
      const auto r = p.run(micro, [](int, int) { spin_cpu(2.0); }, [](int, int) {});
      QVERIFY(!r.cancelled);
      double idle = 0;
      for (const DeviceTimeline& d : r.per_device) idle += d.idle_ms;
      const double bubble = idle / (devices * r.span_ms);
      qInfo("D %d m %d: bubble %.4f, closed form %.4f", devices, micro, bubble, want);
      closest = std::min(closest, std::abs(bubble - want));
    }
    QVERIFY(closest < 0.02);
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
      cpu.forward(*b, want, kernels::AttentionImpl::Tiled, nullptr);
      pp->forward(*b, got, kernels::AttentionImpl::Tiled, nullptr);
      QCOMPARE(got.size(), want.size());
      QVERIFY(std::memcmp(got.data(), want.data(), want.size() * sizeof(float)) == 0);
    }
  }
};

QTEST_GUILESS_MAIN(TestPipelineStages)
#include "tst_pipeline_stages.moc"
