// KV storage formats: names, element codecs, and kv_write / kv_read_head round trips per dtype,
// including the per-(block, head) scale growth of FP8 and INT8.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/kv_format.h"

using namespace inferscope::kernels;

namespace {

constexpr KvDtype kAll[] = {KvDtype::F32, KvDtype::F16, KvDtype::BF16, KvDtype::FP8_E4M3, KvDtype::INT8};

// An owning pool for tests.
struct Pool {
  std::vector<uint8_t> data;
  std::vector<float> scales;
  KvPoolView view{};
  Pool(KvDtype d, int blocks, int block_size, int kv_heads, int head_dim) {
    data.assign(static_cast<size_t>(blocks) * block_size * kv_heads * head_dim * kv_dtype_bytes(d), 0xCD);
    scales.assign(static_cast<size_t>(blocks) * kv_heads, -1.0f);
    view = {d, block_size, kv_heads, head_dim, data.data(), kv_dtype_scaled(d) ? scales.data() : nullptr};
  }
};

uint16_t encode16(KvDtype d, float x) {
  uint8_t b[2];
  kv_encode(d, &x, 1, 1.0f, b);
  uint16_t v;
  std::memcpy(&v, b, 2);
  return v;
}

// Largest error a read may show for element x of a (block, head) whose final scale is s, after the
// slot was requantized `regrows` times (each time the block's scale grew after it was written).
// Every rounding happens at a scale <= s and adds at most one half-step, so the bound scales with
// the number of roundings; 1.07 covers the 2^-4 relative drift of x between FP8 roundings.
double bound(KvDtype d, double x, double s, int regrows) {
  const double k = regrows == 0 ? 1.0 : (regrows + 1) * 1.07;
  switch (d) {
    case KvDtype::F32: return 0.0;
    case KvDtype::F16: return std::ldexp(std::fabs(x), -11) + std::ldexp(1.0, -25);  // half ulp, 11-bit significand
    case KvDtype::BF16: return std::ldexp(std::fabs(x), -8);                         // half ulp, 8-bit significand
    // 4-bit significand: half ulp is 2^-4 relative; subnormals (below 2^-6 * s) are spaced 2^-9 * s.
    case KvDtype::FP8_E4M3: return k * (std::ldexp(std::fabs(x), -4) + std::ldexp(s, -10)) * (1 + 1e-6);
    case KvDtype::INT8: return k * 0.5 * s * (1 + 1e-6);  // half a quantization step
  }
  return 0.0;
}

}  // namespace

class TestKvFormat : public QObject {
  Q_OBJECT
 private slots:
  void names() {
    for (KvDtype d : kAll) QCOMPARE(kv_dtype_from_name(kv_dtype_name(d)), std::optional<KvDtype>(d));
    QCOMPARE(kv_dtype_from_name("FP8_E4M3"), std::optional<KvDtype>(KvDtype::FP8_E4M3));
    QCOMPARE(kv_dtype_from_name("BF16"), std::optional<KvDtype>(KvDtype::BF16));
    QVERIFY(!kv_dtype_from_name("q4_0").has_value());
    QCOMPARE(kv_dtype_bytes(KvDtype::F32), size_t(4));
    QCOMPARE(kv_dtype_bytes(KvDtype::F16), size_t(2));
    QCOMPARE(kv_dtype_bytes(KvDtype::BF16), size_t(2));
    QCOMPARE(kv_dtype_bytes(KvDtype::FP8_E4M3), size_t(1));
    QCOMPARE(kv_dtype_bytes(KvDtype::INT8), size_t(1));
    QVERIFY(kv_dtype_scaled(KvDtype::FP8_E4M3) && kv_dtype_scaled(KvDtype::INT8));
    QVERIFY(!kv_dtype_scaled(KvDtype::F32) && !kv_dtype_scaled(KvDtype::F16) && !kv_dtype_scaled(KvDtype::BF16));
  }

