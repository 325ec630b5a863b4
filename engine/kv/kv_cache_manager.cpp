#include "engine/kv/kv_cache_manager.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

// Header-only xxHash: no library to link, the engine's CMake stays untouched.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace inferscope {

namespace {
std::vector<int32_t> slice(const std::vector<int32_t>& v, size_t begin, size_t end) {
  return std::vector<int32_t>(v.begin() + static_cast<std::ptrdiff_t>(begin), v.begin() + static_cast<std::ptrdiff_t>(end));
}
}  // namespace

KvCacheManager::KvCacheManager(int32_t num_blocks, int32_t block_size, bool enable_prefix_caching)
    : KvCacheManager(num_blocks, block_size, enable_prefix_caching, {KvGroup{}}) {}

KvCacheManager::KvCacheManager(int32_t num_blocks, int32_t block_size, bool enable_prefix_caching,
                               std::vector<KvGroup> groups)
    : pool_(num_blocks, block_size), prefix_caching_(enable_prefix_caching), groups_(std::move(groups)) {
  if (groups_.empty()) throw std::invalid_argument("KvCacheManager: at least one group");
  for (const KvGroup& g : groups_)
    if (g.window < 0) throw std::invalid_argument("KvCacheManager: negative window");
  window_releases_.assign(groups_.size(), 0);
  block_group_.assign(static_cast<size_t>(num_blocks), 0);
  block_released_.assign(static_cast<size_t>(num_blocks), 0);
}

uint64_t KvCacheManager::block_hash(uint64_t parent_hash, std::span<const int32_t> tokens) {
  return XXH3_64bits_withSeed(tokens.data(), tokens.size_bytes(), parent_hash);
}

uint64_t KvCacheManager::group_hash(uint64_t chain_hash, int g) {
  if (g == 0) return chain_hash;
  // Each group's blocks hold other layers' K/V: the same tokens must not find another group's block.
  const uint64_t tag = static_cast<uint64_t>(g);
  return XXH3_64bits_withSeed(&tag, sizeof tag, chain_hash);
}

int KvCacheManager::first_kept_block(int g, int next_pos) const {
  const int w = groups_[static_cast<size_t>(g)].window;
  return w == 0 ? 0 : std::max(0, next_pos - w + 1) / block_size();
}

int32_t KvCacheManager::allocate_block(int g) {
  const int32_t id = pool_.allocate();
  block_group_[static_cast<size_t>(id)] = g;
  block_released_[static_cast<size_t>(id)] = 0;
  return id;
}

KvCacheManager::SeqState& KvCacheManager::state(int64_t seq) {
  auto it = seqs_.find(seq);
  if (it == seqs_.end()) throw std::out_of_range("KvCacheManager: unknown sequence " + std::to_string(seq));
  return it->second;
}

const KvCacheManager::SeqState& KvCacheManager::state(int64_t seq) const {
  return const_cast<KvCacheManager*>(this)->state(seq);
}

KvCacheManager::PrefixMatch KvCacheManager::find_prefix_hits(const std::vector<int32_t>& prompt) const {
  PrefixMatch m;
  m.blocks.resize(groups_.size());
  if (!prefix_caching_ || prompt.empty()) return m;
  const size_t B = static_cast<size_t>(block_size());
  const size_t max_blocks = (prompt.size() - 1) / B;  // the last prompt token is always computed
  std::vector<uint64_t> chain;
  uint64_t parent = kRootHash;
  for (size_t i = 0; i < max_blocks; ++i) {
    parent = block_hash(parent, std::span<const int32_t>(prompt.data() + i * B, B));
    chain.push_back(parent);
  }
  // found[g][i]: group g's cached block for chain block i (verified against the prompt), or kNoBlock.
  const int G = num_groups();
  std::vector<std::vector<int32_t>> found(static_cast<size_t>(G), std::vector<int32_t>(max_blocks, kNoBlock));
  size_t k = max_blocks;  // longest hit every full group has from block 0 on
  for (int g = 0; g < G; ++g) {
    const bool full = groups_[static_cast<size_t>(g)].window == 0;
    for (size_t i = 0; i < max_blocks; ++i) {
      std::span<const int32_t> toks(prompt.data() + i * B, B);
      const auto id = pool_.lookup(group_hash(chain[i], g));
      if (id) {
        const auto& stored = pool_.block(*id).token_ids;
        if (std::equal(stored.begin(), stored.end(), toks.begin(), toks.end()))  // else a 64-bit collision
          found[size_t(g)][i] = *id;
      }
      if (full && found[size_t(g)][i] == kNoBlock) {
        k = std::min(k, i);
        break;
      }
    }
  }
  // A window group only needs the blocks that hold the window of the first computed position.
  auto window_ok = [&](size_t kk) {
    for (int g = 0; g < G; ++g) {
      if (groups_[size_t(g)].window == 0) continue;
      for (size_t i = static_cast<size_t>(first_kept_block(g, static_cast<int>(kk * B))); i < kk; ++i)
        if (found[size_t(g)][i] == kNoBlock) return false;
    }
    return true;
  };
  while (k > 0 && !window_ok(k)) --k;
  m.hashes.assign(chain.begin(), chain.begin() + static_cast<std::ptrdiff_t>(k));
  for (int g = 0; g < G; ++g) {
    const size_t keep = static_cast<size_t>(first_kept_block(g, static_cast<int>(k * B)));
    for (size_t i = 0; i < k; ++i) m.blocks[size_t(g)].push_back(i < keep ? kNoBlock : found[size_t(g)][i]);
  }
  return m;
}

