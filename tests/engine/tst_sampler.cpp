// The sampler against distributions computed here from the closed form: softmax(logits / T), restricted
// by top-k, top-p, min-p, renormalized; greedy = argmax; seeded reproducibility; and empirical
// frequencies of many seeded draws within chi-square bounds.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "engine/sample/sampler.h"

using namespace inferscope;

namespace {

std::vector<float> random_logits(int n, uint64_t seed, float scale = 2.0f) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> d(0.0f, scale);
  std::vector<float> z(static_cast<size_t>(n));
  for (auto& x : z) x = d(rng);
  return z;
}

// The reference: written from the definitions, independent of the sampler's code.
//   p_i = exp(z_i / T) / sum_j exp(z_j / T)                      (softmax at temperature T)
//   top-k: keep the k largest logits; top-p: keep the smallest set of most likely tokens whose mass
//   (within what is kept so far) reaches p; min-p: keep tokens with p_i >= min_p * max_j p_j.
//   Filters apply in the order top-k, top-p, min-p, each on the renormalized survivors; then renormalize.
std::vector<double> reference(const std::vector<float>& z, double T, int top_k, double top_p, double min_p) {
  const int n = int(z.size());
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return z[size_t(a)] > z[size_t(b)]; });
  std::vector<bool> keep(static_cast<size_t>(n), true);
  if (top_k > 0)
    for (int r = top_k; r < n; ++r) keep[size_t(order[size_t(r)])] = false;
  auto probs = [&]() {
    std::vector<double> p(size_t(n), 0.0);
    double s = 0;
    for (int i = 0; i < n; ++i)
      if (keep[size_t(i)]) s += p[size_t(i)] = std::exp(double(z[size_t(i)]) / T);
    for (auto& x : p) x /= s;
    return p;
  };
  if (top_p < 1.0) {
    const auto p = probs();
    double acc = 0;
    bool reached = false;
    for (int r = 0; r < n; ++r) {
      const int i = order[size_t(r)];
      if (!keep[size_t(i)]) continue;
      if (reached) {
        keep[size_t(i)] = false;
        continue;
      }
      acc += p[size_t(i)];
      if (acc >= top_p) reached = true;
    }
  }
  if (min_p > 0.0) {
    const auto p = probs();
    const double top = *std::max_element(p.begin(), p.end());
    for (int i = 0; i < n; ++i)
      if (p[size_t(i)] < min_p * top) keep[size_t(i)] = false;
  }
  return probs();
}

// Upper 0.1% point of chi-square with df degrees of freedom (Wilson-Hilferty).
double chi2_crit(int df) {
  const double z = 3.090;  // standard normal 0.999 quantile
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1.0 - a + z * std::sqrt(a), 3.0);
}

}  // namespace

class TestSampler : public QObject {
  Q_OBJECT

 private slots:
  void greedyIsArgmax() {
    for (uint64_t seed = 0; seed < 200; ++seed) {
      const int n = 2 + int(seed % 300);
      auto z = random_logits(n, seed);
      if (seed % 5 == 0) z[size_t(n - 1)] = z[0] = 100.0f;  // a tie: the lower id wins
      int best = 0;
      for (int i = 1; i < n; ++i)
        if (z[size_t(i)] > z[size_t(best)]) best = i;
      SamplingParams p;  // temperature 0
      SamplerRng rng(seed);
      std::vector<float> scratch;
      QCOMPARE(sample_token(z.data(), n, p, {}, rng, scratch), best);
      QCOMPARE(argmax(z.data(), n), best);
      std::vector<float> dist;
      sampling_distribution(z.data(), n, p, {}, dist);
      QCOMPARE(dist[size_t(best)], 1.0f);
      QCOMPARE(std::accumulate(dist.begin(), dist.end(), 0.0f), 1.0f);
    }
  }

