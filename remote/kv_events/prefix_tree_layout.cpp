#include "remote/kv_events/prefix_tree_layout.h"

#include <algorithm>
#include <queue>
#include <string_view>
#include <unordered_map>

namespace inferscope::remote {

namespace {

// The held forest with dense ids, its counts filled in bottom-up.
struct Forest {
  std::vector<const std::string*> hash;
  std::vector<const KvPrefixCache::Block*> block;
  std::vector<int> parent;
  std::vector<std::vector<int>> children;  // sorted: leaves descending, then hash ascending
  std::vector<int> roots;                  // sorted the same way
  std::vector<std::size_t> leaves, subtree, depth, first_leaf;
};

Forest build(const KvPrefixCache& cache) {
  Forest f;
  const auto& blocks = cache.blocks();
  std::unordered_map<std::string_view, int> id;
  id.reserve(blocks.size());
  for (const auto& [h, b] : blocks) {
    id.emplace(h, int(f.hash.size()));
    f.hash.push_back(&h);
    f.block.push_back(&b);
  }
  const std::size_t n = f.hash.size();
  f.parent.assign(n, -1);
  f.children.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string& p = f.block[i]->parent;
    if (p.empty()) continue;
    if (auto it = id.find(p); it != id.end()) {
      f.parent[i] = it->second;
      f.children[std::size_t(it->second)].push_back(int(i));
    }
  }
  // Top-down order from the roots (breadth first, no recursion: chains run to thousands of blocks).
  // A block on a parent cycle would be unreachable and left out; the cache cannot make one (a parent
  // is held before its child is stored).
  std::vector<int> order;
  order.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    if (f.parent[i] < 0) order.push_back(int(i));
  f.depth.assign(n, 0);
  for (std::size_t k = 0; k < order.size(); ++k)
    for (int c : f.children[std::size_t(order[k])]) {
      f.depth[std::size_t(c)] = f.depth[std::size_t(order[k])] + 1;
      order.push_back(c);
    }
  f.leaves.assign(n, 0);
  f.subtree.assign(n, 0);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const auto i = std::size_t(*it);
    f.subtree[i] += 1;
    if (f.children[i].empty()) f.leaves[i] = 1;
    if (f.parent[i] >= 0) {
      f.leaves[std::size_t(f.parent[i])] += f.leaves[i];
      f.subtree[std::size_t(f.parent[i])] += f.subtree[i];
    }
  }
  auto before = [&f](int a, int b) {
    if (f.leaves[std::size_t(a)] != f.leaves[std::size_t(b)]) return f.leaves[std::size_t(a)] > f.leaves[std::size_t(b)];
    return *f.hash[std::size_t(a)] < *f.hash[std::size_t(b)];
  };
  for (auto& c : f.children) std::sort(c.begin(), c.end(), before);
  for (int i : order)
    if (f.parent[std::size_t(i)] < 0) f.roots.push_back(i);
  std::sort(f.roots.begin(), f.roots.end(), before);
  // Across: each root after the ones before it, each child after its elder siblings.
  f.first_leaf.assign(n, 0);
  std::size_t across = 0;
  for (int r : f.roots) {
    f.first_leaf[std::size_t(r)] = across;
    across += f.leaves[std::size_t(r)];
  }
  for (int i : order) {
    std::size_t x = f.first_leaf[std::size_t(i)];
    for (int c : f.children[std::size_t(i)]) {
      f.first_leaf[std::size_t(c)] = x;
      x += f.leaves[std::size_t(c)];
    }
  }
  return f;
}

}  // namespace

PrefixTreeLayout layout_prefix_tree(const KvPrefixCache& cache, const PrefixTreeLimits& limits) {
  const Forest f = build(cache);
  PrefixTreeLayout out;
  out.blocks_held = f.hash.size();
  out.roots = f.roots.size();
  for (int r : f.roots) out.total_leaves += f.leaves[std::size_t(r)];

  // The widest first: a max-heap on (leaves, then the smaller hash), seeded with the roots. A parent is
  // placed before its children, so the children placed are always a prefix of its sorted children.
  auto later = [&f](int a, int b) {
    if (f.leaves[std::size_t(a)] != f.leaves[std::size_t(b)]) return f.leaves[std::size_t(a)] < f.leaves[std::size_t(b)];
    return *f.hash[std::size_t(a)] > *f.hash[std::size_t(b)];
  };
  std::priority_queue<int, std::vector<int>, decltype(later)> heap(later);
  for (int r : f.roots)
    if (limits.max_depth > 0) heap.push(r);
  std::vector<int> placed(f.hash.size(), -1);  // id -> index in out.nodes
  std::vector<int> id_of;                      // index in out.nodes -> id
  while (!heap.empty() && out.nodes.size() < limits.max_nodes) {
    const int i = heap.top();
    heap.pop();
    const auto u = std::size_t(i);
    PrefixTreeNode node;
    node.hash = *f.hash[u];
    node.parent = f.parent[u] >= 0 ? placed[std::size_t(f.parent[u])] : -1;
    node.depth = f.depth[u];
    node.first_leaf = f.first_leaf[u];
    node.leaves = f.leaves[u];
    node.tokens = f.block[u]->tokens;
    node.first_token = f.block[u]->first_token;
    placed[u] = int(out.nodes.size());
    id_of.push_back(i);
    out.nodes.push_back(std::move(node));
    if (f.depth[u] + 1 < limits.max_depth)
      for (int c : f.children[u]) heap.push(c);
  }
  out.blocks_placed = out.nodes.size();
  out.blocks_folded = out.blocks_held - out.blocks_placed;

  // One fold per parent for the children left out (and one for the roots left out): their counts kept.
  auto fold = [&](const std::vector<int>& siblings, int parent_index, std::size_t depth) {
    PrefixTreeNode agg;
    agg.fold = true;
    agg.parent = parent_index;
    agg.depth = depth;
    for (int c : siblings) {
      if (placed[std::size_t(c)] >= 0) continue;
      if (agg.folded_subtrees == 0) agg.first_leaf = f.first_leaf[std::size_t(c)];
      ++agg.folded_subtrees;
      agg.leaves += f.leaves[std::size_t(c)];
      agg.folded_blocks += f.subtree[std::size_t(c)];
    }
    if (agg.folded_subtrees > 0) out.nodes.push_back(std::move(agg));
  };
  fold(f.roots, -1, 0);
  for (std::size_t k = 0; k < out.blocks_placed; ++k)
    fold(f.children[std::size_t(id_of[k])], int(k), out.nodes[k].depth + 1);
  for (const PrefixTreeNode& n : out.nodes) out.depth_drawn = std::max(out.depth_drawn, n.depth + 1);
  return out;
}

}  // namespace inferscope::remote
