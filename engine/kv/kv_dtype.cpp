#include "engine/kv/kv_dtype.h"

#include "engine/kv/kv_dtype_kernels.h"

namespace inferscope {

const char* kv_dtype_name(KvDtype d) { return kernels::kv_dtype_name(to_kernels(d)); }

std::optional<KvDtype> kv_dtype_from_name(std::string_view s) {
  const auto d = kernels::kv_dtype_from_name(s);
  return d ? std::optional<KvDtype>(from_kernels(*d)) : std::nullopt;
}

size_t kv_dtype_bytes(KvDtype d) { return kernels::kv_dtype_bytes(to_kernels(d)); }
bool kv_dtype_scaled(KvDtype d) { return kernels::kv_dtype_scaled(to_kernels(d)); }

}  // namespace inferscope
