// Paged attention (naive and tiled, scalar and AVX2 row kernels) against a plain double-precision
// attention over contiguous K/V, read through a shuffled block table; plus the counters' closed forms.
//
// Tolerances:
// - Against the reference over the DEQUANTIZED K/V (what the kernel is asked to compute), every dtype
//   must agree to 2e-5 absolute (outputs are O(1); only f32 accumulation order differs).
// - Against the reference over the ORIGINAL K/V, the bound is derived per case, not guessed: if every
//   score moves by at most delta and every V element by at most dv, a softmax-weighted average moves
//   by at most dv + (exp(2 delta) - 1) * max|v| (each weight changes by a factor within
//   exp(+-2 delta)). delta and dv are measured here from the stored K/V. The measured error is
//   printed with qDebug.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <numeric>
#include <random>
#include <vector>

#include "kernels/cpu/paged_attention.h"

using namespace inferscope::kernels;

namespace {

constexpr int kHeads = 9, kKvHeads = 3, kHeadDim = 64;
constexpr KvDtype kAll[] = {KvDtype::F32, KvDtype::F16, KvDtype::BF16, KvDtype::FP8_E4M3, KvDtype::INT8};

struct Pool {
  std::vector<uint8_t> data;
  std::vector<float> scales;
  KvPoolView view{};
  Pool(KvDtype d, int blocks, int block_size) {
    // 0xCD filler decodes to large or odd values in every dtype, so a read outside [0, n_keys) shows.
    data.assign(size_t(blocks) * block_size * kKvHeads * kHeadDim * kv_dtype_bytes(d), 0xCD);
    scales.assign(size_t(blocks) * kKvHeads, -1.0f);
    view = {d, block_size, kKvHeads, kHeadDim, data.data(), kv_dtype_scaled(d) ? scales.data() : nullptr};
  }
};

// One sequence's K/V written into pools through a shuffled block table.
struct Case {
  int block_size, n_keys;
  std::vector<float> q, k, v;  // q: [heads][dim]; k, v: [n_keys][kv_heads][dim], the original values
  std::vector<int32_t> table;
  Pool kp, vp;
  Case(KvDtype d, int bs, int n, uint32_t seed)
      : block_size(bs), n_keys(n), kp(d, (n + bs - 1) / bs + 3, bs), vp(d, (n + bs - 1) / bs + 3, bs) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    q.resize(kHeads * kHeadDim);
    for (float& x : q) x = 4.0f * u(rng);  // scores spread over a few units: a peaked softmax
    k.resize(size_t(n) * kKvHeads * kHeadDim);
    v.resize(k.size());
    for (float& x : k) x = u(rng);
    for (float& x : v) x = u(rng);
    const int nb = (n + bs - 1) / bs;
    std::vector<int32_t> phys(nb + 3);
    std::iota(phys.begin(), phys.end(), 0);
    std::shuffle(phys.begin(), phys.end(), rng);
    table.assign(phys.begin(), phys.begin() + nb);  // three physical blocks stay unused (0xCD)
    for (int p = 0; p < n; ++p) {
      const int64_t slot = int64_t(table[p / bs]) * bs + p % bs;
      kv_write(kp.view, slot, &k[size_t(p) * kKvHeads * kHeadDim]);
      kv_write(vp.view, slot, &v[size_t(p) * kKvHeads * kHeadDim]);
    }
  }
  PagedAttentionArgs args() const {
    return {kp.view, vp.view, table.data(), n_keys, kHeads, 1.0f / std::sqrt(float(kHeadDim))};
  }
  // The stored K or V, read back as f32 in logical order.
  std::vector<float> dequantized(const Pool& pool) const {
    std::vector<float> out(size_t(n_keys) * kKvHeads * kHeadDim);
    for (int p = 0; p < n_keys; ++p)
      for (int h = 0; h < kKvHeads; ++h)
        kv_read_head(pool.view, int64_t(table[p / block_size]) * block_size + p % block_size, h,
                     &out[(size_t(p) * kKvHeads + h) * kHeadDim]);
    return out;
  }
};

