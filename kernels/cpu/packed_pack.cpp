// Packing a matrix's rows into the 16-row groups of the packed kernels (layout in packed_matmul.h).
// Every format is first read, block of 32 by block, as unsigned integer codes and its scales as the file
// holds them; the codes are then laid out as the kernels read them, whatever their width.
#include <cstring>

#include "kernels/cpu/block_formats.h"
#include "kernels/cpu/packed_kernels.h"
#include "kernels/cpu/quant.h"

namespace inferscope::kernels::packed {
namespace {

constexpr int R = 16;

// Block b (of 32 elements) of one row as unsigned codes: q = the file's code (Q8_0: + 128).
void codes_of(GgmlType t, const uint8_t* row, int64_t b, uint8_t q[32]) {
  switch (t) {
    case GgmlType::Q4_0:
    case GgmlType::Q4_1: {
      const uint8_t* qs = t == GgmlType::Q4_0 ? reinterpret_cast<const block_q4_0*>(row)[b].qs
                                              : reinterpret_cast<const block_q4_1*>(row)[b].qs;
      for (int j = 0; j < 16; ++j) {
        q[j] = qs[j] & 0x0F;
        q[j + 16] = qs[j] >> 4;
      }
      return;
    }
    case GgmlType::Q5_0:
    case GgmlType::Q5_1: {
      const uint8_t *qs, *qh8;
      if (t == GgmlType::Q5_0) {
        qs = reinterpret_cast<const block_q5_0*>(row)[b].qs;
        qh8 = reinterpret_cast<const block_q5_0*>(row)[b].qh;
      } else {
        qs = reinterpret_cast<const block_q5_1*>(row)[b].qs;
        qh8 = reinterpret_cast<const block_q5_1*>(row)[b].qh;
      }
      const uint32_t qh = uint32_t(qh8[0]) | uint32_t(qh8[1]) << 8 | uint32_t(qh8[2]) << 16 | uint32_t(qh8[3]) << 24;
      for (int j = 0; j < 16; ++j) {
        q[j] = static_cast<uint8_t>((qs[j] & 0x0F) | ((qh >> j) & 1) << 4);
        q[j + 16] = static_cast<uint8_t>((qs[j] >> 4) | ((qh >> (j + 16)) & 1) << 4);
      }
      return;
    }
    case GgmlType::Q8_0: {
      const int8_t* qs = reinterpret_cast<const block_q8_0*>(row)[b].qs;
      for (int j = 0; j < 32; ++j) q[j] = static_cast<uint8_t>(qs[j]) ^ 0x80;
      return;
    }
    case GgmlType::Q4_K:
    case GgmlType::Q5_K: {
      // Sub-block j of the super-block: chunk j / 2's 32 bytes, low nibbles for even j, high for odd.
      const int j = static_cast<int>(b % 8), c = j / 2;
      const uint8_t *qs, *qh = nullptr;
      if (t == GgmlType::Q4_K) {
        qs = reinterpret_cast<const block_q4_K*>(row)[b / 8].qs;
      } else {
        qs = reinterpret_cast<const block_q5_K*>(row)[b / 8].qs;
        qh = reinterpret_cast<const block_q5_K*>(row)[b / 8].qh;
      }
      for (int l = 0; l < 32; ++l) {
        const uint8_t byte = qs[32 * c + l];
        q[l] = j % 2 ? byte >> 4 : byte & 0x0F;
        if (qh) q[l] |= static_cast<uint8_t>(((qh[l] >> j) & 1) << 4);
      }
      return;
    }
    case GgmlType::Q6_K: {
      // Element e of the super-block: half h = e / 128, quarter k = e % 128 / 32, l = e % 32.
      const block_q6_K& blk = reinterpret_cast<const block_q6_K*>(row)[b / 8];
      const int e0 = static_cast<int>(b % 8) * 32, h = e0 / 128, k = e0 % 128 / 32;
      for (int l = 0; l < 32; ++l) {
        const uint8_t byte = blk.ql[64 * h + 32 * (k & 1) + l];
        const int lo = k < 2 ? byte & 0x0F : byte >> 4;
        q[l] = static_cast<uint8_t>(lo | ((blk.qh[32 * h + l] >> (2 * k)) & 3) << 4);
      }
      return;
    }
    default: return;
  }
}

// Row r's codes of one block into the block's code vectors (see packed_matmul.h).
void place_codes(GgmlType t, const uint8_t q[32], int r, uint8_t* codes) {
  const int bits = code_bits(t);
  if (bits == 8) {
    for (int k = 0; k < 8; ++k) std::memcpy(codes + 64 * k + 4 * r, q + 4 * k, 4);
    return;
  }
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < 4; ++i)
      codes[64 * k + 4 * r + i] = static_cast<uint8_t>((q[4 * k + i] & 0x0F) | (q[16 + 4 * k + i] & 0x0F) << 4);
  // Code vector k (0..7) holds elements 4k..4k+3; byte i of its lane gets element 4k + i's high bits.
  if (bits == 5) {
    for (int i = 0; i < 4; ++i) {
      uint8_t plane = 0;
      for (int k = 0; k < 8; ++k) plane |= static_cast<uint8_t>(((q[4 * k + i] >> 4) & 1) << k);
      codes[256 + 4 * r + i] = plane;
    }
  } else if (bits == 6) {
    for (int p = 0; p < 2; ++p)
      for (int i = 0; i < 4; ++i) {
        uint8_t plane = 0;
        for (int k = 0; k < 4; ++k) plane |= static_cast<uint8_t>(((q[4 * (4 * p + k) + i] >> 4) & 3) << (2 * k));
        codes[256 + 64 * p + 4 * r + i] = plane;
      }
  }
}

}  // namespace

