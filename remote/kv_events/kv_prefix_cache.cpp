#include "remote/kv_events/kv_prefix_cache.h"

#include <algorithm>

namespace inferscope::remote {

namespace {
constexpr std::size_t kMaxTicks = 4096;
}

KvPrefixCache::KvPrefixCache(std::size_t max_blocks) : max_blocks_(max_blocks) {}

void KvPrefixCache::store(const KvEvent& e) {
  // The hashes chain: each stored block's parent is the one before it, the first one's is parent_hash.
  std::string parent = e.parent_hash.value_or(std::string());
  for (std::size_t i = 0; i < e.block_hashes.size(); ++i) {
    const std::string& h = e.block_hashes[i];
    ++totals_.stored_total;
    auto it = blocks_.find(h);
    if (it == blocks_.end()) {
      if (blocks_.size() >= max_blocks_) {
        totals_.truncated = true;
        parent = h;
        continue;
      }
      Block b;
      b.tokens = e.block_size;
      const std::size_t first = i * static_cast<std::size_t>(e.block_size);
      if (first < e.token_ids.size()) b.first_token = e.token_ids[first];
      if (!parent.empty()) {
        if (auto p = blocks_.find(parent); p != blocks_.end()) {
          b.parent = parent;
          ++p->second.children;
        }
      }
      blocks_.emplace(h, b);
    }
    parent = h;
  }
}

void KvPrefixCache::remove(const std::string& hash) {
  auto it = blocks_.find(hash);
  if (it == blocks_.end()) {
    ++totals_.unknown_removals;
    return;
  }
  ++totals_.removed_total;
  if (!it->second.parent.empty())
    if (auto p = blocks_.find(it->second.parent); p != blocks_.end() && p->second.children > 0) --p->second.children;
  // Children of an evicted block stay cached (vLLM evicts least recently used blocks, not whole
  // chains): they become roots of their own.
  if (it->second.children > 0)
    for (auto& [h, b] : blocks_)
      if (b.parent == hash) b.parent.clear();
  blocks_.erase(it);
}

void KvPrefixCache::apply(const KvEventBatch& batch) {
  Tick tick{batch.ts, 0, 0};
  for (const KvEvent& e : batch.events) {
    switch (e.kind) {
      case KvEventKind::BlockStored:
        store(e);
        tick.stored += static_cast<std::uint32_t>(e.block_hashes.size());
        break;
      case KvEventKind::BlockRemoved:
        for (const std::string& h : e.block_hashes) remove(h);
        tick.removed += static_cast<std::uint32_t>(e.block_hashes.size());
        break;
      case KvEventKind::AllBlocksCleared:
        ++totals_.cleared_total;
        blocks_.clear();
        break;
    }
  }
  ticks_.push_back(tick);
  if (ticks_.size() > kMaxTicks) ticks_.erase(ticks_.begin(), ticks_.begin() + static_cast<std::ptrdiff_t>(kMaxTicks / 2));
}

KvPrefixCache::Summary KvPrefixCache::summary() const {
  Summary s = totals_;
  s.blocks_held = blocks_.size();
  std::unordered_map<std::string, std::size_t> depth;
  for (const auto& [h, b] : blocks_) {
    if (b.parent.empty()) ++s.roots;
    if (b.children == 0) ++s.leaves;
  }
  // Depth by walking parents, memoized; chains are acyclic because a parent exists before its child.
  for (const auto& [h, b] : blocks_) {
    std::vector<const std::string*> path;
    const std::string* cur = &h;
    std::size_t base = 0;
    while (true) {
      if (auto d = depth.find(*cur); d != depth.end()) {
        base = d->second;
        break;
      }
      path.push_back(cur);
      const Block& blk = blocks_.at(*cur);
      if (blk.parent.empty() || path.size() > blocks_.size()) break;
      cur = &blk.parent;
    }
    for (auto p = path.rbegin(); p != path.rend(); ++p) depth[**p] = ++base;
    s.longest_chain = std::max(s.longest_chain, base);
  }
  return s;
}

std::vector<std::string> KvPrefixCache::chain_to(const std::string& hash) const {
  std::vector<std::string> chain;
  auto it = blocks_.find(hash);
  while (it != blocks_.end() && chain.size() <= blocks_.size()) {
    chain.push_back(it->first);
    if (it->second.parent.empty()) break;
    it = blocks_.find(it->second.parent);
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

double KvPrefixCache::rate(double seconds, bool stored) const {
  if (ticks_.empty() || !(seconds > 0.0)) return 0.0;
  const double now = ticks_.back().ts;
  double n = 0.0;
  for (auto it = ticks_.rbegin(); it != ticks_.rend() && it->ts > now - seconds; ++it) n += stored ? it->stored : it->removed;
  return n / seconds;
}

double KvPrefixCache::stored_per_second(double seconds) const { return rate(seconds, true); }
double KvPrefixCache::removed_per_second(double seconds) const { return rate(seconds, false); }

}  // namespace inferscope::remote