// Plain attention in double over contiguous [n][kv_heads][dim] K/V.
std::vector<double> reference(const std::vector<float>& q, const std::vector<float>& k, const std::vector<float>& v,
                              int n) {
  std::vector<double> out(kHeads * kHeadDim, 0.0);
  const double scale = 1.0 / std::sqrt(double(kHeadDim));
  for (int h = 0; h < kHeads; ++h) {
    const int g = h / (kHeads / kKvHeads);
    std::vector<double> s(n);
    for (int p = 0; p < n; ++p) {
      double dot = 0.0;
      for (int i = 0; i < kHeadDim; ++i) dot += double(q[h * kHeadDim + i]) * k[(size_t(p) * kKvHeads + g) * kHeadDim + i];
      s[p] = dot * scale;
    }
    const double mx = *std::max_element(s.begin(), s.end());
    double sum = 0.0;
    for (double& x : s) sum += (x = std::exp(x - mx));
    for (int p = 0; p < n; ++p)
      for (int i = 0; i < kHeadDim; ++i)
        out[h * kHeadDim + i] += s[p] / sum * v[(size_t(p) * kKvHeads + g) * kHeadDim + i];
  }
  return out;
}

double max_abs_diff(const std::vector<float>& a, const std::vector<double>& b) {
  double m = 0.0;
  for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

std::vector<KvRowIsa> isas() {
  std::vector<KvRowIsa> r{KvRowIsa::Scalar};
  if (kv_row_best_isa() == KvRowIsa::Avx2) r.push_back(KvRowIsa::Avx2);
  return r;
}

std::vector<float> run(const Case& c, AttentionImpl impl, KvRowIsa isa, AttentionCounters* counters = nullptr) {
  std::vector<float> out(kHeads * kHeadDim, 12345.0f);
  std::vector<float> scratch(std::max(c.n_keys, 2 * kHeadDim));
  paged_attention_isa(c.args(), c.q.data(), out.data(), impl, scratch.data(), counters, isa);
  return out;
}

// Worst measured error against the original K/V, per dtype, for the summary line.
std::map<int, double> g_worst_vs_original;

}  // namespace

