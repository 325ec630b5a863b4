// The backend seam on any machine: backend names, the CUDA probe's one-line reason where no GPU can run,
// an engine asked for CUDA failing with exactly that reason, the CPU backend behind the same engine API,
// and the host-side CUDA step plan (which rows attend alone, which as chunks, which take cuBLAS).
#include <QtTest/QtTest>

#include "engine/backend/cuda_step_plan.h"
#include "engine/backend/forward_backend.h"
#include "engine/llm_engine.h"
#include "kernels/cpu/ops.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

namespace {

std::shared_ptr<LoadedModel> tiny() {
  static std::shared_ptr<LoadedModel> m = load_model(test::write_tiny_model(test::TinyModelSpec{}, "seam"));
  return m;
}

std::vector<int32_t> greedy(BackendKind b, const std::vector<int32_t>& prompt, int n) {
  EngineConfig c;
  c.backend = b;
  c.threads = 2;
  LLMEngine e(tiny(), c);
  Request r;
  r.prompt_ids = prompt;
  r.params.max_tokens = n;
  r.params.ignore_eos = true;
  const int64_t id = e.submit(r);
  while (e.has_unfinished()) e.step();
  return e.request_info(id).token_ids.at(0);
}

}  // namespace

class TstBackendSeam : public QObject {
  Q_OBJECT
 private slots:
  void names() {
    QCOMPARE(backend_from_name("cpu"), std::optional<BackendKind>(BackendKind::Cpu));
    QCOMPARE(backend_from_name("CUDA"), std::optional<BackendKind>(BackendKind::Cuda));
    QVERIFY(!backend_from_name("metal"));
    QCOMPARE(QString(backend_name(BackendKind::Cuda)), QStringLiteral("cuda"));
    QVERIFY(probe_backend(BackendKind::Cpu).available);
    QCOMPARE(cuda_backend_compiled(), bool(INFERSCOPE_TEST_CUDA_COMPILED));
  }

  // Without a usable GPU the reason is one line that names the cause.
  void cudaProbeSaysWhy() {
    const BackendProbe p = probe_backend(BackendKind::Cuda);
    if (p.available) QSKIP("a CUDA device is present: the no-device message is checked where none is");
    const QString why = QString::fromStdString(p.reason);
    QVERIFY2(!why.contains('\n'), qPrintable(why));
    if (cuda_backend_compiled())
      QVERIFY2(why.startsWith("no CUDA device (cudaGetDeviceCount: ") || why.contains("compute capability"),
               qPrintable(why));
    else
      QVERIFY2(why.startsWith("this build has no CUDA backend"), qPrintable(why));
  }

