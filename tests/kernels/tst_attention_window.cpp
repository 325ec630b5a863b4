// Sliding-window paged attention (PagedAttentionArgs::window) against plain double-precision attention
// over each query's window of the dequantized K/V, for the naive and the tiled kernels, single rows and
// prefill chunks, windows shorter and longer than a tile and a block. Table entries of blocks before
// every window point at a block of garbage: a kernel that used them would show it.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "kernels/cpu/paged_attention.h"

using namespace inferscope::kernels;

namespace {

constexpr int kHeads = 4, kKvHeads = 2, kHeadDim = 32;

struct WindowCase {
  KvDtype dtype;
  int bs, n_keys;
  std::vector<float> q, k, v;  // q: n_keys rows of [heads][dim]; k, v: [n_keys][kv_heads][dim]
  std::vector<uint8_t> kdata, vdata;
  std::vector<float> kscales, vscales;
  KvPoolView kview{}, vview{};
  std::vector<int32_t> table;
  int garbage_block = 0;

  WindowCase(KvDtype d, int block_size, int n, uint32_t seed) : dtype(d), bs(block_size), n_keys(n) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const int nb = (n + bs - 1) / bs, blocks = nb + 1;
    kdata.assign(size_t(blocks) * bs * kKvHeads * kHeadDim * kv_dtype_bytes(d), 0xCD);
    vdata = kdata;
    kscales.assign(size_t(blocks) * kKvHeads, -1.0f);
    vscales = kscales;
    kview = {d, bs, kKvHeads, kHeadDim, kdata.data(), kv_dtype_scaled(d) ? kscales.data() : nullptr};
    vview = {d, bs, kKvHeads, kHeadDim, vdata.data(), kv_dtype_scaled(d) ? vscales.data() : nullptr};
    q.resize(size_t(n) * kHeads * kHeadDim);
    k.resize(size_t(n) * kKvHeads * kHeadDim);
    v.resize(k.size());
    for (float& x : q) x = 3.0f * u(rng);
    for (float& x : k) x = u(rng);
    for (float& x : v) x = u(rng);
    std::vector<int32_t> phys(blocks);
    std::iota(phys.begin(), phys.end(), 0);
    std::shuffle(phys.begin(), phys.end(), rng);
    table.assign(phys.begin(), phys.begin() + nb);
    garbage_block = phys[nb];
    for (int p = 0; p < n; ++p) {
      const int64_t slot = int64_t(table[p / bs]) * bs + p % bs;
      kv_write(kview, slot, &k[size_t(p) * kKvHeads * kHeadDim]);
      kv_write(vview, slot, &v[size_t(p) * kKvHeads * kHeadDim]);
    }
    // What the kernels are asked to compute: attention over the stored values.
    for (int p = 0; p < n; ++p)
      for (int h = 0; h < kKvHeads; ++h) {
        const int64_t slot = int64_t(table[p / bs]) * bs + p % bs;
        kv_read_head(kview, slot, h, &k[(size_t(p) * kKvHeads + h) * kHeadDim]);
        kv_read_head(vview, slot, h, &v[(size_t(p) * kKvHeads + h) * kHeadDim]);
      }
  }
  // Blocks that no query of rows [first_row, n_keys) can see now name the garbage block.
  std::vector<int32_t> released_table(int first_row, int window) const {
    std::vector<int32_t> t = table;
    const int first_key = std::max(0, first_row + 1 - window);
    for (int b = 0; (b + 1) * bs <= first_key; ++b) t[size_t(b)] = garbage_block;
    return t;
  }
  // Plain attention of the query at position p over keys [max(0, p + 1 - w), p + 1).
  std::vector<double> reference(int p, int w) const {
    std::vector<double> out(size_t(kHeads) * kHeadDim, 0.0);
    const int k0 = std::max(0, p + 1 - w);
    for (int h = 0; h < kHeads; ++h) {
      const int g = h / (kHeads / kKvHeads);
      std::vector<double> s;
      for (int j = k0; j <= p; ++j) {
        double dot = 0.0;
        for (int i = 0; i < kHeadDim; ++i)
          dot += double(q[(size_t(p) * kHeads + h) * kHeadDim + i]) * k[(size_t(j) * kKvHeads + g) * kHeadDim + i];
        s.push_back(dot / std::sqrt(double(kHeadDim)));
      }
      const double mx = *std::max_element(s.begin(), s.end());
      double sum = 0.0;
      for (double& x : s) sum += (x = std::exp(x - mx));
      for (int j = k0; j <= p; ++j)
        for (int i = 0; i < kHeadDim; ++i)
          out[size_t(h) * kHeadDim + i] += s[size_t(j - k0)] / sum * v[(size_t(j) * kKvHeads + g) * kHeadDim + i];
    }
    return out;
  }
};

