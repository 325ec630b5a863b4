// The Compare tab states each demo's point with its own numbers: the columns and the one-line finding
// follow the setting the variants change (batching: time and TTFT; prefix caching: hits, KV peak, TTFT;
// block size: KV waste; speculation: acceptance), and a real comparison fills them from its run.
#include <QLabel>
#include <QTableWidget>
#include <QtTest/QtTest>

#include <cmath>

#include "engine/parallel/parallel_config.h"
#include "engine/spec/spec_config.h"
#include "tests/common/test_support.h"
#include "ui/charts/metrics_chart.h"
#include "ui/compare/compare_panel.h"
#include "ui/compare/metric_bars_view.h"
#include "engine/workload/variant_run.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

VariantResult variant(const char* name, double engineS, double ttft50, int64_t kvPeakMiB) {
  VariantResult v;
  v.name = name;
  v.engine_s = engineS;
  v.ttft_p50_ms = ttft50;
  v.ttft_p95_ms = 2 * ttft50;
  v.kv_peak_bytes = kvPeakMiB << 20;
  v.generated_tokens = 1000;
  v.steps.resize(10);
  return v;
}

QStringList headers(const QTableWidget* t) {
  QStringList out;
  for (int c = 0; c < t->columnCount(); ++c) out << t->horizontalHeaderItem(c)->text();
  return out;
}

CompareResultPtr result(std::vector<VariantResult> vs) {
  auto r = std::make_shared<CompareResult>();
  r->scenario = "demo";
  r->variants = std::move(vs);
  return r;
}

}  // namespace

class TstCompareFindings : public QObject {
  Q_OBJECT
 private slots:
  void batchingStatesTimeAndTtft() {
    ComparePanel p;
    VariantResult cont = variant("continuous", 3.0, 120, 10);
    VariantResult stat = variant("static", 4.5, 480, 10);
    stat.config.sched.batching = BatchingMode::Static;
    p.setResult(result({cont, stat}));
    QCOMPARE(p.finding(),
             QStringLiteral("Continuous batching finished the same requests in 3.00 s, static in 4.50 s (1.50x); median TTFT 120 vs 480 ms."));
    auto* table = p.findChild<QTableWidget*>();
    QVERIFY(table);
    QVERIFY(headers(table).contains(QStringLiteral("TTFT p50 (ms)")));
    QVERIFY(headers(table).contains(QStringLiteral("TTFT p95 (ms)")));
    QCOMPARE(table->item(1, 4)->text(), QStringLiteral("480"));
    QCOMPARE(p.findChild<QLabel*>(QStringLiteral("compare_finding"))->text(), p.finding());
    // The bars: time, TTFT and slot use, each variant's own value; continuous best on time and TTFT.
    const MetricBarsView* bars = p.barsView();
    QCOMPARE(bars->variants(), QStringList({QStringLiteral("continuous"), QStringLiteral("static")}));
    QCOMPARE(int(bars->metrics().size()), 3);
    QCOMPARE(bars->metrics()[0].key, QStringLiteral("engine_s"));
    QCOMPARE(bars->metrics()[0].values, std::vector<double>({3.0, 4.5}));
    QCOMPARE(bars->metrics()[0].labels, QStringList({QStringLiteral("3.00 s"), QStringLiteral("4.50 s")}));
    QCOMPARE(bars->metrics()[1].values, std::vector<double>({120, 480}));
    QCOMPARE(bars->metrics()[2].key, QStringLiteral("slot_utilization_pct"));
    QVERIFY(!bars->metrics()[2].lowerIsBetter);
    QCOMPARE(bars->bestOf(0), 0);
    QCOMPARE(bars->bestOf(1), 0);
    QCOMPARE(bars->bestOf(2), -1);  // equal slot use (both 0 here): no winner
  }