  void halfCodecs() {
    QCOMPARE(encode16(KvDtype::F16, 1.0f), uint16_t(0x3C00));
    QCOMPARE(encode16(KvDtype::F16, -2.0f), uint16_t(0xC000));
    QCOMPARE(encode16(KvDtype::F16, 65504.0f), uint16_t(0x7BFF));
    QCOMPARE(encode16(KvDtype::F16, 65519.0f), uint16_t(0x7BFF));
    QCOMPARE(encode16(KvDtype::F16, 65520.0f), uint16_t(0x7C00));            // tie past max -> inf
    QCOMPARE(encode16(KvDtype::F16, std::ldexp(1.0f, -24)), uint16_t(0x0001));
    QCOMPARE(encode16(KvDtype::F16, std::ldexp(1.0f, -25)), uint16_t(0x0000));  // tie -> even (0)
    QCOMPARE(encode16(KvDtype::F16, std::ldexp(3.0f, -25)), uint16_t(0x0002));  // tie -> even (2)
    QCOMPARE(encode16(KvDtype::F16, 1.0f + std::ldexp(1.0f, -11)), uint16_t(0x3C00));  // tie -> even
    QCOMPARE(encode16(KvDtype::F16, 1.0f + std::ldexp(3.0f, -11)), uint16_t(0x3C02));
    QCOMPARE(encode16(KvDtype::BF16, 1.0f), uint16_t(0x3F80));
    QCOMPARE(encode16(KvDtype::BF16, 1.0f + std::ldexp(1.0f, -8)), uint16_t(0x3F80));  // tie -> even
    QCOMPARE(encode16(KvDtype::BF16, 1.0f + std::ldexp(3.0f, -8)), uint16_t(0x3F82));
    // Every finite f16 code decodes and re-encodes to itself.
    for (uint32_t c = 0; c < 0x10000; ++c) {
      if ((c & 0x7C00) == 0x7C00) continue;
      const auto code = static_cast<uint16_t>(c);
      uint8_t b[2];
      std::memcpy(b, &code, 2);
      float f;
      kv_decode(KvDtype::F16, b, 1, 1.0f, &f);
      if (encode16(KvDtype::F16, f) != code) QFAIL(qPrintable(QString("f16 code %1").arg(c, 4, 16)));
    }
  }

