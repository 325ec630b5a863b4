// Speculative decoding (engine/spec) inside the real engine: greedy output with every drafter equals
// greedy output without speculation (tiny random models and the real default model, alone and in a
// batch, with prefix caching and under preemption); a draft equal to the target has every token
// accepted; the sampled output distribution equals the target's (chi-square, and the same test fails
// a deliberately wrong acceptance rule); tokens per pass match (1 - a^(k+1)) / (1 - a); rollback leaves
// refcounts right and no block leaked, in the target's cache and the drafter's.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include "engine/llm_engine.h"
#include "engine/model/loaded_model.h"
#include "engine/spec/drafter.h"
#include "engine/spec/ngram_drafter.h"
#include "engine/spec/spec_config.h"
#include "engine/spec/spec_stats.h"
#include "engine/spec/verifier.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"

using namespace inferscope;

namespace {

struct Run {
  std::vector<RequestInfo> infos;
  int64_t preemptions = 0;
  int64_t step_drafted = 0, step_accepted = 0;  // summed over StepMetrics
  int64_t accepted_events = 0;                   // TokenEvents with origin Accepted
  std::string invariant_error;                   // first check_invariants() failure seen
  std::string rollback_error;                    // a running sequence whose cache covers the wrong count
  std::vector<std::vector<int32_t>> outputs() const {
    std::vector<std::vector<int32_t>> v;
    for (const auto& i : infos) v.push_back(i.token_ids.at(0));
    return v;
  }
  spec::SpecStats stats() const {
    spec::SpecStats s;
    for (const auto& i : infos) {
      s.drafted += i.spec_drafted;
      s.accepted += i.spec_accepted;
      s.passes += i.spec_passes;
      s.rejections += i.spec_rejections;
    }
    return s;
  }
};

// Runs the requests to completion, checking the cache after every step: invariants hold, and every
// running decoding sequence's table covers exactly its tokens minus the newest (rejected drafts gone).
Run run_all(LLMEngine& e, const std::vector<Request>& reqs) {
  Run r;
  std::vector<int64_t> ids;
  for (const Request& q : reqs) ids.push_back(e.submit(q));
  int steps = 0;
  while (e.has_unfinished() && steps++ < 100000) {
    const StepResult s = e.step();
    r.step_drafted += s.metrics.spec_drafted;
    r.step_accepted += s.metrics.spec_accepted;
    for (const TokenEvent& ev : s.events) r.accepted_events += ev.origin == TokenOrigin::Accepted;
    if (r.invariant_error.empty()) r.invariant_error = e.kv_manager().check_invariants();
    for (int64_t id : ids) {
      const RequestInfo info = e.request_info(id);
      if (info.state != RequestState::Running || info.n_generated == 0) continue;
      for (size_t j = 0; j < info.seq_ids.size(); ++j) {
        const int64_t sid = info.seq_ids[j];
        if (!e.kv_manager().has_sequence(sid)) continue;
        const int want = info.n_prompt + static_cast<int>(info.token_ids[j].size()) - 1;
        if (e.kv_manager().num_tokens(sid) != want && r.rollback_error.empty())
          r.rollback_error = "seq " + std::to_string(sid) + " covers " + std::to_string(e.kv_manager().num_tokens(sid)) +
                             " slots, expected " + std::to_string(want);
      }
    }
  }
  for (int64_t id : ids) r.infos.push_back(e.request_info(id));
  r.preemptions = e.total_preemptions();
  return r;
}

Request make_request(std::vector<int32_t> prompt, int max_tokens, float temp = 0.0f, uint64_t seed = 0) {
  Request r;
  r.prompt_ids = std::move(prompt);
  r.params.max_tokens = max_tokens;
  r.params.ignore_eos = true;
  r.params.temperature = temp;
  r.params.seed = seed;
  return r;
}

EngineConfig base_config(int threads = 2) {
  EngineConfig c;
  c.threads = threads;
  c.kv_budget_bytes = size_t(4) << 20;
  return c;
}

EngineConfig with_spec(EngineConfig c, const std::string& method, int k) {
  c.spec = spec::parse_spec(method);
  c.spec.k = k;
  return c;
}

std::vector<Request> tiny_prompts(int max_tokens) {
  return {make_request({5, 6, 7, 8, 9, 10, 11}, max_tokens),
          make_request({40, 41, 42, 40, 41, 42, 40, 41, 42, 40}, max_tokens),
          make_request({100, 3, 77, 3, 100, 3, 77}, max_tokens),
          make_request({200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218}, max_tokens)};
}

// Upper 0.1% point of chi-square with df degrees of freedom (Wilson-Hilferty; within 1% for df >= 3).
double chi2_critical_001(int df) {
  const double z = 3.0902;
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1.0 - a + z * std::sqrt(a), 3.0);
}