  void prefixCachingStatesHitsPeakAndTtft() {
    ComparePanel p;
    VariantResult on = variant("prefix_cache: true", 2.0, 94, 15);
    on.prefix_hit_pct = 47.6;
    VariantResult off = variant("no prefix cache", 2.6, 515, 30);
    off.config.prefix_caching = false;
    off.prefix_hit_pct = -1;
    p.setResult(result({on, off}));
    QCOMPARE(p.finding(), QStringLiteral("Prefix caching served 48% of the prompt tokens from the cache: KV peak 15.0 vs 30.0 MiB, "
                                         "median TTFT 94 vs 515 ms."));
    auto* table = p.findChild<QTableWidget*>();
    QVERIFY(headers(table).contains(QStringLiteral("Prefix hits (%)")));
    QCOMPARE(table->item(1, 4)->text(), QStringLiteral("–"));  // nothing looked up: not "0"
    const MetricBarsView* bars = p.barsView();
    QCOMPARE(bars->metrics()[0].key, QStringLiteral("prefix_hit_pct"));
    QCOMPARE(bars->metrics()[0].values[0], 47.6);
    QVERIFY(std::isnan(bars->metrics()[0].values[1]));  // not measured: no bar
    QCOMPARE(bars->bestOf(0), 0);
    QCOMPARE(bars->metrics()[1].labels, QStringList({QStringLiteral("15.0 MiB"), QStringLiteral("30.0 MiB")}));
    QCOMPARE(bars->bestOf(1), 0);  // lower KV peak wins
  }

  void parallelismStatesTheBubble() {
    ComparePanel p;
    VariantResult one = variant("PP 4, 1 micro-batch", 2.0, 50, 4);
    one.config.parallel = parse_parallel("pp:4:1");
    VariantResult four = variant("PP 4, 4 micro-batches", 1.5, 40, 4);
    four.config.parallel = parse_parallel("pp:4:4");
    for (auto& m : one.steps) m.bubble_fraction = 0.75, m.comm_bytes = 1 << 20;
    for (auto& m : four.steps) m.bubble_fraction = 0.25, m.comm_bytes = 1 << 20;
    p.setResult(result({one, four}));
    QCOMPARE(p.finding(), QStringLiteral("Pipeline bubble (device time spent waiting): PP 4, 1 micro-batch: 75% idle, "
                                         "PP 4, 4 micro-batches: 25% idle. More micro-batches keep more devices busy."));
    const MetricBarsView* bars = p.barsView();
    QCOMPARE(bars->metrics()[0].key, QStringLiteral("bubble_pct"));
    QCOMPARE(bars->metrics()[0].values, std::vector<double>({75.0, 25.0}));
    QCOMPARE(bars->bestOf(0), 1);
    QCOMPARE(bars->metrics()[1].values, std::vector<double>({10.0 * (1 << 20), 10.0 * (1 << 20)}));  // 10 steps of 1 MiB
  }

  void blockSizeStatesTheWaste() {
    ComparePanel p;
    std::vector<VariantResult> vs;
    for (int b : {16, 8, 64}) {
      VariantResult v = variant("block", 1.0, 10, 4);
      v.config.block_size = b;
      v.kv_waste_mean_bytes = double(b) * 1024 * 64;  // b x 64 KiB
      vs.push_back(v);
    }
    p.setResult(result(vs));
    QVERIFY2(p.finding().startsWith(QStringLiteral("KV waste (allocated − stored, mean over the run): block 8: 0.5 MiB, "
                                                   "block 16: 1.0 MiB, block 64: 4.0 MiB.")),
             qPrintable(p.finding()));
    QVERIFY(headers(p.findChild<QTableWidget*>()).contains(QStringLiteral("KV waste, mean (MiB)")));
  }

  void speculationStatesAcceptance() {
    ComparePanel p;
    VariantResult ngram = variant("ngram", 2.0, 50, 4);
    ngram.config.spec = spec::parse_spec("ngram:3");
    ngram.spec_accept_pct = 62.4;
    VariantResult plain = variant("no speculation", 3.0, 50, 4);
    p.setResult(result({ngram, plain}));
    QCOMPARE(p.finding(), QStringLiteral("ngram: 62% of drafts accepted, 2.00 s; no speculation: 3.00 s."));
  }

  void kvDtypeStatesCapacity() {
    ComparePanel p;
    VariantResult f16 = variant("f16", 2.0, 50, 60);
    f16.steps.back().kv_blocks_total = 182;
    f16.preemptions = 12;
    VariantResult i8 = variant("int8", 1.8, 40, 60);
    i8.config.kv_dtype = KvDtype::INT8;
    i8.steps.back().kv_blocks_total = 364;
    p.setResult(result({f16, i8}));
    QCOMPARE(p.finding(), QStringLiteral("The same KV budget holds: f16: 182 blocks, 12 preemption(s); int8: 364 blocks, 0 preemption(s)."));
  }

