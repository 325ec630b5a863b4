#pragma once
// Weight matrices repacked for the AVX-512 VNNI integer kernels, and the matmul that runs on them.
//
// GGUF stores a quantized matrix row after row, block after block. The fast kernels want the
// opposite: 16 output rows side by side, so that one 512-bit register holds 4 codes of each of 16
// rows and one VNNI instruction (vpdpbusd) advances all 16 dot products by 4 elements against a
// broadcast of 4 activation bytes. pack_matrix() makes that copy once, at model load:
//
//   group g = rows 16g .. 16g+15 of one part; per 32-element block b of the group, the codes of the
//   16 rows as unsigned bytes spread over vectors (vector k, lane r: elements 4k..4k+3 of row r):
//     Q8_0:       512 bytes = 8 vectors; the codes + 128 (vpdpbusd needs unsigned; 128 * sum(activation
//                 codes) is taken off)
//     4-6 bits:   256 bytes = 4 vectors of nibbles; vector k, lane r = bytes 4k..4k+3 of row r's qs
//                 (low nibbles: elements 4k..4k+3, high nibbles: elements 16+4k..16+4k+3);
//                 Q5_0/Q5_1/Q5_K then 64 bytes of fifth bits: lane r byte i, bit k = element 4k+i's;
//                 Q6_K then 128 bytes of top two bits: vector p, lane r byte i, bits 2k..2k+1 = element
//                 4(4p+k)+i's
//   and, after all blocks' codes, the scales of the 16 rows:
//     Q4_0 Q5_0 Q8_0: fp16 d of every block;  Q4_1 Q5_1: then fp16 m of every block
//     Q4_K Q5_K: fp16 d of every super-block (8 blocks), then fp16 dmin of every super-block, then the
//                6-bit scale of every block as a byte, then the 6-bit min of every block as a byte
//     Q6_K:      fp16 d of every super-block, then per block the int8 scales of its first and last 16
//
// Values are those of the file: the scales stay fp16 (and 6- or 8-bit), the codes are the same codes,
// so the packed matrix reads as many weight bytes per token as the GGUF tensor holds (Q4_K and Q5_K 3%
// more: their 6-bit scales take a byte each), plus zero rows up to a multiple of 16 per part. Several
// matrices with the same input (Q, K and V; gate and up) pack into one "fused" matrix so the activations
// are quantized once and one parallel loop covers them all; the parts may differ in format (Q4_K_M files
// keep V in Q6_K beside Q4_K Q and K), except Q4_1, whose activation arithmetic differs.
//
// Activations are quantized per 32-element block to int8 as quantize_row's Q8_0 does (Q8_1 for Q4_1),
// for the K-quants too (finer than the 256-element Q8_K that matmul() uses for them); the fp32 math
// of every format is spelled out in packed_matmul_avx512.cpp.
//
// Batch invariance: output (row r, token t) is always computed by the same sequence of integer and
// fp32 operations, whatever the number of tokens, the token tile or the thread split.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "kernels/cpu/ggml_type.h"
#include "kernels/cpu/large_buffer.h"

namespace inferscope::kernels {

class ThreadPool;

// One matrix to pack: n_out rows of n_in elements of `type`, laid out as in GGUF.
struct MatrixPart {
  GgmlType type;
  const void* data;
  int64_t n_in;
  int64_t n_out;
};

class PackedMatrix {
 public:
  static constexpr int kRows = 16;  // output rows per group (one 512-bit register of fp32)

  struct Part {
    int64_t n_out;        // rows of this part (outputs written)
    int64_t first_group;  // its first group in the packed data
    GgmlType type;        // its weights' format (parts of one matrix may differ, see pack_matrix)
    size_t group_bytes;   // bytes of each of its groups (a multiple of 64)
    size_t first_byte;    // where its first group starts
  };

  GgmlType type() const { return type_; }  // the first part's format
  int64_t n_in() const { return n_in_; }
  const std::vector<Part>& parts() const { return parts_; }
  int64_t n_groups() const { return n_groups_; }
  size_t bytes() const { return bytes_; }
  const uint8_t* group(int64_t g) const {
    const Part& p = parts_[group_part_[g]];
    return data_ + p.first_byte + (g - p.first_group) * p.group_bytes;
  }
  // The part a group belongs to (groups are in part order).
  int part_of(int64_t g) const { return group_part_[g]; }

 private:
  friend std::unique_ptr<PackedMatrix> plan_packed(std::span<const MatrixPart> parts);
  friend std::unique_ptr<PackedMatrix> pack_matrix_into(std::span<const MatrixPart> parts,
                                                        std::shared_ptr<const LargeBuffer> storage, size_t offset);
  GgmlType type_ = GgmlType::F32;
  int64_t n_in_ = 0;
  int64_t n_groups_ = 0;
  size_t bytes_ = 0;
  std::vector<Part> parts_;
  std::vector<int> group_part_;
  const uint8_t* data_ = nullptr;               // group 0, inside storage_
  std::shared_ptr<const LargeBuffer> storage_;  // may be shared with other matrices (pack_matrix_into)
};

// True when this CPU at the active SIMD level has packed kernels for weights of type t
// (Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q4_K, Q5_K and Q6_K on AVX-512 VNNI).
bool packed_matmul_available(GgmlType t);

// Packs one or more matrices of the same n_in (a multiple of 32; of 256 with K-quants) into one. Their
// types may differ, but Q4_1 fuses only with Q4_1.
// Returns nullptr when packed_matmul_available(type) is false or the parts do not match; callers then
// use matmul() on the original data.
std::unique_ptr<PackedMatrix> pack_matrix(std::span<const MatrixPart> parts);

// Bytes of the packed copy of parts (a multiple of 64), or 0 when pack_matrix would return nullptr.
size_t packed_matrix_bytes(std::span<const MatrixPart> parts);

// As pack_matrix, but into storage from byte `offset` (a multiple of 64), where packed_matrix_bytes(parts)
// bytes must be zero and free; the matrix keeps storage alive. Lets all of a model's matrices share one
// buffer, and so its huge pages. Returns nullptr, writing nothing, when pack_matrix would, or when the
// matrix does not fit.
std::unique_ptr<PackedMatrix> pack_matrix_into(std::span<const MatrixPart> parts, std::shared_ptr<const LargeBuffer> storage,
                                               size_t offset);

// For each part p: Y[p][t * n_out(p) + r] = dot(row r of part p, X row t), t < n_tokens.
// X: n_tokens rows of n_in floats. Y: one output pointer per part. Output groups are split across the
// pool (may be null). Activations quantized as matmul() does for Q4_0/Q8_0 (Q8_0) and Q4_1 (Q8_1); the
// other formats take Q8_0's codes and scale too.
// With `accumulate`, Y[p][t * n_out(p) + r] continues from the value it holds: the row's blocks are added to
// it one by one, so running a row's first k blocks and then (accumulating) the rest, as two matrices of
// those columns, gives the whole row's dot product bit for bit.
void matmul_packed(const PackedMatrix& W, const float* X, int64_t n_tokens, float* const* Y, ThreadPool* pool,
                   bool accumulate = false);

}  // namespace inferscope::kernels
