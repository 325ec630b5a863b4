// Packing (once, at load) and the driver of the packed matmul: quantize the activation rows once,
// then split the groups of 16 output rows across the pool; each thread passes tiles of up to 8
// tokens over a group whose weights stay in L1.
#include "kernels/cpu/packed_matmul.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "kernels/cpu/block_formats.h"
#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/packed_kernels.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::kernels {
namespace {

constexpr int R = PackedMatrix::kRows;

// Each thread runs one contiguous share of the groups, front to back, so its prefetch runs ahead inside its
// own rows, in kStealPiecesPerShare pieces of 2 to kMaxStealGroups groups (at most ~190 KiB of Q4_1); a
// thread that finishes first takes the other's last pieces instead of waiting, so a thread that runs
// slower (its core busy with other work) does not hold up the step. This beats handing out interleaved
// pieces in turn at every token count measured, not only where the weights stream from memory: steps
// alternating the two in one process (2-vCPU EPYC, huge-page weights) ran decode@4 +6-7%, decode@8 +8%,
// decode@12 +6-7%, the head at 16 and 64 rows +3% and +2%, pp64 +4-8% and pp512 +3-5% faster.
constexpr int64_t kStealPiecesPerShare = 8;
constexpr int64_t kMaxStealGroups = 32;

packed::GroupKernel kernel_for(GgmlType t) {
  if (active_simd() < SimdLevel::Avx512) return nullptr;
  return packed::group_kernel_avx512(t);
}

// Copies rows [row0, row0 + rows) of one part into group `dst` (rows beyond `rows` stay zero).
template <class Block>
void pack_group(const MatrixPart& p, int64_t row0, int64_t rows, uint8_t* dst) {
  const int64_t nb = p.n_in / QK;
  const size_t row_stride = row_bytes(p.type, p.n_in);
  const int cb = packed::codes_bytes(p.type);
  auto* d = reinterpret_cast<uint16_t*>(dst + nb * cb);
  uint16_t* m = d + nb * R;
  for (int64_t r = 0; r < rows; ++r) {
    const auto* blocks = reinterpret_cast<const Block*>(static_cast<const uint8_t*>(p.data) + (row0 + r) * row_stride);
    for (int64_t b = 0; b < nb; ++b) {
      const Block& blk = blocks[b];
      uint8_t* codes = dst + b * cb;
      const int vectors = cb / 64;
      for (int k = 0; k < vectors; ++k) {
        uint8_t* lane = codes + 64 * k + 4 * r;
        if constexpr (std::is_same_v<Block, block_q8_0>) {
          for (int j = 0; j < 4; ++j) lane[j] = static_cast<uint8_t>(blk.qs[4 * k + j]) ^ 0x80;
        } else {
          std::memcpy(lane, blk.qs + 4 * k, 4);
        }
      }
      d[b * R + r] = blk.d;
      if constexpr (std::is_same_v<Block, block_q4_1>) m[b * R + r] = blk.m;
    }
  }
}

void pack_part_group(const MatrixPart& p, int64_t row0, int64_t rows, uint8_t* dst) {
  switch (p.type) {
    case GgmlType::Q4_0: return pack_group<block_q4_0>(p, row0, rows, dst);
    case GgmlType::Q4_1: return pack_group<block_q4_1>(p, row0, rows, dst);
    case GgmlType::Q8_0: return pack_group<block_q8_0>(p, row0, rows, dst);
    default: break;
  }
}

// Grow-only scratch of the calling (engine) thread; steady-state steps allocate nothing.
template <class T>
T* scratch(std::vector<T>& v, size_t n) {
  if (v.size() < n) v.resize(n);
  return v.data();
}

struct ActScratch {
  std::vector<int8_t> qs;
  std::vector<float> d, s;
  std::vector<int32_t> bias;
};

// Quantizes X rows [t_begin, t_end) straight into the kernels' arrays, with exactly the arithmetic of
// quantize_row's Q8_0 (Q4_0, Q8_0 weights) or Q8_1 (Q4_1), which the unpacked matmul() uses. Packed
// kernels exist only at SimdLevel::Avx512, so the AVX-512 quantizer is always available here.
void quantize_acts(GgmlType wt, const float* X, int64_t t_begin, int64_t t_end, int64_t n_tokens, int64_t n_in,
                   int8_t* qs, float* d, float* s, int32_t* bias) {
  const int64_t nb = n_in / QK;
  const bool q81 = wt == GgmlType::Q4_1;
  const int32_t offset = wt == GgmlType::Q8_0 ? 128 : 8;
  for (int64_t t = t_begin; t < t_end; ++t) {
    // Token t is slot u of the tile starting at token t0, of width w (Acts' layout).
    const int64_t t0 = t - t % packed::kMaxTokens, u = t - t0;
    const int64_t w = std::min<int64_t>(packed::kMaxTokens, n_tokens - t0);
    packed::quantize_row_avx512(X + t * n_in, nb, q81, offset, w, qs + (t0 * nb + u) * QK, d + t0 * nb + u,
                                s + t0 * nb + u, bias + t0 * nb + u);
  }
}

}  // namespace

bool packed_matmul_available(GgmlType t) { return kernel_for(t) != nullptr; }

