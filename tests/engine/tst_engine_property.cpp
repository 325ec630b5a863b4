// Randomized property test of the serving engine on a tiny random model: thousands of engine steps
// with random arrivals, prompt lengths, shared prefixes, cancels, parallel samples (n > 1), random
// block sizes, KV dtypes and attention kernels, and a KV cache so small that sequences are preempted.
//
// After EVERY step: the KV manager's own invariants hold (refcount == table references, hash map
// consistent, counters add up), and independently of it, through the block pool: a block is in the
// free queue iff its refcount is 0, free + used == total, every block of a live table is referenced.
// At the end of each round: every request finished, failed (only the ones built to fail) or was
// cancelled, and no block is still referenced (zero leaked). Every request that was not cancelled
// produced exactly what it produces when run alone in an engine with the same configuration
// (unscaled KV dtypes only: FP8/INT8 blocks requantize as they fill, so their contents depend on the
// write history, which chunking and preemption change).
#include <QtTest/QtTest>

#include <algorithm>
#include <random>
#include <set>
#include <spdlog/spdlog.h>

#include "engine/llm_engine.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

namespace {

// The pool's own view, not the manager's: free queue membership against refcounts.
std::string pool_violations(const LLMEngine& e) {
  const KvCacheManager& kv = e.kv_manager();
  const BlockPool& pool = kv.pool();
  std::string err;
  const std::vector<int32_t> free_q = pool.free_queue();
  std::set<int32_t> in_free(free_q.begin(), free_q.end());
  if (in_free.size() != free_q.size()) err += "a block appears twice in the free queue; ";
  if (int(free_q.size()) != kv.num_free_blocks()) err += "free queue length != num_free_blocks; ";
  if (kv.num_free_blocks() + kv.num_used_blocks() != kv.num_total_blocks()) err += "free + used != total; ";
  int used = 0;
  for (int32_t b = 0; b < kv.num_total_blocks(); ++b) {
    const bool is_free = in_free.count(b) != 0;
    const int ref = pool.block(b).ref_count;
    if (is_free && ref != 0) err += "block " + std::to_string(b) + " is free and used (ref " + std::to_string(ref) + "); ";
    if (!is_free && ref <= 0) err += "block " + std::to_string(b) + " is neither free nor referenced; ";
    used += ref > 0;
  }
  if (used != kv.num_used_blocks()) err += "used count mismatch; ";
  // The published snapshot agrees: a block in a live table is Used with that many owners.
  const BlockMapSnapshot snap = e.block_map();
  std::vector<int> refs(size_t(kv.num_total_blocks()), 0);
  for (const SequenceBlocks& s : snap.sequences)
    for (int32_t b : s.block_table) ++refs[size_t(b)];
  for (const BlockInfo& b : snap.blocks) {
    if (b.ref_count != refs[size_t(b.id)]) err += "snapshot refcount != table references; ";
    if ((b.state == BlockState::Used) != (b.ref_count > 0)) err += "snapshot state disagrees with refcount; ";
    if (in_free.count(b.id) != 0 && b.state == BlockState::Used) err += "snapshot: free block marked used; ";
  }
  return err;
}

struct Spec {
  Request req;
  bool must_fail = false;
};

}  // namespace

class TestEngineProperty : public QObject {
  Q_OBJECT
  std::shared_ptr<LoadedModel> model_;
  int context_ = 0;

 private slots:
  void initTestCase() {
    spdlog::set_level(spdlog::level::err);  // thousands of engines and refused requests: keep the log short
    test::TinyModelSpec spec;
    spec.context = 192;
    model_ = load_model(test::write_tiny_model(spec, "property"));
    context_ = model_->model->config().context_length;
    QCOMPARE(context_, 192);
  }

  void randomWorkloads() {
    std::mt19937_64 rng(20240611);
    auto uni = [&](int lo, int hi) { return lo + int(rng() % uint64_t(hi - lo + 1)); };
    auto coin = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };
    const int n_vocab = model_->model->config().n_vocab;
    const int block_sizes[] = {1, 2, 3, 4, 8, 16, 32};
    const KvDtype dtypes[] = {KvDtype::F32, KvDtype::F16, KvDtype::BF16,
                                       KvDtype::FP8_E4M3, KvDtype::INT8};
    int total_steps = 0, total_preemptions = 0, total_cancelled = 0, total_compared = 0, total_forks = 0;
    // Shared prefixes so that prefix caching has hits.
    std::vector<std::vector<int32_t>> prefixes(3);
    for (auto& p : prefixes)
      for (int i = 0; i < 40; ++i) p.push_back(3 + int32_t(rng() % uint64_t(n_vocab - 3)));