int KvCacheManager::num_cached_prefix_tokens(const std::vector<int32_t>& prompt_tokens) const {
  return static_cast<int>(find_prefix_hits(prompt_tokens).hashes.size()) * block_size();
}

int KvCacheManager::allocate_prompt(int64_t seq, const std::vector<int32_t>& prompt_tokens) {
  if (seqs_.count(seq)) throw std::invalid_argument("KvCacheManager: sequence " + std::to_string(seq) + " already exists");
  const PrefixMatch hits = find_prefix_hits(prompt_tokens);
  SeqState s;
  s.groups.resize(groups_.size());
  for (size_t g = 0; g < groups_.size(); ++g) {
    GroupTable& t = s.groups[g];
    for (const int32_t id : hits.blocks[g]) {
      if (id == kNoBlock) {
        t.table.push_back(kReleasedBlock);
        ++t.released;
      } else {
        pool_.ref(id);
        t.table.push_back(id);
      }
    }
  }
  s.block_hashes = hits.hashes;
  s.num_tokens = s.num_committed = static_cast<int>(hits.hashes.size()) * block_size();
  if (prefix_caching_) {
    s.counted_query = static_cast<int64_t>(prompt_tokens.size());
    s.counted_hit = s.num_tokens;
    prefix_query_tokens_ += s.counted_query;
    prefix_hit_tokens_ += s.counted_hit;
  }
  seqs_.emplace(seq, std::move(s));
  return static_cast<int>(hits.hashes.size()) * block_size();
}

int KvCacheManager::blocks_to_admit(int hit_tokens, int n_new_tokens) const {
  return num_groups() * (blocks_needed(hit_tokens + n_new_tokens) - hit_tokens / block_size());
}

int KvCacheManager::blocks_to_append(const SeqState& s, int n_new_tokens) const {
  if (n_new_tokens < 0) throw std::invalid_argument("KvCacheManager: negative token count");
  if (n_new_tokens == 0) return 0;
  int n = 0;
  const bool writes_into_last = s.num_tokens % block_size() != 0;
  for (const GroupTable& t : s.groups) {
    n += blocks_needed(s.num_tokens + n_new_tokens) - static_cast<int>(t.table.size());
    if (writes_into_last && pool_.block(t.table.back()).ref_count > 1) ++n;  // copy-on-write
  }
  return n;
}

bool KvCacheManager::can_append(int64_t seq, int n_new_tokens) const {
  return blocks_to_append(state(seq), n_new_tokens) <= num_free_blocks();
}

bool KvCacheManager::append_slots(int64_t seq, int n_new_tokens) {
  SeqState& s = state(seq);
  if (blocks_to_append(s, n_new_tokens) > num_free_blocks()) return false;
  if (n_new_tokens == 0) return true;
  const int need = blocks_needed(s.num_tokens + n_new_tokens);
  for (size_t g = 0; g < s.groups.size(); ++g) {
    GroupTable& t = s.groups[g];
    if (s.num_tokens % block_size() != 0) {
      // The partial last block is never a released one: the window always reaches into it.
      const int32_t last = t.table.back();
      const Block& b = pool_.block(last);
      if (b.ref_count > 1) {
        // Others still read this block: write into a private copy instead.
        const int32_t fresh = allocate_block(static_cast<int>(g));
        // The copy holds what this sequence has computed in the block, not what the sharers added.
        const int keep = std::max(0, s.num_committed - (static_cast<int>(t.table.size()) - 1) * block_size());
        std::vector<int32_t> toks = b.token_ids;
        toks.resize(std::min(toks.size(), static_cast<size_t>(keep)));
        pool_.set_tokens(fresh, std::move(toks));
        pool_.unref(last);
        t.table.back() = fresh;
        pending_copies_.push_back({last, fresh});
      } else if (b.hash) {
        pool_.uncache(last);  // its free slots are about to change; the hash would lie
      }
    }
    while (static_cast<int>(t.table.size()) < need) t.table.push_back(allocate_block(static_cast<int>(g)));
  }
  s.num_tokens += n_new_tokens;
  return true;
}