  // The SIMD (F16C) encoder writes exactly the scalar encoder's bits: ties, subnormals, overflow, NaN.
  void f16VectorEncodeMatchesScalar() {
    std::vector<float> x;
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-8.0f, 8.0f);
    for (int i = 0; i < 4000; ++i) x.push_back(u(rng) * std::ldexp(1.0f, int(rng() % 40) - 30));
    for (float f : {1.0f + std::ldexp(1.0f, -11), 1.0f + std::ldexp(3.0f, -11), std::ldexp(1.0f, -25),
                    std::ldexp(3.0f, -25), std::ldexp(1.0f, -24), 65519.0f, 65520.0f, 1e9f, -1e9f,
                    std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::infinity(), -0.0f})
      x.push_back(f);
    const int n = static_cast<int>(x.size());
    std::vector<uint8_t> fast(2 * size_t(n)), slow(2 * size_t(n));
    kv_encode(KvDtype::F16, x.data(), n, 1.0f, fast.data());
    const SimdLevel level = active_simd();
    set_simd_level(SimdLevel::Scalar);
    kv_encode(KvDtype::F16, x.data(), n, 1.0f, slow.data());
    set_simd_level(level);
    for (int i = 0; i < n; ++i)
      if (std::memcmp(&fast[2 * size_t(i)], &slow[2 * size_t(i)], 2) != 0)
        QFAIL(qPrintable(QString("element %1 (%2)").arg(i).arg(double(x[size_t(i)]))));
  }

  void roundTrip_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<bool>("growing");  // values grow within a block, so early slots get requantized
    for (KvDtype d : kAll) {
      QTest::newRow(qPrintable(QString("%1/fixed").arg(kv_dtype_name(d)))) << int(d) << false;
      QTest::newRow(qPrintable(QString("%1/growing").arg(kv_dtype_name(d)))) << int(d) << true;
    }
  }
  void roundTrip() {
    QFETCH(int, dtype);
    QFETCH(bool, growing);
    const auto d = static_cast<KvDtype>(dtype);
    const int blocks = 4, bs = 16, kvh = 3, hd = 64;
    Pool pool(d, blocks, bs, kvh, hd);
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const int tokens = blocks * bs;
    std::vector<float> src(static_cast<size_t>(tokens) * kvh * hd);
    for (int t = 0; t < tokens; ++t) {
      // Fixed: the first token of each block carries the block's largest magnitude (no growth).
      const int off = t % bs;
      const float amp = growing ? std::pow(1.4f, static_cast<float>(off)) : (off == 0 ? 2.0f : 1.0f);
      for (int i = 0; i < kvh * hd; ++i) src[static_cast<size_t>(t) * kvh * hd + i] = amp * u(rng);
      if (!growing && off == 0)
        for (int h = 0; h < kvh; ++h) src[(static_cast<size_t>(t) * kvh + h) * hd] = 2.0f;
    }
    // Physical slots in a shuffled block order, each block filled from offset 0 as the cache does.
    const int order[blocks] = {2, 0, 3, 1};
    for (int t = 0; t < tokens; ++t) kv_write(pool.view, int64_t(order[t / bs]) * bs + t % bs, &src[size_t(t) * kvh * hd]);

    // How many times each slot's (block, head) scale grew after the slot was written.
    std::vector<int> regrows(size_t(tokens) * kvh, 0);
    for (int t0 = 0; t0 < tokens; t0 += bs) {
      for (int h = 0; h < kvh; ++h) {
        float amax = 0.0f;
        for (int t = t0; t < t0 + bs; ++t) {
          float a = 0.0f;
          for (int i = 0; i < hd; ++i) a = std::max(a, std::fabs(src[(size_t(t) * kvh + h) * hd + i]));
          if (t > t0 && a > amax)
            for (int e = t0; e < t; ++e) ++regrows[size_t(e) * kvh + h];
          amax = std::max(amax, a);
        }
      }
    }
    const int most_regrows = *std::max_element(regrows.begin(), regrows.end());
    double worst = 0.0;
    double worst_ratio = 0.0;  // error in units of the bound of one rounding at the final scale
    std::vector<float> got(hd);
    for (int t = 0; t < tokens; ++t) {
      const int64_t block = order[t / bs];
      for (int h = 0; h < kvh; ++h) {
        kv_read_head(pool.view, block * bs + t % bs, h, got.data());
        const float* want = &src[(size_t(t) * kvh + h) * hd];
        const double s = kv_dtype_scaled(d) ? pool.scales[block * kvh + h] : 1.0;
        for (int i = 0; i < hd; ++i) {
          const double err = std::fabs(double(got[i]) - want[i]);
          worst = std::max(worst, err);
          const double single = bound(d, want[i], s, 0);
          if (single > 0) worst_ratio = std::max(worst_ratio, err / single);
          if (err > bound(d, want[i], s, kv_dtype_scaled(d) ? regrows[size_t(t) * kvh + h] : 0)) {
            QFAIL(qPrintable(QString("token %1 head %2 elem %3: %4 vs %5 (scale %6)")
                                 .arg(t).arg(h).arg(i).arg(got[i]).arg(want[i]).arg(s)));
          }
        }
      }
    }
    // The stored scale is exactly what the header documents: amax of the block/head over qmax.
    if (kv_dtype_scaled(d)) {
      const double qmax = d == KvDtype::FP8_E4M3 ? 448.0 : 127.0;
      for (int t0 = 0; t0 < tokens; t0 += bs) {
        for (int h = 0; h < kvh; ++h) {
          float amax = 0.0f;
          for (int t = t0; t < t0 + bs; ++t)
            for (int i = 0; i < hd; ++i) amax = std::max(amax, std::fabs(src[(size_t(t) * kvh + h) * hd + i]));
          QCOMPARE(pool.scales[order[t0 / bs] * kvh + h], static_cast<float>(amax / qmax));
        }
      }
    }
    qDebug("%s %s: max abs round-trip error %.3g (|x| <= %.3g), %.2f x the one-rounding bound, up to %d requantizations",
           kv_dtype_name(d), growing ? "growing" : "fixed", worst, growing ? std::pow(1.4, bs - 1) : 2.0, worst_ratio,
           kv_dtype_scaled(d) ? most_regrows : 0);
  }

  // Small values first, then one large token: the block's scale grows and the small slots are
  // requantized, still within the (twice-rounded) bound of the final scale.
  void scaleGrowth_data() {
    QTest::addColumn<int>("dtype");
    QTest::newRow("fp8") << int(KvDtype::FP8_E4M3);
    QTest::newRow("int8") << int(KvDtype::INT8);
  }
  void scaleGrowth() {
    QFETCH(int, dtype);
    const auto d = static_cast<KvDtype>(dtype);
    const int bs = 16, kvh = 2, hd = 8;
    Pool pool(d, 2, bs, kvh, hd);
    const double qmax = d == KvDtype::FP8_E4M3 ? 448.0 : 127.0;
    std::vector<std::vector<float>> toks;
    for (int t = 0; t < 5; ++t) {
      std::vector<float> v(kvh * hd);
      for (int i = 0; i < kvh * hd; ++i) v[i] = (t % 2 ? -0.01f : 0.01f) * float((i % 7) - 3);
      if (t == 4) v[3] = 50.0f;  // head 0 grows; head 1 keeps its small scale
      toks.push_back(v);
      kv_write(pool.view, bs + t, v.data());  // block 1, offsets 0..4
    }
    QCOMPARE(pool.scales[1 * kvh + 0], static_cast<float>(50.0 / qmax));
    QVERIFY(pool.scales[1 * kvh + 1] < 0.05f / qmax);
    std::vector<float> got(hd);
    for (int t = 0; t < 5; ++t) {
      for (int h = 0; h < kvh; ++h) {
        kv_read_head(pool.view, bs + t, h, got.data());
        const double s = pool.scales[1 * kvh + h];
        for (int i = 0; i < hd; ++i) {
          const double want = toks[t][h * hd + i];
          QVERIFY2(std::fabs(got[i] - want) <= bound(d, want, s, t < 4 && h == 0 ? 1 : 0),
                   qPrintable(QString("t %1 h %2 i %3: %4 vs %5").arg(t).arg(h).arg(i).arg(got[i]).arg(want)));
        }
      }
    }
    // Writing offset 0 again starts the block afresh: the scale shrinks back to the new token's range.
    std::vector<float> small(kvh * hd, 0.02f);
    kv_write(pool.view, bs, small.data());
    QCOMPARE(pool.scales[1 * kvh + 0], static_cast<float>(0.02 / qmax));
    kv_read_head(pool.view, bs, 0, got.data());
    QVERIFY(std::fabs(got[0] - 0.02f) <= bound(d, 0.02, 0.02 / qmax, 0));
    // An all-zero block has scale 0 and reads back zeros.
    std::vector<float> zeros(kvh * hd, 0.0f);
    kv_write(pool.view, 0, zeros.data());
    QCOMPARE(pool.scales[0], 0.0f);
    kv_read_head(pool.view, 0, 1, got.data());
    QCOMPARE(*std::max_element(got.begin(), got.end()), 0.0f);
  }
};

QTEST_APPLESS_MAIN(TestKvFormat)
#include "tst_kv_format.moc"
