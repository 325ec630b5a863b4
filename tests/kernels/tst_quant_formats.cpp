// Block formats: hand-built blocks against the closed-form values of the format table (docs/gguf-formats.md),
// quantize -> dequantize error bounds, and the dispatched dequantizer against the reference.
#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "kernels/cpu/block_formats.h"
#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/fp16.h"
#include "kernels/cpu/quant.h"

using namespace inferscope::kernels;

namespace {

const GgmlType kWeightTypes[] = {GgmlType::F32,  GgmlType::F16,  GgmlType::BF16, GgmlType::Q8_0,
                                 GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q5_0, GgmlType::Q5_1,
                                 GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K};

std::vector<float> dequant(GgmlType t, const void* src, int64_t n) {
  std::vector<float> y(static_cast<size_t>(n));
  dequantize_row_ref(t, src, y.data(), n);
  return y;
}

// Random data with a per-32 offset and scale, so blocks differ in range and sign balance.
std::vector<float> random_row(int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> x(static_cast<size_t>(n));
  for (int64_t b = 0; b < n; b += 32) {
    const float scale = std::ldexp(1.0f, static_cast<int>(rng() % 7) - 3);
    const float offset = (rng() % 3 == 0) ? u(rng) * 2.0f * scale : 0.0f;
    for (int64_t j = b; j < std::min(n, b + 32); ++j) x[j] = u(rng) * scale + offset;
  }
  return x;
}

}  // namespace

class TestQuantFormats : public QObject {
  Q_OBJECT

 private slots:
  void handQ4_0() {
    block_q4_0 b;
    b.d = 0x3800;  // 0.5
    for (int j = 0; j < 16; ++j) b.qs[j] = static_cast<uint8_t>(j | ((15 - j) << 4));
    const auto y = dequant(GgmlType::Q4_0, &b, 32);
    for (int j = 0; j < 32; ++j) {
      const int nib = j < 16 ? j : 15 - (j - 16);
      QCOMPARE(y[j], static_cast<float>((nib - 8) * 0.5));
    }
  }

  void handQ4_1() {
    block_q4_1 b;
    b.d = 0x3800;  // 0.5
    b.m = 0xBC00;  // -1
    for (int j = 0; j < 16; ++j) b.qs[j] = static_cast<uint8_t>(((3 * j) & 15) | (((j + 5) & 15) << 4));
    const auto y = dequant(GgmlType::Q4_1, &b, 32);
    for (int j = 0; j < 32; ++j) {
      const int nib = j < 16 ? (3 * j) & 15 : ((j - 16) + 5) & 15;
      QCOMPARE(y[j], static_cast<float>(nib * 0.5 - 1.0));
    }
  }

  void handQ5_0() {
    block_q5_0 b;
    b.d = 0x3400;  // 0.25
    const uint32_t qh = 0xA5A5F00Fu;
    std::memcpy(b.qh, &qh, 4);
    for (int j = 0; j < 16; ++j) b.qs[j] = static_cast<uint8_t>(((7 * j) & 15) | ((j & 15) << 4));
    const auto y = dequant(GgmlType::Q5_0, &b, 32);
    for (int j = 0; j < 32; ++j) {
      const int nib = j < 16 ? (7 * j) & 15 : (j - 16);
      const int bit = (qh >> j) & 1;
      QCOMPARE(y[j], static_cast<float>((nib + 16 * bit - 16) * 0.25));
    }
  }

  void handQ5_1() {
    block_q5_1 b;
    b.d = 0x3400;  // 0.25
    b.m = 0x4000;  // 2
    const uint32_t qh = 0x0F0F3C3Cu;
    std::memcpy(b.qh, &qh, 4);
    for (int j = 0; j < 16; ++j) b.qs[j] = static_cast<uint8_t>(((5 * j + 1) & 15) | (((11 * j) & 15) << 4));
    const auto y = dequant(GgmlType::Q5_1, &b, 32);
    for (int j = 0; j < 32; ++j) {
      const int nib = j < 16 ? (5 * j + 1) & 15 : (11 * (j - 16)) & 15;
      const int q = nib + 16 * static_cast<int>((qh >> j) & 1);
      QCOMPARE(y[j], static_cast<float>(q * 0.25 + 2.0));
    }
  }