  // Vocabulary-sized rows: argmax is the first index of the maximum wherever it lies (first or last
  // chunk, a partial tail, a tie inside one chunk or across chunks), checked against a plain scan.
  void argmaxOnVocabularySizedRows() {
    auto scan = [](const std::vector<float>& z) {
      int best = 0;
      for (int i = 1; i < int(z.size()); ++i)
        if (z[size_t(i)] > z[size_t(best)]) best = i;
      return best;
    };
    for (const int n : {49152, 49155, 257, 17, 1}) {
      for (uint64_t seed = 0; seed < 12; ++seed) {
        auto z = random_logits(n, seed, 8.0f);
        const int a = int((seed * 7919) % uint64_t(n)), b = int((seed * 104729 + 3) % uint64_t(n));
        switch (seed % 4) {
          case 0: z[size_t(a)] = 50.0f; break;                           // one maximum anywhere
          case 1: z[size_t(a)] = z[size_t(b)] = 50.0f; break;            // a tie, possibly across chunks
          case 2: z[size_t(n - 1)] = 50.0f; break;                       // in the tail
          case 3: z[size_t(a)] = z[size_t(std::min(n - 1, a + 1))] = 50.0f; break;  // neighbours in one chunk
        }
        QCOMPARE(argmax(z.data(), n), scan(z));
      }
    }
    std::vector<float> all_low(300, -INFINITY);
    QCOMPARE(argmax(all_low.data(), 300), 0);
    all_low[299] = -1e30f;
    QCOMPARE(argmax(all_low.data(), 300), 299);
  }

  // Greedy with a repetition penalty is argmax of the penalized logits (positive / rp, negative * rp).
  void greedyWithRepetitionPenalty() {
    std::vector<float> z{3.0f, 2.9f, -0.1f, 1.0f};
    SamplingParams p;
    p.repetition_penalty = 1.5f;
    SamplerRng rng(1);
    std::vector<float> scratch;
    QCOMPARE(sample_token(z.data(), 4, p, {0}, rng, scratch), 1);     // 3.0 / 1.5 = 2.0 < 2.9
    QCOMPARE(sample_token(z.data(), 4, p, {0, 1}, rng, scratch), 0);  // 2.0 vs 1.933
    QCOMPARE(sample_token(z.data(), 4, p, {}, rng, scratch), 0);
    p.repeat_last_n = 1;  // only the last token of the history counts
    QCOMPARE(sample_token(z.data(), 4, p, {1, 0}, rng, scratch), 1);
  }

