// fp16 / bf16 conversions against known bit patterns, and the ggml type table.
#include <QtTest>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "kernels/cpu/fp16.h"
#include "kernels/cpu/ggml_type.h"

using namespace inferscope::kernels;

class TestQuantFp16 : public QObject {
  Q_OBJECT

 private slots:
  void fp16KnownPatterns() {
    QCOMPARE(fp32_to_fp16(1.0f), uint16_t(0x3C00));
    QCOMPARE(fp32_to_fp16(-2.0f), uint16_t(0xC000));
    QCOMPARE(fp32_to_fp16(65504.0f), uint16_t(0x7BFF));
    QCOMPARE(fp32_to_fp16(0.0f), uint16_t(0x0000));
    QCOMPARE(fp32_to_fp16(-0.0f), uint16_t(0x8000));
    QCOMPARE(fp32_to_fp16(0.5f), uint16_t(0x3800));
    QCOMPARE(fp32_to_fp16(std::ldexp(1.0f, -24)), uint16_t(0x0001));  // smallest subnormal
    QCOMPARE(fp32_to_fp16(std::ldexp(1.0f, -14)), uint16_t(0x0400));  // smallest normal
    QCOMPARE(fp32_to_fp16(std::ldexp(1023.0f, -24)), uint16_t(0x03FF));  // largest subnormal
    QCOMPARE(fp32_to_fp16(std::numeric_limits<float>::infinity()), uint16_t(0x7C00));
    QCOMPARE(fp32_to_fp16(-std::numeric_limits<float>::infinity()), uint16_t(0xFC00));
    const uint16_t nan = fp32_to_fp16(std::numeric_limits<float>::quiet_NaN());
    QCOMPARE(nan & 0x7C00, 0x7C00);
    QVERIFY((nan & 0x03FF) != 0);
  }