// The matrix's shape and group layout, without data; nullptr when parts cannot be packed.
std::unique_ptr<PackedMatrix> plan_packed(std::span<const MatrixPart> parts) {
  if (parts.empty()) return nullptr;
  const GgmlType t = parts[0].type;
  const int64_t n_in = parts[0].n_in;
  if (!packed_matmul_available(t) || n_in <= 0 || n_in % QK != 0) return nullptr;
  for (const MatrixPart& p : parts)
    if (p.type != t || p.n_in != n_in || p.n_out <= 0 || !p.data) return nullptr;

  auto m = std::unique_ptr<PackedMatrix>(new PackedMatrix);
  m->type_ = t;
  m->n_in_ = n_in;
  const int64_t nb = n_in / QK;
  const size_t raw = static_cast<size_t>(nb) * (packed::codes_bytes(t) + 2 * R + (packed::has_min(t) ? 2 * R : 0));
  m->group_bytes_ = (raw + 63) / 64 * 64;
  for (const MatrixPart& p : parts) {
    const int64_t groups = (p.n_out + R - 1) / R;
    m->parts_.push_back({p.n_out, m->n_groups_});
    m->group_part_.insert(m->group_part_.end(), static_cast<size_t>(groups), static_cast<int>(m->parts_.size() - 1));
    m->n_groups_ += groups;
  }
  return m;
}

size_t packed_matrix_bytes(std::span<const MatrixPart> parts) {
  const auto m = plan_packed(parts);
  return m ? m->bytes() : 0;
}

std::unique_ptr<PackedMatrix> pack_matrix_into(std::span<const MatrixPart> parts, std::shared_ptr<const LargeBuffer> storage,
                                               size_t offset) {
  auto m = plan_packed(parts);
  if (!m || !storage || offset % 64 != 0 || offset > storage->size() || storage->size() - offset < m->bytes())
    return nullptr;
  uint8_t* dst = storage->data() + offset;
  for (size_t pi = 0; pi < parts.size(); ++pi) {
    const MatrixPart& p = parts[pi];
    const int64_t first = m->parts_[pi].first_group;
    for (int64_t row0 = 0; row0 < p.n_out; row0 += R)
      pack_part_group(p, row0, std::min<int64_t>(R, p.n_out - row0), dst + (first + row0 / R) * m->group_bytes_);
  }
  m->data_ = dst;
  m->storage_ = std::move(storage);
  return m;
}

std::unique_ptr<PackedMatrix> pack_matrix(std::span<const MatrixPart> parts) {
  const size_t bytes = packed_matrix_bytes(parts);
  if (bytes == 0) return nullptr;
  return pack_matrix_into(parts, std::make_shared<const LargeBuffer>(bytes), 0);
}

void matmul_packed(const PackedMatrix& W, const float* X, int64_t n_tokens, float* const* Y, ThreadPool* pool) {
  if (n_tokens <= 0 || W.n_groups() == 0) return;
  const packed::GroupKernel kernel = kernel_for(W.type());
  if (!kernel) std::abort();  // packed at a SIMD level that is no longer active: a programming error

  thread_local ActScratch sc;
  const int64_t n_in = W.n_in(), nb = n_in / QK;
  const size_t nt = static_cast<size_t>(n_tokens);
  packed::Acts a;
  a.n_in = n_in;
  a.nb = nb;
  a.n_tokens = n_tokens;
  int8_t* qs = scratch(sc.qs, nt * n_in);
  float* d = scratch(sc.d, nt * nb);
  float* s = scratch(sc.s, nt * nb);
  int32_t* bias = scratch(sc.bias, nt * nb);
  a.qs = qs;
  a.d = d;
  a.s = s;
  a.bias = bias;
  const GgmlType wt = W.type();
  if (pool && n_tokens > 1)
    pool->parallel_for(n_tokens, [&](int64_t b, int64_t e, int) { quantize_acts(wt, X, b, e, n_tokens, n_in, qs, d, s, bias); });
  else
    quantize_acts(wt, X, 0, n_tokens, n_tokens, n_in, qs, d, s, bias);

  auto body = [&](int64_t g_begin, int64_t g_end, int) {
    for (int64_t g = g_begin; g < g_end; ++g) {
      const PackedMatrix::Part& part = W.parts()[W.part_of(g)];
      const int64_t row0 = (g - part.first_group) * R;
      const int rows_valid = static_cast<int>(std::min<int64_t>(R, part.n_out - row0));
      float* y = Y[W.part_of(g)] + row0;
      for (int64_t t0 = 0; t0 < n_tokens; t0 += packed::kMaxTokens) {
        const int tile = static_cast<int>(std::min<int64_t>(packed::kMaxTokens, n_tokens - t0));
        kernel(W.group(g), a, t0, tile, y + t0 * part.n_out, part.n_out, rows_valid);
      }
    }
  };
  if (!pool) {
    body(0, W.n_groups(), 0);
  } else {
    const int64_t share = W.n_groups() / pool->size();
    pool->parallel_for_stealing(W.n_groups(), std::clamp<int64_t>(share / kStealPiecesPerShare, 2, kMaxStealGroups), body);
  }
}

}  // namespace inferscope::kernels
