// Sliding-window KV groups in the paged cache: the grouping of Gemma 3's published layer patterns, the
// window's block release (every position a query can still see reads back its own token), prefix hits
// per group (a window group needs only the blocks of the hit's window, and a hit shrinks when one of
// those was evicted), the snapshot's groups, and the closed-form peak of Gemma 3 270M at 4,096 tokens.
#include <QtTest/QtTest>

#include <numeric>
#include <random>

#include "engine/kv/kv_cache_manager.h"
#include "engine/kv/kv_groups.h"

using namespace inferscope;

namespace {

std::vector<int32_t> tokens(int n, int32_t base) {
  std::vector<int32_t> t(static_cast<size_t>(n));
  std::iota(t.begin(), t.end(), base);
  return t;
}

// Gemma 3's layer pattern: every sixth layer (5, 11, ...) global, the others local with window w.
std::vector<int32_t> gemma3_windows(int n_layers, int w) {
  std::vector<int32_t> v(static_cast<size_t>(n_layers), w);
  for (int l = 5; l < n_layers; l += 6) v[static_cast<size_t>(l)] = 0;
  return v;
}

// Every position the next query of `seq` can see (the whole sequence for full groups, the last
// `window` positions for window groups) reads back the token committed there.
QString window_readback_error(const KvCacheManager& m, int64_t seq, const std::vector<int32_t>& toks) {
  const int n = m.num_committed_tokens(seq), B = m.block_size();
  for (int g = 0; g < m.num_groups(); ++g) {
    const int w = m.group(g).window;
    for (int p = w == 0 ? 0 : std::max(0, n - w + 1); p < n; ++p) {
      const int64_t slot = m.slot(seq, p, g);
      const auto& held = m.pool().block(static_cast<int32_t>(slot / B)).token_ids;
      if (static_cast<int>(held.size()) <= p % B || held[size_t(p % B)] != toks[size_t(p)])
        return QStringLiteral("seq %1 group %2 position %3").arg(seq).arg(g).arg(p);
    }
  }
  return {};
}

}  // namespace

class TestKvWindow : public QObject {
  Q_OBJECT

 private slots:
  void groupsOfGemma3Configs() {
    // 270M: 18 layers -> global 5, 11, 17; 15 local. gcd(3, 15) = 3 layers per group.
    const KvGroupPlan p270 = plan_kv_groups(gemma3_windows(18, 512));
    QCOMPARE(p270.layers_per_group, 3);
    QCOMPARE(p270.groups.size(), size_t{6});
    QCOMPARE(p270.groups[0].window, 0);
    QCOMPARE(p270.groups[0].layers, (std::vector<int32_t>{5, 11, 17}));
    QCOMPARE(p270.groups[1].layers, (std::vector<int32_t>{0, 1, 2}));
    QCOMPARE(p270.groups[5].layers, (std::vector<int32_t>{14, 15, 16}));
    QCOMPARE(p270.groups[5].window, 512);
    QCOMPARE(p270.layer_group[17], 0);
    QCOMPARE(p270.layer_slot[17], 2);
    // Local layers in order 0-4, 6-10, 12-16 in threes: {10, 12, 13} is group 4, 12 its second layer.
    QCOMPARE(p270.groups[4].layers, (std::vector<int32_t>{10, 12, 13}));
    QCOMPARE(p270.layer_group[12], 4);
    QCOMPARE(p270.layer_slot[12], 1);
    // 1B: 26 layers -> 4 global (5, 11, 17, 23), 22 local: gcd 2 -> 2 full groups and 11 window groups.
    const KvGroupPlan p1b = plan_kv_groups(gemma3_windows(26, 512));
    QCOMPARE(p1b.layers_per_group, 2);
    QCOMPARE(p1b.groups.size(), size_t{13});
    QCOMPARE(p1b.groups[1].layers, (std::vector<int32_t>{17, 23}));
    // No window: one group of every layer.
    const KvGroupPlan plain = plan_kv_groups(std::vector<int32_t>(30, 0));
    QCOMPARE(plain.groups.size(), size_t{1});
    QCOMPARE(plain.layers_per_group, 30);
  }