  // Three runs each: the median time is shown with its range, and the finding says whether the win held
  // in every run or lies within the noise.
  void repeatsShowTheSpread() {
    ComparePanel p;
    VariantResult cont = variant("continuous", 3.0, 120, 10);
    cont.engine_s_runs = {3.0}, cont.ttft_p50_runs = {120};
    VariantResult stat = variant("static", 4.5, 480, 10);
    stat.config.sched.batching = BatchingMode::Static;
    stat.engine_s_runs = {4.5}, stat.ttft_p50_runs = {480};
    VariantResult a = cont, b = stat;
    a.engine_s = 3.4, a.ttft_p50_ms = 130;
    b.engine_s = 4.1, b.ttft_p50_ms = 470;
    add_repeat(cont, a);
    add_repeat(stat, b);
    a.engine_s = 3.2, b.engine_s = 4.9;
    add_repeat(cont, a);
    add_repeat(stat, b);
    QCOMPARE(cont.engine_s, 3.2);  // the median of 3.0, 3.4, 3.2
    QCOMPARE(stat.engine_s, 4.5);
    QCOMPARE(cont.ttft_p50_ms, 130.0);  // the median of 120, 130, 130
    p.setResult(result({cont, stat}));
    QVERIFY2(p.finding().endsWith(QStringLiteral("In each of 3 run(s), continuous was faster than static.")), qPrintable(p.finding()));
    QCOMPARE(p.findChild<QTableWidget*>()->item(0, 2)->text(), QStringLiteral("3.20 (3.00–3.40)"));
    // Overlapping times are called noise.
    VariantResult slowRun = cont;
    add_repeat(slowRun, [&] {
      VariantResult x = cont;
      x.engine_s = 4.6;
      return x;
    }());
    VariantResult stat4 = stat;
    add_repeat(stat4, stat);
    p.setResult(result({slowRun, stat4}));
    QVERIFY2(p.finding().endsWith(QStringLiteral("that difference is within the noise.")), qPrintable(p.finding()));
  }

  // The charts draw the run whose time is the median one, so the throughput line agrees with the bars: runs
  // of 10 steps of 300, 340 and 320 ms (3.0, 3.4, 3.2 s) keep the 320 ms run's steps.
  void repeatsKeepTheMedianRunsSteps() {
    auto runOf = [](double stepMs) {
      VariantResult v = variant("continuous", 10 * stepMs / 1000.0, 100, 10);
      for (StepMetrics& m : v.steps) m.step_ms = stepMs;
      v.engine_s_runs = {v.engine_s}, v.ttft_p50_runs = {100};
      return v;
    };
    VariantResult r = runOf(300);
    add_repeat(r, runOf(340));
    add_repeat(r, runOf(320));
    QCOMPARE(r.engine_s, 3.2);
    QCOMPARE(r.steps.front().step_ms, 320.0);
    add_repeat(r, runOf(900));  // a run slowed by another program moves the median a little, not the steps
    QCOMPARE(r.steps.front().step_ms, 320.0);
  }

  // Thousands of steps drawn one by one are a solid block: the utilization chart then plots the mean of
  // the last 25th of the longest run, and says so. Static batching alternating full and empty batches
  // reads 0.5 from the 80th step on (2,000 steps: a window of 80), continuous its steady 0.9; a run of up
  // to 100 steps keeps every step as it ran.
  void longRunsDrawTheUtilizationsLevel() {
    auto run = [](const char* name, size_t n, auto slot) {
      VariantResult v = variant(name, 1.0, 100, 10);
      v.steps.resize(n);
      for (size_t i = 0; i < n; ++i) {
        v.steps[i].step = int64_t(i);
        v.steps[i].slot_utilization = slot(i);
        v.steps[i].token_utilization = 0.25;
      }
      return v;
    };
    ComparePanel p;
    p.setResult(result({run("continuous", 1500, [](size_t) { return 0.9; }),
                        run("static", 2000, [](size_t i) { return i % 2 ? 0.0 : 1.0; })}));
    MetricsChart* util = p.utilizationChart();
    QCOMPARE(util->title(), QStringLiteral("Utilization (mean of 80 steps)"));
    QCOMPARE(util->pointCount(2), qsizetype(2000));
    const QList<QPointF> stat = util->history(2), cont = util->history(0);
    QCOMPARE(stat[0].y(), 1.0);          // the first steps: the mean of those there are
    QCOMPARE(stat[1].y(), 0.5);
    for (int i = 79; i < 2000; i += 37) QVERIFY2(std::abs(stat[i].y() - 0.5) < 1e-9, qPrintable(QString::number(i)));
    for (int i = 0; i < 1500; i += 37) QVERIFY(std::abs(cont[i].y() - 0.9) < 1e-9);
    QCOMPARE(util->history(3)[1000].y(), 0.25);  // the token series is averaged the same way

    p.setResult(result({run("continuous", 90, [](size_t) { return 0.9; }),
                        run("static", 100, [](size_t i) { return i % 2 ? 0.0 : 1.0; })}));
    QCOMPARE(util->title(), QStringLiteral("Per-step utilization by variant"));
    QCOMPARE(util->history(2)[1].y(), 0.0);  // every step as it ran
  }