  void handQ8_0() {
    block_q8_0 b;
    b.d = 0x3000;  // 0.125
    for (int j = 0; j < 32; ++j) b.qs[j] = static_cast<int8_t>(j * 8 - 128);
    const auto y = dequant(GgmlType::Q8_0, &b, 32);
    for (int j = 0; j < 32; ++j) QCOMPARE(y[j], static_cast<float>((j * 8 - 128) * 0.125));
  }

  void handFloats() {
    const float f[3] = {1.5f, -0.25f, 3.0e-3f};
    QCOMPARE(dequant(GgmlType::F32, f, 3)[2], 3.0e-3f);
    const uint16_t h[2] = {0x3C00, 0xC000};
    QCOMPARE(dequant(GgmlType::F16, h, 2), (std::vector<float>{1.0f, -2.0f}));
    const uint16_t bf[2] = {0x3F80, 0xC040};
    QCOMPARE(dequant(GgmlType::BF16, bf, 2), (std::vector<float>{1.0f, -3.0f}));
  }

  // Q4_K / Q5_K: expected values from the spec written out here: sub-block s = element / 32;
  // scale/min 6-bit, s < 4 in the low 6 bits of scales[s] / scales[s+4]; s >= 4 low nibble of
  // scales[s+4] (scale) / its high nibble (min), the two high bits from the top of scales[s-4]
  // (scale) / scales[s] (min). Code: chunk c = e / 64 uses qs[32c + l], low nibble for the first
  // 32 elements of the chunk, high for the next; Q5_K adds bit s of qh[l] as bit 4.
  void handQ4KQ5K() {
    const uint8_t scales[12] = {0xC1, 0x42, 0x83, 0x04, 0x45, 0x86, 0xC7, 0x08, 0x9A, 0xBC, 0xDE, 0xF1};
    int sc[8], mn[8];
    for (int s = 0; s < 8; ++s) {
      if (s < 4) {
        sc[s] = scales[s] % 64;
        mn[s] = scales[s + 4] % 64;
      } else {
        sc[s] = (scales[s + 4] % 16) + 16 * (scales[s - 4] / 64);
        mn[s] = (scales[s + 4] / 16) + 16 * (scales[s] / 64);
      }
    }
    QCOMPARE(sc[4], 0xA + 16 * 3);  // spot check the decoding above: 0x9A low nibble, 0xC1 top bits
    QCOMPARE(mn[7], 0xF + 16 * 0);
    for (bool five : {false, true}) {
      std::vector<uint8_t> raw(five ? sizeof(block_q5_K) : sizeof(block_q4_K));
      uint16_t d = 0x3C00, dmin = 0x3800;  // 1.0, 0.5
      std::memcpy(raw.data(), &d, 2);
      std::memcpy(raw.data() + 2, &dmin, 2);
      std::memcpy(raw.data() + 4, scales, 12);
      uint8_t* qh = raw.data() + 16;
      uint8_t* qs = five ? raw.data() + 16 + 32 : raw.data() + 16;
      if (five)
        for (int l = 0; l < 32; ++l) qh[l] = static_cast<uint8_t>(l * 53 + 7);
      for (int i = 0; i < 128; ++i) qs[i] = static_cast<uint8_t>(i * 37 + 11);
      const auto y = dequant(five ? GgmlType::Q5_K : GgmlType::Q4_K, raw.data(), 256);
      for (int e = 0; e < 256; ++e) {
        const int c = e / 64, w = e % 64, s = e / 32, l = e % 32;
        int q = w < 32 ? qs[32 * c + l] % 16 : qs[32 * c + l] / 16;
        if (five) q += 16 * ((qh[l] >> s) & 1);
        QCOMPARE(y[e], static_cast<float>(1.0 * sc[s] * q - 0.5 * mn[s]));
      }
    }
  }

