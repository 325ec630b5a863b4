#include "engine/kv/kv_storage.h"

#include <cstring>
#include <stdexcept>
#include <string>

#include "engine/kv/kv_dtype_kernels.h"

namespace inferscope {

size_t KvLayout::token_payload_bytes() const {
  return size_t(2) * n_layers * kv_heads * head_dim * kv_dtype_bytes(dtype);
}

size_t KvLayout::block_bytes() const {
  size_t b = token_payload_bytes() * block_size;
  if (kv_dtype_scaled(dtype)) b += size_t(2) * n_layers * kv_heads * sizeof(float);
  return b;
}

int64_t KvLayout::blocks_for_budget(size_t budget_bytes) const {
  const size_t bb = block_bytes();
  return bb == 0 ? 0 : static_cast<int64_t>(budget_bytes / bb);
}

KvStorage::KvStorage(const KvLayout& layout, int64_t num_blocks) : layout_(layout), num_blocks_(num_blocks) {
  if (layout.block_size < 1 || layout.block_size > 256)
    throw std::invalid_argument("block size must be between 1 and 256 tokens, got " + std::to_string(layout.block_size));
  if (num_blocks < 1) throw std::invalid_argument("the KV budget holds no block; raise the budget or shrink blocks");
  if (layout.n_layers < 1 || layout.kv_heads < 1 || layout.head_dim < 1)
    throw std::invalid_argument("invalid KV layout");
  layer_elems_ = size_t(num_blocks) * layout.block_size * layout.kv_heads * layout.head_dim;
  layer_scales_ = kv_dtype_scaled(layout.dtype) ? size_t(num_blocks) * layout.kv_heads : 0;
  layer_bytes_ = layer_elems_ * kv_dtype_bytes(layout.dtype);
  pools_ = kernels::LargeBuffer(2 * size_t(layout.n_layers) * layer_bytes_);
  k_scales_.assign(layout.n_layers, std::vector<float>(layer_scales_, 0.0f));
  v_scales_.assign(layout.n_layers, std::vector<float>(layer_scales_, 0.0f));
}

kernels::KvPoolView KvStorage::k(int model_layer) {
  const int layer = layout_.pool_layer(model_layer);
  return {to_kernels(layout_.dtype), layout_.block_size, layout_.kv_heads, layout_.head_dim, k_pool(layer),
          layer_scales_ ? k_scales_[layer].data() : nullptr};
}

kernels::KvPoolView KvStorage::v(int model_layer) {
  const int layer = layout_.pool_layer(model_layer);
  return {to_kernels(layout_.dtype), layout_.block_size, layout_.kv_heads, layout_.head_dim, v_pool(layer),
          layer_scales_ ? v_scales_[layer].data() : nullptr};
}

void KvStorage::copy_block(int32_t src, int32_t dst) {
  const size_t block_elem_bytes =
      size_t(layout_.block_size) * layout_.kv_heads * layout_.head_dim * kv_dtype_bytes(layout_.dtype);
  for (int l = 0; l < layout_.n_layers; ++l) {
    std::memcpy(k_pool(l) + dst * block_elem_bytes, k_pool(l) + src * block_elem_bytes, block_elem_bytes);
    std::memcpy(v_pool(l) + dst * block_elem_bytes, v_pool(l) + src * block_elem_bytes, block_elem_bytes);
    if (layer_scales_) {
      const size_t h = layout_.kv_heads;
      std::memcpy(&k_scales_[l][dst * h], &k_scales_[l][src * h], h * sizeof(float));
      std::memcpy(&v_scales_[l][dst * h], &v_scales_[l][src * h], h * sizeof(float));
    }
  }
}

}  // namespace inferscope
