#pragma once
// BlockMapSnapshot: an immutable picture of the paged KV cache after one step (docs/architecture.md).
// The engine thread builds it (KvCacheManager::snapshot()); the UI paints one cell per block from it.
// Plain values only, so it can cross threads as std::shared_ptr<const BlockMapSnapshot>.
#include <cstdint>
#include <vector>

namespace inferscope {

enum class BlockState : uint8_t {
  Free,    // ref_count == 0, holds nothing reusable
  Used,    // ref_count > 0, in some sequence's block table
  Cached,  // ref_count == 0 but still holds a prefix-cache hash: free, yet a future prompt can reuse it
};

inline const char* to_string(BlockState s) {
  switch (s) {
    case BlockState::Free: return "free";
    case BlockState::Used: return "used";
    case BlockState::Cached: return "cached";
  }
  return "?";
}

struct BlockInfo {
  int32_t id = 0;
  BlockState state = BlockState::Free;
  int32_t ref_count = 0;
  std::vector<int64_t> owners;  // sequence ids whose block table references this block, ascending
  int32_t filled = 0;           // token slots in use: max over owners (used), tokens held (cached), 0 (free)
  int32_t group = 0;            // KV group of the tables holding it (free blocks: of their last use)
  bool window_released = false; // free (or cached) because a sliding window moved past it
};

struct SequenceBlocks {
  int64_t seq_id = 0;
  int32_t num_tokens = 0;            // token slots the table covers (computed + scheduled this step)
  std::vector<int32_t> block_table;  // logical block index -> physical block id (group 0)
  // Every group's table (group 0 first), -1 where a window group released the block.
  std::vector<std::vector<int32_t>> group_tables = {};
};

// A group of layers sharing block tables (engine/kv/kv_groups.h).
struct KvGroupInfo {
  int32_t window = 0;              // 0: full attention; W: sliding window of W tokens
  std::vector<int32_t> layers;     // model layers
  int32_t blocks_used = 0;         // distinct blocks its tables reference now
  int64_t blocks_released = 0;     // blocks its window has handed back since the engine started
};

struct BlockMapSnapshot {
  int32_t block_size = 0;
  std::vector<BlockInfo> blocks;          // indexed by physical block id, every block of the pool
  std::vector<SequenceBlocks> sequences;  // every live sequence, ascending seq_id
  std::vector<KvGroupInfo> groups;        // one entry (full attention, every layer) without windows
};

}  // namespace inferscope
