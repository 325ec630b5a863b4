// Every CUDA kernel against the CPU scalar reference on fresh random inputs (a new seed per run),
// outputs poisoned with NaN first. Skips with "no CUDA device" where none exists.
//
// Bounds: f32 arithmetic in another order lands far under 1e-5 relative; the cuBLAS path rounds both
// operands to bf16 (8-bit mantissa), so 1e-2; RoPE, RMSNorm and the KV encoders are the same
// operations as the CPU's and must agree to float rounding or bit for bit, as stated per test.
#include <QtTest/QtTest>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>

#include "kernels/cpu/kv_format.h"
#include "kernels/cpu/matmul.h"
#include "kernels/cpu/ops.h"
#include "kernels/cpu/paged_attention.h"
#include "kernels/cpu/quant.h"
#include "kernels/cuda/attention.h"
#include "kernels/cuda/matmul.h"
#include "kernels/cuda/ops.h"
#include "kernels/cuda/paged_kv.h"
#include "tests/gpu/gpu_test_util.h"

using namespace inferscope;
using namespace inferscope::kernels;
using test::DeviceVec;
using test::rel_error;

namespace {

std::mt19937 fresh_rng() {
  const unsigned seed = std::random_device{}();
  qInfo("seed %u", seed);
  return std::mt19937(seed);
}

std::vector<float> randn(std::mt19937& rng, size_t n, float scale = 1.0f) {
  std::normal_distribution<float> d(0.0f, scale);
  std::vector<float> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

constexpr GgmlType kTypes[] = {GgmlType::F32, GgmlType::F16, GgmlType::BF16, GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q8_0};
constexpr KvDtype kKv[] = {KvDtype::F32, KvDtype::F16, KvDtype::BF16, KvDtype::FP8_E4M3, KvDtype::INT8};

}  // namespace

class TstGpuKernels : public QObject {
  Q_OBJECT
 private slots:
  void init() { INFERSCOPE_REQUIRE_CUDA_DEVICE(); }

  void mmvEveryFormatAndRowCount() {
    auto rng = fresh_rng();
    const int n_in = 256, n_out = 75;  // n_out not a multiple of the 8 outputs per block
    for (GgmlType t : kTypes) {
      const std::vector<float> wf = randn(rng, size_t(n_in) * n_out, 0.05f);
      std::vector<uint8_t> w(row_bytes(t, n_in) * n_out);
      for (int r = 0; r < n_out; ++r)
        quantize_row_ref(t, &wf[size_t(r) * n_in], &w[row_bytes(t, n_in) * r], n_in);
      DeviceVec<uint8_t> dw(w);
      std::vector<float> single;  // row 0 computed alone, to hold the batched rows against
      for (int rows : {1, 5, 8, 13}) {
        const std::vector<float> x = randn(rng, size_t(rows) * n_in);
        DeviceVec<float> dx(x), dy(size_t(rows) * n_out);
        cuda::mmv(t, dw.p, n_in, n_out, dx.p, rows, dy.p, n_out, nullptr);
        const std::vector<float> y = dy.host();
        std::vector<double> ref(y.size());
        for (int i = 0; i < rows; ++i)
          for (int o = 0; o < n_out; ++o)
            ref[size_t(i) * n_out + o] = dot_row_ref(t, &w[row_bytes(t, n_in) * o], &x[size_t(i) * n_in], n_in);
        const double err = rel_error(y, ref);
        QVERIFY2(err < 1e-5, qPrintable(QStringLiteral("%1 rows=%2 err=%3").arg(type_name(t)).arg(rows).arg(err)));
        // Batch invariance: row i of a batch is bit-identical to the same row computed alone.
        const std::vector<float> last(x.end() - n_in, x.end());
        DeviceVec<float> dx1(last), dy1{size_t(n_out)};
        cuda::mmv(t, dw.p, n_in, n_out, dx1.p, 1, dy1.p, n_out, nullptr);
        const std::vector<float> alone = dy1.host();
        QVERIFY(std::memcmp(alone.data(), &y[size_t(rows - 1) * n_out], n_out * sizeof(float)) == 0);
      }
    }
  }

