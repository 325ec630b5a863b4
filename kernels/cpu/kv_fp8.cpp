// FP8 E4M3 (OCP "E4M3FN") <-> f32. Layout S.EEEE.MMM, exponent bias 7, no infinities; the only NaN
// codes are S.1111.111, so the largest finite magnitude is S.1111.110 = 1.75 * 2^8 = 448.
// Normals: (1 + m/8) * 2^(e-7) for e in 1..15; subnormals (e = 0): m * 2^-9.
#include <array>
#include <bit>
#include <cmath>
#include <limits>

#include "kernels/cpu/kv_format.h"

namespace inferscope::kernels {
namespace {

constexpr float kFp8Max = 448.0f;
constexpr float kFp8MinNormal = 1.0f / 64.0f;  // 2^-6

// Rounds a non-negative r < 2^23 to the nearest integer, ties to even. Exact in f32: r - floor(r)
// has no rounding error in this range, so no dependence on the FPU rounding mode.
uint32_t round_half_even(float r) {
  const auto i = static_cast<uint32_t>(r);
  const float frac = r - static_cast<float>(i);
  if (frac > 0.5f || (frac == 0.5f && (i & 1u))) return i + 1;
  return i;
}

float decode_by_formula(uint8_t v) {
  const bool neg = v & 0x80;
  const int e = (v >> 3) & 0xF;
  const int m = v & 0x7;
  float mag;
  if (e == 0xF && m == 0x7) {
    mag = std::numeric_limits<float>::quiet_NaN();
  } else if (e == 0) {
    mag = std::ldexp(static_cast<float>(m), -9);
  } else {
    mag = std::ldexp(1.0f + static_cast<float>(m) / 8.0f, e - 7);
  }
  return neg ? -mag : mag;
}

const std::array<float, 256>& table() {
  static const std::array<float, 256> t = [] {
    std::array<float, 256> a{};
    for (int c = 0; c < 256; ++c) a[c] = decode_by_formula(static_cast<uint8_t>(c));
    return a;
  }();
  return t;
}

}  // namespace

uint8_t fp32_to_fp8_e4m3(float x) {
  const uint32_t bits = std::bit_cast<uint32_t>(x);
  const auto sign = static_cast<uint8_t>((bits >> 24) & 0x80);
  if (std::isnan(x)) return sign | 0x7F;
  const float a = std::fabs(x);
  // Saturating conversion: anything at or past the largest finite value (inf included) clamps.
  if (a >= kFp8Max) return sign | 0x7E;
  if (a < kFp8MinNormal) {
    // Subnormal range: count units of 2^-9. A result of 8 is 2^-6, whose code 0x08 is the smallest
    // normal, so the carry into the exponent field needs no special case.
    return sign | static_cast<uint8_t>(round_half_even(a * 512.0f));
  }
  // Normal: keep the top 3 of f32's 23 mantissa bits, round the other 20 to nearest even.
  int e = static_cast<int>((bits >> 23) & 0xFF) - 127;  // -6 .. 8 here
  const uint32_t mant = bits & 0x7FFFFF;
  uint32_t q = mant >> 20;
  const uint32_t rest = mant & 0xFFFFF;
  if (rest > 0x80000 || (rest == 0x80000 && (q & 1u))) ++q;
  if (q == 8) {  // mantissa overflow: 1.111b rounded up to 10.000b
    q = 0;
    ++e;
  }
  const uint32_t code = (static_cast<uint32_t>(e + 7) << 3) | q;
  // a < 448 cannot round past 448 (the next value up would be 480), but keep NaN unreachable.
  return sign | static_cast<uint8_t>(code > 0x7E ? 0x7E : code);
}

float fp8_e4m3_to_fp32(uint8_t v) { return table()[v]; }

const float* fp8_e4m3_table() { return table().data(); }

}  // namespace inferscope::kernels
