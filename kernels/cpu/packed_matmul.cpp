// Packing (once, at load) and the driver of the packed matmul: quantize the activation rows once,
// then split the groups of 16 output rows across the pool; each thread passes tiles of up to 8
// tokens over a group whose weights stay in L1.
#include "kernels/cpu/packed_matmul.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iterator>

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

// Activation bytes (int8 codes) per chunk of tokens that all groups of a piece pass over in turn (see
// matmul_packed): 128 tokens at n_in 2048, well inside a core's L2 (1 MiB on the EPYC) beside the piece's
// weights. Llama-3.2-1B-shaped Q6_K pp512 on the 2-vCPU EPYC, alternated: no chunks 113.5 / 116.7 tok/s,
// 128 KiB 120.1, 256 KiB 121.2 / 124.2, 512 KiB 119.2 (a loaded machine: relative figures only).
constexpr int64_t kChunkActBytes = int64_t(256) << 10;
constexpr int64_t kMinChunkTokens = 64;
static_assert(kMinChunkTokens % packed::kMaxTokens == 0, "chunks start at tile boundaries");

packed::GroupKernel kernel_for(GgmlType t) {
  if (active_simd() < SimdLevel::Avx512) return nullptr;
  return packed::group_kernel_avx512(t);
}

// Grow-only scratch of the calling (engine) thread; steady-state steps allocate nothing.
template <class T>
T* scratch(std::vector<T>& v, size_t n) {
  if (v.size() < n) v.resize(n);
  return v.data();
}

struct ActScratch {
  std::vector<int8_t> qs;
  std::vector<float> d, s, sx;
  std::vector<int32_t> sum, q6_init;
};

// Quantizes X rows [t_begin, t_end) straight into the kernels' arrays, with exactly the arithmetic of
// quantize_row's Q8_0 (Q8_1 for Q4_1 weights, as the unpacked matmul() uses), plus what the kind asks for.
// Packed kernels exist only at SimdLevel::Avx512, so the AVX-512 quantizer is always available here.
void quantize_acts(packed::ActKind kind, const float* X, int64_t t_begin, int64_t t_end, int64_t n_tokens, int64_t n_in,
                   const packed::Acts& a) {
  const int64_t nb = n_in / QK;
  const bool q81 = kind == packed::ActKind::Q8_1;
  auto* qs = const_cast<int8_t*>(a.qs);
  auto* d = const_cast<float*>(a.d);
  auto* s = const_cast<float*>(a.s);
  auto* sum = const_cast<int32_t*>(a.sum);
  for (int64_t t = t_begin; t < t_end; ++t) {
    // Token t is slot u of the tile starting at token t0, of width w (Acts' layout).
    const int64_t t0 = t - t % packed::kMaxTokens, u = t - t0;
    const int64_t w = std::min<int64_t>(packed::kMaxTokens, n_tokens - t0);
    const int64_t at = t0 * nb + u;
    packed::quantize_row_avx512(X + t * n_in, nb, q81, 1, w, qs + at * QK, d + at, s + at, sum + at);
    if (kind != packed::ActKind::SumsExtra) continue;
    auto* sx = const_cast<float*>(a.sx);
    auto* q6 = const_cast<int32_t*>(a.q6_init);
    for (int64_t b = 0; b < nb; ++b) {
      const int64_t i = at + b * w;
      sx[i] = d[i] * static_cast<float>(sum[i]);  // exact: an 11-bit d times an integer below 2^12
      int32_t l = 0;
      for (int j = 0; j < 16; ++j) l += qs[i * QK + j];
      // Computed once per token here, not per row group in the kernel (there it took scalar work and two
      // register broadcasts per token and block).
      q6[2 * i] = -32 * l;
      q6[2 * i + 1] = -32 * (sum[i] - l);
    }
  }
}

// What the kernels of a matrix's parts need of the activations; Q4_1 (Q8_1 arithmetic) cannot share.
packed::ActKind act_kind_of(const PackedMatrix& W) {
  packed::ActKind k = packed::ActKind::Sums;
  for (const PackedMatrix::Part& p : W.parts()) {
    if (packed::act_kind(p.type) == packed::ActKind::Q8_1) return packed::ActKind::Q8_1;
    if (packed::act_kind(p.type) == packed::ActKind::SumsExtra) k = packed::ActKind::SumsExtra;
  }
  return k;
}

}  // namespace

bool packed_matmul_available(GgmlType t) { return kernel_for(t) != nullptr; }

