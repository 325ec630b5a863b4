#pragma once
// Engine-internal: the engine's AttentionImpl as the kernels' enum (same members, same order).
#include "engine/backend/attention_impl.h"
#include "kernels/cpu/paged_attention.h"

namespace inferscope {

static_assert(uint8_t(AttentionImpl::Naive) == uint8_t(kernels::AttentionImpl::Naive) &&
              uint8_t(AttentionImpl::Tiled) == uint8_t(kernels::AttentionImpl::Tiled));

constexpr kernels::AttentionImpl to_kernels(AttentionImpl a) { return kernels::AttentionImpl(uint8_t(a)); }

}  // namespace inferscope
