#pragma once
// The prefix cache of a vLLM server as its KV events describe it: which blocks are held, each with its
// parent (the block before it in the prompt), so the cached prefixes form a forest. Rates (stored and
// removed per second) come from the batches' server timestamps.

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "remote/kv_events/kv_event_batch.h"

namespace inferscope::remote {

class KvPrefixCache {
 public:
  struct Block {
    std::string parent;  // empty for a root (no parent, or a parent that was removed)
    int tokens = 0;
    std::int64_t first_token = -1;  // the block's first token id, to label it
    std::uint32_t children = 0;
  };

  struct Summary {
    std::size_t blocks_held = 0;
    std::size_t roots = 0;          // prefixes with no held parent
    std::size_t leaves = 0;         // blocks no held block continues: the distinct cached prompts
    std::size_t longest_chain = 0;  // in blocks
    std::uint64_t stored_total = 0, removed_total = 0, cleared_total = 0;
    std::uint64_t unknown_removals = 0;  // removals of blocks we never saw stored (joined late)
    bool truncated = false;              // stopped tracking new blocks at the limit
  };

  explicit KvPrefixCache(std::size_t max_blocks = 4'000'000);

  void apply(const KvEventBatch& batch);
  Summary summary() const;
  // Blocks stored / removed per second over the batches whose server time lies in the last `seconds`.
  double stored_per_second(double seconds) const;
  double removed_per_second(double seconds) const;

  const std::unordered_map<std::string, Block>& blocks() const { return blocks_; }
  // The held chain ending at `hash`, root first (empty if not held).
  std::vector<std::string> chain_to(const std::string& hash) const;

 private:
  struct Tick {
    double ts;
    std::uint32_t stored, removed;
  };
  void store(const KvEvent& e);
  void remove(const std::string& hash);
  double rate(double seconds, bool stored) const;

  std::size_t max_blocks_;
  std::unordered_map<std::string, Block> blocks_;
  Summary totals_;
  std::vector<Tick> ticks_;  // bounded: the last few thousand batches
};

}  // namespace inferscope::remote
