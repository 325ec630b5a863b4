// Attention over 256-wide heads (Gemma 3: 4 query heads on 1 KV head): the tiled kernel's decode rows and
// prefill chunks against plain attention in double over the stored K/V, and a chunk row bit for bit
// equal to the same row computed alone (paged_attention_chunk's contract), for F32 and F16 caches; and the
// AVX-512 tile kernel, which takes up to 4 queries through such a head together, giving each query the bits
// it gets alone, over F16 rows in place and over decoded rows, with queries that see different key counts.
#include <QtTest/QtTest>

#include <algorithm>
#include <cstring>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "kernels/cpu/attention_tile.h"
#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/fp16.h"
#include "kernels/cpu/paged_attention.h"

using namespace inferscope::kernels;

namespace {

constexpr int kHeads = 4, kKvHeads = 1, kHeadDim = 256, kBlock = 16;

struct Cache {
  std::vector<uint8_t> kdata, vdata;
  KvPoolView kview{}, vview{};
  std::vector<int32_t> table;
  std::vector<float> k, v;  // as stored, read back: [n][kv_heads][dim]
  Cache(KvDtype d, int n, uint32_t seed) {
    const int nb = (n + kBlock - 1) / kBlock;
    kdata.assign(size_t(nb + 2) * kBlock * kKvHeads * kHeadDim * kv_dtype_bytes(d), 0xCD);
    vdata = kdata;
    kview = {d, kBlock, kKvHeads, kHeadDim, kdata.data(), nullptr};
    vview = {d, kBlock, kKvHeads, kHeadDim, vdata.data(), nullptr};
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<int32_t> phys(size_t(nb + 2));
    std::iota(phys.begin(), phys.end(), 0);
    std::shuffle(phys.begin(), phys.end(), rng);
    table.assign(phys.begin(), phys.begin() + nb);
    std::vector<float> row(size_t(kKvHeads) * kHeadDim);
    k.resize(size_t(n) * kKvHeads * kHeadDim);
    v.resize(k.size());
    for (int p = 0; p < n; ++p) {
      const int64_t slot = int64_t(table[size_t(p / kBlock)]) * kBlock + p % kBlock;
      for (float& x : row) x = u(rng);
      kv_write(kview, slot, row.data());
      for (float& x : row) x = u(rng);
      kv_write(vview, slot, row.data());
      for (int h = 0; h < kKvHeads; ++h) {
        kv_read_head(kview, slot, h, &k[(size_t(p) * kKvHeads + h) * kHeadDim]);
        kv_read_head(vview, slot, h, &v[(size_t(p) * kKvHeads + h) * kHeadDim]);
      }
    }
  }
  PagedAttentionArgs args(int n_keys) const {
    return {kview, vview, table.data(), n_keys, kHeads, 1.0f / std::sqrt(float(kHeadDim))};
  }
  // Plain attention in double of one query row over keys [0, n_keys).
  std::vector<double> reference(const float* q, int n_keys) const {
    std::vector<double> out(size_t(kHeads) * kHeadDim, 0.0);
    const double scale = 1.0 / std::sqrt(double(kHeadDim));
    for (int h = 0; h < kHeads; ++h) {
      const int g = h / (kHeads / kKvHeads);
      std::vector<double> s(static_cast<size_t>(n_keys), 0.0);
      for (int p = 0; p < n_keys; ++p) {
        double dot = 0.0;
        for (int i = 0; i < kHeadDim; ++i) dot += double(q[h * kHeadDim + i]) * k[(size_t(p) * kKvHeads + g) * kHeadDim + i];
        s[size_t(p)] = dot * scale;
      }
      const double mx = *std::max_element(s.begin(), s.end());
      double sum = 0.0;
      for (double& x : s) sum += (x = std::exp(x - mx));
      for (int p = 0; p < n_keys; ++p)
        for (int i = 0; i < kHeadDim; ++i)
          out[size_t(h) * kHeadDim + i] += s[size_t(p)] / sum * v[(size_t(p) * kKvHeads + g) * kHeadDim + i];
    }
    return out;
  }
};

double max_abs_diff(const float* a, const std::vector<double>& b) {
  double m = 0.0;
  for (size_t i = 0; i < b.size(); ++i) m = std::max(m, std::fabs(double(a[i]) - b[i]));
  return m;
}

}  // namespace

