#pragma once
// KvCacheManager: per-sequence block tables over a BlockPool (nano-vllm's BlockManager, vLLM v1's
// KVCacheManager). It decides which physical block holds which token slot; the K/V bytes themselves
// live in kv_storage, which the model runner addresses through slot() and block_table().
//
// Life of a sequence (the scheduler drives it, one engine thread, no locking):
//   allocate_prompt(seq, prompt)   -> prefix-cache hits become the table's first blocks (already computed)
//   append_slots(seq, n) each step -> room for the n tokens scheduled this step (prefill chunk, 1 decode
//                                     token, or k+1 when speculating); false = preempt someone
//   take_pending_copies()          -> copy-on-write block copies the runner performs BEFORE writing K/V
//   commit_tokens(seq, tokens)     -> after the forward pass: full blocks become prefix-cache entries
//   truncate(seq, n)               -> speculative rollback; free(seq) -> finished or preempted
//
// Counting: num_tokens(seq) = slots the table covers (computed + scheduled); committed tokens = those
// whose K/V exists (commit_tokens). The table always has exactly blocks_needed(num_tokens) entries.
// Misuse (unknown or duplicate sequence id, out-of-range counts) throws std::invalid_argument or
// std::out_of_range and leaves the manager unchanged.
//
// Groups (engine/kv/kv_groups.h): a sequence has one table per group, all over the same pool and all
// covering the same num_tokens. A full-attention group keeps every block. A window group of window W
// releases, when tokens are committed, every block wholly before the next query's window (positions
// < committed - W + 1): its refcount drops, and a block nobody else holds goes back to the free queue
// (keeping its prefix-cache hash until it is reused). Its table entry then reads kReleasedBlock. A
// prefix hit of k blocks needs, per full group, the cached blocks 0..k-1 and, per window group, only
// the blocks that still hold the window of position k*B (see docs/architecture.md). Without a window
// group (the default: one full group) everything behaves as a single table.
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "engine/kv/block_pool.h"
#include "engine/kv/kv_groups.h"
#include "engine/metrics/block_map_snapshot.h"

namespace inferscope {

// One copy-on-write copy for the model runner: all slots of physical block src -> block dst.
struct BlockCopy {
  int32_t src = 0;
  int32_t dst = 0;
  bool operator==(const BlockCopy&) const = default;
};

class KvCacheManager {
 public:
  // Throws std::invalid_argument for num_blocks < 1 or block_size outside 1..256.
  KvCacheManager(int32_t num_blocks, int32_t block_size, bool enable_prefix_caching);
  // With groups (at least one; layers are only reported in snapshots). Window groups release blocks.
  KvCacheManager(int32_t num_blocks, int32_t block_size, bool enable_prefix_caching, std::vector<KvGroup> groups);

  // What a released entry of a window group's table names: block 0, a real block whose contents the
  // windowed layers never use (the attention walk skips keys before the window), so the table stays a
  // valid address map for the kernels.
  static constexpr int32_t kReleasedBlock = 0;
  int num_groups() const { return static_cast<int>(groups_.size()); }
  const KvGroup& group(int g) const { return groups_.at(static_cast<size_t>(g)); }

  // --- sequence lifecycle ---------------------------------------------------------------------------
  // Creates `seq` (must be new). With prefix caching on, walks the prompt's full blocks along the hash
  // chain h_i = block_hash(h_{i-1}, tokens of block i), takes a reference on every hit (a cached free
  // block leaves the free queue) and stops at the first miss or at a block whose stored tokens differ
  // (hash collision). Hits are capped at (len-1)/block_size blocks so at least the last prompt token
  // is computed and yields logits. Returns the hit token count (a multiple of block_size); the
  // sequence then has num_tokens == committed == that count. Never allocates a new block, never fails
  // for lack of memory. Adds len to prefix_query_tokens and the hits to prefix_hit_tokens.
  // With prefix caching off: an empty sequence, returns 0, counters untouched.
  int allocate_prompt(int64_t seq, const std::vector<int32_t>& prompt_tokens);
  // Undoes an allocate_prompt whose admission did not go through (the first chunk found no room):
  // frees the sequence like free() and takes its lookup back out of the prefix counters, so a request
  // retried next step is counted once.
  void abort_prompt(int64_t seq);
  // What allocate_prompt would return now, with no side effects (the scheduler's admission check).
  int num_cached_prefix_tokens(const std::vector<int32_t>& prompt_tokens) const;

