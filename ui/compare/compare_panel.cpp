#include "ui/compare/compare_panel.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <limits>
#include <numeric>

#include "ui/charts/metrics_chart.h"
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

double mean(const std::vector<StepMetrics>& steps, double StepMetrics::*field) {
  if (steps.empty()) return 0;
  return std::accumulate(steps.begin(), steps.end(), 0.0, [&](double a, const StepMetrics& m) { return a + m.*field; }) /
         double(steps.size());
}
}  // namespace

ComparePanel::ComparePanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("compare"));
  status_ = new QLabel;
  status_->setWordWrap(true);
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
  summary_->setMaximumHeight(150);

  auto* top = new QHBoxLayout;
  top->addWidget(status_, 1);
  top->addWidget(progress_);
  top->addWidget(cancel_);
  auto* grid = new QGridLayout;
  grid->addWidget(util_, 0, 0);
  grid->addWidget(throughput_, 0, 1);
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(2, 2, 2, 2);
  l->addLayout(top);
  l->addLayout(grid, 1);
  l->addWidget(summary_);
  retranslateUi();
}

void ComparePanel::setQueued(const QString& scenario, int total) {
  scenario_ = scenario;
  running_ = false;
  queued_ = total;
  result_.reset();
  util_->removeAllSeries();
  throughput_->removeAllSeries();
  util_->refresh();
  throughput_->refresh();
  summary_->setRowCount(0);
  progress_->setVisible(false);
  cancel_->setVisible(false);
  retranslateUi();
}

void ComparePanel::setRunning(const QString& scenario, int total) {
  scenario_ = scenario;
  running_ = true;
  queued_ = 0;
  result_.reset();
  util_->removeAllSeries();
  throughput_->removeAllSeries();
  util_->refresh();
  throughput_->refresh();
  summary_->setRowCount(0);
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
    status_->setText(tr("Comparing \"%1\": running variant %2 of %3 (%4) on a fresh engine ...")
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
  if (!result_) return;
  int row = 0;
  for (size_t i = 0; i < result_->variants.size(); ++i) {
    const VariantResult& v = result_->variants[i];
    const QColor color = kVariantColors[i % std::size(kVariantColors)];
    const QString name = QString::fromStdString(v.name);
    const int slot = util_->addSeries(columnKey(v.name, "slot_utilization"), color);
    const int tok = util_->addSeries(columnKey(v.name, "token_utilization"), color, Qt::DashLine);
    const int tps = throughput_->addSeries(columnKey(v.name, "tokens_per_s"), color);
    util_->setSeriesName(slot, tr("%1: slots").arg(name));
    util_->setSeriesName(tok, tr("%1: tokens").arg(name));
    throughput_->setSeriesName(tps, name);
    double engineS = 0;
    for (const auto& m : v.steps) {
      engineS += m.step_ms / 1000.0;
      util_->appendPoint(slot, {double(m.step), m.slot_utilization});
      util_->appendPoint(tok, {double(m.step), m.token_utilization});
      throughput_->appendPoint(tps, {engineS, m.tokens_per_s});
    }
    summary_->insertRow(row);
    const QStringList cells = {
        name,
        v.error.empty() ? QString::number(v.steps.size()) : tr("failed: %1").arg(QString::fromStdString(v.error)),
        QString::number(v.engine_s, 'f', 2),
        QString::number(v.engine_s > 0 ? v.generated_tokens / v.engine_s : 0.0, 'f', 1),
        QString::number(100.0 * mean(v.steps, &StepMetrics::slot_utilization), 'f', 1),
        QString::number(v.preemptions)};
    for (int c = 0; c < cells.size(); ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      if (c == 0) item->setForeground(color);
      summary_->setItem(row, c, item);
    }
    ++row;
  }
  util_->refresh();
  throughput_->refresh();
}

void ComparePanel::setLineWidth(qreal w) {
  util_->setLineWidth(w);
  throughput_->setLineWidth(w);
}

void ComparePanel::setDark(bool dark) {
  util_->setDark(dark);
  throughput_->setDark(dark);
}

void ComparePanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) {
    retranslateUi();
    fillCharts();  // series names are translated too
  }
  QWidget::changeEvent(e);
}

void ComparePanel::retranslateUi() {
  util_->setTitles(tr("Per-step utilization by variant"), tr("Engine step"), tr("Fraction"));
  throughput_->setTitles(tr("Throughput by variant"), tr("Engine time (s)"), tr("Tokens/s"));
  cancel_->setText(tr("Cancel"));
  summary_->setHorizontalHeaderLabels({tr("Variant"), tr("Steps"), tr("Engine time (s)"), tr("Tokens/s overall"),
                                       tr("Mean slot utilization (%)"), tr("Preemptions")});
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
