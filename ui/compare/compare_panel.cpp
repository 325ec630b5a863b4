#include "ui/compare/compare_panel.h"

#include <QEvent>
#include <QFontInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>
#include <numeric>

#include "engine/spec/spec_config.h"
#include "ui/charts/metrics_chart.h"
#include "ui/compare/metric_bars_view.h"
#include "ui/export/chart_export.h"

namespace inferscope::ui {

namespace {
// Okabe-Ito: distinguishable for the common colour-vision deficiencies; the legend names each line too.
const QColor kVariantColors[] = {QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00), QColor(0x00, 0x9e, 0x73),
                                 QColor(0xcc, 0x79, 0xa7), QColor(0xe6, 0x9f, 0x00), QColor(0x56, 0xb4, 0xe9)};

QString columnKey(const std::string& variant, const char* what) {
  // CSV column: the variant's name made file-friendly, then the metric.
  return fileKey(QString::fromStdString(variant)) + QLatin1Char('_') + QLatin1String(what);
}

// What a comparison is about: the one setting its variants change (several: Generic).
enum class Focus { Generic, Batching, PrefixCache, BlockSize, Speculation, KvDtype, Parallel, Weights };

Focus focusOf(const std::vector<VariantResult>& vs) {
  if (vs.size() < 2) return Focus::Generic;
  bool batching = false, prefix = false, block = false, spec = false, dtype = false, parallel = false, other = false;
  bool weights = false;
  const EngineConfig& a = vs.front().config;
  for (size_t i = 1; i < vs.size(); ++i) {
    const EngineConfig& b = vs[i].config;
    weights |= vs[i].weights != vs.front().weights;
    batching |= a.sched.batching != b.sched.batching;
    prefix |= a.prefix_caching != b.prefix_caching;
    block |= a.block_size != b.block_size;
    spec |= a.spec.enabled() != b.spec.enabled() || spec::to_string(a.spec) != spec::to_string(b.spec);
    dtype |= a.kv_dtype != b.kv_dtype;
    parallel |= a.parallel.mode != b.parallel.mode || a.parallel.devices != b.parallel.devices ||
                a.parallel.micro_batches != b.parallel.micro_batches;
    other |= a.kv_budget_bytes != b.kv_budget_bytes || a.attention != b.attention ||
             a.sched.max_num_seqs != b.sched.max_num_seqs || a.sched.recompute_all != b.sched.recompute_all;
  }
  if (int(batching) + int(prefix) + int(block) + int(spec) + int(dtype) + int(parallel) + int(other) + int(weights) != 1)
    return Focus::Generic;
  if (weights) return Focus::Weights;
  if (parallel) return Focus::Parallel;
  if (dtype) return Focus::KvDtype;
  if (batching) return Focus::Batching;
  if (prefix) return Focus::PrefixCache;
  if (block) return Focus::BlockSize;
  if (spec) return Focus::Speculation;
  return Focus::Generic;
}

// The engine time, with the range of the runs when there were several ("3.38 (3.31–3.52)").
QString timeCell(const VariantResult& v) {
  const QString median = QString::number(v.engine_s, 'f', 2);
  if (v.engine_s_runs.size() < 2) return median;
  const auto [lo, hi] = std::minmax_element(v.engine_s_runs.begin(), v.engine_s_runs.end());
  return median + QStringLiteral(" (") + QString::number(*lo, 'f', 2) + QStringLiteral("–") + QString::number(*hi, 'f', 2) +
         QLatin1Char(')');
}

QString mib(double bytes) { return QString::number(bytes / 1048576.0, 'f', 1); }
QString ms(double v) { return QString::number(v, 'f', 0); }

double mean(const std::vector<StepMetrics>& steps, double StepMetrics::*field) {
  if (steps.empty()) return 0;
  return std::accumulate(steps.begin(), steps.end(), 0.0, [&](double a, const StepMetrics& m) { return a + m.*field; }) /
         double(steps.size());
}

double totalCommBytes(const std::vector<StepMetrics>& steps) {
  return std::accumulate(steps.begin(), steps.end(), 0.0, [](double a, const StepMetrics& m) { return a + double(m.comm_bytes); });
}

double tokensPerS(const VariantResult& v) { return v.engine_s > 0 ? double(v.generated_tokens) / v.engine_s : 0.0; }

// What a bar of a measured quantity shows when it was not measured (no drafts, no prefix lookups).
double measured(double v) { return v < 0 ? std::numeric_limits<double>::quiet_NaN() : v; }
}  // namespace

