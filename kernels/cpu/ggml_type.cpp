// Block geometry of the ggml types we know (sizes from the block structs, so they cannot drift).
#include "kernels/cpu/ggml_type.h"

#include <array>
#include <cassert>

#include "kernels/cpu/block_formats.h"

namespace inferscope::kernels {
namespace {

constexpr std::array<TypeTraits, 13> kTraits{{
    {GgmlType::F32, "F32", 1, 4, true},
    {GgmlType::F16, "F16", 1, 2, true},
    {GgmlType::Q4_0, "Q4_0", QK, sizeof(block_q4_0), true},
    {GgmlType::Q4_1, "Q4_1", QK, sizeof(block_q4_1), true},
    {GgmlType::Q5_0, "Q5_0", QK, sizeof(block_q5_0), true},
    {GgmlType::Q5_1, "Q5_1", QK, sizeof(block_q5_1), true},
    {GgmlType::Q8_0, "Q8_0", QK, sizeof(block_q8_0), true},
    {GgmlType::Q8_1, "Q8_1", QK, sizeof(block_q8_1), false},
    {GgmlType::Q4_K, "Q4_K", QK_K, sizeof(block_q4_K), true},
    {GgmlType::Q5_K, "Q5_K", QK_K, sizeof(block_q5_K), true},
    {GgmlType::Q6_K, "Q6_K", QK_K, sizeof(block_q6_K), true},
    {GgmlType::Q8_K, "Q8_K", QK_K, sizeof(block_q8_K), false},
    {GgmlType::BF16, "BF16", 1, 2, true},
}};

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

}  // namespace

const TypeTraits* type_traits(uint32_t type_id) {
  for (const TypeTraits& t : kTraits)
    if (static_cast<uint32_t>(t.type) == type_id) return &t;
  return nullptr;
}

const TypeTraits& type_traits(GgmlType t) {
  const TypeTraits* tr = type_traits(static_cast<uint32_t>(t));
  assert(tr && "GgmlType value outside the enum");
  return tr ? *tr : kTraits[0];
}

std::optional<GgmlType> type_from_name(std::string_view name) {
  for (const TypeTraits& t : kTraits)
    if (iequals(name, t.name)) return t.type;
  return std::nullopt;
}

size_t row_bytes(GgmlType t, int64_t n) {
  const TypeTraits& tr = type_traits(t);
  assert(n % tr.block_elems == 0);
  return static_cast<size_t>(n / tr.block_elems) * tr.block_bytes;
}

}  // namespace inferscope::kernels