class TestAttentionWideHeads : public QObject {
  Q_OBJECT
 private slots:
  void matchesPlainAttention_data() {
    QTest::addColumn<int>("dtype");
    QTest::newRow("f32") << int(KvDtype::F32);
    QTest::newRow("f16") << int(KvDtype::F16);
  }
  void matchesPlainAttention() {
    QFETCH(int, dtype);
    const int n = 77, n_q = 40;  // keys past two whole tiles; a chunk spanning three tiles
    const Cache c(KvDtype(dtype), n, 7u + uint32_t(dtype));
    std::mt19937 rng(99);
    std::uniform_real_distribution<float> u(-3.0f, 3.0f);
    std::vector<float> q(size_t(n_q) * kHeads * kHeadDim);
    for (float& x : q) x = u(rng);
    const size_t row = size_t(kHeads) * kHeadDim;

    // The chunk: rows at positions n - n_q .. n - 1, each against its own causal range.
    std::vector<float> chunk(q.size(), 12345.0f);
    paged_attention_chunk(c.args(n), q.data(), n_q, chunk.data(), 0, kKvHeads, nullptr, kv_row_best_isa());
    for (int i = 0; i < n_q; ++i) {
      const int keys = n - n_q + 1 + i;
      const double err = max_abs_diff(&chunk[size_t(i) * row], c.reference(&q[size_t(i) * row], keys));
      QVERIFY2(err < 2e-5, qPrintable(QStringLiteral("chunk row %1: %2").arg(i).arg(err)));
      // The same row alone (a decode step): bit for bit what the chunk computed.
      std::vector<float> alone(row, 12345.0f);
      paged_attention(c.args(keys), &q[size_t(i) * row], alone.data(), AttentionImpl::Tiled, nullptr, nullptr);
      QVERIFY2(std::equal(alone.begin(), alone.end(), chunk.begin() + std::ptrdiff_t(size_t(i) * row)),
               qPrintable(QStringLiteral("row %1 alone differs from the chunk").arg(i)));
      // And the naive kernel agrees with the reference too.
      std::vector<float> naive(row), scratch(size_t(std::max(keys, 2 * kHeadDim)));
      paged_attention(c.args(keys), &q[size_t(i) * row], naive.data(), AttentionImpl::Naive, scratch.data(), nullptr);
      QVERIFY(max_abs_diff(naive.data(), c.reference(&q[size_t(i) * row], keys)) < 2e-5);
    }
  }

  // Queries that share a tile call (a decode row's 4 heads, or a chunk's rows) must each get the bits they
  // get alone, whatever their partners: the kernel groups them only to widen each key and value row once.
  void tileKernelGroupsQueriesInvariantly_data() {
    QTest::addColumn<bool>("f16_in_place");
    QTest::newRow("f16 rows in place") << true;
    QTest::newRow("decoded rows") << false;
  }
  void tileKernelGroupsQueriesInvariantly() {
    QFETCH(bool, f16_in_place);
    if (active_simd() < SimdLevel::Avx512) QSKIP("the AVX-512 tile kernels need AVX-512");
    const attn::TileKernels& tk = attn::tile_kernels_avx512();
    constexpr int kTile = kAttentionTile, kQueries = 7;  // a group of 4, then one of 3
    std::mt19937 rng(17);
    std::uniform_real_distribution<float> u(-2.0f, 2.0f);
    std::vector<uint16_t> kh(size_t(kTile) * kHeadDim), vh(kh.size());
    for (uint16_t& x : kh) x = fp32_to_fp16(u(rng));
    for (uint16_t& x : vh) x = fp32_to_fp16(u(rng));
    const uint8_t* krows[kTile];
    const uint8_t* vrows[kTile];
    for (int j = 0; j < kTile; ++j) {
      krows[j] = reinterpret_cast<const uint8_t*>(&kh[size_t(j) * kHeadDim]);
      vrows[j] = reinterpret_cast<const uint8_t*>(&vh[size_t(j) * kHeadDim]);
    }
    std::vector<float> kt(kh.size()), vt(vh.size());
    tk.decode(KvDtype::F16, krows, kTile, kHeadDim, kt.data());
    tk.decode(KvDtype::F16, vrows, kTile, kHeadDim, vt.data());
    float kscale[kTile + 8], vscale[kTile + 8];
    for (int j = 0; j < kTile + 8; ++j) kscale[j] = 0.0625f, vscale[j] = 1.0f;
    std::vector<float> q(size_t(kQueries) * kHeadDim);
    for (float& x : q) x = u(rng);
    const int nts[kQueries] = {32, 32, 17, 32, 5, 32, 29};  // causal rows of a chunk see fewer keys

    // Two tiles in a row, so the second rescales accumulators that the first left.
    struct State {
      std::vector<float> acc = std::vector<float>(size_t(kQueries) * kHeadDim, 0.0f);
      float m[kQueries], l[kQueries];
      State() { std::fill(m, m + kQueries, -INFINITY), std::fill(l, l + kQueries, 0.0f); }
    };
    auto run = [&](State& st, int first, int n, float bias) {
      std::vector<attn::TileQuery> qs;
      for (int i = first; i < first + n; ++i)
        qs.push_back({&q[size_t(i) * kHeadDim], &st.acc[size_t(i) * kHeadDim], &st.m[i], &st.l[i], nts[i]});
      for (int j = 0; j < kTile; ++j) kscale[j] = 0.0625f + bias * float(j % 3);
      if (f16_in_place)
        QVERIFY(tk.update_f16_rows(qs.data(), n, krows, vrows, kscale, vscale, kHeadDim));
      else
        tk.update(qs.data(), n, kt.data(), vt.data(), kscale, vscale, kHeadDim);
    };
    State together, alone;
    for (float bias : {0.0f, 0.5f}) {
      run(together, 0, 4, bias);
      run(together, 4, 3, bias);
      for (int i = 0; i < kQueries; ++i) run(alone, i, 1, bias);
    }
    QVERIFY(std::memcmp(together.acc.data(), alone.acc.data(), together.acc.size() * sizeof(float)) == 0);
    QVERIFY(std::memcmp(together.m, alone.m, sizeof together.m) == 0);
    QVERIFY(std::memcmp(together.l, alone.l, sizeof together.l) == 0);
    for (float x : together.acc) QVERIFY(std::isfinite(x));
  }
};

QTEST_APPLESS_MAIN(TestAttentionWideHeads)
#include "tst_attention_wide_heads.moc"
