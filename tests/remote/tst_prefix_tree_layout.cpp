// The icicle layout of the prefix cache (remote/kv_events/prefix_tree_layout) on hand-built event
// streams whose forest is known in closed form: widths in prompts, order, the fold at the node and depth
// bounds, and an evicted middle block whose children become roots.
#include <QtTest>

#include "remote/kv_events/kv_prefix_cache.h"
#include "remote/kv_events/prefix_tree_layout.h"

using namespace inferscope::remote;

namespace {
KvEvent stored(std::vector<std::string> hashes, std::optional<std::string> parent, std::int64_t first_token) {
  KvEvent e;
  e.kind = KvEventKind::BlockStored;
  e.block_hashes = std::move(hashes);
  e.parent_hash = std::move(parent);
  e.block_size = 4;
  for (std::size_t i = 0; i < e.block_hashes.size() * 4; ++i) e.token_ids.push_back(first_token + std::int64_t(i));
  return e;
}
KvEvent removed(std::vector<std::string> hashes) {
  KvEvent e;
  e.kind = KvEventKind::BlockRemoved;
  e.block_hashes = std::move(hashes);
  return e;
}
// Three prompts sharing a-b, then diverging: a-b-p1, a-b-p2, a-b-q3a-q3b; and two more under r: r-r1, r-r2.
std::vector<KvEvent> forest() {
  return {stored({"a", "b", "p1"}, std::nullopt, 100), stored({"p2"}, "b", 200), stored({"q3a", "q3b"}, "b", 300),
          stored({"r", "r1"}, std::nullopt, 400), stored({"r2"}, "r", 500)};
}
const PrefixTreeNode* find(const PrefixTreeLayout& l, const std::string& hash) {
  for (const auto& n : l.nodes)
    if (!n.fold && n.hash == hash) return &n;
  return nullptr;
}
std::vector<const PrefixTreeNode*> folds(const PrefixTreeLayout& l) {
  std::vector<const PrefixTreeNode*> out;
  for (const auto& n : l.nodes)
    if (n.fold) out.push_back(&n);
  return out;
}
// Each node's children (folds included) exactly tile it: contiguous, starting at its left edge.
void checkTiling(const PrefixTreeLayout& l) {
  for (std::size_t i = 0; i < l.nodes.size(); ++i) {
    std::size_t sum = 0, x = l.nodes[i].first_leaf;
    bool any = false;
    for (const auto& c : l.nodes)
      if (c.parent == int(i)) {
        any = true;
        QCOMPARE(c.first_leaf, x);
        QCOMPARE(c.depth, l.nodes[i].depth + 1);
        x += c.leaves;
        sum += c.leaves;
      }
    if (any) QCOMPARE(sum, l.nodes[i].leaves);
    if (l.nodes[i].parent >= 0) QVERIFY(std::size_t(l.nodes[i].parent) < i);  // parents first
  }
}
}  // namespace

class TestPrefixTreeLayout : public QObject {
  Q_OBJECT
 private slots:
  void sharedPrefixesAreWide() {
    KvPrefixCache cache;
    cache.apply({1.0, forest(), {}});
    const PrefixTreeLayout l = layout_prefix_tree(cache);
    QCOMPARE(l.blocks_held, std::size_t(9));
    QCOMPARE(l.blocks_placed, std::size_t(9));
    QCOMPARE(l.blocks_folded, std::size_t(0));
    QCOMPARE(l.roots, std::size_t(2));
    QCOMPARE(l.total_leaves, std::size_t(5));
    QCOMPARE(l.depth_drawn, std::size_t(4));  // a-b-q3a-q3b
    QVERIFY(folds(l).empty());
    // The wider root first: a (3 prompts) at 0, r (2) after it.
    QCOMPARE(l.nodes[0].hash, std::string("a"));
    QCOMPARE(l.nodes[0].leaves, std::size_t(3));
    QCOMPARE(l.nodes[0].first_leaf, std::size_t(0));
    QCOMPARE(l.nodes[0].first_token, std::int64_t(100));
    QCOMPARE(l.nodes[0].tokens, 4);
    QCOMPARE(find(l, "b")->leaves, std::size_t(3));
    QCOMPARE(find(l, "b")->depth, std::size_t(1));
    QCOMPARE(find(l, "b")->first_token, std::int64_t(104));
    QCOMPARE(find(l, "r")->leaves, std::size_t(2));
    QCOMPARE(find(l, "r")->first_leaf, std::size_t(3));
    // b's private tails, one prompt each, ordered by hash.
    QCOMPARE(find(l, "p1")->first_leaf, std::size_t(0));
    QCOMPARE(find(l, "p2")->first_leaf, std::size_t(1));
    QCOMPARE(find(l, "q3a")->first_leaf, std::size_t(2));
    QCOMPARE(find(l, "q3b")->first_leaf, std::size_t(2));
    QCOMPARE(find(l, "q3b")->depth, std::size_t(3));
    QCOMPARE(find(l, "q3b")->leaves, std::size_t(1));
    QCOMPARE(find(l, "r2")->first_leaf, std::size_t(4));
    QCOMPARE(find(l, "r2")->first_token, std::int64_t(500));
    QCOMPARE(l.total_leaves, cache.summary().leaves);
    checkTiling(l);
  }

