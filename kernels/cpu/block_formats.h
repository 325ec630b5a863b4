#pragma once
// One plain struct per ggml block format, laid out byte for byte as GGUF stores it.
// fp16 fields are kept as raw IEEE-half bits (uint16_t); convert with fp16.h.
#include <cstdint>

namespace inferscope::kernels {

inline constexpr int QK = 32;    // elements per block of the simple formats
inline constexpr int QK_K = 256; // elements per super-block of the K-quants
inline constexpr int K_SCALE_SIZE = 12;

// x = d * (q - 8), q a 4-bit nibble.
struct block_q4_0 {
  uint16_t d;
  uint8_t qs[QK / 2];  // element j < 16 in the low nibble of qs[j], j >= 16 in the high nibble of qs[j-16]
};
// x = d * q + m
struct block_q4_1 {
  uint16_t d, m;
  uint8_t qs[QK / 2];
};
// x = d * (q - 16), q = nibble | (bit j of qh) << 4
struct block_q5_0 {
  uint16_t d;
  uint8_t qh[4];  // a little-endian u32; byte array so the struct has no padding (22 bytes)
  uint8_t qs[QK / 2];
};
// x = d * q + m, q 5-bit as in Q5_0
struct block_q5_1 {
  uint16_t d, m;
  uint8_t qh[4];
  uint8_t qs[QK / 2];
};
// x = d * qs[j]
struct block_q8_0 {
  uint16_t d;
  int8_t qs[QK];
};
// Activation format for the formats with a min: s = d * sum(qs).
struct block_q8_1 {
  uint16_t d, s;
  int8_t qs[QK];
};

// 8 sub-blocks of 32: x = d * sc * q - dmin * m, sc and m 6-bit, packed in scales[12].
struct block_q4_K {
  uint16_t d, dmin;
  uint8_t scales[K_SCALE_SIZE];
  uint8_t qs[QK_K / 2];  // per 64 elements: 32 bytes, low nibbles the first 32, high nibbles the next 32
};
// As Q4_K with the fifth bit of each element in qh.
struct block_q5_K {
  uint16_t d, dmin;
  uint8_t scales[K_SCALE_SIZE];
  uint8_t qh[QK_K / 8];
  uint8_t qs[QK_K / 2];
};
// 16 sub-blocks of 16: x = d * scales[e/16] * (q - 32), q 6-bit.
struct block_q6_K {
  uint8_t ql[QK_K / 2];  // low 4 bits
  uint8_t qh[QK_K / 4];  // high 2 bits
  int8_t scales[QK_K / 16];
  uint16_t d;
};
// Activation format for the K-quants: float scale and per-16 sums for the min/offset terms.
struct block_q8_K {
  float d;
  int8_t qs[QK_K];
  int16_t bsums[QK_K / 16];
};

static_assert(sizeof(block_q4_0) == 18);
static_assert(sizeof(block_q4_1) == 20);
static_assert(sizeof(block_q5_0) == 22);
static_assert(sizeof(block_q5_1) == 24);
static_assert(sizeof(block_q8_0) == 34);
static_assert(sizeof(block_q8_1) == 36);
static_assert(sizeof(block_q4_K) == 144);
static_assert(sizeof(block_q5_K) == 176);
static_assert(sizeof(block_q6_K) == 210);
static_assert(sizeof(block_q8_K) == 292);

// The 6-bit scale and min of sub-block j (0..7) of a Q4_K/Q5_K block.
// Sub-blocks 0-3 keep theirs in the low 6 bits of bytes j and j+4; 4-7 split theirs into a
// low nibble in bytes 8-11 and two high bits in the top of bytes 0-3 (scale) and 4-7 (min).
inline void k_scale_min(const uint8_t* scales, int j, uint8_t& sc, uint8_t& m) {
  if (j < 4) {
    sc = scales[j] & 63;
    m = scales[j + 4] & 63;
  } else {
    sc = static_cast<uint8_t>((scales[j + 4] & 0x0F) | ((scales[j - 4] >> 6) << 4));
    m = static_cast<uint8_t>((scales[j + 4] >> 4) | ((scales[j] >> 6) << 4));
  }
}

// Inverse of k_scale_min for all eight sub-blocks; sc and m must be < 64.
inline void k_pack_scale_min(const uint8_t sc[8], const uint8_t m[8], uint8_t* scales) {
  for (int j = 0; j < K_SCALE_SIZE; ++j) scales[j] = 0;
  for (int j = 0; j < 4; ++j) {
    scales[j] = sc[j];
    scales[j + 4] = m[j];
  }
  for (int j = 4; j < 8; ++j) {
    scales[j + 4] = static_cast<uint8_t>((sc[j] & 0x0F) | ((m[j] & 0x0F) << 4));
    scales[j - 4] |= static_cast<uint8_t>((sc[j] >> 4) << 6);
    scales[j] |= static_cast<uint8_t>((m[j] >> 4) << 6);
  }
}

}  // namespace inferscope::kernels
