// Element encoders and decoders for the KV storage dtypes. Scalar and portable: these are the
// reference the SIMD attention paths are tested against, and the path for writes (one token per call).
#include <bit>
#include <cmath>
#include <cstring>

#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/kv_format.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace inferscope::kernels {
namespace {

// IEEE binary16 from f32, round to nearest even; overflow gives inf, NaN stays a quiet NaN.
// A local copy so the KV code does not wait on kernels/cpu/fp16.h (another owner).
uint16_t f32_to_f16(float f) {
  const uint32_t b = std::bit_cast<uint32_t>(f);
  const auto sign = static_cast<uint16_t>((b >> 16) & 0x8000);
  const uint32_t a = b & 0x7FFFFFFF;
  if (a > 0x7F800000) return sign | 0x7E00 | static_cast<uint16_t>((a >> 13) & 0x3FF);
  if (a >= 0x477FF000) return sign | 0x7C00;  // >= 65520 = halfway past 65504 rounds to inf (ties to even)
  if (a < 0x38800000) {                        // below 2^-14: subnormal half, units of 2^-24
    const float r = std::bit_cast<float>(a) * 16777216.0f;  // exact: scaling by a power of two
    auto i = static_cast<uint32_t>(r);
    const float frac = r - static_cast<float>(i);
    if (frac > 0.5f || (frac == 0.5f && (i & 1u))) ++i;
    return sign | static_cast<uint16_t>(i);  // i == 0x400 is the smallest normal: carry is free
  }
  const uint32_t e = (a >> 23) - 127 + 15;
  const uint32_t mant = a & 0x7FFFFF;
  uint32_t h = (e << 10) | (mant >> 13);
  const uint32_t rest = mant & 0x1FFF;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1u))) ++h;  // a carry walks into the exponent correctly
  return sign | static_cast<uint16_t>(h);
}

float f16_to_f32(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  const uint32_t e = (h >> 10) & 0x1F;
  const uint32_t m = h & 0x3FF;
  if (e == 0) {
    const float mag = static_cast<float>(m) * (1.0f / 16777216.0f);  // m * 2^-24, exact
    return sign ? -mag : mag;
  }
  if (e == 31) return std::bit_cast<float>(sign | 0x7F800000 | (m << 13));
  return std::bit_cast<float>(sign | ((e - 15 + 127) << 23) | (m << 13));
}

uint16_t f32_to_bf16(float f) {
  const uint32_t b = std::bit_cast<uint32_t>(f);
  if ((b & 0x7FFFFFFF) > 0x7F800000) return static_cast<uint16_t>((b >> 16) | 0x40);  // quiet NaN
  return static_cast<uint16_t>((b + 0x7FFF + ((b >> 16) & 1u)) >> 16);               // nearest even
}

float bf16_to_f32(uint16_t v) { return std::bit_cast<float>(static_cast<uint32_t>(v) << 16); }

uint16_t load_u16(const uint8_t* p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}
void store_u16(uint8_t* p, uint16_t v) { std::memcpy(p, &v, 2); }

int8_t f32_to_int8(float y) {
  if (std::isnan(y)) return 0;
  // lrint rounds to nearest even in the default FP environment; clamp first so it cannot overflow.
  const float c = y > 127.0f ? 127.0f : (y < -127.0f ? -127.0f : y);
  return static_cast<int8_t>(std::lrint(c));
}

#if defined(__x86_64__)
// F16C's conversion rounds to nearest-even and keeps NaN payloads exactly as f32_to_f16 does, so the
// cache holds the same bits whichever path wrote them (tst_kv_format compares both).
__attribute__((target("avx2,f16c"))) void encode_f16_f16c(const float* src, int n, uint8_t* dst) {
  int i = 0;
  for (; i + 8 <= n; i += 8)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 2 * i),
                     _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  for (; i < n; ++i) store_u16(dst + 2 * i, f32_to_f16(src[i]));
}
#endif

}  // namespace

void kv_encode(KvDtype d, const float* src, int n, float scale, uint8_t* dst) {
  switch (d) {
    case KvDtype::F32:
      std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
      return;
    case KvDtype::F16:
#if defined(__x86_64__)
      if (active_simd() >= SimdLevel::Avx2) return encode_f16_f16c(src, n, dst);
#endif
      for (int i = 0; i < n; ++i) store_u16(dst + 2 * i, f32_to_f16(src[i]));
      return;
    case KvDtype::BF16:
      for (int i = 0; i < n; ++i) store_u16(dst + 2 * i, f32_to_bf16(src[i]));
      return;
    case KvDtype::FP8_E4M3: {
      const float inv = scale > 0.0f ? 1.0f / scale : 0.0f;
      for (int i = 0; i < n; ++i) dst[i] = fp32_to_fp8_e4m3(src[i] * inv);
      return;
    }
    case KvDtype::INT8: {
      const float inv = scale > 0.0f ? 1.0f / scale : 0.0f;
      for (int i = 0; i < n; ++i) dst[i] = static_cast<uint8_t>(f32_to_int8(src[i] * inv));
      return;
    }
  }
}

void kv_decode(KvDtype d, const uint8_t* src, int n, float scale, float* dst) {
  switch (d) {
    case KvDtype::F32:
      std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
      return;
    case KvDtype::F16:
      for (int i = 0; i < n; ++i) dst[i] = f16_to_f32(load_u16(src + 2 * i));
      return;
    case KvDtype::BF16:
      for (int i = 0; i < n; ++i) dst[i] = bf16_to_f32(load_u16(src + 2 * i));
      return;
    case KvDtype::FP8_E4M3: {
      const float* t = fp8_e4m3_table();
      for (int i = 0; i < n; ++i) dst[i] = t[src[i]] * scale;
      return;
    }
    case KvDtype::INT8:
      for (int i = 0; i < n; ++i) dst[i] = static_cast<float>(static_cast<int8_t>(src[i])) * scale;
      return;
  }
}

}  // namespace inferscope::kernels
