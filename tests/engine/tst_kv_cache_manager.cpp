// KvCacheManager: block tables, copy-on-write, LRU free order, prefix caching, truncate, and a
// randomized property test that models the K/V memory itself (one token id per slot) to prove that
// every sequence always reads back exactly the tokens it committed.
#include <QtTest/QtTest>

#include <algorithm>
#include <map>
#include <random>
#include <stdexcept>

#include "engine/kv/kv_cache_manager.h"

using inferscope::BlockCopy;
using inferscope::BlockState;
using inferscope::KvCacheManager;

namespace {
std::vector<int32_t> iota_tokens(int n, int32_t base = 1000) {
  std::vector<int32_t> t(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) t[static_cast<size_t>(i)] = base + i;
  return t;
}

// Prefill a whole prompt the way the scheduler + runner would: hits, then slots, then commit.
int prefill(KvCacheManager& m, int64_t seq, const std::vector<int32_t>& prompt) {
  const int hit = m.allocate_prompt(seq, prompt);
  if (!m.append_slots(seq, static_cast<int>(prompt.size()) - hit)) return -1;
  m.commit_tokens(seq, prompt);
  return hit;
}
}  // namespace

class TestKvCacheManager : public QObject {
  Q_OBJECT

 private slots:
  void tablesAndSlots() {
    KvCacheManager m(8, 4, false);
    QCOMPARE(m.allocate_prompt(1, iota_tokens(10)), 0);
    QCOMPARE(m.num_tokens(1), 0);
    QVERIFY(m.can_append(1, 10));
    QVERIFY(m.append_slots(1, 10));
    QCOMPARE(m.block_table(1), (std::vector<int32_t>{0, 1, 2}));
    QCOMPARE(m.num_tokens(1), 10);
    QCOMPARE(m.slot(1, 0), int64_t{0});
    QCOMPARE(m.slot(1, 5), int64_t{1 * 4 + 1});
    QCOMPARE(m.slot(1, 9), int64_t{2 * 4 + 1});
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, m.slot(1, 10));
    QCOMPARE(m.num_free_blocks(), 5);
    QCOMPARE(m.num_used_blocks(), 3);
    QCOMPARE(m.blocks_needed(0), 0);
    QCOMPARE(m.blocks_needed(4), 1);
    QCOMPARE(m.blocks_needed(5), 2);
    QCOMPARE(m.num_filled_slots(), int64_t{10});
    QVERIFY(m.append_slots(1, 2));  // fills block 2, no new block
    QCOMPARE(m.block_table(1).size(), size_t{3});
    QCOMPARE(m.prefix_query_tokens(), int64_t{0});  // caching off: nothing counted
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, m.allocate_prompt(1, iota_tokens(3)));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, m.append_slots(99, 1));
    m.free(1);
    QCOMPARE(m.num_free_blocks(), 8);
    QVERIFY(!m.has_sequence(1));
    QCOMPARE(m.check_invariants(), std::string());
  }

  void forkSharesEveryBlock() {
    KvCacheManager m(8, 4, false);
    QCOMPARE(prefill(m, 1, iota_tokens(8)), 0);
    m.fork(1, 2);
    QCOMPARE(m.block_table(2), m.block_table(1));
    for (int32_t id : m.block_table(1)) QCOMPARE(m.pool().block(id).ref_count, 2);
    QCOMPARE(m.num_shared_blocks(), 2);
    QCOMPARE(m.num_used_blocks(), 2);
    // Full blocks: the next token goes to a fresh block on each side, nothing is copied.
    QVERIFY(m.append_slots(1, 1));
    QVERIFY(m.append_slots(2, 1));
    QVERIFY(m.take_pending_copies().empty());
    QVERIFY(m.block_table(1).back() != m.block_table(2).back());
    QCOMPARE(m.check_invariants(), std::string());
    m.free(1);
    QCOMPARE(m.num_shared_blocks(), 0);
    m.free(2);
    QCOMPARE(m.num_used_blocks(), 0);
  }

  void copyOnWriteOfTheSharedPartialBlock() {
    KvCacheManager m(8, 4, false);
    const auto prompt = iota_tokens(6);  // one full block + 2 slots of block 1
    prefill(m, 1, prompt);
    const std::vector<int32_t> parent_table = m.block_table(1);
    m.fork(1, 2);
    QVERIFY(m.can_append(2, 1));
    QVERIFY(m.append_slots(2, 1));
    const auto copies = m.take_pending_copies();
    QCOMPARE(copies.size(), size_t{1});
    QCOMPARE(copies[0].src, parent_table[1]);
    QCOMPARE(copies[0].dst, m.block_table(2)[1]);
    QVERIFY(copies[0].dst != copies[0].src);
    QCOMPARE(m.block_table(1), parent_table);           // parent unchanged
    QCOMPARE(m.block_table(2)[0], parent_table[0]);     // full block still shared
    QCOMPARE(m.pool().block(parent_table[0]).ref_count, 2);
    QCOMPARE(m.pool().block(parent_table[1]).ref_count, 1);
    QCOMPARE(m.pool().block(copies[0].dst).token_ids, (std::vector<int32_t>{1004, 1005}));
    QCOMPARE(m.num_tokens(2), 7);
    QVERIFY(m.take_pending_copies().empty());
    // The parent owns its partial block alone now: it writes in place.
    QVERIFY(m.append_slots(1, 1));
    QVERIFY(m.take_pending_copies().empty());
    QCOMPARE(m.block_table(1), parent_table);
    QCOMPARE(m.check_invariants(), std::string());
  }

  void freedSequenceTailIsEvictedFirst() {
    KvCacheManager m(6, 4, false);
    prefill(m, 1, iota_tokens(12));
    QCOMPARE(m.block_table(1), (std::vector<int32_t>{0, 1, 2}));
    m.free(1);
    // Never-used blocks first, then seq 1's blocks tail-first.
    QCOMPARE(m.pool().free_queue(), (std::vector<int32_t>{3, 4, 5, 2, 1, 0}));
    prefill(m, 2, iota_tokens(16, 5));
    QCOMPARE(m.block_table(2), (std::vector<int32_t>{3, 4, 5, 2}));
    QCOMPARE(m.check_invariants(), std::string());
  }

  void prefixReuseSharesPhysicalBlocks() {
    KvCacheManager m(16, 4, true);
    std::vector<int32_t> a = iota_tokens(12);
    a.push_back(7);
    QCOMPARE(prefill(m, 1, a), 0);
    std::vector<int32_t> b = iota_tokens(12);
    b.push_back(8);
    b.push_back(9);
    QCOMPARE(prefill(m, 2, b), 12);
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(m.block_table(2)[static_cast<size_t>(i)], m.block_table(1)[static_cast<size_t>(i)]);
      QCOMPARE(m.pool().block(m.block_table(1)[static_cast<size_t>(i)]).ref_count, 2);
    }
    QVERIFY(m.block_table(2)[3] != m.block_table(1)[3]);
    QCOMPARE(m.num_shared_blocks(), 3);
    // Shifted by one token: every block hash differs, nothing is shared.
    std::vector<int32_t> c{1};
    for (int32_t t : iota_tokens(12)) c.push_back(t);
    QCOMPARE(prefill(m, 3, c), 0);
    for (int32_t id : m.block_table(3)) QCOMPARE(m.pool().block(id).ref_count, 1);
    QCOMPARE(m.prefix_query_tokens(), int64_t{13 + 14 + 13});
    QCOMPARE(m.prefix_hit_tokens(), int64_t{12});
    QCOMPARE(m.check_invariants(), std::string());
  }

  // An admission rolled back (its first chunk found no room) leaves the counters as they were, so
  // the retry next step is counted once, and the hit blocks go back to the cache.
  void abortedPromptIsNotCounted() {
    KvCacheManager m(16, 4, true);
    QCOMPARE(prefill(m, 1, iota_tokens(13)), 0);
    m.free(1);
    const int64_t q0 = m.prefix_query_tokens(), h0 = m.prefix_hit_tokens();
    QCOMPARE(m.allocate_prompt(2, iota_tokens(13)), 12);
    QCOMPARE(m.prefix_hit_tokens(), h0 + 12);
    m.abort_prompt(2);
    QCOMPARE(m.prefix_query_tokens(), q0);
    QCOMPARE(m.prefix_hit_tokens(), h0);
    QCOMPARE(m.num_cached_prefix_tokens(iota_tokens(13)), 12);  // still cached, unreferenced
    QCOMPARE(m.check_invariants(), std::string());
    QCOMPARE(prefill(m, 3, iota_tokens(13)), 12);
    QCOMPARE(m.prefix_query_tokens(), q0 + 13);
    QCOMPARE(m.prefix_hit_tokens(), h0 + 12);
  }

  void hitsLeaveTheLastTokenToCompute() {
    KvCacheManager m(16, 4, true);
    prefill(m, 1, iota_tokens(13));
    // 12 tokens = 3 full cached blocks, but only (12 - 1) / 4 = 2 may be hits.
    QCOMPARE(m.num_cached_prefix_tokens(iota_tokens(12)), 8);
    QCOMPARE(prefill(m, 2, iota_tokens(12)), 8);
    QCOMPARE(m.num_tokens(2), 12);
    QCOMPARE(m.allocate_prompt(3, iota_tokens(13)), 12);
    QCOMPARE(m.allocate_prompt(4, {}), 0);
    QCOMPARE(m.allocate_prompt(5, iota_tokens(4)), 0);
    QCOMPARE(m.num_cached_prefix_tokens(iota_tokens(5)), 4);
    QCOMPARE(m.check_invariants(), std::string());
  }

  void freedPrefixStaysCachedUntilEvicted() {
    KvCacheManager m(4, 4, true);
    const auto a = iota_tokens(9);  // blocks 0, 1 full and cached; block 2 partial
    prefill(m, 1, a);
    m.free(1);
    QCOMPARE(m.num_cached_blocks(), 2);
    QCOMPARE(m.num_free_blocks(), 4);
    QCOMPARE(m.pool().free_queue(), (std::vector<int32_t>{3, 2, 1, 0}));
    // A hit revives the cached blocks straight out of the free queue.
    QCOMPARE(m.allocate_prompt(2, a), 8);
    QCOMPARE(m.num_cached_blocks(), 0);
    QCOMPARE(m.num_free_blocks(), 2);
    m.free(2);
    // Fill the pool with unrelated data: LRU hands out 3, then 2, then seq 1's tail block 1 ...
    QVERIFY(m.allocate_prompt(3, {}) == 0 && m.append_slots(3, 12));
    QCOMPARE(m.block_table(3), (std::vector<int32_t>{3, 2, 1}));
    QCOMPARE(m.num_cached_blocks(), 1);
    // ... so only the first block of the prefix still hits.
    QCOMPARE(m.num_cached_prefix_tokens(a), 4);
    QVERIFY(m.append_slots(3, 4));  // evicts block 0 too
    QCOMPARE(m.num_cached_blocks(), 0);
    QCOMPARE(m.allocate_prompt(4, a), 0);
    QCOMPARE(m.check_invariants(), std::string());
  }

  void truncateReleasesAndUncaches() {
    KvCacheManager m(8, 4, true);
    const auto a = iota_tokens(10);
    prefill(m, 1, a);
    const std::vector<int32_t> table = m.block_table(1);
    QCOMPARE(m.pool().block(table[1]).hash.has_value(), true);
    m.truncate(1, 6);
    QCOMPARE(m.num_tokens(1), 6);
    QCOMPARE(m.num_committed_tokens(1), 6);
    QCOMPARE(m.block_table(1), (std::vector<int32_t>(table.begin(), table.begin() + 2)));
    QCOMPARE(m.pool().block(table[2]).ref_count, 0);
    QVERIFY(!m.pool().block(table[1]).hash.has_value());  // no longer full, no longer cached
    QCOMPARE(m.pool().block(table[1]).token_ids, (std::vector<int32_t>{1004, 1005}));
    QVERIFY(m.pool().block(table[0]).hash.has_value());
    QCOMPARE(m.num_cached_prefix_tokens(a), 4);
    // Rolling forward with different tokens caches the block under the new content.
    std::vector<int32_t> b(a.begin(), a.begin() + 6);
    b.insert(b.end(), {77, 78});
    QVERIFY(m.append_slots(1, 2));
    m.commit_tokens(1, b);
    QVERIFY(m.pool().block(table[1]).hash.has_value());
    b.push_back(79);
    QCOMPARE(m.num_cached_prefix_tokens(b), 8);
    QCOMPARE(m.num_cached_prefix_tokens(a), 4);
    m.truncate(1, 0);
    QVERIFY(m.block_table(1).empty());
    QCOMPARE(m.num_used_blocks(), 0);
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, m.truncate(1, 1));
    QCOMPARE(m.check_invariants(), std::string());
  }

  void truncateIntoASharedBlockKeepsItForTheOthers() {
    KvCacheManager m(8, 4, true);
    const auto a = iota_tokens(9);
    prefill(m, 1, a);
    m.fork(1, 2);
    const int32_t shared = m.block_table(2)[1];
    m.truncate(2, 6);
    QVERIFY(m.pool().block(shared).hash.has_value());  // seq 1 still reads it as a full block
    QVERIFY(m.append_slots(2, 1));
    const auto copies = m.take_pending_copies();
    QCOMPARE(copies, (std::vector<BlockCopy>{{shared, m.block_table(2)[1]}}));
    QCOMPARE(m.pool().block(copies[0].dst).token_ids, (std::vector<int32_t>{1004, 1005}));
    QCOMPARE(m.check_invariants(), std::string());
  }

  void appendIntoARewoundCachedBlockUncachesIt() {
    KvCacheManager m(8, 4, true);
    const auto a = iota_tokens(9);
    prefill(m, 1, a);
    m.fork(1, 2);
    m.truncate(2, 6);  // shared: block 1 stays cached for seq 1
    m.free(1);         // now seq 2 owns it alone, still cached, but it only uses 2 of its slots
    const int32_t block = m.block_table(2)[1];
    QCOMPARE(m.pool().block(block).ref_count, 1);
    QVERIFY(m.pool().block(block).hash.has_value());
    QVERIFY(m.append_slots(2, 1));
    QVERIFY(m.take_pending_copies().empty());  // exclusive: written in place ...
    QVERIFY(!m.pool().block(block).hash.has_value());  // ... so it must stop promising a's tokens
    std::vector<int32_t> b(a.begin(), a.begin() + 6);
    b.push_back(99);
    m.commit_tokens(2, b);
    QCOMPARE(m.num_cached_prefix_tokens(a), 4);
    QCOMPARE(m.check_invariants(), std::string());
  }

  void commitIgnoresTokensWithoutSlots() {
    KvCacheManager m(8, 4, true);
    const auto prompt = iota_tokens(11);
    QCOMPARE(m.allocate_prompt(1, prompt), 0);
    QVERIFY(m.append_slots(1, 5));  // first chunk of a chunked prefill
    m.commit_tokens(1, prompt);     // the engine passes everything it knows
    QCOMPARE(m.num_committed_tokens(1), 5);
    QCOMPARE(m.num_cached_prefix_tokens(prompt), 4);  // only block 0 is full and computed
    QVERIFY(m.append_slots(1, 6));
    m.commit_tokens(1, prompt);
    QCOMPARE(m.num_committed_tokens(1), 11);
    QCOMPARE(m.num_cached_prefix_tokens(prompt), 8);
    m.commit_tokens(1, std::vector<int32_t>(prompt.begin(), prompt.begin() + 3));  // no-op, never un-commits
    QCOMPARE(m.num_committed_tokens(1), 11);
    QCOMPARE(m.check_invariants(), std::string());
  }

  void appendIsAllOrNothing() {
    KvCacheManager m(3, 4, false);
    prefill(m, 1, iota_tokens(6));  // 2 blocks
    m.allocate_prompt(2, iota_tokens(9));
    QVERIFY(!m.can_append(2, 9));
    QVERIFY(!m.append_slots(2, 9));
    QCOMPARE(m.num_tokens(2), 0);
    QVERIFY(m.block_table(2).empty());
    QCOMPARE(m.num_free_blocks(), 1);
    // Copy-on-write needs a block too: with none left, the append fails and nothing moves.
    m.fork(1, 3);
    QVERIFY(m.append_slots(2, 4));
    QCOMPARE(m.num_free_blocks(), 0);
    const std::vector<int32_t> before = m.block_table(3);
    QVERIFY(!m.can_append(3, 1));
    QVERIFY(!m.append_slots(3, 1));
    QCOMPARE(m.block_table(3), before);
    QCOMPARE(m.num_tokens(3), 6);
    QVERIFY(m.take_pending_copies().empty());
    QVERIFY(m.append_slots(3, 0));
    QCOMPARE(m.check_invariants(), std::string());
  }

  void snapshotDescribesEveryBlock() {
    KvCacheManager m(6, 4, true);
    prefill(m, 1, iota_tokens(6));
    m.fork(1, 2);
    prefill(m, 3, iota_tokens(5, 50));
    m.free(3);  // block 2 full+cached, block 3 plain free
    const auto snap = m.snapshot();
    QCOMPARE(snap.block_size, 4);
    QCOMPARE(snap.blocks.size(), size_t{6});
    QCOMPARE(snap.blocks[0].state, BlockState::Used);
    QCOMPARE(snap.blocks[0].owners, (std::vector<int64_t>{1, 2}));
    QCOMPARE(snap.blocks[0].ref_count, 2);
    QCOMPARE(snap.blocks[0].filled, 4);
    QCOMPARE(snap.blocks[1].filled, 2);
    QCOMPARE(snap.blocks[2].state, BlockState::Cached);
    QCOMPARE(snap.blocks[2].filled, 4);
    QVERIFY(snap.blocks[2].owners.empty());
    QCOMPARE(snap.blocks[3].state, BlockState::Free);
    QCOMPARE(snap.blocks[3].filled, 0);
    QCOMPARE(snap.sequences.size(), size_t{2});
    QCOMPARE(snap.sequences[1].seq_id, int64_t{2});
    QCOMPARE(snap.sequences[1].num_tokens, 6);
    QCOMPARE(snap.sequences[1].block_table, m.block_table(2));
  }

  void randomizedOperationsKeepEveryInvariant();
};