ComparePanel::ComparePanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("compare"));
  status_ = new QLabel;
  status_->setWordWrap(true);
  finding_ = new QLabel;
  finding_->setObjectName(QStringLiteral("compare_finding"));
  finding_->setWordWrap(true);
  QFont ff = finding_->font();
  ff.setBold(true);
  ff.setPixelSize(std::max(14, QFontInfo(ff).pixelSize() * 5 / 4));
  finding_->setFont(ff);
  finding_->setVisible(false);
  progress_ = new QProgressBar;
  progress_->setVisible(false);
  progress_->setMaximumWidth(240);
  cancel_ = new QPushButton;
  cancel_->setObjectName(QStringLiteral("compare_cancel"));
  cancel_->setVisible(false);
  connect(cancel_, &QPushButton::clicked, this, &ComparePanel::cancelRequested);

  util_ = new MetricsChart(QStringLiteral("compare_utilization"), QStringLiteral("step"), this);
  util_->setWindowSize(0);  // a comparison is read as a whole
  util_->setScales(MetricsChart::Scale::Count, MetricsChart::Scale::Fraction);
  throughput_ = new MetricsChart(QStringLiteral("compare_throughput"), QStringLiteral("engine_s"), this);
  throughput_->setWindowSize(0);
  throughput_->setScales(MetricsChart::Scale::Real, MetricsChart::Scale::Real);
  summary_ = new QTableWidget(0, 6);
  summary_->verticalHeader()->setVisible(false);
  summary_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  summary_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

  bars_ = new MetricBarsView;
  auto* top = new QHBoxLayout;
  top->addWidget(status_, 1);
  top->addWidget(progress_);
  top->addWidget(cancel_);
  // The finding and its bars first (the demo's point at a glance), then the detail in tabs: the variants
  // over the run, and every number in a table.
  auto* overTime = new QWidget;
  auto* grid = new QGridLayout(overTime);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(util_, 0, 0);
  grid->addWidget(throughput_, 0, 1);
  details_ = new QTabWidget;
  details_->setObjectName(QStringLiteral("compare_details"));
  details_->setDocumentMode(true);
  details_->addTab(overTime, QString());
  details_->addTab(summary_, QString());
  summary_->setMaximumHeight(QWIDGETSIZE_MAX);
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(2, 2, 2, 2);
  l->addLayout(top);
  l->addWidget(finding_);
  l->addWidget(bars_);
  l->addWidget(details_, 1);
  retranslateUi();
}

void ComparePanel::clearResult() {
  result_.reset();
  util_->removeAllSeries();
  throughput_->removeAllSeries();
  util_->refresh();
  throughput_->refresh();
  summary_->setRowCount(0);
  finding_->setVisible(false);
  bars_->clear();
}

void ComparePanel::setQueued(const QString& scenario, int total) {
  scenario_ = scenario;
  running_ = false;
  queued_ = total;
  clearResult();
  progress_->setVisible(false);
  cancel_->setVisible(false);
  retranslateUi();
}

void ComparePanel::setRunning(const QString& scenario, int total) {
  scenario_ = scenario;
  running_ = true;
  queued_ = 0;
  clearResult();
  progress_->setRange(0, total);
  progress_->setValue(0);
  progress_->setVisible(true);
  cancel_->setVisible(true);
  status_->setText(tr("Comparing %n variant(s) of \"%1\" ...", nullptr, total).arg(scenario));
}

void ComparePanel::setProgress(int done, int total, const QString& running) {
  progress_->setRange(0, total);
  progress_->setValue(done);
  if (!running.isEmpty())
    status_->setText(tr("Comparing \"%1\": run %2 of %3 (%4) on a fresh engine ...")
                         .arg(scenario_).arg(done + 1).arg(total).arg(running));
}

