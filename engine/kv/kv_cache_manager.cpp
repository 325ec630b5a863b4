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
    : pool_(num_blocks, block_size), prefix_caching_(enable_prefix_caching) {}

uint64_t KvCacheManager::block_hash(uint64_t parent_hash, std::span<const int32_t> tokens) {
  return XXH3_64bits_withSeed(tokens.data(), tokens.size_bytes(), parent_hash);
}

KvCacheManager::SeqState& KvCacheManager::state(int64_t seq) {
  auto it = seqs_.find(seq);
  if (it == seqs_.end()) throw std::out_of_range("KvCacheManager: unknown sequence " + std::to_string(seq));
  return it->second;
}

const KvCacheManager::SeqState& KvCacheManager::state(int64_t seq) const {
  return const_cast<KvCacheManager*>(this)->state(seq);
}

std::vector<KvCacheManager::PrefixHit> KvCacheManager::find_prefix_hits(const std::vector<int32_t>& prompt) const {
  std::vector<PrefixHit> hits;
  if (!prefix_caching_ || prompt.empty()) return hits;
  const size_t B = static_cast<size_t>(block_size());
  const size_t max_blocks = (prompt.size() - 1) / B;  // the last prompt token is always computed
  uint64_t parent = kRootHash;
  for (size_t i = 0; i < max_blocks; ++i) {
    std::span<const int32_t> toks(prompt.data() + i * B, B);
    const uint64_t h = block_hash(parent, toks);
    const auto id = pool_.lookup(h);
    if (!id) break;
    const auto& stored = pool_.block(*id).token_ids;
    if (!std::equal(stored.begin(), stored.end(), toks.begin(), toks.end())) break;  // 64-bit collision
    hits.push_back({*id, h});
    parent = h;
  }
  return hits;
}

int KvCacheManager::num_cached_prefix_tokens(const std::vector<int32_t>& prompt_tokens) const {
  return static_cast<int>(find_prefix_hits(prompt_tokens).size()) * block_size();
}

int KvCacheManager::allocate_prompt(int64_t seq, const std::vector<int32_t>& prompt_tokens) {
  if (seqs_.count(seq)) throw std::invalid_argument("KvCacheManager: sequence " + std::to_string(seq) + " already exists");
  const auto hits = find_prefix_hits(prompt_tokens);
  SeqState s;
  for (const PrefixHit& h : hits) {
    pool_.ref(h.block);
    s.table.push_back(h.block);
    s.block_hashes.push_back(h.hash);
  }
  s.num_tokens = s.num_committed = static_cast<int>(hits.size()) * block_size();
  if (prefix_caching_) {
    s.counted_query = static_cast<int64_t>(prompt_tokens.size());
    s.counted_hit = s.num_tokens;
    prefix_query_tokens_ += s.counted_query;
    prefix_hit_tokens_ += s.counted_hit;
  }
  seqs_.emplace(seq, std::move(s));
  return static_cast<int>(hits.size()) * block_size();
}

int KvCacheManager::blocks_to_append(const SeqState& s, int n_new_tokens) const {
  if (n_new_tokens < 0) throw std::invalid_argument("KvCacheManager: negative token count");
  if (n_new_tokens == 0) return 0;
  int n = blocks_needed(s.num_tokens + n_new_tokens) - static_cast<int>(s.table.size());
  const bool writes_into_last = s.num_tokens % block_size() != 0;
  if (writes_into_last && pool_.block(s.table.back()).ref_count > 1) ++n;  // copy-on-write
  return n;
}

bool KvCacheManager::can_append(int64_t seq, int n_new_tokens) const {
  return blocks_to_append(state(seq), n_new_tokens) <= num_free_blocks();
}

bool KvCacheManager::append_slots(int64_t seq, int n_new_tokens) {
  SeqState& s = state(seq);
  if (blocks_to_append(s, n_new_tokens) > num_free_blocks()) return false;
  if (n_new_tokens == 0) return true;
  if (s.num_tokens % block_size() != 0) {
    const int32_t last = s.table.back();
    const Block& b = pool_.block(last);
    if (b.ref_count > 1) {
      // Others still read this block: write into a private copy instead.
      const int32_t fresh = pool_.allocate();
      // The copy holds what this sequence has computed in the block, not what the sharers added.
      const int keep = std::max(0, s.num_committed - (static_cast<int>(s.table.size()) - 1) * block_size());
      std::vector<int32_t> toks = b.token_ids;
      toks.resize(std::min(toks.size(), static_cast<size_t>(keep)));
      pool_.set_tokens(fresh, std::move(toks));
      pool_.unref(last);
      s.table.back() = fresh;
      pending_copies_.push_back({last, fresh});
    } else if (b.hash) {
      pool_.uncache(last);  // its free slots are about to change; the hash would lie
    }
  }
  const int need = blocks_needed(s.num_tokens + n_new_tokens);
  while (static_cast<int>(s.table.size()) < need) s.table.push_back(pool_.allocate());
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
  for (int i = s.num_committed / B; i * B < n; ++i) {
    const int32_t id = s.table[static_cast<size_t>(i)];
    const Block& b = pool_.block(id);
    const size_t begin = static_cast<size_t>(i) * B, end = std::min(static_cast<size_t>(n), begin + B);
    // A hashed block's content is fixed (its tokens were verified); a shared unhashed block only grows.
    if (!b.hash && (b.ref_count == 1 || b.token_ids.size() < end - begin))
      pool_.set_tokens(id, slice(all_tokens_so_far, begin, end));
    if (prefix_caching_ && end - begin == static_cast<size_t>(B) && static_cast<size_t>(i) == s.block_hashes.size()) {
      const uint64_t parent = s.block_hashes.empty() ? kRootHash : s.block_hashes.back();
      const uint64_t h = block_hash(parent, std::span<const int32_t>(all_tokens_so_far.data() + begin, B));
      s.block_hashes.push_back(h);
      if (!b.hash) pool_.cache(id, h, slice(all_tokens_so_far, begin, end));
    }
  }
  s.num_committed = n;
}

