// Engine modes compared against each other and against closed forms: static vs continuous batching,
// "no KV cache" (recompute everything every step), chunked prefill on/off, naive vs tiled attention,
// KV storage dtypes (exact byte accounting; F16/BF16 against F32 on the real model; FP8/INT8 measured),
// requests that can never fit, and cancellation.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "engine/llm_engine.h"
#include "engine/workload/sample_text.h"
#include "kernels/cpu/thread_pool.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

namespace {

struct RunResult {
  std::vector<RequestInfo> infos;
  int steps = 0;
  int64_t prefill_tokens = 0, decode_tokens = 0, generated = 0;
  double slot_util_sum = 0;
  int max_step_tokens = 0;
  double mean_slot_util() const { return steps ? slot_util_sum / steps : 0; }
  double tokens_per_step() const { return steps ? double(generated) / steps : 0; }
  std::vector<std::vector<int32_t>> outputs() const {
    std::vector<std::vector<int32_t>> v;
    for (const auto& i : infos) v.push_back(i.token_ids.at(0));
    return v;
  }
};

RunResult run_batch(LLMEngine& e, const std::vector<Request>& reqs) {
  RunResult r;
  std::vector<int64_t> ids;
  for (const Request& q : reqs) ids.push_back(e.submit(q));
  while (e.has_unfinished()) {
    const StepResult s = e.step();
    if (!s.ran || r.steps > 100000) break;
    ++r.steps;
    r.prefill_tokens += s.metrics.prefill_tokens;
    r.decode_tokens += s.metrics.decode_tokens;
    r.generated += int64_t(s.events.size());
    r.slot_util_sum += s.metrics.slot_utilization;
    r.max_step_tokens = std::max(r.max_step_tokens, s.metrics.prefill_tokens + s.metrics.decode_tokens);
  }
  for (int64_t id : ids) r.infos.push_back(e.request_info(id));
  return r;
}

Request greedy(std::vector<int32_t> prompt, int max_tokens) {
  Request r;
  r.prompt_ids = std::move(prompt);
  r.params.max_tokens = max_tokens;
  r.params.ignore_eos = true;
  return r;
}

// Expected per-token KV payload: 2 (K and V) x layers x kv_heads x head_dim x element bytes.
size_t element_bytes(KvDtype d) {
  switch (d) {
    case KvDtype::F32: return 4;
    case KvDtype::F16: return 2;
    case KvDtype::BF16: return 2;
    case KvDtype::FP8_E4M3: return 1;
    case KvDtype::INT8: return 1;
  }
  return 0;
}

const KvDtype kAllDtypes[] = {KvDtype::F32, KvDtype::F16, KvDtype::BF16,
                                       KvDtype::FP8_E4M3, KvDtype::INT8};

}  // namespace

class TestEngineModes : public QObject {
  Q_OBJECT
  std::shared_ptr<LoadedModel> tiny_;
  std::shared_ptr<LoadedModel> real_;  // null when the default model is absent

  EngineConfig tiny_config() const {
    EngineConfig c;
    c.threads = 1;
    c.kv_budget_bytes = size_t(4) << 20;
    c.keep_full_metrics_log = false;
    return c;
  }

  // Mixed lengths: prompts 4..40 tokens, generations 2..60 tokens (EOS ignored).
  std::vector<Request> mixed_workload(int count, uint64_t seed) const {
    std::mt19937_64 rng(seed);
    const int n_vocab = tiny_->model->config().n_vocab;
    std::vector<Request> v;
    for (int i = 0; i < count; ++i) {
      std::vector<int32_t> p(4 + rng() % 37);
      for (auto& t : p) t = 3 + int32_t(rng() % uint64_t(n_vocab - 3));
      v.push_back(greedy(p, 2 + int(rng() % 59)));
    }
    return v;
  }

  std::vector<int32_t> real_text(int at, int n) const {
    const auto all = real_->encode_prompt(std::string(sample_text()));
    return {all.begin() + at, all.begin() + at + n};
  }

 private slots:
  void initTestCase() {
    test::TinyModelSpec spec;
    spec.context = 256;
    tiny_ = load_model(test::write_tiny_model(spec, "modes"));
    const std::string path = test::default_model_path_if_present();
    if (!path.empty()) real_ = load_model(path);
  }