  // Q6_K: half h = e / 128, r = e % 128, k = r / 32, l = r % 32. Low 4 bits: ql[64h + l] for
  // k = 0 (low nibble) and k = 2 (high), ql[64h + 32 + l] for k = 1 (low) and k = 3 (high);
  // high 2 bits: bits 2k, 2k+1 of qh[32h + l]. Value d * scales[e / 16] * (q - 32).
  void handQ6K() {
    block_q6_K b;
    for (int i = 0; i < 128; ++i) b.ql[i] = static_cast<uint8_t>(i * 29 + 3);
    for (int i = 0; i < 64; ++i) b.qh[i] = static_cast<uint8_t>(i * 71 + 5);
    for (int i = 0; i < 16; ++i) b.scales[i] = static_cast<int8_t>(i * 17 - 120);
    b.d = 0x3800;  // 0.5
    const auto y = dequant(GgmlType::Q6_K, &b, 256);
    for (int e = 0; e < 256; ++e) {
      const int h = e / 128, r = e % 128, k = r / 32, l = r % 32;
      const uint8_t lo_byte = b.ql[64 * h + (k % 2) * 32 + l];
      const int lo = k < 2 ? lo_byte % 16 : lo_byte / 16;
      const int hi = (b.qh[32 * h + l] >> (2 * k)) & 3;
      const int q = lo + 16 * hi;
      QCOMPARE(y[e], static_cast<float>(0.5 * b.scales[e / 16] * (q - 32)));
    }
  }

  // Cross-check with an independent implementation: the same pseudo-random bytes (an LCG, scale
  // fields masked to finite fp16) dequantized by gguf-py's gguf.quants.dequantize (numpy, the
  // llama.cpp project's Python package); the checksums below are what it produced. A weighted
  // sum catches any permutation of the element order, the sum of squares any value error.
  void matchesGgufPyChecksums() {
    struct Case {
      GgmlType t;
      double weighted, squares;
    } const cases[] = {
        {GgmlType::Q4_0, -8783.586966276169, 1937.62189008451},
        {GgmlType::Q4_1, 86443.591776371, 4204.973448818865},
        {GgmlType::Q5_0, 696.5030117034912, 442.7722864826137},
        {GgmlType::Q5_1, 116663.45808708668, 14988.5288362796},
        {GgmlType::Q8_0, -7387.805360019207, 7347.311737994198},
        {GgmlType::Q4_K, 30067.69384765625, 36546.23403438926},
        {GgmlType::Q5_K, 306997.91119384766, 127314.19623586163},
        {GgmlType::Q6_K, 107.4296885728836, 6.377049492102316},
    };
    for (const Case& c : cases) {
      const TypeTraits& tr = type_traits(c.t);
      const int64_t nb = 256 / tr.block_elems;
      std::vector<uint8_t> raw(static_cast<size_t>(nb) * tr.block_bytes);
      uint32_t x = 1234;
      for (auto& b : raw) {
        x = x * 1103515245u + 12345u;
        b = static_cast<uint8_t>((x >> 16) & 255);
      }
      for (int64_t i = 0; i < nb; ++i) {
        uint8_t* blk = raw.data() + i * tr.block_bytes;
        if (c.t == GgmlType::Q6_K) {
          blk[209] &= 0x3F;
        } else {
          blk[1] &= 0x3F;
          if (c.t == GgmlType::Q4_1 || c.t == GgmlType::Q5_1 || c.t == GgmlType::Q4_K || c.t == GgmlType::Q5_K)
            blk[3] &= 0x3F;
        }
      }
      for (bool fast : {false, true}) {
        std::vector<float> y(256);
        if (fast)
          dequantize_row(c.t, raw.data(), y.data(), 256);
        else
          dequantize_row_ref(c.t, raw.data(), y.data(), 256);
        double weighted = 0.0, squares = 0.0;
        for (int j = 0; j < 256; ++j) {
          weighted += double(y[j]) * (j + 1);
          squares += double(y[j]) * y[j];
        }
        QVERIFY2(std::fabs(weighted - c.weighted) <= 1e-9 * std::fabs(c.weighted) + 1e-9, type_name(c.t));
        QVERIFY2(std::fabs(squares - c.squares) <= 1e-9 * c.squares + 1e-9, type_name(c.t));
      }
    }
  }

