#include "engine/backend/attention_impl.h"

#include "engine/backend/attention_impl_kernels.h"

namespace inferscope {

const char* attention_impl_name(AttentionImpl a) { return kernels::attention_impl_name(to_kernels(a)); }

std::optional<AttentionImpl> attention_impl_from_name(std::string_view s) {
  if (s == "naive") return AttentionImpl::Naive;
  if (s == "tiled") return AttentionImpl::Tiled;
  return std::nullopt;
}

}  // namespace inferscope