std::vector<BlockCopy> KvCacheManager::take_pending_copies() {
  std::vector<BlockCopy> out;
  out.swap(pending_copies_);
  return out;
}

void KvCacheManager::commit_tokens(int64_t seq, const std::vector<int32_t>& all_tokens_so_far) {
  SeqState& s = state(seq);
  // Tokens past the covered slots (the rest of a chunked prompt, a just-sampled token) have no K/V yet.
  const int n = std::min(static_cast<int>(all_tokens_so_far.size()), s.num_tokens);
  if (n <= s.num_committed) return;
  const int B = block_size();
  // The chain grows by every block that became full; each group caches its own copy under it.
  if (prefix_caching_)
    while (static_cast<int>(s.block_hashes.size() + 1) * B <= n) {
      const size_t begin = s.block_hashes.size() * static_cast<size_t>(B);
      const uint64_t parent = s.block_hashes.empty() ? kRootHash : s.block_hashes.back();
      s.block_hashes.push_back(block_hash(parent, std::span<const int32_t>(all_tokens_so_far.data() + begin, B)));
    }
  const size_t first_new_hash = static_cast<size_t>(s.num_committed / B);
  for (size_t g = 0; g < s.groups.size(); ++g) {
    GroupTable& t = s.groups[g];
    for (int i = s.num_committed / B; i * B < n; ++i) {
      const int32_t id = t.table[static_cast<size_t>(i)];
      const Block& b = pool_.block(id);
      const size_t begin = static_cast<size_t>(i) * B, end = std::min(static_cast<size_t>(n), begin + B);
      // A hashed block's content is fixed (its tokens were verified); a shared unhashed block only grows.
      if (!b.hash && (b.ref_count == 1 || b.token_ids.size() < end - begin))
        pool_.set_tokens(id, slice(all_tokens_so_far, begin, end));
      if (prefix_caching_ && end - begin == static_cast<size_t>(B) && static_cast<size_t>(i) >= first_new_hash && !b.hash)
        pool_.cache(id, group_hash(s.block_hashes[static_cast<size_t>(i)], static_cast<int>(g)), slice(all_tokens_so_far, begin, end));
    }
  }
  s.num_committed = n;
  // Window groups hand back the blocks wholly before the next query's window (it sits at position n).
  for (size_t g = 0; g < s.groups.size(); ++g) {
    GroupTable& t = s.groups[g];
    const int keep = first_kept_block(static_cast<int>(g), n);
    for (; t.released < keep; ++t.released) {
      int32_t& id = t.table[static_cast<size_t>(t.released)];
      pool_.unref(id);
      if (pool_.block(id).ref_count == 0) block_released_[static_cast<size_t>(id)] = 1;
      id = kReleasedBlock;
      ++window_releases_[g];
    }
  }
}

void KvCacheManager::fork(int64_t parent, int64_t child) {
  if (seqs_.count(child)) throw std::invalid_argument("KvCacheManager: sequence " + std::to_string(child) + " already exists");
  SeqState copy = state(parent);
  for (const GroupTable& t : copy.groups)
    for (size_t i = static_cast<size_t>(t.released); i < t.table.size(); ++i) pool_.ref(t.table[i]);
  seqs_.emplace(child, std::move(copy));
}

void KvCacheManager::truncate(int64_t seq, int n_tokens) {
  SeqState& s = state(seq);
  if (n_tokens < 0 || n_tokens > s.num_tokens) throw std::out_of_range("KvCacheManager::truncate: bad token count");
  for (size_t g = 0; g < s.groups.size(); ++g)
    if (s.groups[g].released > first_kept_block(static_cast<int>(g), n_tokens))
      throw std::logic_error("KvCacheManager::truncate: the window already released blocks position " +
                             std::to_string(n_tokens) + " needs");
  const int B = block_size();
  const auto keep = static_cast<size_t>(blocks_needed(n_tokens));
  const int committed = std::min(s.num_committed, n_tokens);
  for (GroupTable& t : s.groups) {
    for (size_t i = t.table.size(); i-- > keep;) pool_.unref(t.table[i]);
    t.table.resize(keep);
    if (n_tokens % B != 0) {
      const int32_t last = t.table.back();
      // Shared: the others still see it full and valid; our next append copies it. Exclusive: rewind it.
      if (pool_.block(last).ref_count == 1) {
        pool_.uncache(last);
        std::vector<int32_t> toks = pool_.block(last).token_ids;
        toks.resize(std::min(toks.size(), static_cast<size_t>(std::max(0, committed - static_cast<int>(keep - 1) * B))));
        pool_.set_tokens(last, std::move(toks));
      }
    }
  }
  s.num_tokens = n_tokens;
  s.num_committed = committed;
  s.block_hashes.resize(std::min(s.block_hashes.size(), static_cast<size_t>(n_tokens / B)));
}