// Two-sample chi-square test of homogeneity; categories with fewer than 10 combined counts are pooled.
// Returns (statistic, degrees of freedom).
std::pair<double, int> chi2_two_sample(const std::map<int, int>& a, const std::map<int, int>& b) {
  std::map<int, std::pair<double, double>> cells;
  for (auto [k, n] : a) cells[k].first += n;
  for (auto [k, n] : b) cells[k].second += n;
  std::vector<std::pair<double, double>> bins;
  std::pair<double, double> pooled{0, 0};
  for (auto& [k, c] : cells) {
    if (c.first + c.second < 10) {
      pooled.first += c.first;
      pooled.second += c.second;
    } else {
      bins.push_back(c);
    }
  }
  if (pooled.first + pooled.second > 0) bins.push_back(pooled);
  double na = 0, nb = 0;
  for (auto& c : bins) na += c.first, nb += c.second;
  double chi2 = 0;
  for (auto& c : bins) {
    const double tot = c.first + c.second;
    const double ea = tot * na / (na + nb), eb = tot * nb / (na + nb);
    chi2 += (c.first - ea) * (c.first - ea) / ea + (c.second - eb) * (c.second - eb) / eb;
  }
  return {chi2, static_cast<int>(bins.size()) - 1};
}

}  // namespace

class TestSpecDecode : public QObject {
  Q_OBJECT

  std::string target_path_, draft_path_, llama_vocab_path_;
  std::shared_ptr<const LoadedModel> target_;

 private slots:
  void initTestCase() {
    test::TinyModelSpec t;
    t.n_layers = 4;
    t.seed = 1;
    target_path_ = test::write_tiny_model(t, "spec_target");
    test::TinyModelSpec d = t;
    d.n_layers = 2;
    d.seed = 7;
    draft_path_ = test::write_tiny_model(d, "spec_draft");
    test::TinyModelSpec l = t;
    l.tokenizer = "llama";
    llama_vocab_path_ = test::write_tiny_model(l, "spec_llama_vocab");
    target_ = load_model(target_path_);
  }

