// The packed (row-interleaved, AVX-512 VNNI) matmul: every output within the reference bound and equal
// bit for bit to the scalar reference of its arithmetic, padding rows never written, fused parts (of
// one format or mixed) equal to separate ones bit for bit, batch and thread invariance, and no packing
// at a SIMD level without the kernels.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/block_formats.h"
#include "kernels/cpu/fp16.h"
#include "kernels/cpu/large_buffer.h"
#include "kernels/cpu/packed_kernels.h"
#include "kernels/cpu/packed_matmul.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"
#include "tests/kernels/matmul_problem.h"
#include "tests/kernels/packed_reference.h"

using namespace inferscope::kernels;
using namespace inferscope::kernels::test;

namespace {

const GgmlType kPackedTypes[] = {GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q5_0, GgmlType::Q5_1,
                                 GgmlType::Q8_0, GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K};

bool k_quant(GgmlType t) { return t == GgmlType::Q4_K || t == GgmlType::Q5_K || t == GgmlType::Q6_K; }
// A row length every format can take: K-quants need whole 256-element super-blocks.
int64_t n_in_for(GgmlType t, int64_t n) { return k_quant(t) ? (n + 255) / 256 * 256 : n; }

std::unique_ptr<PackedMatrix> pack(const Problem& p) {
  const MatrixPart part{p.t, p.W.data(), p.n_in, p.n_out};
  return pack_matrix(std::span<const MatrixPart>(&part, 1));
}

// Runs tokens [first, first + n) and returns n * n_out outputs. The buffer has a poisoned guard
// after the last output, which must survive (rows past n_out are padding and must not be stored).
std::vector<float> run(const PackedMatrix& m, const Problem& p, int64_t first, int64_t n, ThreadPool* pool) {
  std::vector<float> y(static_cast<size_t>(n * p.n_out) + 16, std::nanf(""));
  y.back() = 12345.0f;
  float* out = y.data();
  matmul_packed(m, p.X.data() + first * p.n_in, n, &out, pool);
  if (y.back() != 12345.0f) qFatal("matmul_packed wrote past its output");
  y.resize(static_cast<size_t>(n * p.n_out));
  return y;
}

}  // namespace

class TestPackedMatmul : public QObject {
  Q_OBJECT
  SimdLevel initial_ = SimdLevel::Scalar;

 private slots:
  void initTestCase() {
    initial_ = active_simd();
    if (!packed_matmul_available(GgmlType::Q4_1))
      QSKIP("no packed kernels at this SIMD level (needs AVX-512 VNNI; INFERSCOPE_SIMD may cap it)");
  }
  void cleanup() { set_simd_level(initial_); }