    for (int round = 0; round < 14; ++round) {
      EngineConfig c;
      c.block_size = block_sizes[rng() % 7];
      c.kv_dtype = dtypes[rng() % 5];
      c.prefix_caching = coin(0.6);
      c.attention = coin(0.5) ? AttentionImpl::Tiled : AttentionImpl::Naive;
      c.sched.max_num_seqs = uni(1, 8);
      c.sched.max_num_batched_tokens = uni(8, 96);
      c.sched.chunked_prefill = coin(0.7);
      c.sched.batching = coin(0.8) ? BatchingMode::Continuous : BatchingMode::Static;
      c.threads = 1;
      c.keep_full_metrics_log = false;
      c.metrics_ring = 8;
      const int cache_tokens = uni(40, 160);  // a few sequences at most: preemption is routine
      {
        LLMEngine probe(model_, c);
        c.kv_budget_bytes = size_t(probe.kv_storage().layout().block_bytes()) *
                            size_t(std::max(1, (cache_tokens + c.block_size - 1) / c.block_size));
      }
      LLMEngine e(model_, c);
      const int max_tokens = int(e.kv_manager().max_tokens());

      std::vector<Spec> specs;
      std::vector<int64_t> ids;
      std::set<int64_t> cancelled;
      const int arrival_steps = 260;
      int steps = 0;
      while (steps < arrival_steps || e.has_unfinished()) {
        if (steps < arrival_steps && coin(0.25)) {
          const int k = uni(1, 2);
          for (int j = 0; j < k; ++j) {
            Spec s;
            std::vector<int32_t> prompt;
            if (coin(0.4)) {
              const auto& p = prefixes[rng() % prefixes.size()];
              prompt.assign(p.begin(), p.begin() + uni(1, int(p.size())));
            }
            const int tail = uni(prompt.empty() ? 1 : 0, 50);
            for (int i = 0; i < tail; ++i) prompt.push_back(3 + int32_t(rng() % uint64_t(n_vocab - 3)));
            if (coin(0.03))  // longer than the whole cache or the context
              prompt.resize(size_t((coin(0.5) ? max_tokens : context_) + uni(0, 5)), 5);
            // A prompt that leaves no room for one generated token can never run: it must fail alone.
            s.must_fail = int(prompt.size()) >= std::min(max_tokens, context_);
            s.req.prompt_ids = prompt;
            s.req.params.max_tokens = uni(1, 30);
            s.req.params.ignore_eos = coin(0.7);
            if (coin(0.5)) {
              s.req.params.temperature = 0.8f;
              s.req.params.top_k = coin(0.5) ? 20 : 0;
              s.req.params.top_p = coin(0.5) ? 0.9f : 1.0f;
              s.req.params.seed = rng();
            }
            s.req.n = coin(0.25) ? uni(2, 4) : 1;
            total_forks += s.req.n > 1;
            ids.push_back(e.submit(s.req));
            specs.push_back(s);
          }
        }
        if (!ids.empty() && coin(0.02)) {
          const int64_t id = ids[rng() % ids.size()];
          if (!request_ended(e.request_info(id).state)) {
            const int held_before = e.kv_manager().num_used_blocks();
            e.cancel(id);
            cancelled.insert(id);
            QCOMPARE(e.request_info(id).state, RequestState::Cancelled);
            QCOMPARE(e.request_info(id).blocks_held, 0);
            QVERIFY(e.kv_manager().num_used_blocks() <= held_before);
          }
        }
        e.step();
        ++steps;
        const std::string inv = e.kv_manager().check_invariants();
        if (!inv.empty()) qWarning("round %d step %d: %s", round, steps, inv.c_str());
        QVERIFY2(inv.empty(), inv.c_str());
        const std::string pool = pool_violations(e);
        QVERIFY2(pool.empty(), pool.c_str());
        QVERIFY2(steps < 20000, "the engine does not drain");
      }
      total_steps += steps;
      total_preemptions += int(e.total_preemptions());
      total_cancelled += int(cancelled.size());

      // Drained: every request ended, nothing is referenced.
      QCOMPARE(e.kv_manager().num_used_blocks(), 0);
      QCOMPARE(e.kv_manager().num_sequences(), 0);
      for (size_t i = 0; i < ids.size(); ++i) {
        const RequestInfo info = e.request_info(ids[i]);
        if (cancelled.count(ids[i])) {
          QCOMPARE(info.state, RequestState::Cancelled);
        } else if (specs[i].must_fail) {
          QCOMPARE(info.state, RequestState::Failed);
          QVERIFY(!info.error.empty());
        } else {
          if (info.state != RequestState::Finished) qWarning("request %zu: %s %s", i, request_state_name(info.state), info.error.c_str());
          QCOMPARE(info.state, RequestState::Finished);
          QCOMPARE(int(info.token_ids.size()), specs[i].req.n);
          for (const auto& t : info.token_ids) {
            QVERIFY(!t.empty());
            QVERIFY(int(t.size()) <= specs[i].req.params.max_tokens);
          }
        }
      }

      // Outputs equal each request run alone with the same configuration.
      if (kv_dtype_scaled(c.kv_dtype)) continue;
      LLMEngine alone(model_, c);
      for (size_t i = 0; i < ids.size(); ++i) {
        if (cancelled.count(ids[i]) || specs[i].must_fail) continue;
        const int64_t id = alone.submit(specs[i].req);
        while (alone.has_unfinished()) alone.step();
        const RequestInfo a = alone.request_info(id), b = e.request_info(ids[i]);
        if (a.token_ids != b.token_ids)
          qWarning("round %d (block %d, %s, prefix %d, %s, %s): request %zu (n=%d, prompt %d) differs from its run alone",
                   round, c.block_size, kv_dtype_name(c.kv_dtype), int(c.prefix_caching),
                   attention_impl_name(c.attention), to_string(c.sched.batching), i, specs[i].req.n,
                   a.n_prompt);
        QCOMPARE(b.token_ids, a.token_ids);
        ++total_compared;
      }
      QCOMPARE(alone.kv_manager().num_used_blocks(), 0);
    }
    qInfo("%d steps, %d preemptions, %d cancels, %d requests with n > 1, %d outputs compared with runs alone",
          total_steps, total_preemptions, total_cancelled, total_forks, total_compared);
    QVERIFY(total_steps >= 3000);
    QVERIFY(total_preemptions > 0);
    QVERIFY(total_cancelled > 0);
    QVERIFY(total_compared > 100);
  }
};

QTEST_APPLESS_MAIN(TestEngineProperty)
#include "tst_engine_property.moc"