  // Same workload, same outputs; continuous batching fills freed slots at once, so it needs fewer
  // steps, keeps more slots busy and generates more tokens per step (step counts are deterministic).
  void staticVsContinuous() {
    const auto work = mixed_workload(32, 11);
    EngineConfig c = tiny_config();
    c.sched.max_num_seqs = 8;
    c.sched.max_num_batched_tokens = 256;
    c.sched.batching = BatchingMode::Continuous;
    LLMEngine cont(tiny_, c);
    c.sched.batching = BatchingMode::Static;
    LLMEngine stat(tiny_, c);
    const RunResult rc = run_batch(cont, work), rs = run_batch(stat, work);
    for (const auto& i : rc.infos) QCOMPARE(i.state, RequestState::Finished);
    for (const auto& i : rs.infos) QCOMPARE(i.state, RequestState::Finished);
    QCOMPARE(rc.outputs(), rs.outputs());
    QCOMPARE(rc.generated, rs.generated);
    qInfo("continuous: %d steps, slot utilization %.3f, %.2f tokens/step; static: %d steps, %.3f, %.2f tokens/step",
          rc.steps, rc.mean_slot_util(), rc.tokens_per_step(), rs.steps, rs.mean_slot_util(), rs.tokens_per_step());
    QVERIFY(rc.steps < rs.steps);
    QVERIFY(rc.mean_slot_util() > rs.mean_slot_util());
    QVERIFY(rc.tokens_per_step() > rs.tokens_per_step());
    QCOMPARE(cont.kv_manager().num_used_blocks(), 0);
    QCOMPARE(stat.kv_manager().num_used_blocks(), 0);
  }

  // Static batching admits a batch only when the previous one has entirely finished: the number of
  // steps equals the sum over batches of (1 prefill step + longest generation - 1).
  void staticBatchStepsClosedForm() {
    const auto work = mixed_workload(24, 5);
    EngineConfig c = tiny_config();
    c.sched.max_num_seqs = 8;
    c.sched.max_num_batched_tokens = 8 * 40;  // a whole batch of prompts fits one step
    c.sched.batching = BatchingMode::Static;
    LLMEngine e(tiny_, c);
    const RunResult r = run_batch(e, work);
    int expected = 0;
    for (size_t b = 0; b < work.size(); b += 8) {
      int longest = 0;
      for (size_t i = b; i < b + 8; ++i) longest = std::max(longest, work[i].params.max_tokens);
      expected += longest;  // the prefill step yields the first token, then longest - 1 decode steps
    }
    QCOMPARE(r.steps, expected);
  }

  // No KV cache: identical greedy outputs; every generated token recomputes the whole sequence, so the
  // prefill work is exactly sum over requests of sum_{k=0}^{G-1} (P + k) = G*P + G*(G-1)/2.
  void noKvCacheRecomputesEverything() {
    const auto work = mixed_workload(12, 21);
    EngineConfig c = tiny_config();
    c.prefix_caching = false;
    c.sched.max_num_seqs = 4;
    c.sched.max_num_batched_tokens = 1024;  // every whole sequence fits the budget
    LLMEngine cached(tiny_, c);
    c.sched.recompute_all = true;
    LLMEngine nocache(tiny_, c);
    const RunResult a = run_batch(cached, work), b = run_batch(nocache, work);
    QCOMPARE(b.outputs(), a.outputs());
    int64_t expected_recompute = 0, prompt_total = 0, gen_total = 0;
    for (const Request& q : work) {
      const int64_t P = int64_t(q.prompt_ids.size()), G = q.params.max_tokens;
      expected_recompute += G * P + G * (G - 1) / 2;
      prompt_total += P;
      gen_total += G;
    }
    QCOMPARE(b.prefill_tokens, expected_recompute);
    QCOMPARE(b.decode_tokens, int64_t{0});
    QCOMPARE(a.prefill_tokens, prompt_total);
    QCOMPARE(a.decode_tokens, gen_total - int64_t(work.size()));
    qInfo("tokens through the model: %lld with the KV cache, %lld without (%.1fx)",
          static_cast<long long>(a.prefill_tokens + a.decode_tokens), static_cast<long long>(b.prefill_tokens),
          double(b.prefill_tokens) / double(a.prefill_tokens + a.decode_tokens));
    QCOMPARE(nocache.kv_manager().num_used_blocks(), 0);
  }

