#include "engine/kv/block_pool.h"

#include <sstream>
#include <stdexcept>

namespace inferscope {

BlockPool::BlockPool(int32_t num_blocks, int32_t block_size) : block_size_(block_size) {
  if (num_blocks < 1) throw std::invalid_argument("BlockPool: num_blocks must be >= 1");
  if (block_size < 1 || block_size > 256) throw std::invalid_argument("BlockPool: block_size must be in 1..256");
  const auto n = static_cast<size_t>(num_blocks);
  blocks_.resize(n);
  prev_.assign(n, kNone);
  next_.assign(n, kNone);
  in_queue_.assign(n, false);
  for (int32_t i = 0; i < num_blocks; ++i) {
    blocks_[static_cast<size_t>(i)].id = i;
    blocks_[static_cast<size_t>(i)].token_ids.reserve(static_cast<size_t>(block_size));
    push_tail(i);  // initial order 0..n-1, so allocation is deterministic
  }
}

void BlockPool::push_tail(int32_t id) {
  const auto i = static_cast<size_t>(id);
  prev_[i] = tail_;
  next_[i] = kNone;
  if (tail_ != kNone) next_[static_cast<size_t>(tail_)] = id; else head_ = id;
  tail_ = id;
  in_queue_[i] = true;
  ++num_free_;
}

void BlockPool::remove_from_queue(int32_t id) {
  const auto i = static_cast<size_t>(id);
  const int32_t p = prev_[i], n = next_[i];
  if (p != kNone) next_[static_cast<size_t>(p)] = n; else head_ = n;
  if (n != kNone) prev_[static_cast<size_t>(n)] = p; else tail_ = p;
  prev_[i] = next_[i] = kNone;
  in_queue_[i] = false;
  --num_free_;
}

void BlockPool::drop_hash(Block& b) {
  if (!b.hash) return;
  auto it = hash_to_block_.find(*b.hash);
  if (it != hash_to_block_.end() && it->second == b.id) hash_to_block_.erase(it);
  b.hash.reset();
}

int32_t BlockPool::allocate() {
  if (head_ == kNone) throw std::runtime_error("BlockPool: no free block");
  const int32_t id = head_;
  remove_from_queue(id);
  Block& b = blocks_[static_cast<size_t>(id)];
  if (b.hash) --num_cached_;  // eviction: the prefix this block cached is gone
  drop_hash(b);
  b.token_ids.clear();
  b.ref_count = 1;
  return id;
}

void BlockPool::ref(int32_t id) {
  Block& b = blocks_.at(static_cast<size_t>(id));
  if (b.ref_count == 0) {
    // Only cached blocks are worth reviving; a plain free block has no content anyone could share.
    if (!in_queue_[static_cast<size_t>(id)]) throw std::logic_error("BlockPool::ref: free block not in queue");
    remove_from_queue(id);
    if (b.hash) --num_cached_;
  }
  if (++b.ref_count == 2) ++num_shared_;
}

void BlockPool::unref(int32_t id) {
  Block& b = blocks_.at(static_cast<size_t>(id));
  if (b.ref_count <= 0) throw std::logic_error("BlockPool::unref: block " + std::to_string(id) + " is already free");
  if (b.ref_count-- == 2) --num_shared_;
  if (b.ref_count == 0) {
    push_tail(id);
    if (b.hash) ++num_cached_;
  }
}

std::optional<int32_t> BlockPool::lookup(uint64_t hash) const {
  auto it = hash_to_block_.find(hash);
  if (it == hash_to_block_.end()) return std::nullopt;
  return it->second;
}

bool BlockPool::cache(int32_t id, uint64_t hash, const std::vector<int32_t>& token_ids) {
  Block& b = blocks_.at(static_cast<size_t>(id));
  if (b.ref_count <= 0) throw std::logic_error("BlockPool::cache: block is not referenced");
  if (static_cast<int32_t>(token_ids.size()) != block_size_)
    throw std::logic_error("BlockPool::cache: only full blocks are cached");
  b.token_ids = token_ids;
  if (b.hash) {
    if (*b.hash == hash) return true;
    drop_hash(b);
  }
  if (hash_to_block_.count(hash)) return false;
  hash_to_block_.emplace(hash, id);
  b.hash = hash;
  return true;
}

void BlockPool::uncache(int32_t id) {
  Block& b = blocks_.at(static_cast<size_t>(id));
  if (b.hash && b.ref_count == 0) --num_cached_;
  drop_hash(b);
}

void BlockPool::set_tokens(int32_t id, std::vector<int32_t> token_ids) {
  Block& b = blocks_.at(static_cast<size_t>(id));
  if (b.hash) throw std::logic_error("BlockPool::set_tokens: block is cached; uncache it first");
  if (static_cast<int32_t>(token_ids.size()) > block_size_) throw std::logic_error("BlockPool::set_tokens: too many tokens");
  b.token_ids = std::move(token_ids);
}

std::vector<int32_t> BlockPool::free_queue() const {
  std::vector<int32_t> out;
  out.reserve(static_cast<size_t>(num_free_));
  for (int32_t id = head_; id != kNone; id = next_[static_cast<size_t>(id)]) out.push_back(id);
  return out;
}

std::string BlockPool::check_invariants() const {
  std::ostringstream err;
  // Walk the list: links must be mutually consistent and cover exactly the ref-0 blocks.
  int32_t walked = 0, prev = kNone;
  for (int32_t id = head_; id != kNone; id = next_[static_cast<size_t>(id)]) {
    if (id < 0 || id >= num_blocks() || ++walked > num_blocks()) { err << "free list corrupt; "; break; }
    if (prev_[static_cast<size_t>(id)] != prev) err << "block " << id << " has a wrong prev link; ";
    if (!in_queue_[static_cast<size_t>(id)]) err << "block " << id << " linked but not marked queued; ";
    prev = id;
  }
  if (prev != tail_) err << "tail mismatch; ";
  if (walked != num_free_) err << "free count " << num_free_ << " != list length " << walked << "; ";
  int32_t zero = 0, cached = 0, shared = 0;
  for (const Block& b : blocks_) {
    if (b.ref_count < 0) err << "block " << b.id << " has negative refcount; ";
    if ((b.ref_count == 0) != in_queue_[static_cast<size_t>(b.id)])
      err << "block " << b.id << " ref " << b.ref_count << " vs queued " << in_queue_[static_cast<size_t>(b.id)] << "; ";
    zero += b.ref_count == 0;
    cached += b.ref_count == 0 && b.hash.has_value();
    shared += b.ref_count > 1;
    if (static_cast<int32_t>(b.token_ids.size()) > block_size_) err << "block " << b.id << " overfull; ";
    if (b.hash) {
      auto it = hash_to_block_.find(*b.hash);
      if (it == hash_to_block_.end() || it->second != b.id) err << "block " << b.id << " hash not in map; ";
      if (static_cast<int32_t>(b.token_ids.size()) != block_size_) err << "cached block " << b.id << " not full; ";
    }
  }
  for (const auto& [h, id] : hash_to_block_) {
    if (id < 0 || id >= num_blocks()) { err << "hash map points outside the pool; "; continue; }
    const Block& b = blocks_[static_cast<size_t>(id)];
    if (!b.hash || *b.hash != h) err << "hash map entry for block " << id << " is stale; ";
  }
  if (zero != num_free_) err << "free count " << num_free_ << " != ref-0 blocks " << zero << "; ";
  if (cached != num_cached_) err << "cached count " << num_cached_ << " != " << cached << "; ";
  if (shared != num_shared_) err << "shared count " << num_shared_ << " != " << shared << "; ";
  return err.str();
}

}  // namespace inferscope
