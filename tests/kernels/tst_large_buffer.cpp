// kernels::LargeBuffer, the memory of the packed weights and the KV cache: zero-filled, the size asked
// for, aligned for the kernels' 64-byte loads, whole 2 MiB pages from 2 MiB on (what lets the OS back
// it with huge pages), and a move hands the memory over without copying or freeing it twice.
#include <QtTest>

#include <algorithm>
#include <cstdint>
#include <utility>

#include "kernels/cpu/large_buffer.h"

using inferscope::kernels::LargeBuffer;

namespace {

bool all_zero(const uint8_t* p, size_t n) { return std::all_of(p, p + n, [](uint8_t b) { return b == 0; }); }
uintptr_t addr(const void* p) { return reinterpret_cast<uintptr_t>(p); }

}  // namespace

class TestLargeBuffer : public QObject {
  Q_OBJECT

 private slots:
  void emptyHoldsNothing() {
    const LargeBuffer none, zero(0);
    QVERIFY(!none.data());
    QVERIFY(!zero.data());
    QCOMPARE(zero.size(), size_t(0));
  }

  void smallIsZeroedAndCacheLineAligned_data() {
    QTest::addColumn<qulonglong>("bytes");
    QTest::newRow("1") << 1ull;
    QTest::newRow("4097") << 4097ull;
    QTest::newRow("2MiB-1") << qulonglong(LargeBuffer::kHugePageBytes - 1);
  }
  void smallIsZeroedAndCacheLineAligned() {
    QFETCH(qulonglong, bytes);
    const LargeBuffer b(bytes);
    QCOMPARE(b.size(), size_t(bytes));
    QCOMPARE(addr(b.data()) % 64, uintptr_t(0));
    QVERIFY(all_zero(b.data(), bytes));
    QVERIFY(!b.huge_pages_requested());  // below one huge page there is nothing to ask for
  }

  // From 2 MiB the buffer starts on a 2 MiB boundary and owns whole 2 MiB pages: the last byte of the
  // rounded-up region is writable (ASan would flag it otherwise).
  void largeIsZeroedAndHugePageAligned() {
    const size_t bytes = 3 * LargeBuffer::kHugePageBytes + 5;
    LargeBuffer b(bytes);
    QCOMPARE(b.size(), bytes);
    QCOMPARE(addr(b.data()) % LargeBuffer::kHugePageBytes, uintptr_t(0));
    QVERIFY(all_zero(b.data(), bytes));
    b.data()[4 * LargeBuffer::kHugePageBytes - 1] = 7;
  }

  void moveHandsOverTheMemory() {
    LargeBuffer a(LargeBuffer::kHugePageBytes);
    a.data()[123] = 42;
    uint8_t* const p = a.data();
    const bool huge = a.huge_pages_requested();
    LargeBuffer b(std::move(a));
    QCOMPARE(b.data(), p);
    QCOMPARE(b.data()[123], uint8_t(42));
    QCOMPARE(b.huge_pages_requested(), huge);
    QVERIFY(!a.data());
    QCOMPARE(a.size(), size_t(0));
    LargeBuffer c(64);
    c = std::move(b);  // c's own 64 bytes are freed, b's memory moves in
    QCOMPARE(c.data(), p);
    QCOMPARE(c.size(), LargeBuffer::kHugePageBytes);
    QVERIFY(!b.data());
  }
};

QTEST_APPLESS_MAIN(TestLargeBuffer)
#include "tst_large_buffer.moc"
