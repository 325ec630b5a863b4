// FP8 E4M3 (OCP E4M3FN) conversion, checked against values computed here from the definition:
// S.EEEE.MMM, bias 7; e > 0: (1 + m/8) * 2^(e-7); e = 0: (m/8) * 2^-6; S.1111.111 is NaN.
#include <QtTest/QtTest>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "kernels/cpu/kv_format.h"

using namespace inferscope::kernels;

namespace {

double by_formula(int code) {
  const int s = (code >> 7) & 1;
  const int e = (code >> 3) & 0xF;
  const int m = code & 7;
  if (e == 15 && m == 7) return std::numeric_limits<double>::quiet_NaN();
  const double mag = e == 0 ? (m / 8.0) * std::pow(2.0, -6) : (1.0 + m / 8.0) * std::pow(2.0, e - 7);
  return s ? -mag : mag;
}

// Nearest finite positive code to a >= 0 by exhaustive search, ties to the even code (even mantissa);
// values above 448 saturate. Independent of the conversion under test.
uint8_t nearest_code(double a) {
  int best = 0;
  double best_err = std::numeric_limits<double>::infinity();
  for (int c = 0; c <= 0x7E; ++c) {
    const double err = std::fabs(by_formula(c) - a);
    if (err < best_err || (err == best_err && (c & 1) == 0)) {
      best = c;
      best_err = err;
    }
  }
  return static_cast<uint8_t>(best);
}

}  // namespace

class TestKvFp8 : public QObject {
  Q_OBJECT
 private slots:
  void knownValues() {
    QCOMPARE(fp32_to_fp8_e4m3(448.0f), uint8_t(0x7E));
    QCOMPARE(fp32_to_fp8_e4m3(-448.0f), uint8_t(0xFE));
    QCOMPARE(fp32_to_fp8_e4m3(std::ldexp(1.0f, -9)), uint8_t(0x01));
    QCOMPARE(fp32_to_fp8_e4m3(std::ldexp(1.0f, -6)), uint8_t(0x08));
    QCOMPARE(fp32_to_fp8_e4m3(1.0f), uint8_t(0x38));
    QCOMPARE(fp32_to_fp8_e4m3(-2.0f), uint8_t(0xC0));
    QCOMPARE(fp32_to_fp8_e4m3(0.0f), uint8_t(0x00));
    QCOMPARE(fp32_to_fp8_e4m3(-0.0f), uint8_t(0x80));
    QCOMPARE(fp8_e4m3_to_fp32(0x7E), 448.0f);
    QCOMPARE(fp8_e4m3_to_fp32(0x08), std::ldexp(1.0f, -6));
    QCOMPARE(fp8_e4m3_to_fp32(0x01), std::ldexp(1.0f, -9));
    QVERIFY(std::isnan(fp8_e4m3_to_fp32(0x7F)));
    QVERIFY(std::isnan(fp8_e4m3_to_fp32(0xFF)));
  }

  void saturates() {
    QCOMPARE(fp32_to_fp8_e4m3(500.0f), uint8_t(0x7E));
    QCOMPARE(fp8_e4m3_to_fp32(fp32_to_fp8_e4m3(500.0f)), 448.0f);
    QCOMPARE(fp32_to_fp8_e4m3(-500.0f), uint8_t(0xFE));
    QCOMPARE(fp32_to_fp8_e4m3(464.0f), uint8_t(0x7E));  // would be NaN without saturation
    QCOMPARE(fp32_to_fp8_e4m3(1e30f), uint8_t(0x7E));
    QCOMPARE(fp32_to_fp8_e4m3(std::numeric_limits<float>::infinity()), uint8_t(0x7E));
    QCOMPARE(fp32_to_fp8_e4m3(-std::numeric_limits<float>::infinity()), uint8_t(0xFE));
    const uint8_t nan = fp32_to_fp8_e4m3(std::numeric_limits<float>::quiet_NaN());
    QCOMPARE(uint8_t(nan & 0x7F), uint8_t(0x7F));
  }

  void roundingTies() {
    QCOMPARE(fp32_to_fp8_e4m3(1.0625f), uint8_t(0x38));   // 1 + 1/16: halfway 0x38|0x39 -> even 0x38
    QCOMPARE(fp32_to_fp8_e4m3(1.1875f), uint8_t(0x3A));   // halfway 0x39|0x3A -> even 0x3A
    QCOMPARE(fp32_to_fp8_e4m3(std::nextafter(1.0625f, 2.0f)), uint8_t(0x39));
    QCOMPARE(fp32_to_fp8_e4m3(std::ldexp(1.0f, -10)), uint8_t(0x00));       // half the min subnormal
    QCOMPARE(fp32_to_fp8_e4m3(std::ldexp(3.0f, -10)), uint8_t(0x02));       // 1.5 subnormal units -> 2
    QCOMPARE(fp32_to_fp8_e4m3(std::ldexp(15.0f, -10)), uint8_t(0x08));      // 7.5 units -> min normal
    QCOMPARE(fp32_to_fp8_e4m3(432.0f), uint8_t(0x7E));                      // halfway 416|448 -> 0x7E
    QCOMPARE(fp32_to_fp8_e4m3(0.96875f), uint8_t(0x38));  // halfway 0.9375|1 -> 1.0, carry into the exponent
    QCOMPARE(fp32_to_fp8_e4m3(1.9375f), uint8_t(0x40));   // halfway 1.875|2 -> 2.0
    // Every midpoint between neighbouring finite codes goes to the even one; just off it, to the near one.
    for (int c = 0; c < 0x7E; ++c) {
      const double lo = by_formula(c);
      const double hi = by_formula(c + 1);
      const auto mid = static_cast<float>((lo + hi) / 2);  // exact: both have <= 4 significant bits
      const uint8_t even = (c & 1) ? uint8_t(c + 1) : uint8_t(c);
      QCOMPARE(fp32_to_fp8_e4m3(mid), even);
      QCOMPARE(fp32_to_fp8_e4m3(std::nextafter(mid, 0.0f)), uint8_t(c));
      QCOMPARE(fp32_to_fp8_e4m3(std::nextafter(mid, 1000.0f)), uint8_t(c + 1));
      QCOMPARE(fp32_to_fp8_e4m3(-mid), uint8_t(even | 0x80));
    }
  }

  void allCodesDecodeAndRoundTrip() {
    for (int c = 0; c < 256; ++c) {
      const double want = by_formula(c);
      const float got = fp8_e4m3_to_fp32(static_cast<uint8_t>(c));
      QCOMPARE(fp8_e4m3_table()[c], got);
      if (std::isnan(want)) {
        QVERIFY2(std::isnan(got), qPrintable(QString::number(c, 16)));
        continue;
      }
      QCOMPARE(static_cast<double>(got), want);
      QCOMPARE(std::signbit(got), bool(c & 0x80));  // -0 stays -0
      QCOMPARE(fp32_to_fp8_e4m3(got), static_cast<uint8_t>(c));
    }
  }

  void matchesExhaustiveNearest() {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> log2mag(-12.0, 9.5);  // below the subnormals to past saturation
    for (int i = 0; i < 20000; ++i) {
      const auto x = static_cast<float>(std::exp2(log2mag(rng)));
      QCOMPARE(fp32_to_fp8_e4m3(x), nearest_code(x));
    }
  }
};

QTEST_APPLESS_MAIN(TestKvFp8)
#include "tst_kv_fp8.moc"
