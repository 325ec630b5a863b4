// Sliding-window block release end to end: a gemma3 engine whose window groups hand blocks back gives,
// token for token, what the same engine gives with release off (one full-size table per sequence, the
// window only a mask), for prompts longer than the window, with chunked prefill, prefix caching,
// preemption and speculative decoding's rollback. Also the step metrics' peaks against closed forms.
#include <QtTest/QtTest>

#include <filesystem>
#include <random>

#include "engine/llm_engine.h"
#include "engine/model/default_model.h"
#include "engine/model/loaded_model.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {

struct Run {
  std::vector<std::vector<int32_t>> outputs;
  int64_t preemptions = 0, prefix_hits = 0, drafted = 0, window_releases = 0;
  int64_t peak = 0, peak_full = 0;
  size_t groups = 0;
};

Run run(std::shared_ptr<const LoadedModel> model, EngineConfig cfg, const std::vector<std::vector<int32_t>>& prompts,
        int max_tokens) {
  LLMEngine e(std::move(model), cfg);
  std::vector<int64_t> ids;
  for (const auto& p : prompts) {
    Request r;
    r.prompt_ids = p;
    r.params.max_tokens = max_tokens;
    r.params.ignore_eos = true;
    ids.push_back(e.submit(r));
  }
  Run out;
  for (int steps = 0; e.has_unfinished() && steps < 100000; ++steps) {
    const StepResult s = e.step();
    if (!s.ran) break;
    out.prefix_hits += s.metrics.prefix_hit_tokens;
    out.drafted += s.metrics.spec_drafted;
    out.peak = s.metrics.kv_bytes_peak;
    out.peak_full = s.metrics.kv_bytes_peak_full_attention;
  }
  for (int64_t id : ids) out.outputs.push_back(e.request_info(id).token_ids.at(0));
  out.preemptions = e.total_preemptions();
  const BlockMapSnapshot snap = e.block_map();
  out.groups = snap.groups.size();
  for (const KvGroupInfo& g : snap.groups) out.window_releases += g.blocks_released;
  return out;
}

std::vector<std::vector<int32_t>> prompts_sharing_prefix(int n, int len, int n_vocab, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<int32_t> prefix(32);
  for (auto& t : prefix) t = int32_t(1 + rng() % uint32_t(n_vocab - 1));
  std::vector<std::vector<int32_t>> out;
  for (int i = 0; i < n; ++i) {
    std::vector<int32_t> p = i % 2 ? prefix : std::vector<int32_t>{};
    while (int(p.size()) < len + 3 * i) p.push_back(int32_t(1 + rng() % uint32_t(n_vocab - 1)));
    out.push_back(std::move(p));
  }
  return out;
}

std::string gemma_path_if_present() {
  const std::filesystem::path p =
      std::filesystem::path(default_model_path()).parent_path() / "gemma-3-270m-q4_k_m.gguf";
  return std::filesystem::exists(p) ? p.string() : std::string();
}

}  // namespace

class TestEngineWindow : public QObject {
  Q_OBJECT

 private slots:
  void releaseEqualsMaskOnly_data() {
    QTest::addColumn<bool>("speculate");
    QTest::newRow("plain") << false;
    QTest::newRow("ngram speculation") << true;
  }

  // arch_gemma3: 3 layers (two with a window of 8, one global), 1 KV head of 32: 128 F16 bytes per token
  // and layer. Blocks of 4 tokens; a budget of 80 one-layer blocks holds 26 three-layer blocks (104
  // tokens) with release off, so six requests of 60-75 prompt tokens (+ 20 generated) preempt in both runs.
  void releaseEqualsMaskOnly() {
    QFETCH(bool, speculate);
    INFERSCOPE_REQUIRE_MODEL(test::arch_models_dir(), "the random-weight architecture models");
    const std::shared_ptr<const LoadedModel> m = load_model(test::arch_models_dir() + "/arch_gemma3.gguf");
    QCOMPARE(m->model->config().sliding_window, 8);
    EngineConfig cfg;
    cfg.block_size = 4;
    cfg.kv_budget_bytes = 80 * 4 * 128;
    cfg.prefix_caching = true;
    cfg.threads = 2;
    cfg.sched.max_num_seqs = 6;
    cfg.sched.max_num_batched_tokens = 16;
    if (speculate) {
      cfg.spec.kind = spec::DrafterKind::Ngram;
      cfg.spec.k = 3;
    }
    const auto prompts = prompts_sharing_prefix(6, 60, m->model->config().n_vocab, 7);
    EngineConfig off = cfg;
    off.kv_window_release = false;
    const Run with = run(m, cfg, prompts, 20);
    const Run without = run(m, off, prompts, 20);
    QCOMPARE(with.groups, size_t{3});
    QCOMPARE(without.groups, size_t{1});
    QVERIFY(with.window_releases > 0);
    QCOMPARE(without.window_releases, int64_t{0});
    QVERIFY2(with.preemptions > 0 && without.preemptions > 0,
             qPrintable(QStringLiteral("%1 / %2").arg(with.preemptions).arg(without.preemptions)));
    QVERIFY(with.prefix_hits > 0);
    if (speculate) QVERIFY(with.drafted > 0);
    QCOMPARE(with.outputs.size(), prompts.size());
    for (size_t i = 0; i < prompts.size(); ++i) {
      QCOMPARE(int(with.outputs[i].size()), 20);
      QCOMPARE(with.outputs[i], without.outputs[i]);
    }
    // Without windows in the cache both peaks are the same number.
    QCOMPARE(without.peak, without.peak_full);
    QVERIFY(with.peak < with.peak_full);
  }