// The property test. The model keeps, per sequence, the tokens it believes it has, how many slots are
// reserved and how many committed, and a fake K/V memory holding one token id per physical slot.
// After every operation: check_invariants() is empty, and every committed position of every sequence
// reads back its own token through slot() — which fails if copy-on-write, prefix hits, eviction or
// truncate ever let two sequences scribble over each other.
void TestKvCacheManager::randomizedOperationsKeepEveryInvariant() {
  struct Seq {
    std::vector<int32_t> tokens;  // known tokens; [0, reserved) are the ones with slots
    int reserved = 0, committed = 0;
  };
  std::mt19937 rng(20240611);
  auto uni = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int64_t total_ops = 0;
  // Coverage counters: a property test that never copies, hits or runs dry proves little.
  int64_t copies = 0, hit_tokens = 0, failed_appends = 0, truncates_into_block = 0;

  for (int round = 0; round < 60; ++round) {
    const int B = uni(0, 3) == 0 ? 1 : uni(1, 64);
    const int N = uni(1, std::max(2, 2048 / B));
    const bool caching = uni(0, 3) != 0;
    KvCacheManager m(N, B, caching);
    std::vector<int32_t> kv(static_cast<size_t>(N) * B, -1);
    std::map<int64_t, Seq> seqs;
    int64_t next_id = 0;
    const int vocab = uni(2, 50);
    std::vector<std::vector<int32_t>> bank(3);  // shared prefixes
    for (auto& p : bank)
      for (int i = 0, n = uni(0, 4 * B + 3); i < n; ++i) p.push_back(uni(0, vocab));

    auto apply_copies = [&] {
      for (const BlockCopy& c : m.take_pending_copies()) {
        ++copies;
        std::copy_n(kv.begin() + int64_t{c.src} * B, B, kv.begin() + int64_t{c.dst} * B);
      }
    };
    auto commit = [&](int64_t id, Seq& s) {
      for (int p = s.committed; p < s.reserved; ++p) kv[static_cast<size_t>(m.slot(id, p))] = s.tokens[static_cast<size_t>(p)];
      m.commit_tokens(id, std::vector<int32_t>(s.tokens.begin(), s.tokens.begin() + s.reserved));
      s.committed = s.reserved;
    };
    auto pick = [&]() -> int64_t {
      auto it = seqs.begin();
      std::advance(it, uni(0, static_cast<int>(seqs.size()) - 1));
      return it->first;
    };
    auto admit = [&](int64_t id, std::vector<int32_t> prompt) {
      const int hit = m.allocate_prompt(id, prompt);
      QVERIFY(hit % B == 0);
      QVERIFY(hit == 0 || hit <= static_cast<int>(prompt.size()) - 1);
      if (!caching) QCOMPARE(hit, 0);
      hit_tokens += hit;
      seqs[id] = Seq{std::move(prompt), hit, hit};
    };

    for (int op = 0; op < 400; ++op, ++total_ops) {
      const int kind = seqs.empty() ? 0 : uni(0, 9);
      QString what;
      if (kind <= 1) {  // admit a new request: a bank prefix + a random tail
        std::vector<int32_t> prompt = bank[static_cast<size_t>(uni(0, 2))];
        prompt.resize(static_cast<size_t>(uni(0, static_cast<int>(prompt.size()))));
        for (int i = 0, n = uni(prompt.empty() ? 1 : 0, 2 * B); i < n; ++i) prompt.push_back(uni(0, vocab));
        admit(next_id++, std::move(prompt));
        what = "admit";
      } else if (kind <= 4) {  // schedule: the rest of the prompt in a chunk, or decode tokens
        const int64_t id = pick();
        Seq& s = seqs[id];
        const int remaining = static_cast<int>(s.tokens.size()) - s.reserved;
        int n = remaining > 0 ? uni(1, remaining) : uni(1, 3);
        if (remaining <= 0)
          for (int i = 0; i < n; ++i) s.tokens.push_back(uni(0, vocab));
        const bool can = m.can_append(id, n);
        const int free_before = m.num_free_blocks();
        const bool ok = m.append_slots(id, n);
        QCOMPARE(ok, can);
        if (ok) {
          s.reserved += n;
          apply_copies();
        } else {
          QCOMPARE(m.num_free_blocks(), free_before);
          QVERIFY(m.take_pending_copies().empty());
          ++failed_appends;
          if (remaining <= 0) s.tokens.resize(s.tokens.size() - static_cast<size_t>(n));
        }
        QCOMPARE(m.num_tokens(id), s.reserved);
        what = "append";
      } else if (kind == 5) {  // the forward pass wrote K/V
        const int64_t id = pick();
        commit(id, seqs[id]);
        what = "commit";
      } else if (kind == 6) {  // parallel sampling
        const int64_t id = pick(), child = next_id++;
        m.fork(id, child);
        seqs[child] = seqs[id];
        what = "fork";
      } else if (kind == 7) {  // speculative rollback
        const int64_t id = pick();
        Seq& s = seqs[id];
        const int n = uni(0, s.reserved);
        truncates_into_block += n % B != 0;
        m.truncate(id, n);
        s.reserved = n;
        s.committed = std::min(s.committed, n);
        s.tokens.resize(static_cast<size_t>(n));
        what = "truncate";
      } else if (kind == 8) {  // finished
        const int64_t id = pick();
        m.free(id);
        seqs.erase(id);
        what = "free";
      } else {  // preempted by recompute: free, then re-admit with what it had computed
        const int64_t id = pick();
        std::vector<int32_t> toks(seqs[id].tokens.begin(), seqs[id].tokens.begin() + seqs[id].committed);
        m.free(id);
        seqs.erase(id);
        if (toks.empty()) toks.push_back(0);
        admit(next_id++, std::move(toks));
        what = "recompute";
      }

      const std::string bad = m.check_invariants();
      QVERIFY2(bad.empty(), qPrintable(QString("round %1 op %2 (%3, B=%4 N=%5): %6")
                                           .arg(round).arg(op).arg(what).arg(B).arg(N).arg(QString::fromStdString(bad))));
      for (const auto& [id, s] : seqs) {
        QCOMPARE(m.num_tokens(id), s.reserved);
        QCOMPARE(m.num_committed_tokens(id), s.committed);
        for (int p = 0; p < s.committed; ++p)
          if (kv[static_cast<size_t>(m.slot(id, p))] != s.tokens[static_cast<size_t>(p)])
            QFAIL(qPrintable(QString("round %1 op %2 (%3): seq %4 position %5 reads a foreign token")
                                 .arg(round).arg(op).arg(what).arg(id).arg(p)));
      }
      QCOMPARE(m.num_used_blocks() + m.num_free_blocks(), N);
    }

    for (const auto& [id, s] : seqs) m.free(id);
    QCOMPARE(m.num_used_blocks(), 0);
    QCOMPARE(m.num_free_blocks(), N);
    QCOMPARE(m.num_shared_blocks(), 0);
    QCOMPARE(m.check_invariants(), std::string());
    for (const auto& b : m.snapshot().blocks) QVERIFY(b.state != BlockState::Used && b.owners.empty());
  }
  QVERIFY(total_ops >= 20000);
  qInfo("ops %lld, copies %lld, hit tokens %lld, failed appends %lld, partial truncates %lld",
        static_cast<long long>(total_ops), static_cast<long long>(copies), static_cast<long long>(hit_tokens),
        static_cast<long long>(failed_appends), static_cast<long long>(truncates_into_block));
  QVERIFY(copies > 100 && hit_tokens > 1000 && failed_appends > 100 && truncates_into_block > 100);
}

QTEST_APPLESS_MAIN(TestKvCacheManager)
#include "tst_kv_cache_manager.moc"