// The matrix's shape and group layout, without data; nullptr when parts cannot be packed.
std::unique_ptr<PackedMatrix> plan_packed(std::span<const MatrixPart> parts) {
  if (parts.empty()) return nullptr;
  const int64_t n_in = parts[0].n_in;
  if (n_in <= 0 || n_in % QK != 0) return nullptr;
  bool q81 = false, other = false;
  for (const MatrixPart& p : parts) {
    if (!packed_matmul_available(p.type) || p.n_in != n_in || p.n_out <= 0 || !p.data) return nullptr;
    if (packed::is_k_quant(p.type) && n_in % QK_K != 0) return nullptr;
    (packed::act_kind(p.type) == packed::ActKind::Q8_1 ? q81 : other) = true;
  }
  if (q81 && other) return nullptr;  // Q4_1's activations (Q8_1) serve no other format

  auto m = std::unique_ptr<PackedMatrix>(new PackedMatrix);
  m->type_ = parts[0].type;
  m->n_in_ = n_in;
  const int64_t nb = n_in / QK;
  size_t offset = 0;
  for (const MatrixPart& p : parts) {
    const size_t raw = static_cast<size_t>(nb) * (packed::codes_bytes(p.type) + packed::scale_bytes(p.type));
    const size_t group_bytes = (raw + 63) / 64 * 64;
    const int64_t groups = (p.n_out + R - 1) / R;
    m->parts_.push_back({p.n_out, m->n_groups_, p.type, group_bytes, offset});
    m->group_part_.insert(m->group_part_.end(), static_cast<size_t>(groups), static_cast<int>(m->parts_.size() - 1));
    m->n_groups_ += groups;
    offset += groups * group_bytes;
  }
  m->bytes_ = offset;
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
    const PackedMatrix::Part& mp = m->parts_[pi];
    for (int64_t row0 = 0; row0 < p.n_out; row0 += R)
      packed::pack_group(p.type, p.data, p.n_in, row0, std::min<int64_t>(R, p.n_out - row0),
                         dst + mp.first_byte + (row0 / R) * mp.group_bytes);
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

void matmul_packed(const PackedMatrix& W, const float* X, int64_t n_tokens, float* const* Y, ThreadPool* pool,
                   bool accumulate) {
  if (n_tokens <= 0 || W.n_groups() == 0) return;
  // One kernel per part (fused parts may differ in format); packed at a SIMD level that is no longer
  // active is a programming error.
  packed::GroupKernel kernels[8];
  const size_t n_parts = W.parts().size();
  std::vector<packed::GroupKernel> many;
  packed::GroupKernel* kernel = kernels;
  if (n_parts > std::size(kernels)) kernel = (many.resize(n_parts), many.data());
  for (size_t i = 0; i < n_parts; ++i)
    if (!(kernel[i] = kernel_for(W.parts()[i].type))) std::abort();

  thread_local ActScratch sc;
  const int64_t n_in = W.n_in(), nb = n_in / QK;
  const size_t nt = static_cast<size_t>(n_tokens);
  const packed::ActKind kind = act_kind_of(W);
  packed::Acts a;
  a.n_in = n_in;
  a.nb = nb;
  a.n_tokens = n_tokens;
  a.qs = scratch(sc.qs, nt * n_in);
  a.d = scratch(sc.d, nt * nb);
  a.s = scratch(sc.s, nt * nb);
  a.sum = scratch(sc.sum, nt * nb);
  if (kind == packed::ActKind::SumsExtra) {
    a.sx = scratch(sc.sx, nt * nb);
    a.q6_init = scratch(sc.q6_init, 2 * nt * nb);
  }
  if (pool && n_tokens > 1)
    pool->parallel_for(n_tokens, [&](int64_t b, int64_t e, int) { quantize_acts(kind, X, b, e, n_tokens, n_in, a); });
  else
    quantize_acts(kind, X, 0, n_tokens, n_tokens, n_in, a);

  // Tokens in chunks whose activations stay in L2: every group of a piece passes over one chunk before
  // the next chunk, so a group reads its activations from L2 and the piece's weights are what is read again
  // (a long prompt's activations, 1 MiB at n_in 2048 for 512 tokens, were read from L3 once per group).
  // Chunks start at tile boundaries, so every tile, and every output, is computed as without them.
  // At least kMinChunkTokens, so that a decode step of up to 64 sequences still reads each weight once.
  const int64_t chunk = std::max<int64_t>(kMinChunkTokens, kChunkActBytes / n_in / packed::kMaxTokens * packed::kMaxTokens);
  auto body = [&](int64_t g_begin, int64_t g_end, int) {
    for (int64_t c0 = 0; c0 < n_tokens; c0 += chunk) {
      const int64_t c_tokens = std::min(chunk, n_tokens - c0);
      // The chunk's tiles as Acts of their own (the kernels' prefetch spreads over the passes of one chunk).
      packed::Acts ac = a;
      ac.n_tokens = c_tokens;
      ac.qs += c0 * n_in;
      ac.d += c0 * nb;
      ac.s += c0 * nb;
      ac.sum += c0 * nb;
      if (ac.sx) ac.sx += c0 * nb;
      if (ac.q6_init) ac.q6_init += 2 * c0 * nb;
      for (int64_t g = g_begin; g < g_end; ++g) {
        const int pi = W.part_of(g);
        const PackedMatrix::Part& part = W.parts()[pi];
        const int64_t row0 = (g - part.first_group) * R;
        const int rows_valid = static_cast<int>(std::min<int64_t>(R, part.n_out - row0));
        float* y = Y[pi] + row0 + c0 * part.n_out;
        const uint8_t* group = W.group(g);
        for (int64_t t0 = 0; t0 < c_tokens; t0 += packed::kMaxTokens) {
          const int tile = static_cast<int>(std::min<int64_t>(packed::kMaxTokens, c_tokens - t0));
          kernel[pi](group, ac, t0, tile, y + t0 * part.n_out, part.n_out, rows_valid, accumulate);
        }
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