void ComparePanel::setResult(CompareResultPtr result) {
  running_ = false;
  queued_ = 0;
  result_ = std::move(result);
  progress_->setVisible(false);
  cancel_->setVisible(false);
  fillCharts();
  retranslateUi();
}

void ComparePanel::fillCharts() {
  util_->removeAllSeries();
  throughput_->removeAllSeries();
  summary_->setRowCount(0);
  finding_->setVisible(false);
  utilWindow_ = 1;
  if (!result_) return;
  // A run of thousands of steps swings between full and empty batches from one step to the next, and drawn
  // step by step the variants' lines are a solid block: past ~100 steps each point is the mean of the last
  // `utilWindow_` steps (a twenty-fifth of the longest run, longer than a static batch's rise and fall),
  // which shows the level each variant holds.
  size_t longest = 0;
  for (const VariantResult& v : result_->variants) longest = std::max(longest, v.steps.size());
  utilWindow_ = longest > 100 ? std::max<int>(2, int(longest / 25)) : 1;
  const char* slotKey = utilWindow_ > 1 ? "slot_utilization_mean" : "slot_utilization";
  const char* tokKey = utilWindow_ > 1 ? "token_utilization_mean" : "token_utilization";
  for (size_t i = 0; i < result_->variants.size(); ++i) {
    const VariantResult& v = result_->variants[i];
    const QColor color = kVariantColors[i % std::size(kVariantColors)];
    const QString name = QString::fromStdString(v.name);
    const int slot = util_->addSeries(columnKey(v.name, slotKey), color);
    const int tok = util_->addSeries(columnKey(v.name, tokKey), color, Qt::DashLine);
    const int tps = throughput_->addSeries(columnKey(v.name, "tokens_per_s"), color);
    // One legend entry per variant: the axis title says which line is which (a legend of two entries per
    // variant wrapped over half of a small chart).
    util_->setSeriesName(slot, name);
    util_->setSeriesName(tok, QString());
    throughput_->setSeriesName(tps, name);
    double engineS = 0, slotSum = 0, tokSum = 0;
    for (size_t k = 0; k < v.steps.size(); ++k) {
      const StepMetrics& m = v.steps[k];
      engineS += m.step_ms / 1000.0;
      slotSum += m.slot_utilization;
      tokSum += m.token_utilization;
      if (k >= size_t(utilWindow_)) {
        slotSum -= v.steps[k - size_t(utilWindow_)].slot_utilization;
        tokSum -= v.steps[k - size_t(utilWindow_)].token_utilization;
      }
      const double n = double(std::min(k + 1, size_t(utilWindow_)));
      util_->appendPoint(slot, {double(m.step), slotSum / n});
      util_->appendPoint(tok, {double(m.step), tokSum / n});
      throughput_->appendPoint(tps, {engineS, m.tokens_per_s});
    }
  }
  retitleUtilization();  // the title names the window
  util_->refresh();
  throughput_->refresh();
}