  void fp16Rounding() {
    // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even (1.0).
    QCOMPARE(fp32_to_fp16(1.0f + std::ldexp(1.0f, -11)), uint16_t(0x3C00));
    // 1 + 3*2^-11 is halfway between 0x3C01 and 0x3C02: ties to even (0x3C02).
    QCOMPARE(fp32_to_fp16(1.0f + 3 * std::ldexp(1.0f, -11)), uint16_t(0x3C02));
    // Just above the tie rounds up.
    QCOMPARE(fp32_to_fp16(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20)), uint16_t(0x3C01));
    // Overflow: 65519 rounds down to 65504, 65520 (the tie) rounds to inf.
    QCOMPARE(fp32_to_fp16(65519.0f), uint16_t(0x7BFF));
    QCOMPARE(fp32_to_fp16(65520.0f), uint16_t(0x7C00));
    // Subnormals: 2^-25 ties to zero, 3 * 2^-25 ties to 2 * 2^-24 (even), 1.5 * 2^-24 likewise.
    QCOMPARE(fp32_to_fp16(std::ldexp(1.0f, -25)), uint16_t(0x0000));
    QCOMPARE(fp32_to_fp16(std::ldexp(3.0f, -25)), uint16_t(0x0002));
    QCOMPARE(fp32_to_fp16(std::ldexp(1.0f, -25) * 1.0001f), uint16_t(0x0001));
    // Rounding a subnormal up into the smallest normal.
    QCOMPARE(fp32_to_fp16(std::ldexp(2047.0f, -25)), uint16_t(0x0400));
  }

  void fp16ToFp32() {
    QCOMPARE(fp16_to_fp32(0x3C00), 1.0f);
    QCOMPARE(fp16_to_fp32(0xC000), -2.0f);
    QCOMPARE(fp16_to_fp32(0x7BFF), 65504.0f);
    QCOMPARE(fp16_to_fp32(0x0001), std::ldexp(1.0f, -24));
    QCOMPARE(fp16_to_fp32(0x8001), -std::ldexp(1.0f, -24));
    QCOMPARE(std::bit_cast<uint32_t>(fp16_to_fp32(0x8000)), 0x80000000u);
    QVERIFY(std::isinf(fp16_to_fp32(0x7C00)) && fp16_to_fp32(0x7C00) > 0);
    QVERIFY(std::isnan(fp16_to_fp32(0x7E00)));
  }

  void fp16RoundTripAllPatterns() {
    // Every finite half converts to f32 and back unchanged; NaNs stay NaN.
    for (uint32_t h = 0; h < 0x10000; ++h) {
      const float f = fp16_to_fp32(static_cast<uint16_t>(h));
      if (std::isnan(f)) {
        QVERIFY(std::isnan(fp16_to_fp32(fp32_to_fp16(f))));
        continue;
      }
      if (fp32_to_fp16(f) != h) QFAIL(qPrintable(QString("round trip of 0x%1").arg(h, 4, 16, QChar('0'))));
    }
  }

  void bf16() {
    QCOMPARE(fp32_to_bf16(1.0f), uint16_t(0x3F80));
    QCOMPARE(fp32_to_bf16(-2.0f), uint16_t(0xC000));
    QCOMPARE(bf16_to_fp32(0x3F80), 1.0f);
    // 1 + 2^-8 is the tie between 1 (0x3F80) and 1 + 2^-7 (0x3F81): to even, 0x3F80.
    QCOMPARE(fp32_to_bf16(1.0f + std::ldexp(1.0f, -8)), uint16_t(0x3F80));
    // 1 + 3 * 2^-8 ties between 0x3F81 and 0x3F82: to even, 0x3F82.
    QCOMPARE(fp32_to_bf16(1.0f + 3 * std::ldexp(1.0f, -8)), uint16_t(0x3F82));
    QCOMPARE(fp32_to_bf16(1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -16)), uint16_t(0x3F81));
    QCOMPARE(fp32_to_bf16(std::numeric_limits<float>::infinity()), uint16_t(0x7F80));
    QCOMPARE(fp32_to_bf16(std::numeric_limits<float>::max()), uint16_t(0x7F80));  // rounds to inf
    // A NaN whose payload sits only in the low 16 bits must not become inf.
    const float nan_low = std::bit_cast<float>(0x7F800001u);
    QVERIFY(std::isnan(bf16_to_fp32(fp32_to_bf16(nan_low))));
    QVERIFY(std::isnan(bf16_to_fp32(fp32_to_bf16(std::numeric_limits<float>::quiet_NaN()))));
  }

  void typeTable() {
    struct Row {
      GgmlType t;
      uint32_t id;
      const char* name;
      int64_t block;
      size_t bytes;
      bool weight;
    };
    const Row rows[] = {
        {GgmlType::F32, 0, "F32", 1, 4, true},      {GgmlType::F16, 1, "F16", 1, 2, true},
        {GgmlType::Q4_0, 2, "Q4_0", 32, 18, true},  {GgmlType::Q4_1, 3, "Q4_1", 32, 20, true},
        {GgmlType::Q5_0, 6, "Q5_0", 32, 22, true},  {GgmlType::Q5_1, 7, "Q5_1", 32, 24, true},
        {GgmlType::Q8_0, 8, "Q8_0", 32, 34, true},  {GgmlType::Q8_1, 9, "Q8_1", 32, 36, false},
        {GgmlType::Q4_K, 12, "Q4_K", 256, 144, true}, {GgmlType::Q5_K, 13, "Q5_K", 256, 176, true},
        {GgmlType::Q6_K, 14, "Q6_K", 256, 210, true}, {GgmlType::Q8_K, 15, "Q8_K", 256, 292, false},
        {GgmlType::BF16, 30, "BF16", 1, 2, true},
    };
    int weights = 0;
    for (const Row& r : rows) {
      const TypeTraits* tr = type_traits(r.id);
      QVERIFY(tr != nullptr);
      QCOMPARE(tr->type, r.t);
      QCOMPARE(QString(tr->name), QString(r.name));
      QCOMPARE(tr->block_elems, r.block);
      QCOMPARE(tr->block_bytes, r.bytes);
      QCOMPARE(tr->weight_type, r.weight);
      QCOMPARE(type_from_name(QString(r.name).toLower().toStdString()), std::optional<GgmlType>(r.t));
      QCOMPARE(QString(type_name(r.t)), QString(r.name));
      weights += r.weight ? 1 : 0;
    }
    QCOMPARE(weights, 11);
    QVERIFY(type_traits(4u) == nullptr);
    QVERIFY(type_traits(999u) == nullptr);
    QVERIFY(!type_from_name("Q3_K").has_value());
    QCOMPARE(row_bytes(GgmlType::Q4_1, 576), size_t(18 * 20));
    QCOMPARE(row_bytes(GgmlType::Q6_K, 512), size_t(2 * 210));
    QCOMPARE(row_bytes(GgmlType::F16, 7), size_t(14));
  }
};

QTEST_APPLESS_MAIN(TestQuantFp16)
#include "tst_quant_fp16.moc"
