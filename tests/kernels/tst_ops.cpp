// Row operations: rms_norm against a double computation, RoPE on a hand example, softmax, SwiGLU, argmax
// against a plain first-maximum loop on every SIMD level.
#include <QtTest>

#include <cmath>
#include <random>
#include <vector>

#include "kernels/cpu/dispatch.h"
#include "kernels/cpu/ops.h"

using namespace inferscope::kernels;

class TestOps : public QObject {
  Q_OBJECT

 private slots:
  void rmsNorm() {
    std::mt19937 rng(1);
    std::normal_distribution<float> g(0.0f, 3.0f);
    const int n = 576;
    std::vector<float> x(n), w(n), out(n);
    for (int i = 0; i < n; ++i) {
      x[i] = g(rng);
      w[i] = 1.0f + 0.1f * g(rng);
    }
    rms_norm(x.data(), w.data(), out.data(), n, 1e-5f);
    double ss = 0.0;
    for (float v : x) ss += double(v) * v;
    const double scale = 1.0 / std::sqrt(ss / n + 1e-5);
    for (int i = 0; i < n; ++i) QVERIFY(std::fabs(out[i] - x[i] * scale * w[i]) <= 1e-6 * (1.0 + std::fabs(x[i] * scale * w[i])));
    // in place
    std::vector<float> y = x;
    rms_norm(y.data(), w.data(), y.data(), n, 1e-5f);
    QCOMPARE(y, out);
  }