  // The real Gemma 3 270M (window 512): two prompts of 603 and 609 tokens sharing 32, in chunks of 128,
  // greedy: the same tokens with release on and off, and the cache's peak lower with release.
  void realGemmaPastTheWindow() {
    const std::string path = gemma_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "Gemma 3 270M");
    const std::shared_ptr<const LoadedModel> m = load_model(path);
    QCOMPARE(m->model->config().sliding_window, 512);
    EngineConfig cfg;
    cfg.threads = 2;
    cfg.sched.max_num_batched_tokens = 128;
    const auto four = prompts_sharing_prefix(4, 600, 20000, 11);
    const std::vector<std::vector<int32_t>> prompts{four[1], four[3]};  // the two that share the prefix
    EngineConfig off = cfg;
    off.kv_window_release = false;
    const Run with = run(m, cfg, prompts, 8);
    const Run without = run(m, off, prompts, 8);
    QCOMPARE(with.groups, size_t{6});
    QVERIFY(with.window_releases > 0);
    QVERIFY(with.prefix_hits > 0);
    QCOMPARE(with.outputs, without.outputs);
    QVERIFY(with.peak < without.peak);
    QCOMPARE(without.peak, without.peak_full);
  }

  // One request alone, so the peaks have closed forms. arch_gemma3, blocks of 4 tokens, a 40-token
  // prompt in chunks of 16, then 10 generated tokens: 49 tokens get K/V (the 50th is sampled only), so
  // full attention peaks at 13 blocks of 3 layers. The cache peaks while the chunk at 16..31 is planned:
  // the full group holds blocks 0..7, each window group blocks 2..7 (its window starts at 16 - 8 + 1 = 9,
  // in block 2): 8 + 2 x 6 = 20 one-layer blocks (decoding later holds at most 13 + 2 x 3 = 19).
  // A one-layer block of 4 tokens is 4 x 128 = 512 bytes.
  void peaksClosedForm() {
    INFERSCOPE_REQUIRE_MODEL(test::arch_models_dir(), "the random-weight architecture models");
    const std::shared_ptr<const LoadedModel> m = load_model(test::arch_models_dir() + "/arch_gemma3.gguf");
    EngineConfig cfg;
    cfg.block_size = 4;
    cfg.kv_budget_bytes = 1 << 20;
    cfg.prefix_caching = false;
    cfg.threads = 1;
    cfg.sched.max_num_batched_tokens = 16;
    const Run r = run(m, cfg, prompts_sharing_prefix(1, 40, m->model->config().n_vocab, 3), 10);
    QCOMPARE(r.peak_full, int64_t{13} * 3 * 512);
    QCOMPARE(r.peak, int64_t{20} * 512);
    // The last commit (49 tokens) left each window group's next query at 49, window from 42: blocks
    // 0..9 (positions < 40) released in each of the two window groups, before the sequence ended.
    QCOMPARE(r.window_releases, int64_t{2 * 10});
  }

  // What the settings show before an engine exists (kv_block_plan, from the model card) is what the engine
  // then builds. Gemma 3 270M at the default 64 MiB of f16: with release a block holds one group of 3
  // layers, 16 x 3 x 2 x 256 x 2 = 49,152 bytes -> 1,365 blocks shared by 6 groups, so a sequence surely
  // reaches 227 x 16 = 3,632 tokens; without, all 18 layers, 294,912 bytes -> 227 blocks, the same 3,632
  // tokens. arch_gemma3 (3 layers, 1 KV head of 32, blocks of 4): groups of 1 layer, 512 bytes -> 2,048
  // blocks of 1 MiB in 3 groups (682 x 4 = 2,728 tokens); without, 1,536 bytes -> 682 blocks.
  void settingsBlockCountIsTheEngines() {
    INFERSCOPE_REQUIRE_MODEL(test::arch_models_dir(), "the random-weight architecture models");
    struct Case {
      std::string path;
      int block_size;
      size_t budget;
      int64_t with, without, tokens;
      int groups;
    };
    std::vector<Case> cases{{test::arch_models_dir() + "/arch_gemma3.gguf", 4, size_t(1) << 20, 2048, 682, 2728, 3}};
    if (const std::string g = gemma_path_if_present(); !g.empty())
      cases.push_back({g, 16, size_t(64) << 20, 1365, 227, 3632, 6});
    for (const Case& k : cases) {
      const std::shared_ptr<const LoadedModel> m = load_model(k.path);
      for (bool release : {true, false}) {
        EngineConfig cfg;
        cfg.block_size = k.block_size;
        cfg.kv_budget_bytes = k.budget;
        cfg.kv_window_release = release;
        cfg.threads = 1;
        const KvBlockPlan shown = kv_block_plan(m->card, cfg);
        QCOMPARE(shown.blocks, release ? k.with : k.without);
        QCOMPARE(shown.groups, release ? k.groups : 1);
        QCOMPARE(shown.max_tokens, k.tokens);
        LLMEngine engine(m, cfg);
        QCOMPARE(engine.kv_num_blocks(), shown.blocks);
        QCOMPARE(engine.kv_manager().num_groups(), shown.groups);
        QCOMPARE(engine.kv_manager().max_tokens(), shown.max_tokens);
      }
    }
  }
};

QTEST_APPLESS_MAIN(TestEngineWindow)
#include "tst_engine_window.moc"