void ComparePanel::fillSummary() {
  summary_->setRowCount(0);
  // The common columns, then the ones for what this demo is about.
  QStringList headers = {tr("Variant"), tr("Steps"), tr("Engine time (s)"), tr("Tokens/s overall")};
  if (!result_) {
    summary_->setColumnCount(int(headers.size()));
    summary_->setHorizontalHeaderLabels(headers);
    return;
  }
  const Focus focus = focusOf(result_->variants);
  switch (focus) {
    case Focus::Batching:
      headers << tr("TTFT p50 (ms)") << tr("TTFT p95 (ms)") << tr("Mean slot utilization (%)") << tr("Preemptions");
      break;
    case Focus::PrefixCache:
      headers << tr("Prefix hits (%)") << tr("KV peak (MiB)") << tr("TTFT p50 (ms)") << tr("TTFT p95 (ms)");
      break;
    case Focus::BlockSize:
      headers << tr("KV waste, mean (MiB)") << tr("KV peak (MiB)") << tr("Contiguous peak (MiB)") << tr("Preemptions");
      break;
    case Focus::Speculation:
      headers << tr("Drafts accepted (%)") << tr("Tokens per step") << tr("TTFT p50 (ms)");
      break;
    case Focus::KvDtype:
      headers << tr("KV blocks") << tr("KV peak (MiB)") << tr("Preemptions") << tr("TTFT p50 (ms)");
      break;
    case Focus::Parallel:
      headers << tr("Bubble, mean (%)") << tr("Between devices (MiB)") << tr("TTFT p50 (ms)");
      break;
    case Focus::Weights:
      headers << tr("Weights") << tr("Encoded (MiB)") << tr("Held in memory (MiB)") << tr("KL vs stored")
              << tr("Top-1 agreement (%)") << tr("Perplexity");
      break;
    case Focus::Generic:
      headers << tr("Mean slot utilization (%)") << tr("KV peak (MiB)") << tr("TTFT p50 (ms)") << tr("Preemptions");
      break;
  }
  summary_->setColumnCount(int(headers.size()));
  summary_->setHorizontalHeaderLabels(headers);
  const auto pct = [](double v) { return v < 0 ? QStringLiteral("–") : QString::number(v, 'f', 1); };
  for (size_t i = 0; i < result_->variants.size(); ++i) {
    const VariantResult& v = result_->variants[i];
    QStringList cells = {
        QString::fromStdString(v.name),
        v.error.empty() ? QString::number(v.steps.size()) : tr("failed: %1").arg(QString::fromStdString(v.error)),
        timeCell(v),
        QString::number(tokensPerS(v), 'f', 1)};
    const QString slotUse = QString::number(100.0 * mean(v.steps, &StepMetrics::slot_utilization), 'f', 1);
    switch (focus) {
      case Focus::Batching: cells << ms(v.ttft_p50_ms) << ms(v.ttft_p95_ms) << slotUse << QString::number(v.preemptions); break;
      case Focus::PrefixCache: cells << pct(v.prefix_hit_pct) << mib(double(v.kv_peak_bytes)) << ms(v.ttft_p50_ms) << ms(v.ttft_p95_ms); break;
      case Focus::BlockSize:
        cells << mib(v.kv_waste_mean_bytes) << mib(double(v.kv_peak_bytes)) << mib(double(v.contiguous_peak_bytes))
              << QString::number(v.preemptions);
        break;
      case Focus::Speculation:
        cells << pct(v.spec_accept_pct) << QString::number(v.steps.empty() ? 0.0 : double(v.generated_tokens) / double(v.steps.size()), 'f', 2)
              << ms(v.ttft_p50_ms);
        break;
      case Focus::KvDtype:
        cells << QString::number(v.steps.empty() ? 0 : v.steps.back().kv_blocks_total) << mib(double(v.kv_peak_bytes))
              << QString::number(v.preemptions) << ms(v.ttft_p50_ms);
        break;
      case Focus::Parallel:
        cells << QString::number(100.0 * mean(v.steps, &StepMetrics::bubble_fraction), 'f', 1) << mib(totalCommBytes(v.steps))
              << ms(v.ttft_p50_ms);
        break;
      case Focus::Weights:
        cells << QString::fromStdString(v.weights) << mib(double(v.weight_bytes_encoded)) << mib(double(v.weight_bytes))
              << (v.kl_vs_stored < 0 ? QStringLiteral("–") : QString::number(v.kl_vs_stored, 'f', 4))
              << pct(v.top1_vs_stored < 0 ? -1.0 : 100.0 * v.top1_vs_stored)
              << (v.perplexity < 0 ? QStringLiteral("–") : QString::number(v.perplexity, 'f', 2));
        break;
      case Focus::Generic: cells << slotUse << mib(double(v.kv_peak_bytes)) << ms(v.ttft_p50_ms) << QString::number(v.preemptions); break;
    }
    summary_->insertRow(int(i));
    for (int c = 0; c < cells.size(); ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      if (c == 0) item->setForeground(kVariantColors[i % std::size(kVariantColors)]);
      summary_->setItem(int(i), c, item);
    }
  }
  const QString f = finding();
  finding_->setText(f);
  finding_->setVisible(!f.isEmpty());
  fillBars(int(focus));
}

