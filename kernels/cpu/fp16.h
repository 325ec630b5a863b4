#pragma once
// Portable scalar conversions between f32 and the two 16-bit float formats GGUF uses.
// IEEE half (fp16) and bfloat16 (the top half of an f32), both rounded to nearest-even.
// SIMD code converts with F16C in the *_avx2.cpp files; these are the reference.
#include <bit>
#include <cstdint>

namespace inferscope::kernels {

inline float fp16_to_fp32(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1Fu;
  const uint32_t mant = h & 0x3FFu;
  if (exp == 0) {
    // Zero or subnormal: mant * 2^-24, exact in f32.
    const float mag = static_cast<float>(mant) * 0x1p-24f;
    return sign ? -mag : mag;
  }
  if (exp == 31) return std::bit_cast<float>(sign | 0x7F800000u | (mant << 13));  // inf, NaN (payload kept)
  return std::bit_cast<float>(sign | ((exp + (127 - 15)) << 23) | (mant << 13));
}

inline uint16_t fp32_to_fp16(float f) {
  const uint32_t x = std::bit_cast<uint32_t>(f);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t ax = x & 0x7FFFFFFFu;
  if (ax >= 0x7F800000u) {
    if (ax == 0x7F800000u) return sign | 0x7C00u;
    // NaN: keep the top payload bits and force the quiet bit so the payload never becomes zero (inf).
    return static_cast<uint16_t>(sign | 0x7C00u | 0x0200u | ((ax >> 13) & 0x3FFu));
  }
  if (ax >= 0x477FF000u) return sign | 0x7C00u;  // >= 65520 rounds past 65504 to inf
  if (ax >= 0x38800000u) {
    // Normal half: rebias the exponent, round the 13 dropped mantissa bits to nearest-even.
    // A carry out of the mantissa correctly bumps the exponent.
    const uint32_t v = ax - ((127u - 15u) << 23);
    uint32_t h = v >> 13;
    const uint32_t rem = v & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;
    return static_cast<uint16_t>(sign | h);
  }
  if (ax <= 0x33000000u) return sign;  // <= 2^-25: halfway to the smallest subnormal ties to zero
  // Subnormal half: value in units of 2^-24, rounded to nearest-even.
  const uint32_t e = ax >> 23;
  const uint32_t mant = (ax & 0x7FFFFFu) | 0x800000u;
  const uint32_t shift = 126u - e;  // 14..24
  uint32_t h = mant >> shift;
  const uint32_t rem = mant & ((1u << shift) - 1u);
  const uint32_t half = 1u << (shift - 1u);
  if (rem > half || (rem == half && (h & 1u))) ++h;  // may carry into the smallest normal: still right
  return static_cast<uint16_t>(sign | h);
}

inline float bf16_to_fp32(uint16_t b) { return std::bit_cast<float>(static_cast<uint32_t>(b) << 16); }

inline uint16_t fp32_to_bf16(float f) {
  const uint32_t x = std::bit_cast<uint32_t>(f);
  if ((x & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((x >> 16) | 0x0040u);  // NaN stays NaN
  // Round to nearest-even on the dropped 16 bits; overflow rounds to inf as IEEE does.
  return static_cast<uint16_t>((x + 0x7FFFu + ((x >> 16) & 1u)) >> 16);
}

}  // namespace inferscope::kernels