  // Chunked prefill splits prompts over steps within the budget; off, a long prompt runs alone in a
  // step of its own. Same outputs either way.
  void chunkedPrefillSameOutputs() {
    const auto work = mixed_workload(16, 31);
    EngineConfig c = tiny_config();
    c.sched.max_num_seqs = 6;
    c.sched.max_num_batched_tokens = 16;
    c.sched.chunked_prefill = true;
    LLMEngine on(tiny_, c);
    c.sched.chunked_prefill = false;
    LLMEngine off(tiny_, c);
    const RunResult a = run_batch(on, work), b = run_batch(off, work);
    QCOMPARE(a.outputs(), b.outputs());
    QVERIFY(a.max_step_tokens <= 16);  // chunking never exceeds the budget
    QVERIFY(b.max_step_tokens > 16);   // without it, a 17..40-token prompt ran whole
  }

  // Naive and tiled attention give the same greedy outputs on the tiny model (F32 weights and
  // activations). On the real model they are compared in kvDtypeAccuracyRealModel: there the Q8
  // activation quantization turns their ~1e-7 relative difference into logit changes of tenths, and
  // greedy outputs can part after a near-tie (measured and printed there, not asserted equal).
  void naiveVsTiledAttention() {
    const auto work = mixed_workload(16, 41);
    for (int block_size : {1, 16}) {
      EngineConfig c = tiny_config();
      c.block_size = block_size;
      c.attention = AttentionImpl::Naive;
      LLMEngine naive(tiny_, c);
      c.attention = AttentionImpl::Tiled;
      LLMEngine tiled(tiny_, c);
      QCOMPARE(run_batch(naive, work).outputs(), run_batch(tiled, work).outputs());
    }
  }

  // Bytes per token and per block, exactly: payload 2 x L x kv_heads x head_dim x bytes; FP8/INT8 add
  // one f32 scale per (block, layer, K|V, kv_head), i.e. per block, not per token.
  void kvDtypeBytesExact() {
    for (const auto& m : {tiny_, real_}) {
      if (!m) continue;
      const ModelConfig& mc = m->model->config();
      for (KvDtype d : kAllDtypes) {
        for (int bs : {1, 16, 64}) {
          EngineConfig c = tiny_config();
          c.kv_dtype = d;
          c.block_size = bs;
          c.kv_budget_bytes = size_t(3) << 20;
          LLMEngine e(m, c);
          const KvLayout& L = e.kv_storage().layout();
          const size_t payload = 2 * size_t(mc.n_layers) * mc.n_kv_heads * mc.head_dim * element_bytes(d);
          const bool scaled = d == KvDtype::FP8_E4M3 || d == KvDtype::INT8;
          const size_t scales = scaled ? 2 * size_t(mc.n_layers) * mc.n_kv_heads * sizeof(float) : 0;
          QCOMPARE(L.token_payload_bytes(), payload);
          QCOMPARE(L.block_bytes(), size_t(bs) * payload + scales);
          QCOMPARE(int64_t(e.kv_manager().num_total_blocks()), int64_t(c.kv_budget_bytes / (size_t(bs) * payload + scales)));
          QCOMPARE(e.kv_storage().allocated_bytes(), size_t(e.kv_manager().num_total_blocks()) * L.block_bytes());
          // Metrics account the same bytes while a request runs.
          const int64_t id = e.submit(greedy(std::vector<int32_t>(21, 7), 3));
          const StepResult s = e.step();
          QCOMPARE(s.metrics.kv_bytes_allocated, int64_t(s.metrics.kv_blocks_used) * int64_t(L.block_bytes()));
          QCOMPARE(s.metrics.kv_bytes_logical, int64_t(21) * int64_t(payload));
          QCOMPARE(s.metrics.kv_blocks_used, (21 + bs - 1) / bs);
          e.cancel(id);
        }
      }
    }
    if (real_) {  // docs/architecture.md: SmolLM2-135M at fp16 is 2 x 30 x 3 x 64 x 2 = 23,040 bytes per token
      EngineConfig c;
      c.kv_dtype = KvDtype::F16;
      LLMEngine e(real_, c);
      QCOMPARE(e.kv_storage().layout().token_payload_bytes(), size_t(23040));
    }
  }