  // Blocks that admitting a prompt with hit_tokens prefix hits and a first chunk of n_new_tokens takes
  // from the free queue, over all groups (the scheduler's admission check).
  int blocks_to_admit(int hit_tokens, int n_new_tokens) const;

  // True iff append_slots(seq, n_new_tokens) would succeed. n_new_tokens >= 0.
  bool can_append(int64_t seq, int n_new_tokens) const;
  // Grows the table to cover num_tokens + n_new_tokens slots. If the block that receives the first new
  // token is shared (ref > 1), a fresh block replaces it in this table and BlockCopy{old, fresh} is
  // queued; if it is exclusively ours but still registered in the prefix cache (possible after a
  // truncate), its hash is dropped because its free slots are about to be overwritten. All-or-nothing:
  // returns false and changes nothing when the free queue (cached blocks included) is too short.
  bool append_slots(int64_t seq, int n_new_tokens);
  // Copies queued since the last call, in order. The runner must perform them before this step's
  // K/V writes (a source block may already be back in the free queue, its data still intact).
  std::vector<BlockCopy> take_pending_copies();

  // Records that K/V now exists for the first n = min(all_tokens_so_far.size(), num_tokens(seq)) tokens:
  // tokens past the table's slots are ignored (the rest of a chunked prompt, a token just sampled), and
  // n <= committed is a no-op. Stores each touched block's tokens, and with prefix caching on registers
  // every block that became full under its chained hash (first registration of a hash wins; duplicates
  // stay uncached).
  void commit_tokens(int64_t seq, const std::vector<int32_t>& all_tokens_so_far);

  // `child` (must be new) shares every block of `parent` (refcount++): parallel sampling, n > 1. The
  // shared partial last block is copied on the first append by either side.
  void fork(int64_t parent, int64_t child);
  // Keeps the first n_tokens slots (0 <= n_tokens <= num_tokens): blocks past them are released (last
  // block first); an exclusively owned last block that is no longer full leaves the prefix cache.
  // Throws std::logic_error when a window group already released a block position n_tokens would need
  // (only a rollback below the committed tokens could ask that; speculation never does).
  void truncate(int64_t seq, int n_tokens);
  // Releases every block (refcount--), last block first, so a sequence's tail is evicted before its
  // prefix; cached blocks stay reusable until evicted. Erases the sequence.
  void free(int64_t seq);

  // --- addressing (for the model runner) ------------------------------------------------------------
  // Physical slot of token position pos (0 <= pos < num_tokens): block_table[pos / B] * B + pos % B.
  int64_t slot(int64_t seq, int pos) const { return slot(seq, pos, 0); }
  // The same in group g's table; throws std::out_of_range for a position in a released block.
  int64_t slot(int64_t seq, int pos, int g) const;
  const std::vector<int32_t>& block_table(int64_t seq) const { return block_table(seq, 0); }
  const std::vector<int32_t>& block_table(int64_t seq, int g) const;
  // Leading entries of group g's table that the window released (0 for full groups).
  int num_released_blocks(int64_t seq, int g) const;
  // Blocks the sequence references over all groups, released entries excluded.
  int num_blocks_held(int64_t seq) const;
  int num_tokens(int64_t seq) const;
  int num_committed_tokens(int64_t seq) const;
  bool has_sequence(int64_t seq) const { return seqs_.count(seq) != 0; }
  int num_sequences() const { return static_cast<int>(seqs_.size()); }

