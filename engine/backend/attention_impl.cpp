#include "engine/backend/attention_impl.h"

#include "engine/backend/attention_impl_kernels.h"

namespace inferscope {

const char* attention_impl_name(AttentionImpl a) { return kernels::attention_impl_name(to_kernels(a)); }

std::optional<AttentionImpl> attention_impl_from_name(std::string_view s) {
  for (AttentionImpl a : {AttentionImpl::Naive, AttentionImpl::Tiled})
    if (s == attention_impl_name(a)) return a;
  return std::nullopt;
}

}  // namespace inferscope
