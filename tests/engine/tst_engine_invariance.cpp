// Batch, block-size, prefix-cache and preemption invariance of the serving engine on the real model
// (SmolLM2-135M-Instruct Q4_1), plus prefix-cache reuse and parallel sampling (n > 1).
//
// Every assertion compares two engine configurations against each other: a prompt's greedy output run
// ALONE (one request in the engine at a time) is the reference, and the same prompt run among 32 other
// requests, with another block size, with prefix caching off, or under a KV budget so small that
// sequences are preempted and recomputed, must produce exactly the same token ids. Generation lengths
// are short (16 tokens) so the whole file runs in seconds on two cores.
#include <QtTest/QtTest>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "engine/llm_engine.h"
#include "engine/workload/sample_text.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {

constexpr int kGen = 16;

struct RunResult {
  std::vector<RequestInfo> infos;   // in the order of the requests given
  int steps = 0;
  int64_t preemptions = 0;
  int64_t prefill_tokens = 0;
  int64_t prefix_hit_tokens = 0;
  int max_shared_blocks = 0;
  std::string invariant_error;      // first KV invariant violation seen after a step
};

// Submits every request at once and steps until the engine is idle.
RunResult run_batch(LLMEngine& e, const std::vector<Request>& reqs) {
  RunResult r;
  std::vector<int64_t> ids;
  for (const Request& q : reqs) ids.push_back(e.submit(q));
  const int64_t pre0 = e.total_preemptions();
  while (e.has_unfinished()) {
    StepResult s = e.step();
    if (!s.ran) break;
    ++r.steps;
    r.prefill_tokens += s.metrics.prefill_tokens;
    r.prefix_hit_tokens += s.metrics.prefix_hit_tokens;
    r.max_shared_blocks = std::max(r.max_shared_blocks, s.metrics.kv_blocks_shared);
    if (r.invariant_error.empty()) r.invariant_error = e.kv_manager().check_invariants();
    if (r.steps > 100000) break;
  }
  r.preemptions = e.total_preemptions() - pre0;
  for (int64_t id : ids) r.infos.push_back(e.request_info(id));
  return r;
}

// Each request run to completion before the next is submitted.
std::vector<RequestInfo> run_alone(LLMEngine& e, const std::vector<Request>& reqs) {
  std::vector<RequestInfo> out;
  for (const Request& q : reqs) out.push_back(run_batch(e, {q}).infos.front());
  return out;
}

}  // namespace

class TestEngineInvariance : public QObject {
  Q_OBJECT

  std::shared_ptr<LoadedModel> model_;
  std::vector<int32_t> text_ids_;  // the built-in English text, tokenized once

  // n tokens of real text starting at token offset `at`.
  std::vector<int32_t> ids(int at, int n) const {
    std::vector<int32_t> v;
    for (int i = 0; i < n; ++i) v.push_back(text_ids_[size_t(at + i) % text_ids_.size()]);
    return v;
  }

  static Request greedy(std::vector<int32_t> prompt, int max_tokens = kGen) {
    Request r;
    r.prompt_ids = std::move(prompt);
    r.params.max_tokens = max_tokens;
    r.params.ignore_eos = true;  // fixed lengths: the comparison covers every position
    return r;
  }

  EngineConfig config(int block_size, bool prefix, AttentionImpl attn = AttentionImpl::Tiled) const {
    const size_t budget = size_t(64) << 20;
    EngineConfig c;
    c.attention = attn;
    c.block_size = block_size;
    c.prefix_caching = prefix;
    c.kv_budget_bytes = budget;
    c.sched.max_num_seqs = 40;            // all 36 requests can run in the same batch
    c.sched.max_num_batched_tokens = 512;
    c.keep_full_metrics_log = false;
    return c;
  }