  // --- capacity -------------------------------------------------------------------------------------
  int32_t block_size() const { return pool_.block_size(); }
  bool prefix_caching_enabled() const { return prefix_caching_; }
  int blocks_needed(int n_tokens) const { return (n_tokens + block_size() - 1) / block_size(); }
  int num_total_blocks() const { return pool_.num_blocks(); }
  int num_free_blocks() const { return pool_.num_free(); }  // free queue, cached-evictable included
  int num_used_blocks() const { return pool_.num_used(); }
  int num_cached_blocks() const { return pool_.num_cached(); }
  int num_shared_blocks() const { return pool_.num_shared(); }
  // Tokens one sequence can surely reach alone: every group holding every one of its blocks (a window
  // group needs fewer, so this is a lower bound with window groups).
  int64_t max_tokens() const { return int64_t{num_total_blocks() / num_groups()} * block_size(); }
  // Distinct blocks referenced by group g's tables now.
  int num_group_blocks(int g) const;
  // Blocks full attention would hold now for the same sequences: the first full group's blocks (shared
  // ones once), or, with no full group, every sequence's blocks_needed(num_tokens).
  int num_full_attention_blocks() const;
  // Blocks group g has released because its window passed them, since construction.
  int64_t window_releases(int g) const { return window_releases_.at(static_cast<size_t>(g)); }
  // Token slots in use across referenced blocks, each physical block counted once (kv_bytes_logical).
  int64_t num_filled_slots() const;
  const BlockPool& pool() const { return pool_; }

  // Cumulative since construction; the engine reports per-step differences in StepMetrics.
  int64_t prefix_query_tokens() const { return prefix_query_tokens_; }
  int64_t prefix_hit_tokens() const { return prefix_hit_tokens_; }

  // The chained block hash (XXH3-64, seeded by the parent's hash). kRootHash seeds the first block.
  static constexpr uint64_t kRootHash = 0x9e3779b97f4a7c15ull;
  static uint64_t block_hash(uint64_t parent_hash, std::span<const int32_t> tokens);

  // Empty when consistent, else every violation found: each block's refcount equals the number of
  // table references to it; referenced blocks are out of the free queue; hash-map entries point at
  // blocks holding that hash; tables have blocks_needed(num_tokens) distinct entries; counters add up.
  std::string check_invariants() const;
  BlockMapSnapshot snapshot() const;

 private:
  struct GroupTable {
    std::vector<int32_t> table;
    int released = 0;  // leading entries released by the window (they read kReleasedBlock)
  };
  struct SeqState {
    std::vector<GroupTable> groups;  // one per group
    int num_tokens = 0;
    int num_committed = 0;
    std::vector<uint64_t> block_hashes;  // chain for the committed full blocks (prefix caching on)
    int64_t counted_query = 0, counted_hit = 0;  // what allocate_prompt added to the counters
  };
  // A prefix hit: the chain hashes of its blocks and, per group, each block's id (kNoBlock where the
  // group's window no longer needs the block).
  struct PrefixMatch {
    std::vector<uint64_t> hashes;
    std::vector<std::vector<int32_t>> blocks;
  };
  static constexpr int32_t kNoBlock = -1;
  PrefixMatch find_prefix_hits(const std::vector<int32_t>& prompt) const;
  int blocks_to_append(const SeqState& s, int n_new_tokens) const;
  // First block a window group still needs when the next query is at position next_pos (0 for full).
  int first_kept_block(int g, int next_pos) const;
  // The hash a block of group g is cached under (group 0: the chain hash itself).
  static uint64_t group_hash(uint64_t chain_hash, int g);
  int32_t allocate_block(int g);
  SeqState& state(int64_t seq);
  const SeqState& state(int64_t seq) const;

  BlockPool pool_;
  bool prefix_caching_;
  std::vector<KvGroup> groups_;
  std::vector<int64_t> window_releases_;    // per group
  std::vector<int32_t> block_group_;        // per block: group of its latest allocation
  std::vector<uint8_t> block_released_;     // per block: went free because a window passed it
  std::map<int64_t, SeqState> seqs_;  // ordered: snapshots list sequences by id
  std::vector<BlockCopy> pending_copies_;
  int64_t prefix_query_tokens_ = 0;
  int64_t prefix_hit_tokens_ = 0;
};

}  // namespace inferscope