void ComparePanel::fillBars(int focusValue) {
  const Focus focus = Focus(focusValue);
  const auto& vs = result_->variants;
  QStringList names;
  std::vector<QColor> colors;
  for (size_t i = 0; i < vs.size(); ++i) {
    names << QString::fromStdString(vs[i].name);
    colors.push_back(kVariantColors[i % std::size(kVariantColors)]);
  }
  // One bar panel per number the demo is about (docs/scenarios.md), each variant a bar.
  std::vector<MetricBars> bars;
  const auto add = [&](const char* key, const QString& title, bool lowerIsBetter, auto value, auto format) {
    MetricBars m{QLatin1String(key), title, {}, {}, lowerIsBetter};
    for (const auto& v : vs) {
      const double x = v.error.empty() ? value(v) : std::numeric_limits<double>::quiet_NaN();
      m.values.push_back(x);
      m.labels << format(x);
    }
    bars.push_back(std::move(m));
  };
  const auto secs = [](double x) { return QString::number(x, 'f', 2) + QStringLiteral(" s"); };
  const auto msec = [](double x) { return QString::number(x, 'f', 0) + QStringLiteral(" ms"); };
  const auto mibs = [](double x) { return QString::number(x / 1048576.0, 'f', 1) + QStringLiteral(" MiB"); };
  const auto percent = [](double x) { return QString::number(x, 'f', 0) + QStringLiteral(" %"); };
  const auto count = [](double x) { return QString::number(x, 'f', 0); };
  const auto tps = [](double x) { return QString::number(x, 'f', 0); };
  const auto engineTime = [&] { add("engine_s", tr("Engine time"), true, [](const VariantResult& v) { return v.engine_s; }, secs); };
  const auto ttft = [&] { add("ttft_p50_ms", tr("Median time to first token"), true, [](const VariantResult& v) { return v.ttft_p50_ms; }, msec); };
  const auto kvPeak = [&] { add("kv_peak_bytes", tr("KV cache peak"), true, [](const VariantResult& v) { return double(v.kv_peak_bytes); }, mibs); };
  switch (focus) {
    case Focus::Batching:
      engineTime();
      ttft();
      add("slot_utilization_pct", tr("Mean slot use"), false,
          [](const VariantResult& v) { return 100.0 * mean(v.steps, &StepMetrics::slot_utilization); }, percent);
      break;
    case Focus::PrefixCache:
      add("prefix_hit_pct", tr("Prompt tokens from the cache"), false, [](const VariantResult& v) { return measured(v.prefix_hit_pct); }, percent);
      kvPeak();
      ttft();
      break;
    case Focus::BlockSize:
      add("kv_waste_mean_bytes", tr("KV waste (allocated − stored)"), true, [](const VariantResult& v) { return v.kv_waste_mean_bytes; }, mibs);
      kvPeak();
      add("preemptions", tr("Preemptions"), true, [](const VariantResult& v) { return double(v.preemptions); }, count);
      break;
    case Focus::Speculation:
      add("spec_accept_pct", tr("Drafts accepted"), false, [](const VariantResult& v) { return measured(v.spec_accept_pct); }, percent);
      add("tokens_per_step", tr("Tokens per step"), false,
          [](const VariantResult& v) { return v.steps.empty() ? 0.0 : double(v.generated_tokens) / double(v.steps.size()); },
          [](double x) { return QString::number(x, 'f', 2); });
      engineTime();
      break;
    case Focus::KvDtype:
      add("kv_blocks", tr("KV blocks in the same budget"), false,
          [](const VariantResult& v) { return v.steps.empty() ? 0.0 : double(v.steps.back().kv_blocks_total); }, count);
      add("preemptions", tr("Preemptions"), true, [](const VariantResult& v) { return double(v.preemptions); }, count);
      engineTime();
      break;
    case Focus::Parallel:
      add("bubble_pct", tr("Pipeline bubble (idle device time)"), true,
          [](const VariantResult& v) { return 100.0 * mean(v.steps, &StepMetrics::bubble_fraction); }, percent);
      add("comm_bytes", tr("Bytes between devices"), true, [](const VariantResult& v) { return totalCommBytes(v.steps); }, mibs);
      engineTime();
      break;
    case Focus::Weights:
      add("weight_bytes_encoded", tr("Weights, encoded"), true, [](const VariantResult& v) { return double(v.weight_bytes_encoded); }, mibs);
      add("kl_vs_stored", tr("KL divergence from the stored weights"), true,
          [](const VariantResult& v) { return measured(v.kl_vs_stored); }, [](double x) { return QString::number(x, 'f', 3); });
      add("tokens_per_s", tr("Tokens/s"), false, [](const VariantResult& v) { return tokensPerS(v); }, tps);
      break;
    case Focus::Generic:
      engineTime();
      add("tokens_per_s", tr("Tokens/s"), false, [](const VariantResult& v) { return tokensPerS(v); }, tps);
      ttft();
      break;
  }
  bars_->setData(names, colors, std::move(bars));
}