void KvCacheManager::abort_prompt(int64_t seq) {
  const SeqState& s = state(seq);
  prefix_query_tokens_ -= s.counted_query;
  prefix_hit_tokens_ -= s.counted_hit;
  free(seq);
}

void KvCacheManager::free(int64_t seq) {
  SeqState& s = state(seq);
  for (const GroupTable& t : s.groups)  // tail first -> evicted first
    for (size_t i = t.table.size(); i-- > static_cast<size_t>(t.released);) pool_.unref(t.table[i]);
  seqs_.erase(seq);
}

int64_t KvCacheManager::slot(int64_t seq, int pos, int g) const {
  const SeqState& s = state(seq);
  if (pos < 0 || pos >= s.num_tokens) throw std::out_of_range("KvCacheManager::slot: position outside the sequence");
  const GroupTable& t = s.groups.at(static_cast<size_t>(g));
  const int B = block_size();
  if (pos / B < t.released) throw std::out_of_range("KvCacheManager::slot: position in a released block");
  return int64_t{t.table[static_cast<size_t>(pos / B)]} * B + pos % B;
}

const std::vector<int32_t>& KvCacheManager::block_table(int64_t seq, int g) const {
  return state(seq).groups.at(static_cast<size_t>(g)).table;
}
int KvCacheManager::num_released_blocks(int64_t seq, int g) const { return state(seq).groups.at(static_cast<size_t>(g)).released; }
int KvCacheManager::num_blocks_held(int64_t seq) const {
  int n = 0;
  for (const GroupTable& t : state(seq).groups) n += static_cast<int>(t.table.size()) - t.released;
  return n;
}
int KvCacheManager::num_tokens(int64_t seq) const { return state(seq).num_tokens; }
int KvCacheManager::num_committed_tokens(int64_t seq) const { return state(seq).num_committed; }

int KvCacheManager::num_group_blocks(int g) const {
  std::vector<uint8_t> seen(static_cast<size_t>(num_total_blocks()), 0);
  int n = 0;
  for (const auto& [id, s] : seqs_) {
    const GroupTable& t = s.groups.at(static_cast<size_t>(g));
    for (size_t i = static_cast<size_t>(t.released); i < t.table.size(); ++i)
      if (!seen[static_cast<size_t>(t.table[i])]++) ++n;
  }
  return n;
}

int KvCacheManager::num_full_attention_blocks() const {
  for (int g = 0; g < num_groups(); ++g)
    if (groups_[static_cast<size_t>(g)].window == 0) return num_group_blocks(g);
  int n = 0;
  for (const auto& [id, s] : seqs_) n += blocks_needed(s.num_tokens);
  return n;
}

int64_t KvCacheManager::num_filled_slots() const {
  std::vector<int32_t> filled(static_cast<size_t>(num_total_blocks()), 0);
  const int B = block_size();
  for (const auto& [id, s] : seqs_)
    for (const GroupTable& t : s.groups)
      for (size_t i = static_cast<size_t>(t.released); i < t.table.size(); ++i) {
        int32_t& f = filled[static_cast<size_t>(t.table[i])];
        f = std::max(f, std::min(B, s.num_tokens - static_cast<int>(i) * B));
      }
  int64_t total = 0;
  for (int32_t f : filled) total += f;
  return total;
}