  void engineOnUnavailableCudaFailsWithTheReason() {
    const BackendProbe p = probe_backend(BackendKind::Cuda);
    if (p.available) QSKIP("a CUDA device is present");
    EngineConfig c;
    c.backend = BackendKind::Cuda;
    try {
      LLMEngine e(tiny(), c);
      QFAIL("an engine on an unavailable CUDA backend was built");
    } catch (const std::runtime_error& e) {
      QCOMPARE(QString(e.what()), QString::fromStdString(p.reason));
    }
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, measure_cuda_roofline(1));
  }

  // The CPU backend is the engine's old path: same API, host KV pool, deterministic greedy output.
  void cpuBackendBehindTheEngine() {
    EngineConfig c;
    c.threads = 2;
    LLMEngine e(tiny(), c);
    QCOMPARE(e.backend().kind(), BackendKind::Cpu);
    QCOMPARE(QString(e.backend().name()), QStringLiteral("cpu"));
    QCOMPARE(e.kv_num_blocks(), e.kv_storage().num_blocks());
    QCOMPARE(e.kv_layout().block_bytes(), e.kv_storage().layout().block_bytes());
    QCOMPARE(e.backend().kv_allocated_bytes(), e.kv_storage().allocated_bytes());
    QVERIFY(!e.backend().device().name.empty());
    const std::vector<int32_t> prompt = {5, 9, 14, 3, 77, 21};
    const auto a = greedy(BackendKind::Cpu, prompt, 12), b = greedy(BackendKind::Cpu, prompt, 12);
    QCOMPARE(a.size(), size_t(12));
    QCOMPARE(a, b);
  }

  void stepPlanSplitsRowsByKind() {
    ModelConfig mc;
    mc.n_layers = 2, mc.n_embd = 64, mc.n_heads = 4, mc.n_kv_heads = 2, mc.head_dim = 16, mc.n_vocab = 300;
    mc.rope_dims = 16, mc.rope_freq_base = 10000.0f;
    KvLayout L{2, 2, 16, 4, KvDtype::INT8};
    // Three sequences: a decode row (7 cached), a 40-row prefill chunk after 3 cached, a 70-row prompt.
    std::vector<int32_t> t0 = {4, 9}, t1(11), t2(18);
    for (int i = 0; i < 11; ++i) t1[size_t(i)] = 20 + i;
    for (int i = 0; i < 18; ++i) t2[size_t(i)] = 40 + i;
    ForwardBatch b;
    b.tokens.assign(1 + 40 + 70, 7);
    b.seqs.push_back({1, 0, 1, 7, &t0, 1});
    b.seqs.push_back({2, 1, 40, 3, &t1, 0});
    b.seqs.push_back({3, 41, 70, 0, &t2, 2});
    CudaStepPlan p;
    plan_cuda_step(b, mc, L, p);
    QCOMPARE(p.decode_rows.size(), size_t(1));
    QCOMPARE(p.decode_rows[0].row, 0);
    QCOMPARE(p.decode_rows[0].n_keys, 8);
    QCOMPARE(p.chunks.size(), size_t(3 + 5));  // 40 = 16+16+8, 70 = 4x16+6
    QCOMPARE(p.chunks[0].row_begin, 1);
    QCOMPARE(p.chunks[0].n_keys_first, 4);     // row 0 of the chunk sits at position 3
    QCOMPARE(p.chunks[2].n_rows, 8);
    QCOMPARE(p.chunks[3].n_keys_first, 1);
    QCOMPARE(p.chunks[3].table_off, 2 + 11);   // tables: 2 blocks, then ceil(43/4) = 11 blocks, then 18
    QCOMPARE(p.tables.size(), size_t(2 + 11 + 18));
    QCOMPARE(p.slices.size(), size_t(3));
    QCOMPARE(p.logit_rows, (std::vector<int32_t>{0, 109, 110}));
    // Only the 70-row slice is past the cuBLAS threshold; the 1- and 40-row slices share one mmv segment.
    QCOMPARE(p.segments.size(), size_t(2));
    QCOMPARE(p.segments[0].n_rows, 41);
    QVERIFY(!p.segments[0].gemm);
    QVERIFY(p.segments[1].gemm);
    QCOMPARE(p.segments[1].row_begin, 41);
    // RoPE angles are the CPU's, per row position.
    float cs[8], sn[8];
    kernels::rope_angles(3 + 5, 16, 10000.0f, cs, sn);
    for (int i = 0; i < 8; ++i) QCOMPARE(p.rope_cs[size_t(1 + 5) * 8 + i], cs[i]);
    // Counters: one K+V walk per KV head per decode row and per chunk (INT8: 1 byte + a scale per block).
    auto walk = [](int keys) { return uint64_t(keys) * 2 * 16 + 2 * uint64_t((keys + 3) / 4) * 4; };
    uint64_t expect = 2 * walk(8);
    for (int i0 = 0; i0 < 40; i0 += 16) expect += 2 * walk(3 + std::min(40, i0 + 16));
    for (int i0 = 0; i0 < 70; i0 += 16) expect += 2 * walk(std::min(70, i0 + 16));
    QCOMPARE(p.kv_bytes_read, expect);
  }

  void stepPlanRejectsMalformedBatches() {
    ModelConfig mc;
    mc.n_heads = 2, mc.n_kv_heads = 1, mc.head_dim = 8, mc.n_vocab = 10, mc.rope_dims = 8;
    KvLayout L{1, 1, 8, 4, KvDtype::F16};
    std::vector<int32_t> table = {0};
    CudaStepPlan p;
    ForwardBatch short_table;
    short_table.tokens = {1, 2, 3, 4, 5};
    short_table.seqs.push_back({0, 0, 5, 0, &table, 1});  // 5 tokens need 2 blocks of 4
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, plan_cuda_step(short_table, mc, L, p));
    ForwardBatch bad_token;
    bad_token.tokens = {10};
    bad_token.seqs.push_back({0, 0, 1, 0, &table, 1});
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, plan_cuda_step(bad_token, mc, L, p));
    ForwardBatch gap;
    gap.tokens = {1, 2};
    gap.seqs.push_back({0, 1, 1, 0, &table, 1});  // row 0 belongs to no sequence
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, plan_cuda_step(gap, mc, L, p));
  }
};

QTEST_GUILESS_MAIN(TstBackendSeam)
#include "tst_backend_seam.moc"