QString ComparePanel::finding() const {
  const QString point = pointOf();
  if (point.isEmpty()) return point;
  // Repeated runs: say whether the times of the fastest and the slowest overlap, so a noisy win is
  // seen as noisy.
  const auto& vs = result_->variants;
  const size_t runs = vs.front().engine_s_runs.size();
  // Weights are compared on bytes and KL, and a simulated mode's speed is not its format's.
  if (runs < 2 || focusOf(vs) == Focus::Weights) return point;
  const auto [fast, slow] = std::minmax_element(vs.begin(), vs.end(), [](const VariantResult& a, const VariantResult& b) { return a.engine_s < b.engine_s; });
  const double fastWorst = *std::max_element(fast->engine_s_runs.begin(), fast->engine_s_runs.end());
  const double slowBest = *std::min_element(slow->engine_s_runs.begin(), slow->engine_s_runs.end());
  return point + QLatin1Char(' ') +
         (fastWorst < slowBest ? tr("In each of %n run(s), %1 was faster than %2.", nullptr, int(runs))
                                     .arg(QString::fromStdString(fast->name), QString::fromStdString(slow->name))
                               : tr("Over %n run(s) the times of %1 and %2 overlap: that difference is within the noise.", nullptr, int(runs))
                                     .arg(QString::fromStdString(fast->name), QString::fromStdString(slow->name)));
}

