#pragma once
// BlockPool: the fixed set of physical KV blocks, allocated once (vLLM v1's BlockPool, nano-vllm's
// Block list). It knows refcounts, the LRU free queue and the prefix-cache hash map; it knows nothing
// about sequences — KvCacheManager owns block tables and decides when to ref, unref and cache.
//
// Free queue (LRU): allocate() pops the head; a block whose refcount drops to 0 is appended at the
// tail. A free block that still holds a cached hash is "cached": it stays findable through lookup()
// until allocate() hands it out for new data (which evicts the hash), and ref() on it (a prefix hit)
// takes it out of the queue. Every operation is O(1) (intrusive doubly-linked list over block ids,
// std::unordered_map for hashes) except cache() and allocate(), which copy/clear a block's token ids.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace inferscope {

struct Block {
  int32_t id = 0;
  int32_t ref_count = 0;
  std::optional<uint64_t> hash;    // set only while the block is full and registered in the hash map
  std::vector<int32_t> token_ids;  // tokens whose K/V the block holds (verifies hits; may be < block size)
};

class BlockPool {
 public:
  // Throws std::invalid_argument unless num_blocks >= 1 and 1 <= block_size <= 256.
  BlockPool(int32_t num_blocks, int32_t block_size);

  int32_t block_size() const { return block_size_; }
  int32_t num_blocks() const { return static_cast<int32_t>(blocks_.size()); }  // total
  int32_t num_free() const { return num_free_; }        // in the free queue, cached ones included
  int32_t num_used() const { return num_blocks() - num_free_; }  // ref_count > 0
  int32_t num_cached() const { return num_cached_; }    // ref_count == 0 and holding a hash
  int32_t num_shared() const { return num_shared_; }    // ref_count > 1

  const Block& block(int32_t id) const { return blocks_.at(static_cast<size_t>(id)); }

  // Pops the LRU head, evicts its cached hash (if any), clears its tokens, returns it with ref 1.
  // Throws std::runtime_error when the queue is empty: callers check num_free() first.
  int32_t allocate();
  // ref_count++; a block at 0 (a cached prefix hit) leaves the free queue.
  void ref(int32_t id);
  // ref_count--; at 0 the block goes to the free-queue tail, keeping its hash (so it stays a cache hit).
  // Throws std::logic_error on a block that is already free.
  void unref(int32_t id);

  // The block registered for `hash`, if any (free-but-cached or in use). Callers must verify tokens.
  std::optional<int32_t> lookup(uint64_t hash) const;
  // Registers a full, referenced block under `hash` and stores its tokens. First registration of a
  // hash wins: if another block already holds it, this block stays unhashed and false is returned
  // (two sequences computed the same block concurrently; one copy is enough).
  bool cache(int32_t id, uint64_t hash, const std::vector<int32_t>& token_ids);
  // Drops the block's hash (its content is about to change, e.g. truncate rewinds into it).
  void uncache(int32_t id);
  // Replaces the recorded tokens of a referenced, unhashed block (after its K/V was written).
  void set_tokens(int32_t id, std::vector<int32_t> token_ids);

  // Free-queue order, head (next to allocate) first. O(n); for tests and snapshots.
  std::vector<int32_t> free_queue() const;
  // Empty when the pool's own structures agree (list links, counters, hash map); else a description.
  std::string check_invariants() const;

 private:
  static constexpr int32_t kNone = -1;
  void push_tail(int32_t id);
  void remove_from_queue(int32_t id);
  void drop_hash(Block& b);

  int32_t block_size_;
  std::vector<Block> blocks_;
  // Intrusive free list: prev_/next_ links per block id; in_queue_ marks membership.
  std::vector<int32_t> prev_, next_;
  std::vector<bool> in_queue_;
  int32_t head_ = kNone, tail_ = kNone;
  int32_t num_free_ = 0, num_cached_ = 0, num_shared_ = 0;
  std::unordered_map<uint64_t, int32_t> hash_to_block_;
};

}  // namespace inferscope