  // The prompts whose outputs are compared, and 32 others with mixed prompt and generation lengths.
  std::vector<Request> targets() const {
    return {greedy(ids(0, 7)), greedy(ids(50, 23)), greedy(ids(120, 40)), greedy(ids(300, 61))};
  }
  std::vector<Request> crowd() const {
    std::mt19937 rng(7);
    std::vector<Request> v;
    for (int i = 0; i < 32; ++i) {
      const int at = int(rng() % 500), len = 4 + int(rng() % 29), gen = 2 + int(rng() % 9);
      v.push_back(greedy(ids(at, len), gen));
    }
    return v;
  }
  // Targets interleaved with the crowd (positions 0, 9, 18, 27 of 36), so they are admitted early,
  // late, and preempted at different times.
  std::vector<Request> mixed() const {
    const auto t = targets();
    auto v = crowd();
    for (size_t i = 0; i < t.size(); ++i) v.insert(v.begin() + std::ptrdiff_t(i * 9), t[i]);
    return v;
  }
  static std::vector<std::vector<int32_t>> target_outputs(const RunResult& r) {
    std::vector<std::vector<int32_t>> out;
    for (size_t i = 0; i < 4; ++i) out.push_back(r.infos[i * 9].token_ids.at(0));
    return out;
  }

  // Targets run alone, block size 16, prefix caching on; per attention kernel (index = int(impl)).
  std::vector<std::vector<int32_t>> reference_[2];
  // Every request of mixed() from the first batched configuration of each kernel.
  std::vector<std::vector<std::vector<int32_t>>> mixed_reference_[2];

  void check_mixed(const RunResult& r, AttentionImpl attn) {
    const auto out = target_outputs(r);
    const auto& ref = reference_[int(attn)];
    for (size_t i = 0; i < out.size(); ++i) {
      if (out[i] != ref[i]) qWarning("target %zu differs from its run alone", i);
      QCOMPARE(out[i], ref[i]);
    }
    auto& mixed_ref = mixed_reference_[int(attn)];
    if (mixed_ref.empty()) {
      for (const RequestInfo& info : r.infos) mixed_ref.push_back(info.token_ids);
    } else {
      for (size_t i = 0; i < r.infos.size(); ++i) QCOMPARE(r.infos[i].token_ids, mixed_ref[i]);
    }
  }

