#pragma once
// How the engine's forward pass computes attention, as its API names it (the kernels' own enum stays
// behind the engine; engine/backend/attention_impl_kernels.h converts).
#include <cstdint>
#include <optional>
#include <string_view>

namespace inferscope {

enum class AttentionImpl : uint8_t {
  Naive,  // materialize the score row, softmax, weighted sum of V
  Tiled,  // one pass over blocks with an online softmax (FlashAttention-style)
};

const char* attention_impl_name(AttentionImpl a);                      // "naive", "tiled"
std::optional<AttentionImpl> attention_impl_from_name(std::string_view s);  // exactly those names

}  // namespace inferscope