  // KV dtypes on the real model against F32 KV, teacher-forced: logits at every position of four
  // 64-token prompts (256 positions), top-1 (the greedy token) compared position by position.
  //
  // The noise floor: this model's matmuls quantize activations to 8 bits (Q8) before every Q4_1 dot,
  // so a perturbation of one ulp in an attention output can flip a rounding step and move logits by
  // tenths. Naive vs tiled attention, both F32 KV (the same computation in another summation order),
  // measures that floor.
  // Measured on 2 cores: floor max |dlogit| 1.34, top-1 241/256; F16 1.61, 240/256.
  // Bounds asserted for F16 and BF16: max |dlogit| <= 2 x floor + 0.25 and top-1 agreement no more
  // than 3 points below the floor's. FP8 and INT8 are measured and printed; asserted only to
  // agree on top-1 at >= 50% of positions (a usable approximation, not a hidden one).
  void kvDtypeAccuracyRealModel() {
    INFERSCOPE_REQUIRE_MODEL(std::string(real_ ? "x" : ""), "the default model");
    const ModelConfig& mc = real_->model->config();
    std::vector<std::vector<int32_t>> prompts;
    for (int i = 0; i < 4; ++i) prompts.push_back(real_text(60 * i, 64));
    kernels::ThreadPool pool(0);
    using K = KvDtype;
    using A = AttentionImpl;
    const size_t V = size_t(mc.n_vocab);

    auto logits_for = [&](K d, const std::vector<int32_t>& prompt, A impl) {
      KvLayout L;
      L.n_layers = mc.n_layers;
      L.kv_heads = mc.n_kv_heads;
      L.head_dim = mc.head_dim;
      L.block_size = 16;
      L.dtype = d;
      const int nb = (int(prompt.size()) + 15) / 16;
      KvStorage kv(L, nb + 3);
      std::vector<int32_t> table;  // scattered blocks on purpose
      for (int i = 0; i < nb; ++i) table.push_back((i * 5 + 2) % (nb + 3));
      ForwardBatch b;
      b.tokens = prompt;
      SeqSlice s;
      s.n_new = int(prompt.size());
      s.block_table = &table;
      s.n_logits = s.n_new;  // every position
      b.seqs.push_back(s);
      std::vector<float> logits;
      real_->model->forward(b, kv, &pool, logits, impl, nullptr);
      return logits;
    };
    struct Agreement {
      double max_diff = 0;
      int top1_same = 0, positions = 0;
      double rate() const { return positions ? double(top1_same) / positions : 0; }
    };
    std::vector<std::vector<float>> ref;
    for (const auto& p : prompts) ref.push_back(logits_for(K::F32, p, A::Tiled));
    auto compare = [&](K d, A impl) {
      Agreement g;
      for (size_t k = 0; k < prompts.size(); ++k) {
        const auto& a = ref[k];
        const auto b = logits_for(d, prompts[k], impl);
        if (a.size() != b.size() || a.size() != prompts[k].size() * V) return Agreement{};
        for (size_t i = 0; i < a.size(); ++i) g.max_diff = std::max(g.max_diff, double(std::fabs(a[i] - b[i])));
        for (size_t r = 0; r < prompts[k].size(); ++r, ++g.positions)
          g.top1_same += std::max_element(a.begin() + r * V, a.begin() + (r + 1) * V) - a.begin() ==
                         std::max_element(b.begin() + r * V, b.begin() + (r + 1) * V) - b.begin();
      }
      return g;
    };
    auto report = [](const char* what, const Agreement& g) {
      qInfo("%s vs f32 KV tiled: max |dlogit| %.4f, top-1 agreement %d/%d = %.3f", what, g.max_diff, g.top1_same,
            g.positions, g.rate());
    };
    const Agreement floor = compare(K::F32, A::Naive);
    report("f32 KV naive (noise floor)", floor);
    QCOMPARE(floor.positions, 256);
    for (K d : kAllDtypes) {
      if (d == K::F32) continue;
      const Agreement g = compare(d, A::Tiled);
      report(kv_dtype_name(d), g);
      QCOMPARE(g.positions, 256);
      if (d == K::F16 || d == K::BF16) {
        QVERIFY(g.max_diff <= 2 * floor.max_diff + 0.25);
        QVERIFY(g.rate() >= floor.rate() - 0.03);
      } else {
        QVERIFY(g.rate() >= 0.5);
      }
    }
  }

