#pragma once
// An icicle (flame) layout of the prefix cache's forest, for drawing: one node per cached block, placed
// across by the distinct cached prompts (leaves) under it, so a prefix many prompts share is wide and a
// private tail narrow, and down by its block index in the chain. Bounded: at most `max_nodes` blocks are
// placed; the smaller subtrees left out are folded into one aggregate per parent (and one for the roots
// left out) that keeps their counts. Qt-free; computed from the cache as a value, so the one drawing it
// never touches the cache's thread.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "remote/kv_events/kv_prefix_cache.h"

namespace inferscope::remote {

struct PrefixTreeLimits {
  std::size_t max_nodes = 2000;  // blocks placed; the rest are folded
  std::size_t max_depth = 256;   // blocks deeper than this (0-based depth >= max_depth) are folded
};

struct PrefixTreeNode {
  std::string hash;            // the block's content hash; empty for a fold
  int parent = -1;             // index in PrefixTreeLayout::nodes; -1 at depth 0
  std::size_t depth = 0;       // the block's index in its held chain (0: a root; see chain below)
  std::size_t first_leaf = 0;  // across, in prompts: [first_leaf, first_leaf + leaves) of total_leaves
  std::size_t leaves = 0;      // distinct cached prompts (leaf blocks) through this block
  int tokens = 0;
  std::int64_t first_token = -1;  // -1 when the event carried no token ids
  bool fold = false;              // an aggregate of the subtrees left out here
  std::size_t folded_blocks = 0;  // a fold: the blocks it stands for
  std::size_t folded_subtrees = 0;
};

struct PrefixTreeLayout {
  // Parents before their children; siblings left to right: leaves descending, then hash ascending.
  // A fold is the last of its siblings.
  std::vector<PrefixTreeNode> nodes;
  std::size_t total_leaves = 0;  // the width of the whole forest, in prompts
  std::size_t blocks_held = 0;
  std::size_t roots = 0;
  std::size_t blocks_placed = 0;  // nodes that are not folds
  std::size_t blocks_folded = 0;  // blocks_held - blocks_placed
  std::size_t depth_drawn = 0;    // rows: 1 + the deepest node (fold included); 0 when empty
};

// The layout of `cache` as it is now. A block whose parent was evicted is a root of its own (the cache
// keeps evicted blocks' children), so its depth counts from there, not from the prompt's start.
// Deterministic: the same held blocks give the same layout whatever order they were stored in.
PrefixTreeLayout layout_prefix_tree(const KvPrefixCache& cache, const PrefixTreeLimits& limits = {});

}  // namespace inferscope::remote