  // quantize -> dequantize stays within the format's step, relative to each block's range.
  void roundTripError_data() {
    QTest::addColumn<int>("type");
    for (GgmlType t : kWeightTypes) QTest::newRow(type_name(t)) << static_cast<int>(t);
  }
  void roundTripError() {
    QFETCH(int, type);
    const auto t = static_cast<GgmlType>(type);
    const int64_t n = 1024;
    const auto x = random_row(n, 42 + type);
    std::vector<uint8_t> q(row_bytes(t, n));
    quantize_row_ref(t, x.data(), q.data(), n);
    const auto y = dequant(t, q.data(), n);
    const int64_t blk = t == GgmlType::Q4_K || t == GgmlType::Q5_K || t == GgmlType::Q6_K ? 256 : 32;
    for (int64_t b = 0; b < n; b += blk) {
      float lo = 0.0f, hi = 0.0f, amax = 0.0f, bmin = x[b], bmax = x[b];
      for (int64_t j = b; j < b + blk; ++j) {
        lo = std::min(lo, x[j]);
        hi = std::max(hi, x[j]);
        bmin = std::min(bmin, x[j]);
        bmax = std::max(bmax, x[j]);
        amax = std::max(amax, std::fabs(x[j]));
      }
      // Bounds derived in quant_ref*.cpp: one step for the symmetric 4/5-bit formats (the value
      // mapped to -8/-16 has its mirror clamped), half a step plus fp16 rounding of d and m for
      // the affine ones, one 4/5-bit step of the super-block range for Q4_K/Q5_K, 1.25 steps for Q6_K.
      double bound = 0.0;
      switch (t) {
        case GgmlType::F32: bound = 0.0; break;
        case GgmlType::F16: bound = amax * std::ldexp(1.0, -11); break;
        case GgmlType::BF16: bound = amax * std::ldexp(1.0, -8); break;
        case GgmlType::Q8_0: bound = 0.51 * amax / 127; break;
        case GgmlType::Q4_0: bound = 1.01 * amax / 8; break;
        case GgmlType::Q5_0: bound = 1.01 * amax / 16; break;
        case GgmlType::Q4_1: bound = 0.5 * (bmax - bmin) / 15 + std::ldexp(amax, -9); break;
        case GgmlType::Q5_1: bound = 0.5 * (bmax - bmin) / 31 + std::ldexp(amax, -9); break;
        case GgmlType::Q4_K: bound = (hi - lo) / 15.0; break;
        case GgmlType::Q5_K: bound = (hi - lo) / 31.0; break;
        case GgmlType::Q6_K: bound = 1.25 * amax / 32; break;
        default: QFAIL("type");
      }
      for (int64_t j = b; j < b + blk; ++j) {
        const double err = std::fabs(static_cast<double>(y[j]) - x[j]);
        if (err > bound)
          QFAIL(qPrintable(QString("element %1: x=%2 y=%3 err=%4 bound=%5").arg(j).arg(x[j]).arg(y[j]).arg(err).arg(bound)));
      }
    }
  }

  void zeroRowQuantizesToZero() {
    for (GgmlType t : kWeightTypes) {
      std::vector<float> x(256, 0.0f);
      std::vector<uint8_t> q(row_bytes(t, 256), 0xAB);
      quantize_row_ref(t, x.data(), q.data(), 256);
      for (float v : dequant(t, q.data(), 256)) QCOMPARE(v, 0.0f);
    }
  }