  void gemmBf16MatchesWithinBf16Rounding() {
    auto rng = fresh_rng();
    const int n_in = 512, n_out = 96, rows = 80;
    for (GgmlType t : {GgmlType::Q4_1, GgmlType::Q8_0, GgmlType::F16}) {
      const std::vector<float> wf = randn(rng, size_t(n_in) * n_out, 0.05f);
      std::vector<uint8_t> w(row_bytes(t, n_in) * n_out);
      for (int r = 0; r < n_out; ++r) quantize_row_ref(t, &wf[size_t(r) * n_in], &w[row_bytes(t, n_in) * r], n_in);
      DeviceVec<uint8_t> dw(w);
      DeviceVec<uint16_t> w16(size_t(n_in) * n_out);
      cuda::weight_to_bf16(t, dw.p, n_in, n_out, w16.p, nullptr);
      const std::vector<float> x = randn(rng, size_t(rows) * n_in);
      DeviceVec<float> dx(x), dy(size_t(rows) * n_out);
      DeviceVec<uint16_t> xb(size_t(rows) * n_in);
      cublasHandle_t h;
      QCOMPARE(cublasCreate(&h), CUBLAS_STATUS_SUCCESS);
      cuda::gemm_bf16(h, w16.p, n_in, n_out, dx.p, rows, xb.p, dy.p, n_out, nullptr);
      const std::vector<float> y = dy.host();
      cublasDestroy(h);
      std::vector<double> ref(y.size());
      for (int i = 0; i < rows; ++i)
        for (int o = 0; o < n_out; ++o)
          ref[size_t(i) * n_out + o] = dot_row_ref(t, &w[row_bytes(t, n_in) * o], &x[size_t(i) * n_in], n_in);
      const double err = rel_error(y, ref);
      QVERIFY2(err < 1e-2 && err > 0, qPrintable(QStringLiteral("%1 err=%2").arg(type_name(t)).arg(err)));
    }
  }

  void rowOpsMatchTheCpu() {
    auto rng = fresh_rng();
    const int rows = 7, n = 576, heads = 9, hd = 64;
    const std::vector<float> x = randn(rng, size_t(rows) * n), y = randn(rng, size_t(rows) * n), w = randn(rng, n);
    // add + RMSNorm
    DeviceVec<float> dx(x), dy(y), dw(w), dout(size_t(rows) * n);
    cuda::add_rms_norm(dx.p, dy.p, dw.p, dout.p, n, 1e-5f, rows, nullptr);
    std::vector<double> ref_sum(x.size()), ref_norm(x.size());
    std::vector<float> s(x);
    for (size_t i = 0; i < s.size(); ++i) s[i] += y[i], ref_sum[i] = s[i];
    std::vector<float> nrm(s.size());
    for (int r = 0; r < rows; ++r) rms_norm(&s[size_t(r) * n], w.data(), &nrm[size_t(r) * n], n, 1e-5f);
    QVERIFY(rel_error(dx.host(), ref_sum) == 0.0);
    QVERIFY(rel_error(dout.host(), test::to_double(nrm)) < 1e-6);
    // RoPE, both pairings, angles from the CPU.
    for (RopeStyle style : {RopeStyle::Normal, RopeStyle::NeoX}) {
      const std::vector<float> q = randn(rng, size_t(rows) * heads * hd);
      std::vector<float> cs(size_t(rows) * hd / 2), sn(cs.size()), qr(q);
      for (int r = 0; r < rows; ++r) {
        rope_angles(100 * r + 3, hd, 100000.0f, &cs[size_t(r) * hd / 2], &sn[size_t(r) * hd / 2]);
        rope_apply(&qr[size_t(r) * heads * hd], heads, hd, hd, &cs[size_t(r) * hd / 2], &sn[size_t(r) * hd / 2], style);
      }
      DeviceVec<float> dq(q), dcs(cs), dsn(sn);
      cuda::rope_rows(dq.p, rows, heads, hd, hd, dcs.p, dsn.p, style, nullptr);
      QVERIFY(rel_error(dq.host(), test::to_double(qr)) == 0.0);  // same products, same rounding
    }
    // SwiGLU
    std::vector<float> g = randn(rng, 1000), u = randn(rng, 1000), gr(1000);
    silu_mul(g.data(), u.data(), gr.data(), 1000);
    DeviceVec<float> dg(g), du(u);
    cuda::silu_mul(dg.p, du.p, 1000, nullptr);
    QVERIFY(rel_error(dg.host(), test::to_double(gr)) < 1e-6);
  }