std::string KvCacheManager::check_invariants() const {
  std::ostringstream err;
  err << pool_.check_invariants();
  const int B = block_size();
  std::vector<int32_t> refs(static_cast<size_t>(num_total_blocks()), 0);
  for (const auto& [seq, s] : seqs_) {
    if (s.groups.size() != groups_.size()) err << "seq " << seq << " has " << s.groups.size() << " group tables; ";
    if (s.num_committed < 0 || s.num_committed > s.num_tokens) err << "seq " << seq << " committed out of range; ";
    const size_t want_hashes = prefix_caching_ ? static_cast<size_t>(s.num_committed / B) : 0;
    if (s.block_hashes.size() != want_hashes) err << "seq " << seq << " hash chain length " << s.block_hashes.size() << " != " << want_hashes << "; ";
    for (size_t g = 0; g < s.groups.size(); ++g) {
      const GroupTable& t = s.groups[g];
      if (static_cast<int>(t.table.size()) != blocks_needed(s.num_tokens))
        err << "seq " << seq << " group " << g << " has " << t.table.size() << " blocks for " << s.num_tokens << " tokens; ";
      // A window may only have passed blocks the committed tokens' next query no longer sees.
      if (t.released < 0 || t.released > first_kept_block(static_cast<int>(g), s.num_committed))
        err << "seq " << seq << " group " << g << " released " << t.released << " blocks, past its window; ";
      std::vector<int32_t> sorted(t.table.begin() + std::min<std::ptrdiff_t>(t.released, static_cast<std::ptrdiff_t>(t.table.size())), t.table.end());
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) err << "seq " << seq << " references a block twice; ";
      for (size_t i = 0; i < t.table.size(); ++i) {
        const int32_t id = t.table[i];
        if (static_cast<int>(i) < t.released) {
          if (id != kReleasedBlock) err << "seq " << seq << " group " << g << " released entry " << i << " reads " << id << "; ";
          continue;
        }
        if (id < 0 || id >= num_total_blocks()) { err << "seq " << seq << " references block " << id << " outside the pool; "; continue; }
        ++refs[static_cast<size_t>(id)];
        const Block& b = pool_.block(id);
        if (b.hash && i < s.block_hashes.size() && *b.hash != group_hash(s.block_hashes[i], static_cast<int>(g)))
          err << "seq " << seq << " group " << g << " block " << i << " hash differs from its chain; ";
        const int in_block = std::min(B, s.num_committed - static_cast<int>(i) * B);
        // A block may hold more than this sequence committed (a sharer's tokens, or stale ones after a
        // truncate, overwritten on the next commit), never less.
        if (in_block > 0 && static_cast<int>(b.token_ids.size()) < in_block)
          err << "seq " << seq << " block " << id << " holds " << b.token_ids.size() << " tokens, expected >= " << in_block << "; ";
      }
    }
  }
  for (int32_t id = 0; id < num_total_blocks(); ++id)
    if (pool_.block(id).ref_count != refs[static_cast<size_t>(id)])
      err << "block " << id << " refcount " << pool_.block(id).ref_count << " != " << refs[static_cast<size_t>(id)] << " table references; ";
  return err.str();
}

BlockMapSnapshot KvCacheManager::snapshot() const {
  BlockMapSnapshot snap;
  snap.block_size = block_size();
  snap.blocks.resize(static_cast<size_t>(num_total_blocks()));
  for (int32_t id = 0; id < num_total_blocks(); ++id) {
    const Block& b = pool_.block(id);
    BlockInfo& info = snap.blocks[static_cast<size_t>(id)];
    info.id = id;
    info.ref_count = b.ref_count;
    info.state = b.ref_count > 0 ? BlockState::Used : b.hash ? BlockState::Cached : BlockState::Free;
    if (info.state == BlockState::Cached) info.filled = static_cast<int32_t>(b.token_ids.size());
    info.group = block_group_[static_cast<size_t>(id)];
    info.window_released = b.ref_count == 0 && block_released_[static_cast<size_t>(id)] != 0;
  }
  const int B = block_size();
  for (const auto& [seq, s] : seqs_) {  // ascending ids, so owners come out sorted
    SequenceBlocks sb{seq, s.num_tokens, s.groups[0].table, {}};
    for (size_t g = 0; g < s.groups.size(); ++g) {
      const GroupTable& t = s.groups[g];
      std::vector<int32_t> table = t.table;
      std::fill(table.begin(), table.begin() + t.released, -1);
      if (g == 0) sb.block_table = table;
      sb.group_tables.push_back(std::move(table));
      for (size_t i = static_cast<size_t>(t.released); i < t.table.size(); ++i) {
        BlockInfo& info = snap.blocks[static_cast<size_t>(t.table[i])];
        if (info.owners.empty() || info.owners.back() != seq) info.owners.push_back(seq);
        info.filled = std::max(info.filled, std::min(B, s.num_tokens - static_cast<int>(i) * B));
      }
    }
    snap.sequences.push_back(std::move(sb));
  }
  for (int g = 0; g < num_groups(); ++g)
    snap.groups.push_back({groups_[static_cast<size_t>(g)].window, groups_[static_cast<size_t>(g)].layers, num_group_blocks(g),
                           window_releases_[static_cast<size_t>(g)]});
  return snap;
}

}  // namespace inferscope