  // head_dim 4, pos 1, base 10000: theta_0 = 1, theta_1 = 10000^(-2/4) = 0.01.
  void ropeHandExample() {
    const double t0 = 1.0, t1 = std::pow(10000.0, -0.5);
    const float in[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    float normal[4] = {1, 2, 3, 4}, neox[4] = {1, 2, 3, 4};
    rope(normal, 1, 4, 4, 1, 10000.0f, RopeStyle::Normal);
    rope(neox, 1, 4, 4, 1, 10000.0f, RopeStyle::NeoX);
    // Normal: pairs (0,1) with theta_0 and (2,3) with theta_1.
    const double en[4] = {in[0] * std::cos(t0) - in[1] * std::sin(t0), in[0] * std::sin(t0) + in[1] * std::cos(t0),
                          in[2] * std::cos(t1) - in[3] * std::sin(t1), in[2] * std::sin(t1) + in[3] * std::cos(t1)};
    // NeoX: pairs (0,2) with theta_0 and (1,3) with theta_1.
    const double ex[4] = {in[0] * std::cos(t0) - in[2] * std::sin(t0), in[1] * std::cos(t1) - in[3] * std::sin(t1),
                          in[0] * std::sin(t0) + in[2] * std::cos(t0), in[1] * std::sin(t1) + in[3] * std::cos(t1)};
    for (int i = 0; i < 4; ++i) {
      QVERIFY2(std::fabs(normal[i] - en[i]) < 1e-6, qPrintable(QString("normal %1: %2 vs %3").arg(i).arg(normal[i]).arg(en[i])));
      QVERIFY2(std::fabs(neox[i] - ex[i]) < 1e-6, qPrintable(QString("neox %1: %2 vs %3").arg(i).arg(neox[i]).arg(ex[i])));
    }
    QVERIFY(std::fabs(normal[2] - neox[2]) > 0.1);  // the two styles really differ
  }

  void ropePartialAndHeads() {
    // 2 heads of 8, only the first 4 dims rotate; every head gets the same rotation.
    std::vector<float> x(16);
    for (int i = 0; i < 16; ++i) x[i] = float(i % 8) + 1.0f;
    rope(x.data(), 2, 8, 4, 7, 10000.0f, RopeStyle::Normal);
    for (int i = 0; i < 8; ++i) QCOMPARE(x[i], x[8 + i]);
    for (int i = 4; i < 8; ++i) QCOMPARE(x[i], float(i) + 1.0f);
    // norms of rotated pairs are kept
    QVERIFY(std::fabs(std::hypot(x[0], x[1]) - std::hypot(1.0, 2.0)) < 1e-5);
  }

  void ropeAtZeroIsIdentity() {
    std::vector<float> x(9 * 64);
    for (size_t i = 0; i < x.size(); ++i) x[i] = std::sin(float(i));
    for (RopeStyle s : {RopeStyle::Normal, RopeStyle::NeoX}) {
      auto y = x;
      rope(y.data(), 9, 64, 64, 0, 100000.0f, s);
      QCOMPARE(y, x);
    }
  }

  void softmax() {
    std::vector<float> x = {1.0f, 2.0f, 3.0f, -1000.0f, 1000.0f, 999.0f};
    softmax_inplace(x.data(), 3);
    const double e = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
    QVERIFY(std::fabs(x[0] - std::exp(1.0) / e) < 1e-6);
    QVERIFY(std::fabs(x[2] - std::exp(3.0) / e) < 1e-6);
    softmax_inplace(x.data() + 3, 3);  // large values: max subtraction keeps it finite
    QCOMPARE(x[3], 0.0f);
    QVERIFY(std::fabs(x[4] - 1.0 / (1.0 + std::exp(-1.0))) < 1e-6);
    std::mt19937 rng(3);
    std::normal_distribution<float> g(0.0f, 5.0f);
    std::vector<float> v(49152);
    for (auto& f : v) f = g(rng);
    softmax_inplace(v.data(), int64_t(v.size()));
    double sum = 0.0;
    for (float f : v) {
      QVERIFY(f >= 0.0f);
      sum += f;
    }
    QVERIFY(std::fabs(sum - 1.0) < 1e-5);
  }

  // The vector path (AVX-512 where present) against the formula in double, over a range that
  // covers saturation on both sides.
  void siluMulVectorMatchesFormula() {
    const int n = 1037;  // not a multiple of 16: the scalar tail runs too
    std::vector<float> gate(n), up(n), out(n);
    for (int i = 0; i < n; ++i) {
      gate[i] = -30.0f + 60.0f * float(i) / n;
      up[i] = 0.5f + float(i % 7);
    }
    silu_mul(gate.data(), up.data(), out.data(), n);
    for (int i = 0; i < n; ++i) {
      const double want = double(gate[i]) / (1.0 + std::exp(-double(gate[i]))) * up[i];
      QVERIFY2(std::fabs(out[i] - want) <= 1e-6 * std::fabs(want) + 1e-30,
               qPrintable(QString("g=%1: %2 vs %3").arg(gate[i]).arg(out[i]).arg(want)));
    }
  }

  void siluMulAndAdd() {
    std::vector<float> gate = {-3.0f, -0.5f, 0.0f, 0.5f, 4.0f}, up = {1.0f, 2.0f, 3.0f, -1.0f, 0.5f}, out(5);
    silu_mul(gate.data(), up.data(), out.data(), 5);
    for (int i = 0; i < 5; ++i) {
      const double s = gate[i] / (1.0 + std::exp(-double(gate[i]))) * up[i];
      QVERIFY(std::fabs(out[i] - s) < 1e-6);
    }
    silu_mul(gate.data(), up.data(), gate.data(), 5);  // aliasing allowed
    QCOMPARE(gate, out);
    std::vector<float> a = {1, 2, 3}, b = {0.5f, -2, 10};
    add_inplace(a.data(), b.data(), 3);
    QCOMPARE(a, (std::vector<float>{1.5f, 0.0f, 13.0f}));
  }

  // The index greedy sampling takes: the first strictly largest element, NaNs skipped (a comparison with
  // NaN is false), 0 when nothing is above -inf. Sizes cover the 64-wide body, the 16-wide and partial
  // tails, chunk boundaries and a Gemma-sized vocabulary; values include ties across chunks, NaNs, +-0, inf.
  void argmaxFirstMatchesPlainLoop() {
    auto plain = [](const std::vector<float>& x) {
      int64_t idx = 0;
      float best = -INFINITY;
      for (size_t i = 0; i < x.size(); ++i)
        if (x[i] > best) {
          best = x[i];
          idx = int64_t(i);
        }
      return idx;
    };
    const SimdLevel initial = active_simd();
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-20.0f, 20.0f);
    std::vector<std::vector<float>> cases;
    for (int n : {1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1000, 4097, 262144}) {
      std::vector<float> x(static_cast<size_t>(n));
      for (float& v : x) v = u(rng);
      cases.push_back(x);
      // Ties: the maximum twice, in different chunks when there is room; the first must win.
      std::vector<float> t = x;
      t[size_t(n) / 3] = 50.0f;
      t[size_t(n) - 1] = 50.0f;
      cases.push_back(t);
      // Integer-valued logits tie often inside a chunk.
      std::vector<float> r(static_cast<size_t>(n));
      for (float& v : r) v = float(int(rng() % 5));
      cases.push_back(r);
      // NaNs everywhere, including where the maximum would be; -inf elsewhere.
      std::vector<float> q = x;
      for (size_t i = 0; i < q.size(); i += 3) q[i] = NAN;
      if (n > 5) q[5] = -INFINITY;
      cases.push_back(q);
    }
    cases.push_back(std::vector<float>(300, -INFINITY));                         // -> 0
    cases.push_back(std::vector<float>(300, NAN));                               // -> 0
    cases.push_back({-0.0f, 0.0f, -1.0f});                                       // -0 == +0: the first
    cases.push_back({-INFINITY, NAN, -INFINITY, -5.0f, INFINITY, INFINITY});     // -> 4
    QCOMPARE(plain(cases[cases.size() - 1]), int64_t(4));
    for (SimdLevel level : {SimdLevel::Scalar, SimdLevel::Avx2, SimdLevel::Avx512}) {
      set_simd_level(level);
      for (size_t c = 0; c < cases.size(); ++c)
        QVERIFY2(argmax_first(cases[c].data(), int64_t(cases[c].size())) == plain(cases[c]),
                 qPrintable(QString("case %1 (n %2), level %3").arg(c).arg(cases[c].size()).arg(int(active_simd()))));
    }
    set_simd_level(initial);
  }
};

QTEST_APPLESS_MAIN(TestOps)
#include "tst_ops.moc"
