// The CUDA backend end to end on the default model: logits close to the CPU, greedy output identical
// for 32 tokens on several prompts, batch invariance across batch sizes, the same output with prefix
// caching on and off and under preemption, every KV dtype running, no block leaked.
// Skips with "no CUDA device" where none exists.
//
// The CPU reference runs the model's weights re-encoded to f32 (the same values: Q4_1 and Q8_0 blocks
// decode exactly), because that is the arithmetic the GPU does: its kernels decode the stored blocks to
// f32 and multiply f32 activations. The CPU backend on the stored weights does something else on
// purpose: its packed kernels quantize activations to int8 per 32-block, as llama.cpp does, which alone
// moves the next-token distribution by a KL of ~0.014 and flips ~4% of greedy tokens
// (`inferscope-cli quality --weights stored --kv-dtype f32`: KL mean 0.0138, top-1 agreement 95.6%).
// Held against that, the first GPU run (H200) saw logits 0.061 apart and greedy outputs parting after
// 5 tokens, which says nothing about the GPU kernels.
#include <QtTest/QtTest>

#include <cmath>

#include "engine/backend/forward_backend.h"
#include "engine/llm_engine.h"
#include "engine/quant/quantized_model.h"
#include "tests/common/test_support.h"
#include "tests/gpu/gpu_test_util.h"

using namespace inferscope;

namespace {

constexpr int kTightBlocks = 6;

const std::vector<std::string> kPrompts = {"The capital of France is", "def fibonacci(n):",
                                           "Once upon a time, in a small village,",
                                           "The three primary colors are", "Water boils at"};

std::shared_ptr<LoadedModel> model() {
  static std::shared_ptr<LoadedModel> m = [] {
    const std::string path = test::default_model_path_if_present();
    return path.empty() ? nullptr : load_model(path);
  }();
  return m;
}

// The CPU reference: the default model's weights re-encoded to f32 (see the file comment).
std::shared_ptr<LoadedModel> f32_model() {
  static std::shared_ptr<LoadedModel> m = quant::apply_weight_mode(*model(), quant::parse_weight_mode("f32"));
  return m;
}

// The model a backend runs here: the stored weights on the GPU, their f32 re-encoding on the CPU.
std::shared_ptr<LoadedModel> model_for(BackendKind b) { return b == BackendKind::Cpu ? f32_model() : model(); }

EngineConfig config(BackendKind b) {
  EngineConfig c;
  c.backend = b;
  c.threads = 2;
  c.kv_budget_bytes = size_t(64) << 20;
  return c;
}

// Greedy outputs of the prompts run together in one engine (at most max_seqs at a time).
std::vector<std::vector<int32_t>> generate(const EngineConfig& c, const std::vector<std::string>& prompts, int n,
                                           int* leaked = nullptr, int64_t* preemptions = nullptr) {
  LLMEngine e(model_for(c.backend), c);
  std::vector<int64_t> ids;
  for (const auto& p : prompts) {
    Request r;
    r.prompt = p;
    r.params.max_tokens = n;
    r.params.ignore_eos = true;
    ids.push_back(e.submit(r));
  }
  while (e.has_unfinished()) e.step();
  std::vector<std::vector<int32_t>> out;
  for (int64_t id : ids) out.push_back(e.request_info(id).token_ids.at(0));
  if (leaked) *leaked = e.kv_manager().num_used_blocks();
  if (preemptions) *preemptions = e.total_preemptions();
  return out;
}

}  // namespace

class TstGpuEngine : public QObject {
  Q_OBJECT
 private slots:
  void init() {
    INFERSCOPE_REQUIRE_CUDA_DEVICE();
    INFERSCOPE_REQUIRE_MODEL(test::default_model_path_if_present(), "the default model");
  }

  void logitsCloseToTheCpu() {
    for (const std::string& p : kPrompts) {
      const std::vector<int32_t> ids = model()->encode_prompt(p);
      std::vector<float> lc, lg;
      for (BackendKind b : {BackendKind::Cpu, BackendKind::Cuda}) {
        EngineConfig c = config(b);
        LLMEngine e(model_for(b), c);
        // One forward pass through the backend seam itself, on a fresh cache.
        std::vector<int32_t> table(size_t((ids.size() + 15) / 16));
        for (size_t i = 0; i < table.size(); ++i) table[i] = int32_t(i);
        ForwardBatch batch;
        batch.tokens = ids;
        batch.seqs.push_back({0, 0, int(ids.size()), 0, &table, 1});
        std::vector<float>& out = b == BackendKind::Cpu ? lc : lg;
        const_cast<ForwardBackend&>(e.backend()).forward(batch, out, AttentionImpl::Tiled, nullptr);
      }
      QCOMPARE(lg.size(), size_t(model()->model->config().n_vocab));
      double num = 0, den = 0;
      for (size_t i = 0; i < lc.size(); ++i) {
        QVERIFY(!std::isnan(lg[i]));
        num += (lg[i] - lc[i]) * (lg[i] - lc[i]);
        den += double(lc[i]) * lc[i];
      }
      const double err = std::sqrt(num / den);
      qInfo("%s: logits rel err %.2e", p.c_str(), err);
      QVERIFY2(err < 1e-3, qPrintable(QString::number(err)));  // f32 on both sides, other summation order
    }
  }