class TestPagedAttention : public QObject {
  Q_OBJECT
 private slots:
  void matchesReference_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<int>("blockSize");
    QTest::addColumn<int>("nKeys");
    for (KvDtype d : kAll)
      for (int bs : {1, 16, 64})
        for (int n : {1, 5, bs, 3 * bs + 7})
          QTest::newRow(qPrintable(QString("%1/bs%2/n%3").arg(kv_dtype_name(d)).arg(bs).arg(n))) << int(d) << bs << n;
  }
  void matchesReference() {
    QFETCH(int, dtype);
    QFETCH(int, blockSize);
    QFETCH(int, nKeys);
    const auto d = static_cast<KvDtype>(dtype);
    const Case c(d, blockSize, nKeys, uint32_t(1000 * dtype + 10 * blockSize + nKeys));
    const std::vector<float> kq = c.dequantized(c.kp), vq = c.dequantized(c.vp);
    const auto ref_stored = reference(c.q, kq, vq, nKeys);
    const auto ref_original = reference(c.q, c.k, c.v, nKeys);

    // The derived bound against the original values (see the top of the file).
    double dv = 0.0, vmax = 0.0, delta = 0.0;
    for (size_t i = 0; i < c.v.size(); ++i) {
      dv = std::max(dv, double(std::fabs(vq[i] - c.v[i])));
      vmax = std::max(vmax, double(std::fabs(c.v[i])));
    }
    for (int h = 0; h < kHeads; ++h) {
      const int g = h / (kHeads / kKvHeads);
      for (int p = 0; p < nKeys; ++p) {
        double ds = 0.0;
        for (int i = 0; i < kHeadDim; ++i) {
          const size_t ki = (size_t(p) * kKvHeads + g) * kHeadDim + i;
          ds += double(c.q[h * kHeadDim + i]) * (double(kq[ki]) - c.k[ki]);
        }
        delta = std::max(delta, std::fabs(ds) / std::sqrt(double(kHeadDim)));
      }
    }
    const double bound_original = dv + std::expm1(2.0 * delta) * vmax + 2e-5;

    for (KvRowIsa isa : isas()) {
      for (AttentionImpl impl : {AttentionImpl::Naive, AttentionImpl::Tiled}) {
        const auto out = run(c, impl, isa);
        const double e_stored = max_abs_diff(out, ref_stored);
        const double e_orig = max_abs_diff(out, ref_original);
        const QString what = QString("%1 %2").arg(attention_impl_name(impl)).arg(isa == KvRowIsa::Avx2 ? "avx2" : "scalar");
        QVERIFY2(e_stored <= 2e-5, qPrintable(what + QString(": %1 vs dequantized reference").arg(e_stored)));
        QVERIFY2(e_orig <= bound_original,
                 qPrintable(what + QString(": %1 vs original reference, bound %2").arg(e_orig).arg(bound_original)));
        g_worst_vs_original[dtype] = std::max(g_worst_vs_original[dtype], e_orig);
      }
    }
  }

  void naiveAndTiledAgreeOnF32() {
    for (int bs : {1, 16, 64}) {
      for (int n : {1, 5, bs, 3 * bs + 7, 500}) {
        const Case c(KvDtype::F32, bs, n, uint32_t(bs * 7 + n));
        for (KvRowIsa isa : isas()) {
          const auto a = run(c, AttentionImpl::Naive, isa);
          const auto b = run(c, AttentionImpl::Tiled, isa);
          for (int h = 0; h < kHeads; ++h) {
            double diff = 0.0, mag = 0.0;
            for (int i = 0; i < kHeadDim; ++i) {
              diff = std::max(diff, double(std::fabs(a[h * kHeadDim + i] - b[h * kHeadDim + i])));
              mag = std::max(mag, double(std::fabs(a[h * kHeadDim + i])));
            }
            QVERIFY2(diff <= 1e-5 * mag, qPrintable(QString("bs %1 n %2 head %3: %4 of %5").arg(bs).arg(n).arg(h).arg(diff).arg(mag)));
          }
        }
      }
    }
  }

  void counters() {
    for (KvDtype d : kAll) {
      for (int bs : {1, 16}) {
        const int n = 3 * bs + 7;
        const Case c(d, bs, n, 77);
        const uint64_t blocks = (n + bs - 1) / bs;
        // One walk over one KV head: K and V rows of every key, plus one scale per block per pool.
        const uint64_t walk = 2ull * n * kHeadDim * kv_dtype_bytes(d) + (kv_dtype_scaled(d) ? 2 * blocks * 4 : 0);
        AttentionCounters naive, tiled;
        run(c, AttentionImpl::Naive, kv_row_best_isa(), &naive);
        run(c, AttentionImpl::Tiled, kv_row_best_isa(), &tiled);
        QCOMPARE(naive.kv_bytes_read, uint64_t(kHeads) * walk);  // once per query head
        QCOMPARE(naive.score_bytes_written, uint64_t(kHeads) * n * 4);
        QCOMPARE(tiled.kv_bytes_read, uint64_t(kKvHeads) * walk);  // once per head group
        QCOMPARE(tiled.score_bytes_written, uint64_t(0));
        // Counters accumulate across calls.
        run(c, AttentionImpl::Tiled, kv_row_best_isa(), &tiled);
        QCOMPARE(tiled.kv_bytes_read, 2 * uint64_t(kKvHeads) * walk);
      }
    }
    // f16, no scales: n_keys * kv_heads * head_dim * 2 bytes * 2 (K and V) for the tiled pass.
    const Case c(KvDtype::F16, 16, 40, 5);
    AttentionCounters t;
    run(c, AttentionImpl::Tiled, kv_row_best_isa(), &t);
    QCOMPARE(t.kv_bytes_read, uint64_t(40 * kKvHeads * kHeadDim * 2 * 2));
  }

  // A chunk of query rows of one sequence (prefill): every row is the same bits as that row alone,
  // whichever KV heads a call covers, and the chunk reads each K/V row once per KV head.
  void chunkRowsEqualSingleRows() {
    for (KvDtype d : kAll) {
      for (KvRowIsa isa : isas()) {
        const int n = 77, n_q = 45;  // rows at positions 32..76
        const Case c(d, 16, n, 7 + static_cast<uint32_t>(d));
        std::mt19937 rng(99);
        std::uniform_real_distribution<float> u(-4.0f, 4.0f);
        std::vector<float> qs(size_t(n_q) * kHeads * kHeadDim);
        for (float& x : qs) x = u(rng);
        std::vector<float> chunk(qs.size(), 12345.0f);
        AttentionCounters ct;
        for (int g = 0; g < kKvHeads; ++g)  // one call per KV head, as the engine splits the work
          paged_attention_chunk(c.args(), qs.data(), n_q, chunk.data(), g, g + 1, &ct, isa);
        // All KV heads in one call (the engine's split with many sequences): the same bits.
        std::vector<float> whole(qs.size(), -1.0f);
        paged_attention_chunk(c.args(), qs.data(), n_q, whole.data(), 0, kKvHeads, nullptr, isa);
        QVERIFY2(std::memcmp(whole.data(), chunk.data(), chunk.size() * sizeof(float)) == 0, kv_dtype_name(d));
        std::vector<float> one(kHeads * kHeadDim);
        for (int i = 0; i < n_q; ++i) {
          PagedAttentionArgs a = c.args();
          a.n_keys = n - n_q + 1 + i;
          paged_attention_isa(a, &qs[size_t(i) * kHeads * kHeadDim], one.data(), AttentionImpl::Tiled, nullptr, nullptr, isa);
          QVERIFY2(std::memcmp(one.data(), &chunk[size_t(i) * kHeads * kHeadDim], one.size() * sizeof(float)) == 0,
                   qPrintable(QString("%1 row %2").arg(kv_dtype_name(d)).arg(i)));
        }
        PagedAttentionArgs full = c.args();
        AttentionCounters alone;
        std::vector<float> tmp(kHeads * kHeadDim);
        paged_attention_isa(full, qs.data(), tmp.data(), AttentionImpl::Tiled, nullptr, &alone, isa);
        QCOMPARE(ct.kv_bytes_read, alone.kv_bytes_read);  // the chunk walks K/V once, like its last row
      }
    }
  }

  void noKeysGivesZeros() {
    const Case c(KvDtype::F32, 16, 1, 3);
    PagedAttentionArgs a = c.args();
    a.n_keys = 0;
    std::vector<float> out(kHeads * kHeadDim, 1.0f);
    paged_attention(a, c.q.data(), out.data(), AttentionImpl::Tiled, nullptr, nullptr);
    QCOMPARE(*std::max_element(out.begin(), out.end()), 0.0f);
  }

  void rowKernelsAvx2MatchScalar() {
    if (kv_row_best_isa() != KvRowIsa::Avx2) QSKIP("no AVX2/FMA/F16C on this CPU");
    std::mt19937 rng(9);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (KvDtype d : kAll) {
      for (int n : {1, 7, 8, 15, 16, 17, 64, 100, 128}) {
        std::vector<float> src(n), q(n);
        for (float& x : src) x = u(rng);
        for (float& x : q) x = u(rng);
        std::vector<uint8_t> row(n * kv_dtype_bytes(d));
        kv_encode(d, src.data(), n, kv_dtype_scaled(d) ? 1.0f / 100.0f : 1.0f, row.data());
        const float a = kv_row_dot(KvRowIsa::Scalar, d, q.data(), row.data(), n);
        const float b = kv_row_dot(KvRowIsa::Avx2, d, q.data(), row.data(), n);
        const float mag = kv_dtype_scaled(d) ? 100.0f * n : float(n);
        QVERIFY2(std::fabs(a - b) <= 1e-6f * mag, qPrintable(QString("%1 n %2: %3 vs %4").arg(kv_dtype_name(d)).arg(n).arg(a).arg(b)));
        std::vector<float> acc_a(q), acc_b(q);
        kv_row_axpy(KvRowIsa::Scalar, d, 0.37f, row.data(), n, acc_a.data());
        kv_row_axpy(KvRowIsa::Avx2, d, 0.37f, row.data(), n, acc_b.data());
        for (int i = 0; i < n; ++i) QVERIFY(std::fabs(acc_a[i] - acc_b[i]) <= 1e-6f * std::max(1.0f, std::fabs(acc_a[i])));
      }
    }
  }

  void cleanupTestCase() {
    for (const auto& [d, e] : g_worst_vs_original)
      qDebug("%s: worst |out - attention(original K/V)| over all cases = %.3g", kv_dtype_name(KvDtype(d)), e);
  }
};

QTEST_APPLESS_MAIN(TestPagedAttention)
#include "tst_paged_attention.moc"