  // The fused activation quantization must give bit for bit what quantize_row gives (the unpacked
  // matmul quantizes with it), including all-zero blocks, outliers and values at rounding ties, in the
  // 16-block groups (every lane position) and in the blocks after the last whole group.
  void fusedQuantizationMatchesQuantizeRow_data() {
    QTest::addColumn<int64_t>("nb");
    QTest::addColumn<int64_t>("special");  // first block of the zero / outlier / ties run
    QTest::addColumn<int64_t>("stride");   // blocks of other rows interleaved (a tile's width)
    QTest::newRow("1 block") << int64_t(1) << int64_t(0) << int64_t(1);
    QTest::newRow("24 blocks, specials in the group") << int64_t(24) << int64_t(1) << int64_t(1);
    QTest::newRow("24 blocks, specials in the tail") << int64_t(24) << int64_t(17) << int64_t(1);
    QTest::newRow("48 blocks, specials across groups") << int64_t(48) << int64_t(14) << int64_t(1);
    QTest::newRow("48 blocks, specials at the end") << int64_t(48) << int64_t(45) << int64_t(1);
    QTest::newRow("24 blocks, stride 3") << int64_t(24) << int64_t(1) << int64_t(3);
    QTest::newRow("48 blocks, stride 8") << int64_t(48) << int64_t(14) << int64_t(8);
  }
  void fusedQuantizationMatchesQuantizeRow() {
    QFETCH(int64_t, nb);
    QFETCH(int64_t, special);
    QFETCH(int64_t, stride);
    const int64_t n = nb * 32;
    std::vector<float> x(n);
    uint32_t state = 12345;
    for (int64_t i = 0; i < n; ++i) {
      state = state * 1664525u + 1013904223u;
      // Block b spans a different range (1/8 to 8), so each lane of a group gets its own scale.
      x[i] = (static_cast<float>(state >> 8) / 16777216.0f - 0.5f) * 6.0f * std::ldexp(1.0f, int((i / 32) % 7) - 3);
    }
    auto block = [&](int64_t b) { return b < nb ? &x[size_t(32 * b)] : nullptr; };
    if (float* z = block(special)) std::fill(z, z + 32, 0.0f);  // all zero
    if (float* o = block(special + 1)) o[6] = 300.0f;            // one outlier
    if (float* t = block(special + 2))                           // exact half steps (ties)
      for (int i = 0; i < 32; ++i) t[i] = 0.5f * float(i - 15);
    for (bool q81 : {false, true}) {
      std::vector<uint8_t> ref(row_bytes(q81 ? GgmlType::Q8_1 : GgmlType::Q8_0, n));
      quantize_row(q81 ? GgmlType::Q8_1 : GgmlType::Q8_0, x.data(), ref.data(), n);
      // Sentinels everywhere: the slots between a row's blocks (stride > 1) must stay untouched.
      std::vector<int8_t> qs(size_t(n * stride), int8_t(0x5A));
      std::vector<float> d(size_t(nb * stride), -2.0f), s(size_t(nb * stride), -1.0f);
      std::vector<int32_t> bias(size_t(nb * stride), -1);
      packed::quantize_row_avx512(x.data(), nb, q81, 8, stride, qs.data(), d.data(), s.data(), bias.data());
      for (int64_t i = 0; i < nb * stride; ++i) {
        if (i % stride == 0) continue;
        QCOMPARE(d[size_t(i)], -2.0f);
        QCOMPARE(s[size_t(i)], -1.0f);
        QCOMPARE(bias[size_t(i)], -1);
        for (int j = 0; j < 32; ++j) QCOMPARE(qs[size_t(32 * i + j)], int8_t(0x5A));
      }
      for (int64_t b = 0; b < nb; ++b) {
        const size_t at = size_t(b * stride);
        const int8_t* want_qs;
        uint16_t want_d;
        if (q81) {
          const auto& blk = reinterpret_cast<const block_q8_1*>(ref.data())[b];
          want_qs = blk.qs;
          want_d = blk.d;
          QCOMPARE(s[at], fp16_to_fp32(blk.s));
        } else {
          const auto& blk = reinterpret_cast<const block_q8_0*>(ref.data())[b];
          want_qs = blk.qs;
          want_d = blk.d;
          int32_t sum = 0;
          for (int j = 0; j < 32; ++j) sum += want_qs[j];
          QCOMPARE(bias[at], 8 * sum);
        }
        QCOMPARE(d[at], fp16_to_fp32(want_d));
        QVERIFY2(std::memcmp(qs.data() + 32 * at, want_qs, 32) == 0, qPrintable(QString("codes of block %1").arg(b)));
      }
    }
  }