 private slots:
  void initTestCase() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    model_ = load_model(path);
    text_ids_ = model_->encode_prompt(std::string(sample_text()));
    QVERIFY(text_ids_.size() > 600);
    for (auto attn : {AttentionImpl::Naive, AttentionImpl::Tiled}) {
      LLMEngine e(model_, config(16, true, attn));
      for (const RequestInfo& info : run_alone(e, targets())) {
        QCOMPARE(info.state, RequestState::Finished);
        QCOMPARE(int(info.token_ids.at(0).size()), kGen);
        reference_[int(attn)].push_back(info.token_ids.at(0));
      }
      QCOMPARE(e.kv_manager().num_used_blocks(), 0);
    }
  }

  // Among 32 other requests, with other block sizes, prefix caching on or off: the same outputs.
  // Block sizes other than 16 run with naive attention, whose arithmetic does not depend on where the
  // blocks end; the tiled kernel's does (see tiledAttentionAcrossBlockSizes).
  void batchAndBlockSizeInvariance_data() {
    QTest::addColumn<int>("block_size");
    QTest::addColumn<bool>("prefix");
    QTest::addColumn<bool>("tiled");
    QTest::newRow("tiled, block 16, prefix cache on") << 16 << true << true;
    QTest::newRow("tiled, block 16, prefix cache off") << 16 << false << true;
    QTest::newRow("naive, block 1, prefix cache on") << 1 << true << false;
    QTest::newRow("naive, block 64, prefix cache off") << 64 << false << false;
  }
  void batchAndBlockSizeInvariance() {
    QFETCH(int, block_size);
    QFETCH(bool, prefix);
    QFETCH(bool, tiled);
    const auto attn = tiled ? AttentionImpl::Tiled : AttentionImpl::Naive;
    LLMEngine e(model_, config(block_size, prefix, attn));
    const RunResult r = run_batch(e, mixed());
    QVERIFY2(r.invariant_error.empty(), r.invariant_error.c_str());
    for (const RequestInfo& info : r.infos) QCOMPARE(info.state, RequestState::Finished);
    QCOMPARE(r.preemptions, int64_t{0});  // plenty of memory: these rows isolate batching from preemption
    check_mixed(r, attn);
    QCOMPARE(e.kv_manager().num_used_blocks(), 0);
  }

  // The tiled kernel's online-softmax tiles sit at fixed logical key positions, so its summation order
  // does not depend on the block size (it once followed block boundaries, and block 1 or 64 gave other
  // greedy tokens than block 16 on the real model).
  void tiledAttentionAcrossBlockSizes() {
    std::vector<std::vector<int32_t>> out;
    for (int bs : {1, 64}) {
      LLMEngine e(model_, config(bs, true, AttentionImpl::Tiled));
      for (const RequestInfo& info : run_alone(e, targets())) out.push_back(info.token_ids.at(0));
    }
    const std::vector<std::vector<int32_t>>& ref = reference_[int(AttentionImpl::Tiled)];
    std::vector<std::vector<int32_t>> want = ref;
    want.insert(want.end(), ref.begin(), ref.end());  // once per block size
    QCOMPARE(out, want);
  }

  // A KV budget that holds a few sequences only: sequences are preempted (recompute) and resumed.
  void preemptionInvariance_data() {
    QTest::addColumn<int>("block_size");
    QTest::addColumn<bool>("prefix");
    QTest::addColumn<bool>("tiled");
    QTest::addColumn<int>("blocks");
    QTest::newRow("tiled, block 16, 8 blocks, prefix cache on") << 16 << true << true << 8;
    QTest::newRow("naive, block 4, 32 blocks, prefix cache off") << 4 << false << false << 32;
  }
  void preemptionInvariance() {
    QFETCH(int, block_size);
    QFETCH(bool, prefix);
    QFETCH(bool, tiled);
    QFETCH(int, blocks);
    const auto attn = tiled ? AttentionImpl::Tiled : AttentionImpl::Naive;
    EngineConfig c = config(block_size, prefix, attn);
    {
      LLMEngine probe(model_, c);
      c.kv_budget_bytes = size_t(blocks) * probe.kv_storage().layout().block_bytes();
    }
    LLMEngine e(model_, c);
    QCOMPARE(e.kv_manager().num_total_blocks(), blocks);
    const RunResult r = run_batch(e, mixed());
    QVERIFY2(r.invariant_error.empty(), r.invariant_error.c_str());
    for (const RequestInfo& info : r.infos) QCOMPARE(info.state, RequestState::Finished);
    int target_preemptions = 0, preempted_requests = 0;
    for (size_t i = 0; i < 4; ++i) target_preemptions += r.infos[i * 9].preemptions;
    for (const RequestInfo& info : r.infos) preempted_requests += info.preemptions > 0;
    qInfo("%lld preemptions over %d steps (%d requests preempted, targets %d times)",
          static_cast<long long>(r.preemptions), r.steps, preempted_requests, target_preemptions);
    QVERIFY(r.preemptions > 0);
    QVERIFY(preempted_requests > 0);
    // Targets equal their runs alone; every request equals the same workload with ample memory
    // (batchAndBlockSizeInvariance ran it first with this kernel).
    QVERIFY(!mixed_reference_[int(attn)].empty());
    check_mixed(r, attn);
    QCOMPARE(e.kv_manager().num_used_blocks(), 0);
  }

  // A second request with the same ~200-token system prompt computes only its suffix and produces the
  // same output as with prefix caching off.
  void sharedSystemPromptComputesOnlyTheSuffix() {
    const std::vector<int32_t> system = ids(0, 200);
    auto with_suffix = [&](int at) {
      std::vector<int32_t> p = system;
      const auto s = ids(at, 20);
      p.insert(p.end(), s.begin(), s.end());
      return p;
    };
    const Request a = greedy(with_suffix(400)), b = greedy(with_suffix(450));
    LLMEngine on(model_, config(16, true));
    const RunResult ra = run_batch(on, {a});
    QCOMPARE(ra.infos[0].n_prefix_hit, 0);
    QCOMPARE(ra.prefill_tokens, int64_t{220});
    const RunResult rb = run_batch(on, {b});
    QCOMPARE(rb.infos[0].state, RequestState::Finished);
    // 200 shared tokens = 12 full blocks of 16 (192 tokens) + 8 tokens in a block that differs.
    QVERIFY(rb.infos[0].n_prefix_hit >= 192);
    QCOMPARE(rb.infos[0].n_prefix_hit, 192);
    QCOMPARE(rb.prefix_hit_tokens, int64_t{192});
    QCOMPARE(rb.prefill_tokens, int64_t{220 - 192});  // only the suffix went through the model

    EngineConfig off_cfg = config(16, false);
    LLMEngine off(model_, off_cfg);
    const RunResult rb_off = run_batch(off, {b});
    QCOMPARE(rb_off.infos[0].n_prefix_hit, 0);
    QCOMPARE(rb_off.prefill_tokens, int64_t{220});
    QCOMPARE(rb.infos[0].token_ids, rb_off.infos[0].token_ids);
    QCOMPARE(on.kv_manager().num_used_blocks(), 0);
    QVERIFY(on.kv_manager().num_cached_blocks() > 0);  // finished sequences leave their blocks cached
  }

  // Parallel sampling. What is asserted:
  //  - greedy n = 3: every sample equals the request run with n = 1 (sampling is deterministic);
  //  - temperature n = 4: the engine derives sample i's random stream from (seed, i) only, as
  //    mix(seed + golden * (i + 1)) with golden = 0x9e3779b97f4a7c15; so sample i must equal sample 0
  //    of the same request run with n = 1 and seed + golden * i. That each sample matches a separate
  //    n = 1 run proves the shared prompt blocks and their copy-on-write did not disturb any sample;
  //  - the siblings do share blocks (kv_blocks_shared > 0 at some step) and nothing leaks.
  void parallelSamplingSharesPromptBlocks() {
    constexpr uint64_t golden = 0x9e3779b97f4a7c15ull;
    const std::vector<int32_t> prompt = ids(80, 37);  // 2 full blocks + a partial one (copy-on-write)
    for (bool prefix : {true}) {
      LLMEngine e(model_, config(16, prefix));
      Request g = greedy(prompt);
      g.n = 3;
      const RunResult rg = run_batch(e, {g});
      QVERIFY(rg.max_shared_blocks > 0);
      const RunResult rg1 = run_batch(e, {greedy(prompt)});
      QCOMPARE(rg.infos[0].token_ids.size(), size_t{3});
      for (const auto& s : rg.infos[0].token_ids) QCOMPARE(s, rg1.infos[0].token_ids.at(0));

      Request t = greedy(prompt);
      t.params.temperature = 0.9f;
      t.params.top_k = 40;
      t.params.seed = 1234;
      t.n = 4;
      const RunResult rt = run_batch(e, {t});
      QVERIFY2(rt.invariant_error.empty(), rt.invariant_error.c_str());
      QVERIFY(rt.max_shared_blocks > 0);
      QCOMPARE(rt.infos[0].state, RequestState::Finished);
      const auto& samples = rt.infos[0].token_ids;
      QCOMPARE(samples.size(), size_t{4});
      std::set<std::vector<int32_t>> distinct(samples.begin(), samples.end());
      QVERIFY(distinct.size() >= 2);  // independent streams actually diverge
      for (int i = 0; i < 4; ++i) {
        Request one = t;
        one.n = 1;
        one.params.seed = 1234 + golden * uint64_t(i);
        const RunResult r1 = run_batch(e, {one});
        QCOMPARE(samples[size_t(i)], r1.infos[0].token_ids.at(0));
      }
      QCOMPARE(e.kv_manager().num_used_blocks(), 0);
      QVERIFY(e.kv_manager().check_invariants().empty());
    }
  }
};

QTEST_APPLESS_MAIN(TestEngineInvariance)
#include "tst_engine_invariance.moc"