  // A request that can never fit fails alone, with a reason; the others complete unchanged.
  void impossibleRequestFailsAlone() {
    EngineConfig c = tiny_config();
    c.block_size = 8;
    {
      LLMEngine probe(tiny_, c);
      c.kv_budget_bytes = 12 * probe.kv_storage().layout().block_bytes();  // 96 token slots
    }
    LLMEngine e(tiny_, c);
    QCOMPARE(e.kv_manager().max_tokens(), int64_t{96});
    QCOMPARE(e.max_model_len(), 96);
    const auto work = mixed_workload(6, 51);
    std::vector<Request> all = work;
    all.insert(all.begin() + 2, greedy(std::vector<int32_t>(120, 9), 4));  // > the whole cache
    all.insert(all.begin() + 4, greedy(std::vector<int32_t>(300, 9), 4));  // > the context (256)
    Request grows = greedy(std::vector<int32_t>(80, 11), 50);             // fits, then fills the cache
    all.push_back(grows);
    const RunResult r = run_batch(e, all);
    QCOMPARE(r.infos[2].state, RequestState::Failed);
    QVERIFY2(r.infos[2].error.find("KV cache") != std::string::npos, r.infos[2].error.c_str());
    QCOMPARE(r.infos[4].state, RequestState::Failed);
    QVERIFY2(r.infos[4].error.find("context") != std::string::npos, r.infos[4].error.c_str());
    QCOMPARE(r.infos.back().state, RequestState::Finished);
    QCOMPARE(r.infos.back().finish_reason, std::string("kv_full"));
    QCOMPARE(r.infos.back().n_generated, 96 - 80);  // stopped when it filled the cache, not failed
    // The others: finished, and equal to the same requests run without the impossible ones.
    LLMEngine clean(tiny_, c);
    const RunResult ref = run_batch(clean, work);
    std::vector<RequestInfo> others = r.infos;
    others.erase(others.begin() + 4);
    others.erase(others.begin() + 2);
    others.pop_back();
    QCOMPARE(others.size(), work.size());
    for (size_t i = 0; i < work.size(); ++i) {
      QCOMPARE(others[i].state, RequestState::Finished);
      QCOMPARE(others[i].token_ids, ref.infos[i].token_ids);
    }
    QCOMPARE(e.kv_manager().num_used_blocks(), 0);
  }

  // Cancelling a running request releases its blocks at once; the others are unaffected.
  void cancelMidRunReleasesBlocks() {
    const auto work = mixed_workload(5, 61);
    std::vector<Request> all = work;
    all[2].params.max_tokens = 60;
    EngineConfig c = tiny_config();
    c.prefix_caching = false;
    LLMEngine e(tiny_, c);
    std::vector<int64_t> ids;
    for (const auto& q : all) ids.push_back(e.submit(q));
    for (int i = 0; i < 3; ++i) e.step();
    const RequestInfo before = e.request_info(ids[2]);
    QCOMPARE(before.state, RequestState::Running);
    QVERIFY(before.blocks_held > 0);
    const int used_before = e.kv_manager().num_used_blocks();
    e.cancel(ids[2]);
    const RequestInfo after = e.request_info(ids[2]);
    QCOMPARE(after.state, RequestState::Cancelled);
    QCOMPARE(after.finish_reason, std::string("cancelled"));
    QCOMPARE(after.blocks_held, 0);
    QCOMPARE(e.kv_manager().num_used_blocks(), used_before - before.blocks_held);
    QVERIFY(e.kv_manager().check_invariants().empty());
    while (e.has_unfinished()) e.step();
    QCOMPARE(e.kv_manager().num_used_blocks(), 0);
    LLMEngine clean(tiny_, c);
    std::vector<Request> rest = work;
    rest.erase(rest.begin() + 2);
    const RunResult ref = run_batch(clean, rest);
    for (size_t i = 0, j = 0; i < ids.size(); ++i) {
      if (i == 2) continue;
      QCOMPARE(e.request_info(ids[i]).token_ids, ref.infos[j++].token_ids);
    }
    // Cancelling again, or an unknown id, is harmless.
    e.cancel(ids[2]);
    e.cancel(12345);
    QCOMPARE(e.request_info(ids[2]).state, RequestState::Cancelled);
  }
};

QTEST_APPLESS_MAIN(TestEngineModes)
#include "tst_engine_modes.moc"