QString ComparePanel::pointOf() const {
  if (!result_ || result_->variants.size() < 2 || result_->cancelled) return {};
  const auto& vs = result_->variants;
  for (const auto& v : vs)
    if (!v.error.empty()) return {};
  const auto name = [](const VariantResult& v) { return QString::fromStdString(v.name); };
  switch (focusOf(vs)) {
    case Focus::Batching: {
      const VariantResult* cont = nullptr;
      const VariantResult* stat = nullptr;
      for (const auto& v : vs) (v.config.sched.batching == BatchingMode::Static ? stat : cont) = &v;
      if (!cont || !stat || cont->engine_s <= 0) break;
      return tr("Continuous batching finished the same requests in %1 s, static in %2 s (%3x); median TTFT %4 vs %5 ms.")
          .arg(cont->engine_s, 0, 'f', 2)
          .arg(stat->engine_s, 0, 'f', 2)
          .arg(stat->engine_s / cont->engine_s, 0, 'f', 2)
          .arg(ms(cont->ttft_p50_ms), ms(stat->ttft_p50_ms));
    }
    case Focus::PrefixCache: {
      const VariantResult* on = nullptr;
      const VariantResult* off = nullptr;
      for (const auto& v : vs) (v.config.prefix_caching ? on : off) = &v;
      if (!on || !off) break;
      return tr("Prefix caching served %1% of the prompt tokens from the cache: KV peak %2 vs %3 MiB, median TTFT %4 vs %5 ms.")
          .arg(std::max(0.0, on->prefix_hit_pct), 0, 'f', 0)
          .arg(mib(double(on->kv_peak_bytes)), mib(double(off->kv_peak_bytes)), ms(on->ttft_p50_ms), ms(off->ttft_p50_ms));
    }
    case Focus::BlockSize: {
      std::vector<const VariantResult*> bySize;
      for (const auto& v : vs) bySize.push_back(&v);
      std::sort(bySize.begin(), bySize.end(), [](auto* a, auto* b) { return a->config.block_size < b->config.block_size; });
      QStringList parts;
      for (const auto* v : bySize) parts << tr("block %1: %2 MiB").arg(v->config.block_size).arg(mib(v->kv_waste_mean_bytes));
      return tr("KV waste (allocated − stored, mean over the run): %1. Bigger blocks leave more unused slots at the end of each sequence.")
          .arg(parts.join(QStringLiteral(", ")));
    }
    case Focus::Speculation: {
      QStringList parts;
      for (const auto& v : vs)
        if (v.spec_accept_pct >= 0)
          parts << tr("%1: %2% of drafts accepted, %3 s").arg(name(v)).arg(v.spec_accept_pct, 0, 'f', 0).arg(v.engine_s, 0, 'f', 2);
        else
          parts << tr("%1: %2 s").arg(name(v)).arg(v.engine_s, 0, 'f', 2);
      return parts.join(QStringLiteral("; ")) + QLatin1Char('.');
    }
    case Focus::KvDtype: {
      QStringList parts;
      for (const auto& v : vs)
        parts << tr("%1: %2 blocks, %n preemption(s)", nullptr, int(v.preemptions))
                     .arg(QString::fromLatin1(kv_dtype_name(v.config.kv_dtype)))
                     .arg(v.steps.empty() ? 0 : v.steps.back().kv_blocks_total);
      return tr("The same KV budget holds: %1.").arg(parts.join(QStringLiteral("; ")));
    }
    case Focus::Parallel: {
      QStringList parts;
      for (const auto& v : vs)
        parts << tr("%1: %2% idle").arg(name(v)).arg(100.0 * mean(v.steps, &StepMetrics::bubble_fraction), 0, 'f', 0);
      return tr("Pipeline bubble (device time spent waiting): %1. More micro-batches keep more devices busy.")
          .arg(parts.join(QStringLiteral(", ")));
    }
    case Focus::Weights: {
      // The smallest format against the stored weights, and the one that stays closest to them.
      const auto isStored = [](const VariantResult& v) { return v.weights == "stored"; };
      const VariantResult* stored = nullptr;
      const VariantResult* smallest = nullptr;
      const VariantResult* closest = nullptr;
      bool simulated = false;
      for (const auto& v : vs) {
        simulated |= v.weight_bytes_encoded != v.weight_bytes;
        if (isStored(v)) {
          stored = &v;
          continue;
        }
        if (!smallest || v.weight_bytes_encoded < smallest->weight_bytes_encoded) smallest = &v;
        if (v.kl_vs_stored >= 0 && (!closest || v.kl_vs_stored < closest->kl_vs_stored)) closest = &v;
      }
      if (!smallest) break;
      const auto kl = [](const VariantResult* v) { return QString::number(std::max(0.0, v->kl_vs_stored), 'f', 3); };
      const auto ratio = [&](const VariantResult* v) {
        return double(v->weight_bytes_encoded) / double(std::max<int64_t>(1, stored->weight_bytes_encoded));
      };
      // Formats of the same size (GPTQ and round-to-nearest): the point is their KL side by side.
      std::vector<const VariantResult*> sameSize;
      for (const auto& v : vs)
        if (!isStored(v) && v.weight_bytes_encoded == smallest->weight_bytes_encoded) sameSize.push_back(&v);
      std::sort(sameSize.begin(), sameSize.end(), [](auto* a, auto* b) { return a->kl_vs_stored < b->kl_vs_stored; });
      QString f;
      if (stored && sameSize.size() > 1) {
        QStringList parts;
        for (const auto* v : sameSize) parts << tr("%1 KL %2").arg(name(*v), kl(v));
        f = tr("At the same size (%1 MiB, %2x the stored weights), KL from the stored weights: %3.")
                .arg(mib(double(smallest->weight_bytes_encoded)))
                .arg(ratio(smallest), 0, 'f', 2)
                .arg(parts.join(QStringLiteral(", ")));
      } else {
        f = stored ? tr("Smallest: %1, %2 MiB (%3x the stored weights), KL %4 from them.")
                         .arg(name(*smallest), mib(double(smallest->weight_bytes_encoded)))
                         .arg(ratio(smallest), 0, 'f', 2)
                         .arg(kl(smallest))
                   : tr("Smallest: %1, %2 MiB, KL %3 from the stored weights.")
                         .arg(name(*smallest), mib(double(smallest->weight_bytes_encoded)), kl(smallest));
        if (closest && closest != smallest)
          f += QLatin1Char(' ') + tr("Closest to them: %1, KL %2 at %3 MiB.").arg(name(*closest), kl(closest), mib(double(closest->weight_bytes_encoded)));
      }
      if (simulated) f += QLatin1Char(' ') + tr("Simulated modes run on F32 weights: their speed is not the format's.");
      return f;
    }
    case Focus::Generic: break;
  }
  const auto [fast, slow] = std::minmax_element(vs.begin(), vs.end(), [](const VariantResult& a, const VariantResult& b) { return a.engine_s < b.engine_s; });
  if (fast->engine_s <= 0) return {};
  return tr("Fastest: %1 (%2 s); slowest: %3 (%4 s, %5x).")
      .arg(name(*fast))
      .arg(fast->engine_s, 0, 'f', 2)
      .arg(name(*slow))
      .arg(slow->engine_s, 0, 'f', 2)
      .arg(slow->engine_s / fast->engine_s, 0, 'f', 2);
}

