#pragma once
// The physical memory of the paged KV cache: for every layer a K pool and a V pool of num_blocks blocks,
// each block holding block_size tokens x kv_heads x head_dim elements in the storage dtype (plus one
// scale per (block, head) for FP8/INT8). Allocated once, all pools in one buffer (huge pages where the
// system gives them: a decode step reads every running sequence's blocks, spread over the whole cache);
// bytes are accounted exactly.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/kv/kv_dtype.h"
#include "kernels/cpu/kv_format.h"
#include "kernels/cpu/large_buffer.h"

namespace inferscope {

struct KvLayout {
  int n_layers = 0;  // pool layers: the model's layers, or one KV group's layer count with groups
  int kv_heads = 0;
  int head_dim = 0;
  int block_size = 16;
  KvDtype dtype = KvDtype::F16;

  // KV groups (engine/kv/kv_groups.h): model layer -> pool layer and model layer -> group. Empty: the
  // identity and one group (every layer in every block).
  std::vector<int32_t> layer_pool{};
  std::vector<int32_t> layer_group{};
  int pool_layer(int layer) const { return layer_pool.empty() ? layer : layer_pool[size_t(layer)]; }
  int group_of(int layer) const { return layer_group.empty() ? 0 : layer_group[size_t(layer)]; }
  int model_layers() const { return layer_pool.empty() ? n_layers : static_cast<int>(layer_pool.size()); }

  // Bytes one block occupies across all pool layers, K and V, scales included.
  size_t block_bytes() const;
  // Bytes a block would take if it held every model layer (what full attention allocates per block).
  size_t full_attention_block_bytes() const { return n_layers ? block_bytes() / size_t(n_layers) * size_t(model_layers()) : 0; }
  // 2 x layers x kv_heads x head_dim x bytes(dtype): the per-token payload, without scales.
  size_t token_payload_bytes() const;
  // The same over every model layer (differs from token_payload_bytes() only with KV groups).
  size_t model_token_payload_bytes() const {
    return n_layers ? token_payload_bytes() / size_t(n_layers) * size_t(model_layers()) : 0;
  }
  // Blocks that fit in a byte budget (0 when not even one fits).
  int64_t blocks_for_budget(size_t budget_bytes) const;
};

class KvStorage {
 public:
  // Throws std::invalid_argument for impossible layouts (block size outside 1..256, no blocks) and
  // std::bad_alloc when the memory cannot be had.
  KvStorage(const KvLayout& layout, int64_t num_blocks);

  const KvLayout& layout() const { return layout_; }
  int64_t num_blocks() const { return num_blocks_; }
  size_t allocated_bytes() const { return num_blocks_ * layout_.block_bytes(); }

  // The K / V pool a model layer writes and reads (through layout().pool_layer(layer)).
  kernels::KvPoolView k(int layer);
  kernels::KvPoolView v(int layer);
  // Copies every layer's K/V (and scales) of block src into block dst (copy-on-write).
  void copy_block(int32_t src, int32_t dst);

 private:
  uint8_t* k_pool(int layer) const { return pools_.data() + 2 * size_t(layer) * layer_bytes_; }
  uint8_t* v_pool(int layer) const { return k_pool(layer) + layer_bytes_; }

  KvLayout layout_;
  int64_t num_blocks_;
  size_t layer_elems_;   // elements in one layer's K pool
  size_t layer_scales_;  // scales in one layer's K pool
  size_t layer_bytes_;   // bytes of one layer's K (or V) pool
  kernels::LargeBuffer pools_;  // layer l: K pool at 2l x layer_bytes_, V pool right after it
  std::vector<std::vector<float>> k_scales_, v_scales_;
};

}  // namespace inferscope