  void distributionsMatchClosedForm_data() {
    QTest::addColumn<double>("T");
    QTest::addColumn<int>("top_k");
    QTest::addColumn<double>("top_p");
    QTest::addColumn<double>("min_p");
    QTest::newRow("T=1") << 1.0 << 0 << 1.0 << 0.0;
    QTest::newRow("T=0.5") << 0.5 << 0 << 1.0 << 0.0;
    QTest::newRow("T=2") << 2.0 << 0 << 1.0 << 0.0;
    QTest::newRow("top-k 5") << 1.0 << 5 << 1.0 << 0.0;
    QTest::newRow("top-k 1") << 0.7 << 1 << 1.0 << 0.0;
    QTest::newRow("top-p 0.9") << 1.0 << 0 << 0.9 << 0.0;
    QTest::newRow("top-p 0.5 T=0.8") << 0.8 << 0 << 0.5 << 0.0;
    QTest::newRow("min-p 0.1") << 1.0 << 0 << 1.0 << 0.1;
    QTest::newRow("min-p 0.05 T=1.5") << 1.5 << 0 << 1.0 << 0.05;
    QTest::newRow("top-k 10 + top-p 0.8 + min-p 0.02") << 1.2 << 10 << 0.8 << 0.02;
  }
  void distributionsMatchClosedForm() {
    QFETCH(double, T);
    QFETCH(int, top_k);
    QFETCH(double, top_p);
    QFETCH(double, min_p);
    SamplingParams p;
    p.temperature = float(T);
    p.top_k = top_k;
    p.top_p = float(top_p);
    p.min_p = float(min_p);
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      const auto z = random_logits(40, seed);
      const auto want = reference(z, p.temperature, top_k, p.top_p, p.min_p);
      std::vector<float> got;
      sampling_distribution(z.data(), 40, p, {}, got);
      QCOMPARE(got.size(), want.size());
      for (size_t i = 0; i < want.size(); ++i) {
        if (std::fabs(got[i] - want[i]) > 1e-6)
          qWarning("seed %llu token %zu: got %.8f want %.8f", static_cast<unsigned long long>(seed), i, got[i], want[i]);
        QVERIFY(std::fabs(got[i] - want[i]) <= 1e-6);
        QCOMPARE(got[i] == 0.0f, want[i] == 0.0);  // the same support, exactly
      }
    }
  }

  // Many seeded draws: observed counts against the closed-form distribution (Pearson chi-square at
  // the 0.1% level; seeded, so deterministic), and a filtered token is never drawn.
  void empiricalFrequenciesChiSquare_data() { distributionsMatchClosedForm_data(); }
  void empiricalFrequenciesChiSquare() {
    QFETCH(double, T);
    QFETCH(int, top_k);
    QFETCH(double, top_p);
    QFETCH(double, min_p);
    SamplingParams p;
    p.temperature = float(T);
    p.top_k = top_k;
    p.top_p = float(top_p);
    p.min_p = float(min_p);
    const int n = 24, draws = 40000;
    const auto z = random_logits(n, 99, 1.5f);
    const auto want = reference(z, p.temperature, top_k, p.top_p, p.min_p);
    std::vector<int> count(size_t(n), 0);
    SamplerRng rng(12345);
    std::vector<float> scratch;
    for (int i = 0; i < draws; ++i) ++count[size_t(sample_token(z.data(), n, p, {}, rng, scratch))];
    double chi2 = 0;
    int df = -1;
    for (int i = 0; i < n; ++i) {
      if (want[size_t(i)] == 0.0) {
        QCOMPARE(count[size_t(i)], 0);
        continue;
      }
      const double e = want[size_t(i)] * draws;
      chi2 += (count[size_t(i)] - e) * (count[size_t(i)] - e) / e;
      ++df;
    }
    if (df == 0) {  // a single survivor: every draw is it
      QCOMPARE(*std::max_element(count.begin(), count.end()), draws);
      return;
    }
    qInfo("chi2 %.2f with %d degrees of freedom (0.1%% critical value %.2f)", chi2, df, chi2_crit(df));
    QVERIFY(chi2 < chi2_crit(df));
  }

  // The chi-square check can fail: draws from the wrong distribution (T = 1 instead of 2) are rejected.
  void chiSquareDetectsAWrongDistribution() {
    const int n = 24, draws = 40000;
    const auto z = random_logits(n, 99, 1.5f);
    SamplingParams p;
    p.temperature = 1.0f;
    const auto wrong = reference(z, 2.0, 0, 1.0, 0.0);
    std::vector<int> count(size_t(n), 0);
    SamplerRng rng(12345);
    std::vector<float> scratch;
    for (int i = 0; i < draws; ++i) ++count[size_t(sample_token(z.data(), n, p, {}, rng, scratch))];
    double chi2 = 0;
    for (int i = 0; i < n; ++i) chi2 += (count[size_t(i)] - wrong[size_t(i)] * draws) * (count[size_t(i)] - wrong[size_t(i)] * draws) / (wrong[size_t(i)] * draws);
    QVERIFY(chi2 > chi2_crit(n - 1));
  }

  void seededReproducibility() {
    const auto z = random_logits(100, 3);
    SamplingParams p;
    p.temperature = 1.0f;
    p.top_p = 0.95f;
    auto run = [&](uint64_t seed) {
      SamplerRng rng(seed);
      std::vector<float> scratch;
      std::vector<int32_t> out;
      for (int i = 0; i < 200; ++i) out.push_back(sample_token(z.data(), 100, p, out, rng, scratch));
      return out;
    };
    QCOMPARE(run(42), run(42));
    QVERIFY(run(42) != run(43));
    // mt19937_64's output is fixed by the standard, and uniforms are its top 53 bits, so a seed gives
    // the same draws on every platform.
    std::mt19937_64 ref(5489u);
    SamplerRng rng(5489u);
    for (int i = 0; i < 1000; ++i) {
      const double u = rng.uniform();
      QCOMPARE(u, double(ref() >> 11) / 9007199254740992.0);
      QVERIFY(u >= 0.0 && u < 1.0);
    }
  }

  // draw() over an unnormalized vector: proportional to the weights, zeros never drawn.
  void drawIsProportional() {
    const std::vector<float> w{0.0f, 2.0f, 0.0f, 6.0f, 0.0f};
    SamplerRng rng(8);
    int c1 = 0, c3 = 0;
    for (int i = 0; i < 20000; ++i) {
      const int32_t t = draw(w, rng);
      QVERIFY(t == 1 || t == 3);
      (t == 1 ? c1 : c3)++;
    }
    // Binomial(20000, 0.25): mean 5000, sd 61; 5 sd bound.
    QVERIFY(std::abs(c1 - 5000) < 5 * 61);
  }

  void validation() {
    SamplingParams p;
    QVERIFY(p.validate().empty());
    p.top_p = 0.0f;
    QVERIFY(!p.validate().empty());
    p = {};
    p.temperature = -1.0f;
    QVERIFY(!p.validate().empty());
    p = {};
    p.min_p = 1.5f;
    QVERIFY(!p.validate().empty());
    p = {};
    p.max_tokens = 0;
    QVERIFY(!p.validate().empty());
  }
};

QTEST_APPLESS_MAIN(TestSampler)
#include "tst_sampler.moc"