  void severalChangesNameTheFastest() {
    ComparePanel p;
    VariantResult a = variant("a", 2.0, 50, 4);
    VariantResult b = variant("b", 5.0, 50, 4);
    b.config.block_size = 64;
    b.config.sched.batching = BatchingMode::Static;
    p.setResult(result({a, b}));
    QCOMPARE(p.finding(), QStringLiteral("Fastest: a (2.00 s); slowest: b (5.00 s, 2.50x)."));
  }

  // The figures come from the run itself: a real prefix-caching comparison on stories260K.
  void realRunFillsTheNumbers() {
    const std::string path = test::stories260k_path();
    INFERSCOPE_REQUIRE_MODEL(path, "stories260K");
    auto model = load_model(path);
    EngineConfig on;
    on.threads = 1;
    on.sched.max_num_seqs = 4;
    EngineConfig off = on;
    off.prefix_caching = false;
    WorkloadSpec w;
    w.requests = 8;
    w.prompt_min = w.prompt_max = 64;
    w.shared_prefix = 48;
    w.gen_min = w.gen_max = 8;
    w.seed = 4;
    const VariantResult a = run_variant(model, {"on", on, {}}, w);
    const VariantResult b = run_variant(model, {"off", off, {}}, w);
    QVERIFY2(a.error.empty(), a.error.c_str());
    // The shared 48-token prefix is looked up by every request; with the cache on, later ones hit it.
    QVERIFY(a.prefix_hit_pct > 0);
    QVERIFY(b.prefix_hit_pct <= 0);
    QVERIFY(a.kv_peak_bytes > 0 && a.kv_peak_bytes <= b.kv_peak_bytes);
    int64_t peak = 0;
    for (const auto& m : a.steps) peak = std::max(peak, m.kv_bytes_allocated);
    QCOMPARE(a.kv_peak_bytes, peak);
    QVERIFY(a.ttft_p50_ms > 0 && a.ttft_p95_ms >= a.ttft_p50_ms);
    QVERIFY(a.kv_waste_mean_bytes >= 0);
    QCOMPARE(a.spec_accept_pct, -1.0);
  }

