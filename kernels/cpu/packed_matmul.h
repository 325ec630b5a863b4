#pragma once
// Weight matrices repacked for the AVX-512 VNNI integer kernels, and the matmul that runs on them.
//
// GGUF stores a quantized matrix row after row, block after block. The fast kernels want the
// opposite: 16 output rows side by side, so that one 512-bit register holds 4 codes of each of 16
// rows and one VNNI instruction (vpdpbusd) advances all 16 dot products by 4 elements against a
// broadcast of 4 activation bytes. pack_matrix() makes that copy once, at model load:
//
//   group g = rows 16g .. 16g+15 of one part; per 32-element block b of the group:
//     codes   Q4_0/Q4_1: 256 bytes = 4 vectors; vector k, lane r = bytes 4k..4k+3 of row r's qs
//                        (low nibbles: elements 4k..4k+3, high nibbles: elements 16+4k..16+4k+3)
//             Q8_0:      512 bytes = 8 vectors; vector k, lane r = elements 4k..4k+3 of row r, + 128
//                        (stored unsigned, as vpdpbusd needs; 128 * sum(activation codes) is taken off)
//   and, after all blocks' codes, the 16 fp16 scales d of every block (then the 16 mins m, Q4_1).
//
// Values and bytes are those of the file: the scales stay fp16 and the codes are the same codes, so
// the packed matrix reads exactly as many weight bytes per token as the GGUF tensor holds (plus
// zero rows up to a multiple of 16 per part). Several matrices with the same input (Q, K and V; gate
// and up) pack into one "fused" matrix so the activations are quantized once and one parallel loop
// covers them all.
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
  };

  GgmlType type() const { return type_; }
  int64_t n_in() const { return n_in_; }
  const std::vector<Part>& parts() const { return parts_; }
  int64_t n_groups() const { return n_groups_; }
  size_t group_bytes() const { return group_bytes_; }
  size_t bytes() const { return n_groups_ * group_bytes_; }
  const uint8_t* group(int64_t g) const { return data_ + g * group_bytes_; }
  // The part a group belongs to (groups are in part order).
  int part_of(int64_t g) const { return group_part_[g]; }

 private:
  friend std::unique_ptr<PackedMatrix> plan_packed(std::span<const MatrixPart> parts);
  friend std::unique_ptr<PackedMatrix> pack_matrix_into(std::span<const MatrixPart> parts,
                                                        std::shared_ptr<const LargeBuffer> storage, size_t offset);
  GgmlType type_ = GgmlType::F32;
  int64_t n_in_ = 0;
  int64_t n_groups_ = 0;
  size_t group_bytes_ = 0;
  std::vector<Part> parts_;
  std::vector<int> group_part_;
  const uint8_t* data_ = nullptr;               // group 0, inside storage_
  std::shared_ptr<const LargeBuffer> storage_;  // may be shared with other matrices (pack_matrix_into)
};

// True when this CPU at the active SIMD level has packed kernels for weights of type t
// (Q4_0, Q4_1 and Q8_0 on AVX-512 VNNI).
bool packed_matmul_available(GgmlType t);

// Packs one or more matrices of the same type and n_in (n_in a multiple of 32) into one.
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
// pool (may be null). Same activation quantization as matmul() (Q8_0 for Q4_0/Q8_0, Q8_1 for Q4_1).
void matmul_packed(const PackedMatrix& W, const float* X, int64_t n_tokens, float* const* Y, ThreadPool* pool);

}  // namespace inferscope::kernels