  // Gemma 3 270M (published config: 18 layers, 1 KV head of 256, window 512), F16, blocks of 16, one
  // sequence decoded token by token to 4,096 tokens. By hand: the full group keeps 4096 / 16 = 256
  // blocks; a window of 512 spans at most 512 / 16 + 1 = 33 blocks, in each of the 5 window groups:
  // peak 256 + 5 x 33 = 421 blocks of 3 layers, against 6 x 256 = 1536 such blocks for full attention.
  void gemma3_270mPeakAt4096Tokens() {
    const KvGroupPlan plan = plan_kv_groups(gemma3_windows(18, 512));
    KvCacheManager m(2000, 16, true, plan.groups);
    const std::vector<int32_t> all = tokens(4096, 7);
    QCOMPARE(m.allocate_prompt(1, all), 0);
    QVERIFY(m.append_slots(1, 16));
    m.commit_tokens(1, std::vector<int32_t>(all.begin(), all.begin() + 16));
    int peak = 0, peak_full = 0;
    for (int n = 16; n < 4096; ++n) {
      QVERIFY(m.append_slots(1, 1));
      peak = std::max(peak, m.num_used_blocks());
      peak_full = std::max(peak_full, m.num_full_attention_blocks());
      m.commit_tokens(1, std::vector<int32_t>(all.begin(), all.begin() + n + 1));
    }
    QCOMPARE(m.check_invariants(), std::string());
    QCOMPARE(peak, 256 + 5 * 33);
    QCOMPARE(peak_full, 256);
    // Bytes: a block of 3 layers = 16 x 3 x (2 x 1 x 256 x 2) = 49,152; full attention 4096 x 18 x 1024.
    const double peak_bytes = 421.0 * 49152, full_bytes = 4096.0 * 18 * 1024;
    QCOMPARE(full_bytes, 256.0 * 6 * 49152);
    const double ratio = peak_bytes / full_bytes;
    QVERIFY2(ratio > 0.27 && ratio < 0.28, qPrintable(QString::number(ratio)));
    // The window groups alone: 165 of their 1280 full-attention blocks, about an eighth.
    QVERIFY(std::abs(165.0 / 1280.0 - 0.129) < 0.001);
    QCOMPARE(m.window_releases(1), int64_t{(4096 - 511) / 16});
    QCOMPARE(m.window_releases(0), int64_t{0});
  }

