#pragma once
// KV cache groups: layers that attend the same way (full attention, or a sliding window of W tokens)
// share one block table per sequence, so a window group can hand back blocks its layers no longer read
// while the full-attention group keeps every token.
//
// Every group holds the same number of layers, so one physical block (block_size tokens of that many
// layers' K and V) fits any group and all groups draw from one pool. With n_full full-attention layers
// and n_w layers of window W, the group size is the gcd of those counts (Gemma 3 270M: 3 global and
// 15 local layers -> groups of 3: one full group and five window groups). A layer's K/V live in pool
// layer `layer_slot` (its index within its group) at the physical blocks of its group's table.
#include <cstdint>
#include <vector>

namespace inferscope {

struct KvGroup {
  int32_t window = 0;            // 0: full attention; W > 0: a query at p reads keys [p - W + 1, p]
  std::vector<int32_t> layers;   // model layers of this group, ascending
};

struct KvGroupPlan {
  std::vector<KvGroup> groups;       // full-attention groups first, then window groups by window
  int32_t layers_per_group = 0;      // pool layers the KV storage allocates
  std::vector<int32_t> layer_group;  // model layer -> group
  std::vector<int32_t> layer_slot;   // model layer -> pool layer (index within its group)
};

// layer_windows[l]: 0 for a full-attention layer, W for a window of W. Layers with equal windows are
// grouped in model order. All-equal windows give one group holding every layer (the plain layout).
// Throws std::invalid_argument for no layers or a negative window.
KvGroupPlan plan_kv_groups(const std::vector<int32_t>& layer_windows);

}  // namespace inferscope