  void embeddingGather() {
    auto rng = fresh_rng();
    const int n = 576, vocab = 50;
    for (GgmlType t : kTypes) {
      const std::vector<float> ef = randn(rng, size_t(n) * vocab, 0.1f);
      std::vector<uint8_t> e(row_bytes(t, n) * vocab);
      for (int r = 0; r < vocab; ++r) quantize_row_ref(t, &ef[size_t(r) * n], &e[row_bytes(t, n) * r], n);
      const std::vector<int32_t> ids = {3, 49, 0, 3, 17};
      std::vector<float> ref(ids.size() * n);
      for (size_t i = 0; i < ids.size(); ++i) get_row(t, e.data(), n, ids[i], &ref[i * n]);
      DeviceVec<uint8_t> de(e);
      DeviceVec<int32_t> did(ids);
      DeviceVec<float> out(ids.size() * n);
      cuda::embed_rows(t, de.p, row_bytes(t, n), n, did.p, int(ids.size()), out.p, nullptr);
      QVERIFY2(rel_error(out.host(), test::to_double(ref)) == 0.0, type_name(t));
    }
  }

  // The device KV writes hold exactly the CPU's bytes and scales, scale growth and requantization included.
  void kvAppendIsBitIdenticalToKvWrite() {
    auto rng = fresh_rng();
    const int bs = 4, kvh = 3, hd = 64, blocks = 8, rows = 11;
    for (KvDtype d : kKv) {
      // Magnitudes grow along the rows, so scaled blocks grow their scale and requantize earlier slots.
      std::vector<float> k(size_t(rows) * kvh * hd), v(k.size());
      std::normal_distribution<float> nd;
      for (int r = 0; r < rows; ++r)
        for (int i = 0; i < kvh * hd; ++i) {
          k[size_t(r) * kvh * hd + i] = nd(rng) * (1.0f + r);
          v[size_t(r) * kvh * hd + i] = nd(rng) * (1.0f + 0.5f * r);
        }
      const size_t pool_bytes = size_t(blocks) * bs * kvh * hd * kv_dtype_bytes(d);
      std::vector<uint8_t> hk(pool_bytes), hv(pool_bytes);
      std::vector<float> hks(size_t(blocks) * kvh), hvs(hks.size());
      KvPoolView ck{d, bs, kvh, hd, hk.data(), hks.data()}, cv{d, bs, kvh, hd, hv.data(), hvs.data()};
      // Slice A: rows 0..6 at positions 2..8 of table {5, 1, 6}; slice B: rows 7..10 at 0..3 of table {2}.
      const std::vector<int32_t> tables = {5, 1, 6, 2};
      auto cpu_write = [&](int row, int32_t phys, int off) {
        kv_write(ck, int64_t(phys) * bs + off, &k[size_t(row) * kvh * hd]);
        kv_write(cv, int64_t(phys) * bs + off, &v[size_t(row) * kvh * hd]);
      };
      // The block's first two slots of slice A were written earlier (same data on both sides).
      std::vector<float> early = randn(rng, size_t(2) * kvh * hd);
      kv_write(ck, 5 * bs + 0, &early[0]);
      kv_write(ck, 5 * bs + 1, &early[size_t(kvh) * hd]);
      kv_write(cv, 5 * bs + 0, &early[0]);
      kv_write(cv, 5 * bs + 1, &early[size_t(kvh) * hd]);
      DeviceVec<uint8_t> dk(hk), dv(hv);
      DeviceVec<float> dks(hks), dvs(hvs);
      for (int i = 0; i < 7; ++i) cpu_write(i, tables[size_t((2 + i) / bs)], (2 + i) % bs);
      for (int i = 0; i < 4; ++i) cpu_write(7 + i, 2, i);
      const std::vector<cuda::KvSliceDev> slices = {{0, 7, 2, 0}, {7, 4, 0, 3}};
      DeviceVec<cuda::KvSliceDev> dsl(slices);
      DeviceVec<int32_t> dt(tables);
      DeviceVec<float> dkr(k), dvr(v);
      KvPoolView gk{d, bs, kvh, hd, dk.p, dks.p}, gv{d, bs, kvh, hd, dv.p, dvs.p};
      if (!kv_dtype_scaled(d)) gk.scales = gv.scales = nullptr, ck.scales = cv.scales = nullptr;
      cuda::kv_append(gk, gv, dsl.p, 2, dt.p, dkr.p, dvr.p, nullptr);
      QVERIFY2(dk.host() == hk, kv_dtype_name(d));
      QVERIFY2(dv.host() == hv, kv_dtype_name(d));
      if (kv_dtype_scaled(d)) {
        QVERIFY(dks.host() == hks);
        QVERIFY(dvs.host() == hvs);
      }
    }
  }