  void parse_and_reject() {
    const spec::SpecConfig a = spec::parse_spec("early-exit:3");
    QCOMPARE(int(a.kind), int(spec::DrafterKind::EarlyExit));
    QCOMPARE(a.early_exit_layers, 3);
    QCOMPARE(spec::parse_spec("ngram").ngram_n, 3);
    QCOMPARE(spec::parse_spec("ngram:5").ngram_n, 5);
    QCOMPARE(spec::parse_spec("self:q4_0").weight_mode, std::string("q4_0"));
    QCOMPARE(spec::to_string(spec::parse_spec("draft:/x/y.gguf")), std::string("draft:/x/y.gguf"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, spec::parse_spec("medusa"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, spec::parse_spec("early-exit:two"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, spec::parse_spec("draft:"));
    EngineConfig c = base_config();
    c.spec = spec::parse_spec("ngram");
    c.spec.k = 17;
    QVERIFY(c.validate().find("between 1 and 16") != std::string::npos);
    // Model-dependent checks happen when the engine builds the drafter.
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, LLMEngine(target_, with_spec(base_config(), "early-exit:4", 4)));
    try {
      LLMEngine e(target_, with_spec(base_config(), "draft:" + llama_vocab_path_, 4));
      QFAIL("a draft model with another vocabulary was accepted");
    } catch (const std::invalid_argument& e) {
      QVERIFY2(std::string(e.what()).find("vocabulary") != std::string::npos, e.what());
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, LLMEngine(target_, with_spec(base_config(), "self:int3", 4)));
  }

  void closed_form() {
    QCOMPARE(spec::expected_tokens_per_pass(0.5, 4), 1.9375);  // 1 + 1/2 + 1/4 + 1/8 + 1/16
    QCOMPARE(spec::expected_tokens_per_pass(1.0, 4), 5.0);
    QCOMPARE(spec::expected_tokens_per_pass(0.0, 8), 1.0);
  }

  void ngram_lookup() {
    using spec::NgramDrafter;
    // The most recent occurrence of the longest recurring suffix wins.
    QCOMPARE(NgramDrafter::lookup({1, 2, 3, 9, 1, 2, 3, 4, 5, 1, 2, 3}, 3, 2), (std::vector<int32_t>{4, 5}));
    QCOMPARE(NgramDrafter::lookup({1, 2, 3, 4}, 3, 4), (std::vector<int32_t>{}));
    QCOMPARE(NgramDrafter::lookup({7, 8, 7}, 3, 4), (std::vector<int32_t>{8, 7}));
  }

  // Every drafter, k in {1, 4, 8}, four prompts batched together: the same greedy tokens as no speculation.
  void greedy_identical_tiny_data() {
    QTest::addColumn<QString>("method");
    QTest::addColumn<int>("k");
    for (const char* m : {"ngram:3", "self:q8_0", "early-exit:2", "draft"})
      for (int k : {1, 4, 8}) QTest::newRow((std::string(m) + " k=" + std::to_string(k)).c_str()) << QString(m) << k;
  }
  void greedy_identical_tiny() {
    QFETCH(QString, method);
    QFETCH(int, k);
    std::string m = method.toStdString();
    if (m == "draft") m = "draft:" + draft_path_;
    LLMEngine plain(target_, base_config());
    const Run ref = run_all(plain, tiny_prompts(40));
    LLMEngine e(target_, with_spec(base_config(), m, k));
    const Run got = run_all(e, tiny_prompts(40));
    QCOMPARE(got.outputs(), ref.outputs());
    QVERIFY2(got.invariant_error.empty(), got.invariant_error.c_str());
    QVERIFY2(got.rollback_error.empty(), got.rollback_error.c_str());
    const spec::SpecStats st = got.stats();
    QVERIFY(st.drafted > 0);
    QCOMPARE(got.step_drafted, st.drafted);  // per-step and per-request counts agree
    QCOMPARE(got.step_accepted, st.accepted);
    QCOMPARE(got.accepted_events, st.accepted);
    QCOMPARE(e.kv_manager().num_used_blocks(), 0);
    QCOMPARE(e.drafter()->blocks_in_use(), 0);
  }

  // A draft model equal to the target proposes exactly what the target would pick.
  void draft_equal_to_target_accepts_all() {
    LLMEngine e(target_, with_spec(base_config(), "draft:" + target_path_, 4));
    const Run greedy = run_all(e, tiny_prompts(30));
    const spec::SpecStats g = greedy.stats();
    QVERIFY(g.drafted > 50);
    QCOMPARE(g.accepted, g.drafted);
    // Sampling too: p == q, so min(1, p/q) = 1 for every draft.
    std::vector<Request> sampled = tiny_prompts(30);
    for (size_t i = 0; i < sampled.size(); ++i) sampled[i].params.temperature = 1.0f, sampled[i].params.seed = i;
    const Run s = run_all(e, sampled);
    QVERIFY(s.stats().drafted > 50);
    QCOMPARE(s.stats().accepted, s.stats().drafted);
  }

  // The verifier alone on fixed p and q: tokens per pass follow the closed form with alpha = sum min(p, q),
  // and the first emitted token is distributed as p — a rule that accepts every draft makes it q instead.
  void verifier_closed_form_and_exactness_data() {
    QTest::addColumn<float>("temp");
    QTest::addColumn<int>("top_k");
    QTest::addColumn<float>("top_p");
    QTest::newRow("temperature 1") << 1.0f << 0 << 1.0f;
    QTest::newRow("temperature 0.7, top-k 5, top-p 0.95") << 0.7f << 5 << 0.95f;
  }
  void verifier_closed_form_and_exactness() {
    QFETCH(float, temp);
    QFETCH(int, top_k);
    QFETCH(float, top_p);
    const int V = 8, k = 4, trials = 20000;
    const std::vector<float> logits = {2.0f, 1.0f, 0.5f, 0.0f, -0.5f, -1.0f, 1.5f, 0.2f};
    SamplingParams params;
    params.temperature = temp;
    params.top_k = top_k;
    params.top_p = top_p;
    std::vector<float> p;
    sampling_distribution(logits.data(), V, params, {}, p);  // the target sampler's own p, filters applied
    const std::vector<float> q1 = {0.05f, 0.30f, 0.05f, 0.20f, 0.05f, 0.15f, 0.10f, 0.10f};
    double alpha = 0;
    for (int i = 0; i < V; ++i) alpha += std::min(p[i], q1[i]);
    std::vector<float> rows, q;
    for (int i = 0; i <= k; ++i) rows.insert(rows.end(), logits.begin(), logits.end());
    for (int i = 0; i < k; ++i) q.insert(q.end(), q1.begin(), q1.end());
    for (spec::AcceptRule rule : {spec::AcceptRule::Exact, spec::AcceptRule::AcceptAllForTests}) {
      SamplerRng rng(42), draft_rng(43);
      double tokens = 0;
      std::vector<double> first(V, 0);
      for (int t = 0; t < trials; ++t) {
        std::vector<int32_t> drafts;
        for (int i = 0; i < k; ++i) drafts.push_back(draw(q1, draft_rng));
        const spec::Verdict v = spec::verify(rows.data(), V, drafts, q, params, {}, rng, rule);
        QCOMPARE(int(v.tokens.size()), v.accepted + 1);
        tokens += v.tokens.size();
        first[v.tokens[0]] += 1;
      }
      // Goodness of fit of the first emitted token to p over p's support; a token p excludes is a failure
      // of its own (infinite chi-square).
      double chi2 = 0, outside = 0;
      int support = 0;
      for (int i = 0; i < V; ++i) {
        if (p[i] <= 0) {
          outside += first[i];
          continue;
        }
        ++support;
        chi2 += (first[i] - trials * p[i]) * (first[i] - trials * p[i]) / (trials * p[i]);
      }
      const double crit = chi2_critical_001(support - 1);
      if (rule == spec::AcceptRule::Exact) {
        // SE of the mean tokens per pass is below 1.6 / sqrt(20000) = 0.011: 0.05 is > 4 SE.
        QVERIFY2(std::abs(tokens / trials - spec::expected_tokens_per_pass(alpha, k)) < 0.05,
                 qPrintable(QString("measured %1, closed form %2").arg(tokens / trials).arg(spec::expected_tokens_per_pass(alpha, k))));
        QCOMPARE(outside, 0.0);
        QVERIFY2(chi2 < crit, qPrintable(QString("exact rule: chi2 %1 >= %2").arg(chi2).arg(crit)));
      } else {
        QCOMPARE(tokens / trials, double(k + 1));
        QVERIFY2(outside > 0 || chi2 > crit, qPrintable(QString("accept-all rule: chi2 %1 <= %2").arg(chi2).arg(crit)));
      }
    }
  }

  // Through the engine at temperature 1: the 2nd and 3rd generated tokens (the first ones speculation
  // decides) over 3000 seeded runs are distributed as without speculation; accepting every draft is not.
  void sampled_distribution_matches_data() {
    QTest::addColumn<QString>("method");
    QTest::newRow("draft model") << QString("draft");
    QTest::newRow("ngram") << QString("ngram:2");
  }
  void sampled_distribution_matches() {
    QFETCH(QString, method);
    // Peaked distributions (large weights) so that the draft's q differs clearly from the target's p.
    test::TinyModelSpec t;
    t.n_layers = 2;
    t.seed = 11;
    t.weight_scale = 0.3f;
    t.context = 512;
    auto target = load_model(test::write_tiny_model(t, "spec_peaked_target"));
    t.seed = 12;
    const std::string draft = test::write_tiny_model(t, "spec_peaked_draft");
    const std::string m = method == "draft" ? "draft:" + draft : method.toStdString();
    const int runs = 3000;
    // For n-gram lookup the prompt holds (almost) every token once, so whatever the first token is,
    // the lookup finds it and proposes what followed it: a draft nearly every run.
    std::vector<int32_t> prompt = {40, 41, 42, 40, 41, 42, 40, 41};
    if (method != "draft") {
      prompt.clear();
      for (int32_t id = 3; id < target->model->config().n_vocab; ++id) prompt.push_back(id);
    }
    auto histograms = [&](EngineConfig cfg) {
      cfg.sched.max_num_seqs = 128;
      cfg.sched.max_num_batched_tokens = 2048;
      cfg.kv_budget_bytes = size_t(16) << 20;
      LLMEngine e(target, cfg);
      std::vector<Request> reqs;
      for (int i = 0; i < runs; ++i) reqs.push_back(make_request(prompt, 4, 1.0f, 1000 + i));
      const Run r = run_all(e, reqs);
      std::vector<std::map<int, int>> h(2);
      for (const auto& out : r.outputs()) {
        h[0][out.at(1)]++;
        h[1][out.at(2)]++;
      }
      return std::make_pair(h, r.stats());
    };
    const auto plain = histograms(base_config());
    EngineConfig spec_cfg = with_spec(base_config(), m, 2);
    const auto exact = histograms(spec_cfg);
    spec_cfg.spec.accept_rule = spec::AcceptRule::AcceptAllForTests;
    const auto wrong = histograms(spec_cfg);
    qInfo("drafted %lld, accepted %lld (exact rule)", (long long)exact.second.drafted, (long long)exact.second.accepted);
    QVERIFY(exact.second.drafted > runs);
    QVERIFY(exact.second.accepted < exact.second.drafted);  // the drafter really disagrees sometimes
    double worst_wrong = 0;
    for (int pos = 0; pos < 2; ++pos) {
      const auto [c_exact, df_exact] = chi2_two_sample(plain.first[pos], exact.first[pos]);
      const auto [c_wrong, df_wrong] = chi2_two_sample(plain.first[pos], wrong.first[pos]);
      qInfo("position %d: exact chi2 %.1f (df %d, crit %.1f), accept-all chi2 %.1f (df %d, crit %.1f)", pos + 2, c_exact,
            df_exact, chi2_critical_001(df_exact), c_wrong, df_wrong, chi2_critical_001(df_wrong));
      QVERIFY2(c_exact < chi2_critical_001(df_exact), qPrintable(QString("position %1: chi2 %2").arg(pos + 2).arg(c_exact)));
      worst_wrong = std::max(worst_wrong, c_wrong / chi2_critical_001(df_wrong));
    }
    QVERIFY2(worst_wrong > 1.0, "the deliberately wrong rule passed the test: it cannot catch a wrong rule");
  }

  // Tiny cache and many requests with prefix sharing and n = 2: preemption happens, greedy output is
  // unchanged, refcounts stay right, and nothing leaks in either cache.
  void preemption_and_prefix_sharing() {
    auto reqs = [] {
      std::vector<Request> v;
      for (int i = 0; i < 8; ++i) {
        std::vector<int32_t> p = {9, 8, 7, 6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2, 50};  // shared full block
        p.push_back(60 + i);
        p.push_back(60 + (i * 7) % 5);
        v.push_back(make_request(p, 48));
      }
      return v;
    };
    LLMEngine plain(target_, base_config());
    const Run ref = run_all(plain, reqs());
    for (const char* m : {"ngram:3", "self:q8_0"}) {
      EngineConfig c = with_spec(base_config(), m, 4);
      c.block_size = 4;
      const ModelConfig& mc = target_->model->config();
      const size_t block_bytes = size_t(2) * mc.n_layers * mc.n_kv_heads * mc.head_dim * 2 * 4;  // F16
      c.kv_budget_bytes = block_bytes * 48;  // 192 slots for 8 sequences of up to 67 tokens
      LLMEngine e(target_, c);
      const Run got = run_all(e, reqs());
      QVERIFY2(got.preemptions > 0, m);
      QCOMPARE(got.outputs(), ref.outputs());
      QVERIFY2(got.invariant_error.empty(), got.invariant_error.c_str());
      QVERIFY2(got.rollback_error.empty(), got.rollback_error.c_str());
      QVERIFY(got.stats().drafted > 0);
      QCOMPARE(e.kv_manager().num_used_blocks(), 0);
      QCOMPARE(e.drafter()->blocks_in_use(), 0);
    }
    // Parallel samples share the prompt's blocks and speculate independently.
    LLMEngine e(target_, with_spec(base_config(), "ngram:3", 4));
    Request r = make_request({40, 41, 42, 40, 41, 42, 40, 41, 42, 40, 41, 42, 40, 41, 42, 40, 41}, 24, 0.8f, 5);
    r.n = 3;
    const Run got = run_all(e, {r});
    QVERIFY2(got.invariant_error.empty(), got.invariant_error.c_str());
    QVERIFY2(got.rollback_error.empty(), got.rollback_error.c_str());
    QCOMPARE(int(got.infos[0].token_ids.size()), 3);
    for (const auto& t : got.infos[0].token_ids) QCOMPARE(int(t.size()), 24);
    QCOMPARE(e.kv_manager().num_used_blocks(), 0);
  }

  // The real default model: two prompts, k in {1, 4, 8}, every drafter, greedy output unchanged.
  void greedy_identical_real_model() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model (SmolLM2-135M-Instruct Q4_1)");
    auto model = load_model(path);
    auto reqs = [&] {
      return std::vector<Request>{make_request(model->encode_chat("What is the capital of France?"), 20),
                                  make_request(model->encode_prompt("def fibonacci(n):\n    if n < 2:\n        return n\n"), 20)};
    };
    EngineConfig cfg = base_config(0);
    cfg.kv_budget_bytes = size_t(16) << 20;
    LLMEngine plain(model, cfg);
    const Run ref = run_all(plain, reqs());
    struct Case { std::string method; int k; };
    std::vector<Case> cases;
    for (int k : {1, 4, 8}) cases.push_back({"ngram:3", k});
    for (int k : {1, 4, 8}) cases.push_back({"early-exit:10", k});
    cases.push_back({"self:q8_0", 4});
    cases.push_back({"self:q4_0", 8});
    cases.push_back({"draft:" + path, 4});
    for (const Case& c : cases) {
      LLMEngine e(model, with_spec(cfg, c.method, c.k));
      const Run got = run_all(e, reqs());
      QVERIFY2(got.outputs() == ref.outputs(), (c.method + " k=" + std::to_string(c.k)).c_str());
      QVERIFY2(got.invariant_error.empty(), got.invariant_error.c_str());
      QVERIFY2(got.rollback_error.empty(), got.rollback_error.c_str());
      QCOMPARE(e.kv_manager().num_used_blocks(), 0);
      const spec::SpecStats st = got.stats();
      qInfo("%s k=%d: drafted %lld accepted %lld, tokens/pass %.2f (closed form %.2f)", c.method.c_str(), c.k,
            (long long)st.drafted, (long long)st.accepted, st.tokens_per_pass(), spec::expected_tokens_per_pass(st.alpha(), c.k));
      if (c.method.rfind("draft:", 0) == 0) QCOMPARE(st.accepted, st.drafted);  // draft == target
    }
  }
};

QTEST_GUILESS_MAIN(TestSpecDecode)
#include "tst_spec_decode.moc"