  void foldsAtTheNodeBound() {
    KvPrefixCache cache;
    cache.apply({1.0, forest(), {}});
    // Three placed: a (3), b (3), then r (2) before any one-prompt block.
    PrefixTreeLayout l = layout_prefix_tree(cache, {3, 256});
    QCOMPARE(l.blocks_placed, std::size_t(3));
    QCOMPARE(l.blocks_folded, std::size_t(6));
    QVERIFY(find(l, "a") && find(l, "b") && find(l, "r"));
    auto f = folds(l);
    QCOMPARE(f.size(), std::size_t(2));
    // Under b: p1, p2 and q3a-q3b, 3 prompts in 4 blocks; under r: r1 and r2.
    QCOMPARE(f[0]->parent, int(find(l, "b") - l.nodes.data()));
    QCOMPARE(f[0]->depth, std::size_t(2));
    QCOMPARE(f[0]->first_leaf, std::size_t(0));
    QCOMPARE(f[0]->leaves, std::size_t(3));
    QCOMPARE(f[0]->folded_blocks, std::size_t(4));
    QCOMPARE(f[0]->folded_subtrees, std::size_t(3));
    QCOMPARE(f[1]->parent, int(find(l, "r") - l.nodes.data()));
    QCOMPARE(f[1]->first_leaf, std::size_t(3));
    QCOMPARE(f[1]->leaves, std::size_t(2));
    QCOMPARE(f[1]->folded_blocks, std::size_t(2));
    QCOMPARE(l.depth_drawn, std::size_t(3));
    checkTiling(l);
    // One placed: the roots left out are folded too (r's 2 prompts in 3 blocks), at depth 0.
    l = layout_prefix_tree(cache, {1, 256});
    f = folds(l);
    QCOMPARE(f.size(), std::size_t(2));
    QCOMPARE(f[0]->parent, -1);
    QCOMPARE(f[0]->depth, std::size_t(0));
    QCOMPARE(f[0]->first_leaf, std::size_t(3));
    QCOMPARE(f[0]->leaves, std::size_t(2));
    QCOMPARE(f[0]->folded_blocks, std::size_t(3));
    QCOMPARE(f[1]->parent, 0);
    QCOMPARE(f[1]->leaves, std::size_t(3));
    QCOMPARE(f[1]->folded_blocks, std::size_t(5));
    QCOMPARE(l.blocks_placed + f[0]->folded_blocks + f[1]->folded_blocks, l.blocks_held);
    checkTiling(l);
  }

  void foldsAtTheDepthBound() {
    KvPrefixCache cache;
    cache.apply({1.0, forest(), {}});
    const PrefixTreeLayout l = layout_prefix_tree(cache, {100, 2});
    QCOMPARE(l.blocks_placed, std::size_t(5));  // a, b, r, r1, r2
    const auto f = folds(l);
    QCOMPARE(f.size(), std::size_t(1));
    QCOMPARE(f[0]->depth, std::size_t(2));
    QCOMPARE(f[0]->folded_blocks, std::size_t(4));
    QCOMPARE(l.depth_drawn, std::size_t(3));
    checkTiling(l);
  }

  void evictedMiddleBlockLeavesRoots() {
    KvPrefixCache cache;
    cache.apply({1.0, forest(), {}});
    cache.apply({2.0, {removed({"b"})}, {}});
    const PrefixTreeLayout l = layout_prefix_tree(cache);
    // b's children stay cached as roots of their own; a is now a one-block prompt.
    QCOMPARE(l.blocks_held, std::size_t(8));
    QCOMPARE(l.roots, std::size_t(5));
    QCOMPARE(l.roots, cache.summary().roots);
    QCOMPARE(l.total_leaves, std::size_t(6));  // a, p1, p2, q3b, r1, r2
    QCOMPARE(l.total_leaves, cache.summary().leaves);
    QCOMPARE(l.nodes[0].hash, std::string("r"));  // the widest root first, then by hash
    std::vector<std::string> roots;
    for (const auto& n : l.nodes)
      if (n.depth == 0) roots.push_back(n.hash);
    QCOMPARE(roots, (std::vector<std::string>{"r", "a", "p1", "p2", "q3a"}));
    QCOMPARE(find(l, "a")->leaves, std::size_t(1));
    QCOMPARE(find(l, "a")->first_leaf, std::size_t(2));
    QCOMPARE(find(l, "q3a")->first_leaf, std::size_t(5));
    QCOMPARE(find(l, "q3b")->depth, std::size_t(1));  // counted from its new root
    QCOMPARE(find(l, "q3b")->parent, int(find(l, "q3a") - l.nodes.data()));
    checkTiling(l);
  }

  void sameBlocksSameLayout() {
    KvPrefixCache one, other;
    one.apply({1.0, forest(), {}});
    std::vector<KvEvent> reversed = forest();
    // The same blocks stored in another order (r's chain first, then a-b and its tails).
    other.apply({1.0, {reversed[3], reversed[4], reversed[0], reversed[2], reversed[1]}, {}});
    const PrefixTreeLayout a = layout_prefix_tree(one), b = layout_prefix_tree(other);
    QCOMPARE(a.nodes.size(), b.nodes.size());
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
      QCOMPARE(a.nodes[i].hash, b.nodes[i].hash);
      QCOMPARE(a.nodes[i].first_leaf, b.nodes[i].first_leaf);
      QCOMPARE(a.nodes[i].parent, b.nodes[i].parent);
    }
  }

  void emptyAndCleared() {
    KvPrefixCache cache;
    QCOMPARE(layout_prefix_tree(cache).nodes.size(), std::size_t(0));
    QCOMPARE(layout_prefix_tree(cache).depth_drawn, std::size_t(0));
    cache.apply({1.0, forest(), {}});
    KvEvent clear;
    clear.kind = KvEventKind::AllBlocksCleared;
    cache.apply({2.0, {clear}, {}});
    const PrefixTreeLayout l = layout_prefix_tree(cache);
    QCOMPARE(l.nodes.size(), std::size_t(0));
    QCOMPARE(l.total_leaves, std::size_t(0));
  }
};

QTEST_GUILESS_MAIN(TestPrefixTreeLayout)
#include "tst_prefix_tree_layout.moc"
