#include "engine/kv/kv_groups.h"

#include <map>
#include <numeric>
#include <stdexcept>

namespace inferscope {

KvGroupPlan plan_kv_groups(const std::vector<int32_t>& layer_windows) {
  if (layer_windows.empty()) throw std::invalid_argument("plan_kv_groups: no layers");
  std::map<int32_t, std::vector<int32_t>> by_window;  // window 0 (full) sorts first
  for (size_t l = 0; l < layer_windows.size(); ++l) {
    if (layer_windows[l] < 0) throw std::invalid_argument("plan_kv_groups: negative window");
    by_window[layer_windows[l]].push_back(static_cast<int32_t>(l));
  }
  int32_t k = 0;
  for (const auto& [w, layers] : by_window) k = std::gcd(k, static_cast<int32_t>(layers.size()));
  KvGroupPlan plan;
  plan.layers_per_group = k;
  plan.layer_group.assign(layer_windows.size(), 0);
  plan.layer_slot.assign(layer_windows.size(), 0);
  for (const auto& [w, layers] : by_window)
    for (size_t i = 0; i < layers.size(); i += static_cast<size_t>(k)) {
      KvGroup g;
      g.window = w;
      g.layers.assign(layers.begin() + static_cast<std::ptrdiff_t>(i), layers.begin() + static_cast<std::ptrdiff_t>(i + k));
      for (int32_t j = 0; j < k; ++j) {
        plan.layer_group[size_t(g.layers[size_t(j)])] = static_cast<int32_t>(plan.groups.size());
        plan.layer_slot[size_t(g.layers[size_t(j)])] = j;
      }
      plan.groups.push_back(std::move(g));
    }
  return plan;
}

}  // namespace inferscope