void KvCacheManager::fork(int64_t parent, int64_t child) {
  if (seqs_.count(child)) throw std::invalid_argument("KvCacheManager: sequence " + std::to_string(child) + " already exists");
  SeqState copy = state(parent);
  for (int32_t id : copy.table) pool_.ref(id);
  seqs_.emplace(child, std::move(copy));
}

void KvCacheManager::truncate(int64_t seq, int n_tokens) {
  SeqState& s = state(seq);
  if (n_tokens < 0 || n_tokens > s.num_tokens) throw std::out_of_range("KvCacheManager::truncate: bad token count");
  const int B = block_size();
  const auto keep = static_cast<size_t>(blocks_needed(n_tokens));
  for (size_t i = s.table.size(); i-- > keep;) pool_.unref(s.table[i]);
  s.table.resize(keep);
  s.num_tokens = n_tokens;
  s.num_committed = std::min(s.num_committed, n_tokens);
  s.block_hashes.resize(std::min(s.block_hashes.size(), static_cast<size_t>(n_tokens / B)));
  if (n_tokens % B != 0) {
    const int32_t last = s.table.back();
    // Shared: the others still see it full and valid; our next append copies it. Exclusive: rewind it.
    if (pool_.block(last).ref_count == 1) {
      pool_.uncache(last);
      std::vector<int32_t> toks = pool_.block(last).token_ids;
      toks.resize(std::min(toks.size(), static_cast<size_t>(std::max(0, s.num_committed - static_cast<int>(keep - 1) * B))));
      pool_.set_tokens(last, std::move(toks));
    }
  }
}

void KvCacheManager::abort_prompt(int64_t seq) {
  const SeqState& s = state(seq);
  prefix_query_tokens_ -= s.counted_query;
  prefix_hit_tokens_ -= s.counted_hit;
  free(seq);
}

void KvCacheManager::free(int64_t seq) {
  SeqState& s = state(seq);
  for (size_t i = s.table.size(); i-- > 0;) pool_.unref(s.table[i]);  // tail first -> evicted first
  seqs_.erase(seq);
}

int64_t KvCacheManager::slot(int64_t seq, int pos) const {
  const SeqState& s = state(seq);
  if (pos < 0 || pos >= s.num_tokens) throw std::out_of_range("KvCacheManager::slot: position outside the sequence");
  const int B = block_size();
  return int64_t{s.table[static_cast<size_t>(pos / B)]} * B + pos % B;
}

const std::vector<int32_t>& KvCacheManager::block_table(int64_t seq) const { return state(seq).table; }
int KvCacheManager::num_tokens(int64_t seq) const { return state(seq).num_tokens; }
int KvCacheManager::num_committed_tokens(int64_t seq) const { return state(seq).num_committed; }

int64_t KvCacheManager::num_filled_slots() const {
  std::vector<int32_t> filled(static_cast<size_t>(num_total_blocks()), 0);
  const int B = block_size();
  for (const auto& [id, s] : seqs_)
    for (size_t i = 0; i < s.table.size(); ++i) {
      int32_t& f = filled[static_cast<size_t>(s.table[i])];
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
    if (static_cast<int>(s.table.size()) != blocks_needed(s.num_tokens))
      err << "seq " << seq << " has " << s.table.size() << " blocks for " << s.num_tokens << " tokens; ";
    if (s.num_committed < 0 || s.num_committed > s.num_tokens) err << "seq " << seq << " committed out of range; ";
    const size_t want_hashes = prefix_caching_ ? static_cast<size_t>(s.num_committed / B) : 0;
    if (s.block_hashes.size() != want_hashes) err << "seq " << seq << " hash chain length " << s.block_hashes.size() << " != " << want_hashes << "; ";
    std::vector<int32_t> sorted = s.table;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) err << "seq " << seq << " references a block twice; ";
    for (size_t i = 0; i < s.table.size(); ++i) {
      const int32_t id = s.table[i];
      if (id < 0 || id >= num_total_blocks()) { err << "seq " << seq << " references block " << id << " outside the pool; "; continue; }
      ++refs[static_cast<size_t>(id)];
      const Block& b = pool_.block(id);
      if (b.hash && i < s.block_hashes.size() && *b.hash != s.block_hashes[i])
        err << "seq " << seq << " block " << i << " hash differs from its chain; ";
      const int in_block = std::min(B, s.num_committed - static_cast<int>(i) * B);
      // A block may hold more than this sequence committed (a sharer's tokens, or stale ones after a
      // truncate, overwritten on the next commit), never less.
      if (in_block > 0 && static_cast<int>(b.token_ids.size()) < in_block)
        err << "seq " << seq << " block " << id << " holds " << b.token_ids.size() << " tokens, expected >= " << in_block << "; ";
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
  }
  const int B = block_size();
  for (const auto& [seq, s] : seqs_) {  // ascending ids, so owners come out sorted
    snap.sequences.push_back({seq, s.num_tokens, s.table});
    for (size_t i = 0; i < s.table.size(); ++i) {
      BlockInfo& info = snap.blocks[static_cast<size_t>(s.table[i])];
      info.owners.push_back(seq);
      info.filled = std::max(info.filled, std::min(B, s.num_tokens - static_cast<int>(i) * B));
    }
  }
  return snap;
}

}  // namespace inferscope
