#pragma once
// Engine-internal: the engine's KvDtype as the kernels' enum. The two enums list the same dtypes in the
// same order (checked here), so the conversion is a cast.
#include "engine/kv/kv_dtype.h"
#include "kernels/cpu/kv_format.h"

namespace inferscope {

static_assert(uint8_t(KvDtype::F32) == uint8_t(kernels::KvDtype::F32) &&
              uint8_t(KvDtype::F16) == uint8_t(kernels::KvDtype::F16) &&
              uint8_t(KvDtype::BF16) == uint8_t(kernels::KvDtype::BF16) &&
              uint8_t(KvDtype::FP8_E4M3) == uint8_t(kernels::KvDtype::FP8_E4M3) &&
              uint8_t(KvDtype::INT8) == uint8_t(kernels::KvDtype::INT8));

constexpr kernels::KvDtype to_kernels(KvDtype d) { return kernels::KvDtype(uint8_t(d)); }
constexpr KvDtype from_kernels(kernels::KvDtype d) { return KvDtype(uint8_t(d)); }

}  // namespace inferscope