double max_diff(const float* a, const std::vector<double>& b) {
  double m = 0.0;
  for (size_t i = 0; i < b.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

}  // namespace

class TestAttentionWindow : public QObject {
  Q_OBJECT
 private slots:
  void singleRowsMatchPlainAttention() {
    for (KvDtype d : {KvDtype::F32, KvDtype::F16, KvDtype::INT8})
      for (int bs : {16, 32})
        for (int w : {1, 5, 32, 45, 200}) {
          WindowCase c(d, bs, 130, 11u + uint32_t(w));
          for (int p : {0, 3, 31, 32, 63, 100, 129}) {
            const std::vector<int32_t> table = c.released_table(p, w);
            PagedAttentionArgs a{c.kview, c.vview, table.data(), p + 1, kHeads, 1.0f / std::sqrt(float(kHeadDim)), w};
            const std::vector<double> want = c.reference(p, w);
            for (AttentionImpl impl : {AttentionImpl::Naive, AttentionImpl::Tiled})
              for (KvRowIsa isa : {KvRowIsa::Scalar, kv_row_best_isa()}) {
                std::vector<float> out(size_t(kHeads) * kHeadDim), scratch(size_t(p + 1) + 2 * kHeadDim);
                paged_attention_isa(a, &c.q[size_t(p) * kHeads * kHeadDim], out.data(), impl, scratch.data(), nullptr, isa);
                const double err = max_diff(out.data(), want);
                QVERIFY2(err < 2e-5, qPrintable(QString("dtype %1 bs %2 window %3 pos %4 impl %5: error %6")
                                                    .arg(int(d)).arg(bs).arg(w).arg(p).arg(int(impl)).arg(err)));
              }
          }
        }
  }

  void chunksMatchPlainAttention() {
    // A prefill chunk's rows each have their own window; the tiled walk shares tiles across them.
    for (KvDtype d : {KvDtype::F32, KvDtype::F16})
      for (int w : {3, 8, 32, 40})
        for (int n_q : {1, 7, 40}) {
          WindowCase c(d, 16, 120, 97u + uint32_t(w * n_q));
          const int first = c.n_keys - n_q;
          const std::vector<int32_t> table = c.released_table(first, w);
          PagedAttentionArgs a{c.kview, c.vview, table.data(), c.n_keys, kHeads, 1.0f / std::sqrt(float(kHeadDim)), w};
          for (KvRowIsa isa : {KvRowIsa::Scalar, kv_row_best_isa()}) {
            std::vector<float> out(size_t(n_q) * kHeads * kHeadDim);
            AttentionCounters ct;
            paged_attention_chunk(a, &c.q[size_t(first) * kHeads * kHeadDim], n_q, out.data(), 0, kKvHeads, &ct, isa);
            for (int i = 0; i < n_q; ++i) {
              const double err = max_diff(&out[size_t(i) * kHeads * kHeadDim], c.reference(first + i, w));
              QVERIFY2(err < 2e-5, qPrintable(QString("dtype %1 window %2 rows %3 row %4: error %5")
                                                  .arg(int(d)).arg(w).arg(n_q).arg(i).arg(err)));
            }
            // The walk reads from the tile holding the first row's window on, not from key 0.
            const int first_key = std::max(0, first + 1 - w);
            const uint64_t keys = uint64_t(c.n_keys - first_key / kAttentionTile * kAttentionTile);
            QCOMPARE(ct.kv_bytes_read, uint64_t(kKvHeads) * keys * 2 * kHeadDim * kv_dtype_bytes(d));
          }
        }
  }
};

QTEST_APPLESS_MAIN(TestAttentionWindow)
#include "tst_attention_window.moc"