  void greedyMatchesTheCpuFor32Tokens() {
    for (const std::string& p : kPrompts) {
      const auto cpu = generate(config(BackendKind::Cpu), {p}, 32);
      const auto gpu = generate(config(BackendKind::Cuda), {p}, 32);
      QVERIFY2(cpu == gpu, p.c_str());
    }
  }

  void batchInvariance() {
    const auto alone = generate(config(BackendKind::Cuda), {kPrompts[0]}, 32);
    for (int copies : {2, 7, 16}) {
      std::vector<std::string> prompts;
      for (int i = 0; i < copies; ++i) prompts.push_back(kPrompts[size_t(i) % kPrompts.size()]);
      int leaked = -1;
      const auto batch = generate(config(BackendKind::Cuda), prompts, 32, &leaked);
      QCOMPARE(leaked, 0);
      for (size_t i = 0; i < prompts.size(); i += kPrompts.size()) QCOMPARE(batch[i], alone[0]);
    }
  }

  void prefixCachingAndPreemptionInvariance() {
    const std::string shared = "You are a helpful assistant. Answer briefly and precisely. ";
    std::vector<std::string> prompts;
    for (const auto& p : kPrompts) prompts.push_back(shared + p);
    EngineConfig on = config(BackendKind::Cuda), off = on, tight = on;
    off.prefix_caching = false;
    const auto a = generate(on, prompts, 32), b = generate(off, prompts, 32);
    QVERIFY(a == b);
    // A cache too small for all sequences at once: the scheduler preempts and recomputes. Each sequence
    // ends near 3 blocks of 16 and the scheduler admits as many as the free blocks allow, so only a pool
    // this small forces a running sequence out (16 blocks never preempted, on either backend).
    KvLayout L{model()->card.n_layers, model()->card.n_kv_heads, model()->card.head_dim, tight.block_size, tight.kv_dtype};
    tight.kv_budget_bytes = size_t(kTightBlocks) * L.block_bytes();
    int leaked = -1;
    int64_t preempted = 0;
    const auto c = generate(tight, prompts, 32, &leaked, &preempted);
    QVERIFY2(preempted > 0, "the tight budget never preempted: the test does not test preemption");
    QVERIFY(c == b);
    QCOMPARE(leaked, 0);
  }

  void everyKvDtypeRuns() {
    for (auto d : {KvDtype::F16, KvDtype::BF16, KvDtype::FP8_E4M3, KvDtype::INT8}) {
      EngineConfig c = config(BackendKind::Cuda), cc = config(BackendKind::Cpu);
      c.kv_dtype = cc.kv_dtype = d;
      const auto gpu = generate(c, {kPrompts[0], kPrompts[2]}, 16);
      const auto cpu = generate(cc, {kPrompts[0], kPrompts[2]}, 16);
      // Quantized KV amplifies tiny differences; the first tokens must still agree.
      for (size_t i = 0; i < gpu.size(); ++i)
        QVERIFY2(std::equal(gpu[i].begin(), gpu[i].begin() + 4, cpu[i].begin()), kv_dtype_name(d));
    }
  }

  void longPromptUsesCublasAndStaysClose() {
    std::string longp;
    for (int i = 0; i < 20; ++i) longp += "The quick brown fox jumps over the lazy dog. ";
    QVERIFY(model()->encode_prompt(longp).size() > 64);  // past kGemmMinSliceRows: the cuBLAS path runs
    const auto gpu = generate(config(BackendKind::Cuda), {longp}, 8);
    const auto cpu = generate(config(BackendKind::Cpu), {longp}, 8);
    QCOMPARE(gpu.at(0).size(), size_t(8));
    // bf16 prefill projections: the first tokens must agree with the f32 CPU path.
    QVERIFY(std::equal(gpu[0].begin(), gpu[0].begin() + 4, cpu[0].begin()));
  }

  void kvStorageIsCpuOnly() {
    LLMEngine e(model(), config(BackendKind::Cuda));
    QCOMPARE(e.backend().kind(), BackendKind::Cuda);
    QVERIFY_THROWS_EXCEPTION(std::logic_error, e.kv_storage());
    QVERIFY(e.kv_num_blocks() > 0);
    QVERIFY(e.backend().device().total_bytes > 0);
  }
};

QTEST_GUILESS_MAIN(TstGpuEngine)
#include "tst_gpu_engine.moc"