  // Decode and chunk kernels against the CPU's tiled paged attention, and against each other bit for bit.
  void attentionMatchesTheCpu() {
    auto rng = fresh_rng();
    const int heads = 9, kvh = 3, hd = 64, bs = 16, blocks = 12, n_keys = 150;
    for (KvDtype d : kKv) {
      const size_t pool_bytes = size_t(blocks) * bs * kvh * hd * kv_dtype_bytes(d);
      std::vector<uint8_t> hk(pool_bytes), hv(pool_bytes);
      std::vector<float> hks(size_t(blocks) * kvh), hvs(hks.size());
      const bool sc = kv_dtype_scaled(d);
      KvPoolView ck{d, bs, kvh, hd, hk.data(), sc ? hks.data() : nullptr}, cv{d, bs, kvh, hd, hv.data(), sc ? hvs.data() : nullptr};
      std::vector<int32_t> table(blocks);
      std::iota(table.begin(), table.end(), 0);
      std::shuffle(table.begin(), table.end(), rng);
      for (int p = 0; p < n_keys; ++p) {
        const int64_t slot = int64_t(table[size_t(p / bs)]) * bs + p % bs;
        kv_write(ck, slot, randn(rng, size_t(kvh) * hd).data());
        kv_write(cv, slot, randn(rng, size_t(kvh) * hd).data());
      }
      // 20 query rows at positions 130..149 (a chunk), the last one also as a decode row.
      const int n_q = 20;
      const std::vector<float> q = randn(rng, size_t(n_q) * heads * hd);
      PagedAttentionArgs a{ck, cv, table.data(), n_keys, heads, 1.0f / 8.0f};
      std::vector<float> ref(q.size());
      paged_attention_chunk(a, q.data(), n_q, ref.data(), 0, kvh, nullptr, KvRowIsa::Scalar);
      DeviceVec<uint8_t> dk(hk), dv(hv);
      DeviceVec<float> dks(hks), dvs(hvs), dq(q), dout(q.size()), ddec(q.size());
      DeviceVec<int32_t> dt(table);
      const KvPoolView gk{d, bs, kvh, hd, dk.p, sc ? dks.p : nullptr}, gv{d, bs, kvh, hd, dv.p, sc ? dvs.p : nullptr};
      const cuda::AttentionShape shape{heads, kvh, hd, 1.0f / 8.0f};
      const std::vector<cuda::ChunkDev> chunks = {{0, 16, n_keys - n_q + 1, 0}, {16, 4, n_keys - n_q + 17, 0}};
      DeviceVec<cuda::ChunkDev> dch(chunks);
      cuda::attention_chunks(shape, gk, gv, dt.p, dch.p, 2, dq.p, dout.p, nullptr);
      const std::vector<float> out = dout.host();
      const double err = rel_error(out, test::to_double(ref));
      QVERIFY2(err < 1e-5, qPrintable(QStringLiteral("%1 chunk err=%2").arg(kv_dtype_name(d)).arg(err)));
      std::vector<cuda::DecodeRowDev> rows;
      for (int i = 0; i < n_q; ++i) rows.push_back({i, n_keys - n_q + 1 + i, 0});
      DeviceVec<cuda::DecodeRowDev> drows(rows);
      cuda::attention_decode(shape, gk, gv, dt.p, drows.p, n_q, dq.p, ddec.p, nullptr);
      const std::vector<float> dec = ddec.host();
      QVERIFY2(std::memcmp(dec.data(), out.data(), out.size() * sizeof(float)) == 0,
               qPrintable(QStringLiteral("%1: decode and chunk kernels differ").arg(kv_dtype_name(d))));
    }
  }
};

QTEST_GUILESS_MAIN(TstGpuKernels)
#include "tst_gpu_kernels.moc"