  // Windows 8, blocks of 4, one full and one window group: release points, read-back, snapshot.
  void releaseAndSnapshot() {
    KvCacheManager m(50, 4, true, {KvGroup{0, {2}}, KvGroup{8, {0, 1}}});
    const std::vector<int32_t> a = tokens(100, 1);
    QCOMPARE(m.allocate_prompt(1, a), 0);
    QVERIFY(m.append_slots(1, 100));
    QCOMPARE(m.num_used_blocks(), 50);
    m.commit_tokens(1, a);
    // Next query at 100 sees 93..100: blocks 0..22 (positions < 92) are wholly before it.
    QCOMPARE(m.num_released_blocks(1, 1), 23);
    QCOMPARE(m.num_released_blocks(1, 0), 0);
    QCOMPARE(m.num_used_blocks(), 27);
    QCOMPARE(m.num_blocks_held(1), 27);
    QCOMPARE(window_readback_error(m, 1, a), QString());
    QCOMPARE(m.check_invariants(), std::string());
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, m.slot(1, 91, 1));
    QCOMPARE(m.slot(1, 91, 0) / 4, int64_t{m.block_table(1, 0)[22]});
    const BlockMapSnapshot snap = m.snapshot();
    QCOMPARE(snap.groups.size(), size_t{2});
    QCOMPARE(snap.groups[0].window, 0);
    QCOMPARE(snap.groups[1].window, 8);
    QCOMPARE(snap.groups[1].layers, (std::vector<int32_t>{0, 1}));
    QCOMPARE(snap.groups[0].blocks_used, 25);
    QCOMPARE(snap.groups[1].blocks_used, 2);
    QCOMPARE(snap.groups[1].blocks_released, int64_t{23});
    QCOMPARE(snap.sequences.size(), size_t{1});
    const auto& gt = snap.sequences[0].group_tables;
    QCOMPARE(gt.size(), size_t{2});
    QCOMPARE(std::count(gt[1].begin(), gt[1].end(), -1), std::ptrdiff_t{23});
    QCOMPARE(std::count(gt[0].begin(), gt[0].end(), -1), std::ptrdiff_t{0});
    int released = 0, released_cached = 0;
    for (const BlockInfo& b : snap.blocks) {
      if (!b.window_released) continue;
      ++released;
      QCOMPARE(b.group, 1);
      QCOMPARE(b.ref_count, 0);
      released_cached += b.state == BlockState::Cached;  // full and hashed: still a prefix-cache entry
    }
    QCOMPARE(released, 23);
    QCOMPARE(released_cached, 23);
  }

  // A later prompt with the same prefix: the full group needs blocks 0..k-1, the window group only those
  // holding the window of position k*B. Evicting the window group's block 22 (needed by every k > 0)
  // must drop the hit to 0 although the full group still holds the whole chain.
  void prefixHitPerGroup_data() {
    QTest::addColumn<int>("evicting_tokens");
    QTest::addColumn<int>("expected_hit");
    // Free queue after A: [w0..w22 (released first), f24..f0, w24, w23]. 44 tokens take 2 x 11 = 22
    // blocks: w0..w21, whose positions the window of 96 no longer needs -> hit 24 blocks = 96 tokens.
    QTest::newRow("released blocks evicted, window kept") << 44 << 96;
    // 48 tokens take 24 blocks: w0..w22 and the uncached partial f24 -> no k has its window cached.
    QTest::newRow("window block evicted") << 48 << 0;
  }
  void prefixHitPerGroup() {
    QFETCH(int, evicting_tokens);
    QFETCH(int, expected_hit);
    KvCacheManager m(50, 4, true, {KvGroup{0, {2}}, KvGroup{8, {0, 1}}});
    const std::vector<int32_t> a = tokens(100, 1);
    m.allocate_prompt(1, a);
    QVERIFY(m.append_slots(1, 100));
    m.commit_tokens(1, a);
    m.free(1);
    const std::vector<int32_t> c = tokens(evicting_tokens, 5000);
    QCOMPARE(m.allocate_prompt(2, c), 0);
    QVERIFY(m.append_slots(2, evicting_tokens));
    m.commit_tokens(2, c);
    QCOMPARE(m.num_cached_prefix_tokens(a), expected_hit);
    QCOMPARE(m.allocate_prompt(3, a), expected_hit);
    QCOMPARE(m.num_released_blocks(3, 1), expected_hit ? (expected_hit - 7) / 4 : 0);
    QCOMPARE(m.num_released_blocks(3, 0), 0);
    m.free(2);  // room for the rest of the prompt
    QVERIFY(m.append_slots(3, 100 - expected_hit));
    m.commit_tokens(3, a);
    QCOMPARE(window_readback_error(m, 3, a), QString());
    QCOMPARE(m.check_invariants(), std::string());
  }

  // Random chunked prefills, decodes, speculative appends with rollback, forks, prefix hits, frees: the
  // invariants hold and every position inside a window reads back its token after every commit.
  void randomizedWindowProperty() {
    std::mt19937 rng(1234);
    KvCacheManager m(120, 4, true, {KvGroup{0, {}}, KvGroup{6, {}}, KvGroup{6, {}}});
    std::map<int64_t, std::vector<int32_t>> seqs;  // committed tokens per live sequence
    int64_t next_id = 1;
    const std::vector<int32_t> shared = tokens(40, 100);
    for (int it = 0; it < 3000; ++it) {
      const int op = int(rng() % 10);
      if (op < 2 && seqs.size() < 6) {  // new sequence, half of them on the shared prefix
        std::vector<int32_t> prompt = rng() % 2 ? shared : tokens(30, int32_t(1000 * next_id));
        for (int i = 0, extra = int(rng() % 20); i < extra; ++i) prompt.push_back(int32_t(rng() % 50));
        const int64_t id = next_id++;
        const int hit = m.allocate_prompt(id, prompt);
        if (!m.append_slots(id, int(prompt.size()) - hit)) {
          m.abort_prompt(id);
          continue;
        }
        m.commit_tokens(id, prompt);
        seqs[id] = prompt;
      } else if (op < 7 && !seqs.empty()) {  // decode, sometimes with a rejected speculative tail
        auto itr = std::next(seqs.begin(), long(rng() % seqs.size()));
        const int64_t id = itr->first;
        const int draft = int(rng() % 4);
        if (!m.append_slots(id, 1 + draft)) continue;
        const int accepted = draft ? int(rng() % (draft + 1)) : 0;
        m.truncate(id, m.num_tokens(id) - draft + accepted);
        for (int i = 0; i < 1 + accepted; ++i) itr->second.push_back(int32_t(rng() % 50));
        m.commit_tokens(id, itr->second);
      } else if (op < 8 && !seqs.empty() && seqs.size() < 6) {  // fork
        const int64_t parent = std::next(seqs.begin(), long(rng() % seqs.size()))->first;
        const int64_t id = next_id++;
        m.fork(parent, id);
        seqs[id] = seqs[parent];
      } else if (!seqs.empty()) {  // finish
        auto itr = std::next(seqs.begin(), long(rng() % seqs.size()));
        m.free(itr->first);
        seqs.erase(itr);
      }
      for (const auto& [id, toks] : seqs) {
        QCOMPARE(m.num_committed_tokens(id), int(toks.size()));
        const QString e = window_readback_error(m, id, toks);
        if (!e.isEmpty()) QFAIL(qPrintable(QStringLiteral("step %1: %2").arg(it).arg(e)));
      }
      const std::string inv = m.check_invariants();
      if (!inv.empty()) QFAIL(qPrintable(QStringLiteral("step %1: %2").arg(it).arg(QString::fromStdString(inv))));
    }
  }

  void truncateIntoReleasedWindowThrows() {
    KvCacheManager m(40, 4, false, {KvGroup{0, {}}, KvGroup{4, {}}});
    const std::vector<int32_t> a = tokens(20, 1);
    m.allocate_prompt(1, a);
    QVERIFY(m.append_slots(1, 20));
    m.commit_tokens(1, a);
    QCOMPARE(m.num_released_blocks(1, 1), 4);  // next query at 20 sees 17..20: blocks 0..3 passed
    QVERIFY_THROWS_EXCEPTION(std::logic_error, m.truncate(1, 12));
    QCOMPARE(m.num_tokens(1), 20);  // unchanged
    m.truncate(1, 19);              // its window starts at 16: still held
    QCOMPARE(m.check_invariants(), std::string());
  }
};

QTEST_APPLESS_MAIN(TestKvWindow)
#include "tst_kv_window.moc"
