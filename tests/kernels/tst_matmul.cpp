// matmul against the double-precision reference dot, batch invariance, thread-count invariance,
// and the scalar path.
#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/matmul.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"
#include "tests/kernels/matmul_problem.h"

using namespace inferscope::kernels;
using namespace inferscope::kernels::test;

namespace {

const GgmlType kWeightTypes[] = {GgmlType::F32,  GgmlType::F16,  GgmlType::BF16, GgmlType::Q8_0,
                                 GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q5_0, GgmlType::Q5_1,
                                 GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K};

std::vector<float> run(const Problem& p, int64_t n_tokens, ThreadPool* pool, int64_t first_token = 0) {
  std::vector<float> y(static_cast<size_t>(n_tokens * p.n_out), std::nanf(""));
  matmul(p.t, p.W.data(), p.n_in, p.n_out, p.X.data() + first_token * p.n_in, n_tokens, y.data(), pool);
  return y;
}

}  // namespace

class TestMatmul : public QObject {
  Q_OBJECT

  SimdLevel initial_ = SimdLevel::Scalar;

  void checkAgainstReference(GgmlType t, int64_t n_in) {
    const Problem p = make_problem(t, n_in, 37, 9);
    ThreadPool pool(3);
    const auto y = run(p, p.n_tokens, &pool);
    double worst = 0.0;
    for (int64_t tk = 0; tk < p.n_tokens; ++tk) {
      const float* x = p.X.data() + tk * n_in;
      for (int64_t r = 0; r < p.n_out; ++r) {
        const double ref = dot_row_ref(t, p.W.data() + r * row_bytes(t, n_in), x, n_in);
        const double err = std::fabs(y[tk * p.n_out + r] - ref);
        const double bound = error_bound(p, r, x);
        worst = std::max(worst, err / bound);
        if (!(err <= bound))
          QFAIL(qPrintable(QString("%1 token %2 row %3: got %4 ref %5 err %6 bound %7")
                               .arg(type_name(t)).arg(tk).arg(r).arg(y[tk * p.n_out + r]).arg(ref).arg(err).arg(bound)));
      }
    }
    qInfo("%s [%s] n_in=%lld: worst err/bound %.3f", type_name(t), simd_level(), static_cast<long long>(n_in), worst);
  }

 private slots:
  void initTestCase() { initial_ = active_simd(); }  // honours INFERSCOPE_SIMD=scalar
  void cleanup() { set_simd_level(initial_); }

  void matchesReference_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<bool>("scalar");
    for (bool scalar : {false, true})
      for (GgmlType t : kWeightTypes)
        QTest::newRow(qPrintable(QString("%1%2").arg(type_name(t)).arg(scalar ? "-scalar" : "")))
            << static_cast<int>(t) << scalar;
  }
  void matchesReference() {
    QFETCH(int, type);
    QFETCH(bool, scalar);
    if (scalar) set_simd_level(SimdLevel::Scalar);
    const auto t = static_cast<GgmlType>(type);
    checkAgainstReference(t, 512);
    if (type_traits(t).block_elems == 1) checkAgainstReference(t, 45);  // vector tail
    if (type_traits(t).block_elems == 32) checkAgainstReference(t, 576);  // SmolLM2 width
  }

  // Y for token t is the same bits alone, in a batch of 7 and in a batch of 33 (different tile
  // slots and tile sizes), with 1 thread or 3.
  void batchInvariant_data() { matchesReference_data(); }
  void batchInvariant() {
    QFETCH(int, type);
    QFETCH(bool, scalar);
    if (scalar) set_simd_level(SimdLevel::Scalar);
    const auto t = static_cast<GgmlType>(type);
    const Problem p = make_problem(t, 512, 29, 33);
    ThreadPool pool3(3);
    const auto y33 = run(p, 33, nullptr);
    const auto y33mt = run(p, 33, &pool3);
    QVERIFY(std::memcmp(y33.data(), y33mt.data(), y33.size() * sizeof(float)) == 0);
    const auto y7 = run(p, 7, &pool3, 5);  // tokens 5..11: other tile slots than in y33
    for (int64_t tk = 0; tk < 33; ++tk) {
      const auto y1 = run(p, 1, tk % 2 ? &pool3 : nullptr, tk);
      QVERIFY2(std::memcmp(y1.data(), y33.data() + tk * p.n_out, p.n_out * sizeof(float)) == 0,
               qPrintable(QString("token %1 alone vs in 33").arg(tk)));
      if (tk >= 5 && tk < 12)
        QVERIFY2(std::memcmp(y1.data(), y7.data() + (tk - 5) * p.n_out, p.n_out * sizeof(float)) == 0,
                 qPrintable(QString("token %1 alone vs in 7").arg(tk)));
    }
  }

  void manyThreadsSameBits() {
    const Problem p = make_problem(GgmlType::Q4_1, 576, 301, 5);
    const auto ref = run(p, 5, nullptr);
    for (int n = 1; n <= 4; ++n) {
      ThreadPool pool(n);
      for (int rep = 0; rep < 3; ++rep) {
        const auto y = run(p, 5, &pool);
        QVERIFY(std::memcmp(ref.data(), y.data(), ref.size() * sizeof(float)) == 0);
      }
    }
  }

  void getRow() {
    for (GgmlType t : kWeightTypes) {
      const Problem p = make_problem(t, 256, 5, 1);
      std::vector<float> a(256), b(256);
      get_row(t, p.W.data(), 256, 3, a.data());
      dequantize_row_ref(t, p.W.data() + 3 * row_bytes(t, 256), b.data(), 256);
      QVERIFY(std::memcmp(a.data(), b.data(), sizeof(float) * 256) == 0);
    }
  }
};

QTEST_APPLESS_MAIN(TestMatmul)
#include "tst_matmul.moc"