  void matchesReference_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("n_in");
    QTest::addColumn<int>("n_out");
    for (GgmlType t : kPackedTypes)
      for (int n : {32, 576, 1536})
        for (int n_out : {16, 37, 192}) {
          const int n_in = static_cast<int>(n_in_for(t, n));
          QTest::newRow(qPrintable(QString("%1/%2x%3").arg(type_name(t)).arg(n_in).arg(n_out)))
              << static_cast<int>(t) << n_in << n_out;
        }
  }
  void matchesReference() {
    QFETCH(int, type);
    QFETCH(int, n_in);
    QFETCH(int, n_out);
    const auto t = static_cast<GgmlType>(type);
    const Problem p = make_problem(t, n_in, n_out, 11);
    const auto m = pack(p);
    QVERIFY(m);
    QCOMPARE(m->n_groups(), (n_out + 15) / 16);
    ThreadPool pool(2);
    const auto y = run(*m, p, 0, p.n_tokens, &pool);
    double worst = 0.0;
    for (int64_t tk = 0; tk < p.n_tokens; ++tk) {
      const float* x = p.X.data() + tk * n_in;
      for (int64_t r = 0; r < n_out; ++r) {
        const double ref = dot_row_ref(t, p.W.data() + r * row_bytes(t, n_in), x, n_in);
        const double got = y[tk * n_out + r];
        const double bound = error_bound(p, r, x);
        QVERIFY2(std::isfinite(got), "an output was left unwritten");
        const float exact = packed_dot_ref(t, p.W.data() + r * row_bytes(t, n_in), x, n_in);
        if (std::memcmp(&exact, &y[tk * n_out + r], 4) != 0)
          QFAIL(qPrintable(QString("token %1 row %2: got %3, the packed arithmetic gives %4").arg(tk).arg(r).arg(got, 0, 'g', 9).arg(exact, 0, 'g', 9)));
        worst = std::max(worst, std::fabs(got - ref) / bound);
        if (!(std::fabs(got - ref) <= bound))
          QFAIL(qPrintable(QString("token %1 row %2: got %3 ref %4 bound %5").arg(tk).arg(r).arg(got).arg(ref).arg(bound)));
      }
    }
    qInfo("worst err/bound %.3f", worst);
  }

  // A token's outputs are the same bits alone, in a tile of 8, in a batch of 29 (a partial last
  // tile), single-threaded or on 3 threads.
  void batchInvariant() {
    for (GgmlType t : kPackedTypes) {
      const Problem p = make_problem(t, n_in_for(t, 576), 200, 29);
      const auto m = pack(p);
      ThreadPool pool3(3);
      const auto all = run(*m, p, 0, 29, nullptr);
      QVERIFY(std::memcmp(all.data(), run(*m, p, 0, 29, &pool3).data(), all.size() * sizeof(float)) == 0);
      const auto mid = run(*m, p, 3, 10, &pool3);
      for (int64_t tk = 0; tk < 29; ++tk) {
        const auto one = run(*m, p, tk, 1, tk % 2 ? &pool3 : nullptr);
        QVERIFY2(std::memcmp(one.data(), all.data() + tk * p.n_out, p.n_out * sizeof(float)) == 0,
                 qPrintable(QString("%1 token %2 alone vs in 29").arg(type_name(t)).arg(tk)));
        if (tk >= 3 && tk < 13)
          QVERIFY(std::memcmp(one.data(), mid.data() + (tk - 3) * p.n_out, p.n_out * sizeof(float)) == 0);
      }
    }
  }

  // A prompt longer than one chunk of tokens (the driver passes every group over ~256 KiB of activations,
  // at least 64 tokens, before the next chunk: 64 tokens at n_in 8192), ending in a partial tile: every
  // output equal to the reference of the packed arithmetic, and to the token run alone.
  void longPromptsInChunks() {
    for (GgmlType t : kPackedTypes) {
      const Problem p = make_problem(t, 8192, 37, 75);
      const auto m = pack(p);
      ThreadPool pool(2);
      const auto y = run(*m, p, 0, p.n_tokens, &pool);
      for (int64_t tk = 0; tk < p.n_tokens; ++tk)
        for (int64_t r = 0; r < p.n_out; ++r) {
          const float exact = packed_dot_ref(t, p.W.data() + r * row_bytes(t, p.n_in), p.X.data() + tk * p.n_in, p.n_in);
          if (std::memcmp(&exact, &y[tk * p.n_out + r], 4) != 0)
            QFAIL(qPrintable(QString("%1 token %2 row %3: got %4, the packed arithmetic gives %5").arg(type_name(t)).arg(tk).arg(r)
                                 .arg(y[tk * p.n_out + r], 0, 'g', 9).arg(exact, 0, 'g', 9)));
        }
      for (int64_t tk : {0, 63, 64, 70, 74}) {
        const auto one = run(*m, p, tk, 1, nullptr);
        QVERIFY(std::memcmp(one.data(), y.data() + tk * p.n_out, p.n_out * sizeof(float)) == 0);
      }
    }
  }

  // Q, K and V packed as one matrix give the bits of three separate matrices.
  void fusedPartsEqualSeparate() {
    for (GgmlType t : kPackedTypes) {
      const int64_t n = n_in_for(t, 576);
      const Problem a = make_problem(t, n, 576, 5), b = make_problem(t, n, 40, 5), c = make_problem(t, n, 192, 5);
      const MatrixPart parts[] = {{t, a.W.data(), n, 576}, {t, b.W.data(), n, 40}, {t, c.W.data(), n, 192}};
      const auto fused = pack_matrix(parts);
      QVERIFY(fused);
      QCOMPARE(fused->parts().size(), size_t(3));
      QCOMPARE(fused->n_groups(), 36 + 3 + 12);
      std::vector<float> ya(5 * 576), yb(5 * 40), yc(5 * 192);
      float* ys[] = {ya.data(), yb.data(), yc.data()};
      matmul_packed(*fused, a.X.data(), 5, ys, nullptr);  // the three problems share X (same seed)
      QVERIFY(std::memcmp(ya.data(), run(*pack(a), a, 0, 5, nullptr).data(), ya.size() * 4) == 0);
      QVERIFY(std::memcmp(yb.data(), run(*pack(b), b, 0, 5, nullptr).data(), yb.size() * 4) == 0);
      QVERIFY(std::memcmp(yc.data(), run(*pack(c), c, 0, 5, nullptr).data(), yc.size() * 4) == 0);
    }
  }

  // The columns of a matrix split in two (at a block boundary, as a tensor-parallel split cuts the attention
  // output and FFN down), the left run first and the right accumulated onto it, give the whole matrix's
  // bits: the kernel continues the row's sum instead of adding a second sum to it. Tiles of 8 and a
  // partial one, on one thread and on two.
  void accumulatingTheRestOfARowGivesTheWholeRow() {
    for (GgmlType t : kPackedTypes) {
      const int64_t n = n_in_for(t, 1536), cut = k_quant(t) ? 512 : 192, n_out = 40, n_tok = 11;
      Problem whole = make_problem(t, n, n_out, n_tok);
      auto columns = [&](int64_t c0, int64_t c1) {
        const size_t rb = row_bytes(t, n), b0 = row_bytes(t, c0), b1 = row_bytes(t, c1);
        std::vector<uint8_t> w;
        for (int64_t r = 0; r < n_out; ++r)
          w.insert(w.end(), whole.W.begin() + r * rb + b0, whole.W.begin() + r * rb + b1);
        return w;
      };
      auto inputs = [&](int64_t c0, int64_t c1) {
        std::vector<float> x;
        for (int64_t tk = 0; tk < n_tok; ++tk)
          x.insert(x.end(), whole.X.begin() + tk * n + c0, whole.X.begin() + tk * n + c1);
        return x;
      };
      const std::vector<uint8_t> wl = columns(0, cut), wr = columns(cut, n);
      const std::vector<float> xl = inputs(0, cut), xr = inputs(cut, n);
      const MatrixPart left{t, wl.data(), cut, n_out}, right{t, wr.data(), n - cut, n_out};
      const auto ml = pack_matrix(std::span<const MatrixPart>(&left, 1));
      const auto mr = pack_matrix(std::span<const MatrixPart>(&right, 1));
      QVERIFY(ml && mr);
      const std::vector<float> want = run(*pack(whole), whole, 0, n_tok, nullptr);
      ThreadPool pool(2);
      for (ThreadPool* p : {static_cast<ThreadPool*>(nullptr), &pool}) {
        std::vector<float> y(size_t(n_tok * n_out));
        float* out = y.data();
        matmul_packed(*ml, xl.data(), n_tok, &out, p);
        QVERIFY2(std::memcmp(y.data(), want.data(), y.size() * 4) != 0, "the left part alone is not the whole");
        matmul_packed(*mr, xr.data(), n_tok, &out, p, /*accumulate=*/true);
        QVERIFY2(std::memcmp(y.data(), want.data(), y.size() * 4) == 0,
                 qPrintable(QString("%1: left then right accumulated differs from the whole").arg(type_name(t))));
      }
    }
  }

  // Parts of different formats in one matrix, as quantized files mix them (Q4_K_M: Q and K in Q4_K, V in
  // Q6_K; Q5_0 beside Q8_0 where a row is not a multiple of 256), give the bits of separate matrices,
  // token tiles and threads notwithstanding. Q4_1 (Q8_1 activations) fuses with nothing else.
  void mixedFormatsFuse_data() {
    QTest::addColumn<int>("a");
    QTest::addColumn<int>("b");
    QTest::addColumn<int>("n_in");
    QTest::newRow("Q4_K+Q6_K") << int(GgmlType::Q4_K) << int(GgmlType::Q6_K) << 512;
    QTest::newRow("Q5_0+Q8_0") << int(GgmlType::Q5_0) << int(GgmlType::Q8_0) << 640;
    QTest::newRow("Q4_0+Q5_K") << int(GgmlType::Q4_0) << int(GgmlType::Q5_K) << 768;
  }
  void mixedFormatsFuse() {
    QFETCH(int, a);
    QFETCH(int, b);
    QFETCH(int, n_in);
    const auto ta = static_cast<GgmlType>(a), tb = static_cast<GgmlType>(b);
    const Problem pa = make_problem(ta, n_in, 80, 11), pb = make_problem(tb, n_in, 40, 11), pc = make_problem(ta, n_in, 40, 11);
    const MatrixPart parts[] = {{ta, pa.W.data(), n_in, 80}, {tb, pb.W.data(), n_in, 40}, {ta, pc.W.data(), n_in, 40}};
    const auto fused = pack_matrix(parts);
    QVERIFY(fused);
    QCOMPARE(fused->bytes(), pack(pa)->bytes() + pack(pb)->bytes() + pack(pc)->bytes());
    ThreadPool pool(3);
    std::vector<float> ya(11 * 80), yb(11 * 40), yc(11 * 40);
    float* ys[] = {ya.data(), yb.data(), yc.data()};
    matmul_packed(*fused, pa.X.data(), 11, ys, &pool);  // the problems share X (same seed)
    QVERIFY(std::memcmp(ya.data(), run(*pack(pa), pa, 0, 11, nullptr).data(), ya.size() * 4) == 0);
    QVERIFY(std::memcmp(yb.data(), run(*pack(pb), pb, 0, 11, nullptr).data(), yb.size() * 4) == 0);
    QVERIFY(std::memcmp(yc.data(), run(*pack(pc), pc, 0, 11, nullptr).data(), yc.size() * 4) == 0);
    const Problem q41 = make_problem(GgmlType::Q4_1, n_in, 16, 1);
    const MatrixPart with_q41[] = {{ta, pa.W.data(), n_in, 80}, {GgmlType::Q4_1, q41.W.data(), n_in, 16}};
    QVERIFY(!pack_matrix(with_q41));
  }

  // The packed copy holds the file's bytes: codes + fp16 scales (+ mins), 16 rows per group.
  void packedBytes() {
    const Problem p = make_problem(GgmlType::Q4_1, 576, 192, 1);
    QCOMPARE(pack(p)->bytes(), row_bytes(GgmlType::Q4_1, 576) * 192);
    const Problem q = make_problem(GgmlType::Q8_0, 576, 192, 1);
    QCOMPARE(pack(q)->bytes(), row_bytes(GgmlType::Q8_0, 576) * 192);
    for (GgmlType t : {GgmlType::Q5_0, GgmlType::Q5_1, GgmlType::Q6_K}) {
      const Problem e = make_problem(t, 512, 32, 1);
      QCOMPARE(pack(e)->bytes(), row_bytes(t, 512) * 32);
    }
    // Q4_K/Q5_K: each block's 6-bit scale and min take a byte each (16 per super-block, not 12).
    for (GgmlType t : {GgmlType::Q4_K, GgmlType::Q5_K}) {
      const Problem e = make_problem(t, 512, 32, 1);
      QCOMPARE(pack(e)->bytes(), (row_bytes(t, 512) + 2 * 4) * 32);
    }
  }

  // Matrices packed side by side into one shared buffer (as a model's are) compute exactly what
  // matrices packed alone do, each from its own offset, and keep the buffer alive on their own.
  void packedIntoSharedStorage() {
    for (GgmlType t : {GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q8_0, GgmlType::Q5_0}) {
      const Problem a = make_problem(t, 576, 192, 9), b = make_problem(t, 576, 40, 9);
      const MatrixPart pa{t, a.W.data(), 576, 192}, pb{t, b.W.data(), 576, 40};
      const size_t ba = packed_matrix_bytes({&pa, 1}), bb = packed_matrix_bytes({&pb, 1});
      QCOMPARE(ba, pack(a)->bytes());
      QCOMPARE(bb, row_bytes(t, 576) * 48);  // 40 rows padded to 3 groups of 16
      QCOMPARE(ba % 64, size_t(0));
      std::unique_ptr<PackedMatrix> ma, mb;
      {
        auto storage = std::make_shared<const LargeBuffer>(ba + bb);
        QVERIFY(!pack_matrix_into({&pb, 1}, storage, ba + 32));      // offset not a multiple of 64
        QVERIFY(!pack_matrix_into({&pb, 1}, storage, ba + 64));      // does not fit from there
        QVERIFY(!pack_matrix_into({&pa, 1}, nullptr, 0));
        ma = pack_matrix_into({&pa, 1}, storage, 0);
        mb = pack_matrix_into({&pb, 1}, storage, ba);
        QVERIFY(ma && mb);
        QCOMPARE(mb->group(0), storage->data() + ba);
      }  // the matrices alone own the buffer now
      for (int64_t n : {int64_t(1), int64_t(9)}) {
        QVERIFY(std::memcmp(run(*ma, a, 0, n, nullptr).data(), run(*pack(a), a, 0, n, nullptr).data(), size_t(n) * 192 * 4) == 0);
        QVERIFY(std::memcmp(run(*mb, b, 0, n, nullptr).data(), run(*pack(b), b, 0, n, nullptr).data(), size_t(n) * 40 * 4) == 0);
      }
    }
    const Problem q = make_problem(GgmlType::F16, 64, 16, 1);
    const MatrixPart pq{GgmlType::F16, q.W.data(), 64, 16};
    QCOMPARE(packed_matrix_bytes({&pq, 1}), size_t(0));  // no kernel: nothing to reserve
  }

  void refusesWhatItCannotRun() {
    const Problem p = make_problem(GgmlType::F16, 64, 16, 1);
    QVERIFY(!pack(p));  // no packed kernel for F16
    const Problem k = make_problem(GgmlType::Q8_0, 288, 16, 1);
    const MatrixPart k_short{GgmlType::Q4_K, k.W.data(), 288, 16};
    QVERIFY(!pack_matrix({&k_short, 1}));  // K-quants need whole 256-element super-blocks
    const Problem q = make_problem(GgmlType::Q4_1, 64, 16, 1);
    const Problem r = make_problem(GgmlType::Q4_1, 96, 16, 1);
    const MatrixPart mixed[] = {{GgmlType::Q4_1, q.W.data(), 64, 16}, {GgmlType::Q4_1, r.W.data(), 96, 16}};
    QVERIFY(!pack_matrix(mixed));  // parts must share n_in
    set_simd_level(SimdLevel::Avx2);
    QVERIFY(!packed_matmul_available(GgmlType::Q4_1));
    QVERIFY(!pack(q));
  }
};

QTEST_APPLESS_MAIN(TestPackedMatmul)
#include "tst_packed_matmul.moc"