  // Variants on different weights: the bytes each format takes, its KL from the stored weights and its
  // speed, in the bars, the table and the finding.
  void weightsStateBytesKlAndSpeed() {
    ComparePanel p;
    VariantResult q = variant("int4", 2.0, 100, 10);
    q.weights = "sim:int4:g128 (simulated)";
    q.weight_bytes = 513 << 20;
    q.weight_bytes_encoded = 66 << 20;
    q.kl_vs_stored = 0.762;
    q.top1_vs_stored = 0.5;
    q.perplexity = 83.3;
    VariantResult st = variant("as stored", 0.5, 40, 10);
    st.weights = "stored";
    st.weight_bytes = st.weight_bytes_encoded = 92 << 20;
    st.kl_vs_stored = 0;
    st.top1_vs_stored = 1;
    st.perplexity = 49.6;
    p.setResult(result({q, st}));
    const auto* table = p.findChild<QTableWidget*>();
    QVERIFY(headers(table).contains(QStringLiteral("KL vs stored")));
    QVERIFY(headers(table).contains(QStringLiteral("Encoded (MiB)")));
    QCOMPARE(p.finding(), QStringLiteral("Smallest: int4, 66.0 MiB (0.72x the stored weights), KL 0.762 from them. "
                                         "Simulated modes run on F32 weights: their speed is not the format's."));
    const MetricBarsView* bars = p.barsView();
    QStringList keys;
    for (const MetricBars& m : bars->metrics()) keys << m.key;
    QCOMPARE(keys, (QStringList{QStringLiteral("weight_bytes_encoded"), QStringLiteral("kl_vs_stored"), QStringLiteral("tokens_per_s")}));
    QCOMPARE(bars->metrics()[1].values[0], 0.762);
    QCOMPARE(bars->bestOf(0), 0);  // the int4 format takes the fewest bytes
    QCOMPARE(bars->bestOf(1), 1);  // the stored weights are the reference
    // A third variant closer to the stored weights is named too; repeated runs add no sentence on speed.
    VariantResult q8 = variant("q8_0", 0.6, 40, 10);
    q8.weights = "q8_0";
    q8.weight_bytes = q8.weight_bytes_encoded = 136 << 20;
    q8.kl_vs_stored = 0.005;
    q.engine_s_runs = {2.0, 2.1, 1.9};
    st.engine_s_runs = {0.5, 0.6, 0.55};
    q8.engine_s_runs = {0.6, 0.7, 0.65};
    p.setResult(result({q, st, q8}));
    QCOMPARE(p.finding(), QStringLiteral("Smallest: int4, 66.0 MiB (0.72x the stored weights), KL 0.762 from them. "
                                         "Closest to them: q8_0, KL 0.005 at 136.0 MiB. "
                                         "Simulated modes run on F32 weights: their speed is not the format's."));
    // Two formats of the same size (GPTQ and round-to-nearest): their KL side by side, the closer first.
    VariantResult rtn = q, gptq = q;
    rtn.name = "RTN", rtn.kl_vs_stored = 0.344;
    gptq.name = "GPTQ", gptq.kl_vs_stored = 0.179;
    p.setResult(result({rtn, gptq, st}));
    QCOMPARE(p.finding(), QStringLiteral("At the same size (66.0 MiB, 0.72x the stored weights), KL from the stored weights: "
                                         "GPTQ KL 0.179, RTN KL 0.344. "
                                         "Simulated modes run on F32 weights: their speed is not the format's."));
  }

  // A real comparison of weights on stories260K: each variant runs on its own copy of the model, and its
  // quality is measured against the stored weights (coarser formats move further from them).
  void realWeightsComparison() {
    const std::string path = test::stories260k_path();
    INFERSCOPE_REQUIRE_MODEL(path, "stories260K");
    const std::shared_ptr<const LoadedModel> stored = load_model(path);
    // (stories260K's FFN rows of 172 elements take no 32-element block format: per-row scales.)
    const auto int8 = variant_model(stored, quant::parse_weight_mode("sim:int8:per-channel"));
    const auto int2 = variant_model(stored, quant::parse_weight_mode("sim:int2:per-channel"));
    QCOMPARE(variant_model(stored, quant::WeightMode{}).get(), stored.get());  // already stored: itself
    QCOMPARE(int8->card.weight_mode, std::string("sim:int8:per-channel"));
    const WeightQuality s = measure_weight_quality(*stored, *stored, 64, 1);
    const WeightQuality a = measure_weight_quality(*stored, *int8, 64, 1);
    const WeightQuality b = measure_weight_quality(*stored, *int2, 64, 1);
    QCOMPARE(s.kl_vs_stored, 0.0);
    QCOMPARE(s.top1_vs_stored, 1.0);
    QVERIFY(s.perplexity > 1);
    QVERIFY(a.kl_vs_stored > 0 && a.kl_vs_stored < b.kl_vs_stored);
    QVERIFY(a.top1_vs_stored > b.top1_vs_stored);
    QVERIFY(b.perplexity > s.perplexity);
    EngineConfig c;
    c.threads = 1;
    WorkloadSpec w;
    w.requests = 2;
    w.prompt_min = w.prompt_max = 16;
    w.gen_min = w.gen_max = 4;
    const VariantResult r = run_variant(int2, {"int2", c, quant::parse_weight_mode("sim:int2:per-channel")}, w);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.weights, std::string("sim:int2:per-channel (simulated)"));
    QCOMPARE(r.weight_bytes, int64_t(int2->card.weight_bytes));
    QVERIFY(r.weight_bytes_encoded < r.weight_bytes);
    QCOMPARE(r.generated_tokens, int64_t(8));
  }
};

QTEST_MAIN(TstCompareFindings)
#include "tst_compare_findings.moc"