  // The dispatched (AVX2 when present) dequantizer equals the reference bit for bit, on blocks
  // from our quantizer and on random bytes (any bit pattern with finite scales is a valid block).
  void fastDequantMatchesReference_data() { roundTripError_data(); }
  void fastDequantMatchesReference() {
    QFETCH(int, type);
    const auto t = static_cast<GgmlType>(type);
    qInfo("simd: %s", simd_level());
    const int64_t n = 2048;
    std::vector<uint8_t> q(row_bytes(t, n));
    quantize_row_ref(t, random_row(n, 7).data(), q.data(), n);
    std::mt19937 rng(99);
    std::vector<uint8_t> rnd(q.size());
    for (auto& b : rnd) b = static_cast<uint8_t>(rng());
    if (t == GgmlType::F32 || t == GgmlType::F16 || t == GgmlType::BF16) rnd = q;  // avoid NaN payloads
    const TypeTraits& tr = type_traits(t);
    for (size_t off = 0; off < rnd.size() && tr.block_elems > 1; off += tr.block_bytes) {
      // Keep the fp16 scales finite: d (and dmin/m) are the first fields except in Q6_K (last).
      auto fix = [&](size_t at) { rnd[off + at + 1] &= 0x3F; };
      if (t == GgmlType::Q6_K) {
        fix(208);
      } else {
        fix(0);
        if (t == GgmlType::Q4_1 || t == GgmlType::Q5_1 || t == GgmlType::Q4_K || t == GgmlType::Q5_K) fix(2);
      }
    }
    for (const auto* src : {&q, &rnd}) {
      std::vector<float> ref(n), fast(n, -1.0f);
      dequantize_row_ref(t, src->data(), ref.data(), n);
      dequantize_row(t, src->data(), fast.data(), n);
      QVERIFY(std::memcmp(ref.data(), fast.data(), n * sizeof(float)) == 0);
    }
  }

  // The activation quantizers the matmul uses: the dispatched version writes the same bytes.
  void fastActivationQuantMatchesReference() {
    for (GgmlType t : {GgmlType::Q8_0, GgmlType::Q8_1, GgmlType::Q8_K}) {
      const int64_t n = 1024;
      auto x = random_row(n, 5);
      x[3] = 0.0f;
      std::fill(x.begin() + 256, x.begin() + 512, 0.0f);  // an all-zero block
      std::vector<uint8_t> a(row_bytes(t, n)), b(row_bytes(t, n));
      quantize_row_ref(t, x.data(), a.data(), n);
      quantize_row(t, x.data(), b.data(), n);
      QVERIFY2(a == b, type_name(t));
      // and they are within half a step of the input
      const auto y = dequant(t, a.data(), n);
      const int64_t blk = type_traits(t).block_elems;
      for (int64_t s = 0; s < n; s += blk) {
        float amax = 0.0f;
        for (int64_t j = s; j < s + blk; ++j) amax = std::max(amax, std::fabs(x[j]));
        for (int64_t j = s; j < s + blk; ++j) QVERIFY(std::fabs(y[j] - x[j]) <= 0.51f * amax / 127);
      }
    }
  }

  void q8_1SumField() {
    const auto x = random_row(64, 3);
    block_q8_1 b[2];
    quantize_row(GgmlType::Q8_1, x.data(), b, 64);
    for (const auto& blk : b) {
      int sum = 0;
      for (int8_t v : blk.qs) sum += v;
      QCOMPARE(blk.s, fp32_to_fp16(fp16_to_fp32(blk.d) * static_cast<float>(sum)));
    }
    block_q8_K k;
    const auto xk = random_row(256, 4);
    quantize_row(GgmlType::Q8_K, xk.data(), &k, 256);
    for (int g = 0; g < 16; ++g) {
      int sum = 0;
      for (int l = 0; l < 16; ++l) sum += k.qs[16 * g + l];
      QCOMPARE(static_cast<int>(k.bsums[g]), sum);
    }
  }
};

QTEST_APPLESS_MAIN(TestQuantFormats)
#include "tst_quant_formats.moc"