void ComparePanel::setLineWidth(qreal w) {
  util_->setLineWidth(w);
  throughput_->setLineWidth(w);
}

void ComparePanel::setDark(bool dark) {
  util_->setDark(dark);
  throughput_->setDark(dark);
  bars_->setDark(dark);
}

void ComparePanel::setPresentation(bool on, int px) {
  for (MetricsChart* c : charts()) {
    c->setTextPixelSize(on ? px : 0);
    c->setPresentationStyle(on);
  }
  setLineWidth(on ? 4.0 : 2.0);
  // The point of the demo reads from the back of the room: the finding and the bars in large type.
  QFont bf = font();
  if (on) bf.setPixelSize(px);
  bars_->setFont(bf);
  if (!on) bars_->setAttribute(Qt::WA_SetFont, false);
  QFont ff = font();
  ff.setBold(true);
  ff.setPixelSize(on ? px * 5 / 4 : std::max(14, QFontInfo(font()).pixelSize() * 5 / 4));
  finding_->setFont(ff);
}

void ComparePanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) {
    retranslateUi();
    fillCharts();  // series names are translated too
  }
  QWidget::changeEvent(e);
}

void ComparePanel::retitleUtilization() {
  util_->setTitles(utilWindow_ > 1 ? tr("Utilization (mean of %n steps)", nullptr, utilWindow_)
                                   : tr("Per-step utilization by variant"),
                   tr("Engine step"), tr("Slots (solid), tokens (dashed)"));
}

void ComparePanel::retranslateUi() {
  retitleUtilization();
  details_->setTabText(0, tr("Over the run"));
  details_->setTabText(1, tr("All numbers"));
  throughput_->setTitles(tr("Throughput by variant"), tr("Engine time (s)"), tr("Tokens/s"));
  cancel_->setText(tr("Cancel"));
  fillSummary();
  if (running_) return;
  if (queued_ > 0 && !result_)
    status_->setText(tr("\"%1\" compares %n variant(s): they run on their own engines when the live run has finished, "
                        "or now with Compare.", nullptr, queued_)
                         .arg(scenario_));
  else if (!result_) status_->setText(tr("Load a scenario that compares settings (Scenarios menu) to run its variants side by side."));
  else if (result_->cancelled)
    status_->setText(tr("Comparison of \"%1\" cancelled after %n variant(s).", nullptr, int(result_->variants.size()))
                         .arg(QString::fromStdString(result_->scenario)));
  else
    status_->setText(tr("\"%1\": every variant ran the same workload to completion on its own engine.")
                         .arg(QString::fromStdString(result_->scenario)));
}

void ComparePanel::setCursorStep(std::optional<int64_t> step) {
  util_->setCursorX(step ? double(*step) : std::numeric_limits<double>::quiet_NaN());
}

}  // namespace inferscope::ui