void pack_group(GgmlType t, const void* data, int64_t n_in, int64_t row0, int64_t rows, uint8_t* dst) {
  const int64_t nb = n_in / 32, nbs = nb / 8;
  const size_t row_stride = row_bytes(t, n_in);
  const int cb = codes_bytes(t);
  uint8_t* sec = dst + nb * cb;  // the scale sections
  auto* h16 = reinterpret_cast<uint16_t*>(sec);
  for (int64_t r = 0; r < rows; ++r) {
    const uint8_t* row = static_cast<const uint8_t*>(data) + (row0 + r) * row_stride;
    for (int64_t b = 0; b < nb; ++b) {
      uint8_t q[32];
      codes_of(t, row, b, q);
      place_codes(t, q, static_cast<int>(r), dst + b * cb);
      switch (t) {
        case GgmlType::Q4_0: h16[b * R + r] = reinterpret_cast<const block_q4_0*>(row)[b].d; break;
        case GgmlType::Q5_0: h16[b * R + r] = reinterpret_cast<const block_q5_0*>(row)[b].d; break;
        case GgmlType::Q8_0: h16[b * R + r] = reinterpret_cast<const block_q8_0*>(row)[b].d; break;
        case GgmlType::Q4_1:
          h16[b * R + r] = reinterpret_cast<const block_q4_1*>(row)[b].d;
          h16[(nb + b) * R + r] = reinterpret_cast<const block_q4_1*>(row)[b].m;
          break;
        case GgmlType::Q5_1:
          h16[b * R + r] = reinterpret_cast<const block_q5_1*>(row)[b].d;
          h16[(nb + b) * R + r] = reinterpret_cast<const block_q5_1*>(row)[b].m;
          break;
        case GgmlType::Q4_K:
        case GgmlType::Q5_K: {
          // fp16 d of every super-block, then fp16 dmin, then a byte per (block, row): scale, then min.
          const uint8_t* blk = row + (b / 8) * type_traits(t).block_bytes;
          uint16_t d, dmin;
          std::memcpy(&d, blk, 2);
          std::memcpy(&dmin, blk + 2, 2);
          uint8_t sc, m;
          k_scale_min(blk + 4, static_cast<int>(b % 8), sc, m);
          h16[(b / 8) * R + r] = d;
          h16[(nbs + b / 8) * R + r] = dmin;
          sec[nbs * 64 + b * R + r] = sc;
          sec[nbs * 64 + (nb + b) * R + r] = m;
          break;
        }
        case GgmlType::Q6_K: {
          // fp16 d of every super-block, then per block 16 rows' scales of its first 16 elements, then the next 16.
          const block_q6_K& blk = reinterpret_cast<const block_q6_K*>(row)[b / 8];
          h16[(b / 8) * R + r] = blk.d;
          sec[nbs * 32 + b * 32 + r] = static_cast<uint8_t>(blk.scales[2 * (b % 8)]);
          sec[nbs * 32 + b * 32 + 16 + r] = static_cast<uint8_t>(blk.scales[2 * (b % 8) + 1]);
          break;
        }
        default: break;
      }
    }
  }
}

}  // namespace inferscope::kernels::packed
