#include "ui/charts/charts_panel.h"


#include <QEvent>
#include <QGridLayout>
#include <QMouseEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedLayout>
#include <QTimer>
#include <limits>
#include <algorithm>

#include "ui/charts/device_gantt_chart.h"
#include "ui/charts/metrics_chart.h"

namespace inferscope::ui {

namespace {
constexpr double kMiB = 1024.0 * 1024.0;
}

ChartsPanel::ChartsPanel(QWidget* parent) : QWidget(parent) {
  kv_ = new MetricsChart(QStringLiteral("kv_cache"), QStringLiteral("step"), this);
  kv_->setScales(MetricsChart::Scale::Count, MetricsChart::Scale::Real);
  kv_->addSeries(QStringLiteral("kv_mib_allocated"), QColor(0x1f, 0x77, 0xb4));
  kv_->addSeries(QStringLiteral("kv_mib_logical"), QColor(0xff, 0x7f, 0x0e), Qt::DashLine);
  kv_->addSeries(QStringLiteral("kv_mib_capacity"), QColor(0x7f, 0x7f, 0x7f), Qt::DotLine);
  // What a cache without paging would reserve (max length per running sequence): the memory paging saves.
  kv_->addSeries(QStringLiteral("kv_mib_contiguous_reserved"), QColor(0xd6, 0x27, 0x28), Qt::DashDotLine);

  util_ = new MetricsChart(QStringLiteral("utilization"), QStringLiteral("step"), this);
  util_->setScales(MetricsChart::Scale::Count, MetricsChart::Scale::Fraction);
  util_->addSeries(QStringLiteral("slot_utilization"), QColor(0x2c, 0xa0, 0x2c));
  util_->addSeries(QStringLiteral("token_utilization"), QColor(0x94, 0x67, 0xbd), Qt::DashLine);

  tokens_ = new MetricsChart(QStringLiteral("tokens_per_step"), QStringLiteral("step"), this);
  tokens_->setScales(MetricsChart::Scale::Count, MetricsChart::Scale::Count);
  tokens_->addSeries(QStringLiteral("prefill_tokens"), QColor(0xd6, 0x27, 0x28));
  tokens_->addSeries(QStringLiteral("decode_tokens"), QColor(0x17, 0xbe, 0xcf), Qt::DashLine);
  tokens_->addSeries(QStringLiteral("running"), QColor(0x8c, 0x56, 0x4b), Qt::DotLine);

  throughput_ = new MetricsChart(QStringLiteral("throughput"), QStringLiteral("step"), this);
  throughput_->setScales(MetricsChart::Scale::Count, MetricsChart::Scale::Real);
  throughput_->addSeries(QStringLiteral("tokens_per_s"), QColor(0x1f, 0x77, 0xb4));

  // Latency is per request: x is the order in which requests finished.
  // TTFT (queueing + prefill, up to tens of seconds) and TPOT (one decode step, milliseconds) differ by
  // orders of magnitude: each gets its own linear axis from 0 (left TTFT, right TPOT), so both lines
  // show their values and stay proportional; a log axis would make neither readable to a beginner.
  latency_ = new MetricsChart(QStringLiteral("latency"), QStringLiteral("finished_request"), this);
  latency_->setScales(MetricsChart::Scale::Count, MetricsChart::Scale::TimeMs, MetricsChart::Scale::TimeMs);
  latency_->addSeries(QStringLiteral("ttft_ms"), QColor(0xe3, 0x77, 0xc2));
  latency_->addSeries(QStringLiteral("tpot_ms"), QColor(0x55, 0x6b, 0x2f), Qt::DashLine, true);
  latency_->setWindowSize(0);

  // Speculative decoding: what the drafter proposed and the target kept, and the acceptance so far.
  spec_ = new MetricsChart(QStringLiteral("speculative"), QStringLiteral("step"), this);
  spec_->setScales(MetricsChart::Scale::Count, MetricsChart::Scale::Count);
  spec_->addSeries(QStringLiteral("spec_drafted"), QColor(0x7f, 0x7f, 0x7f), Qt::DashLine);
  spec_->addSeries(QStringLiteral("spec_accepted"), QColor(0x9c, 0x27, 0xb0));
  specRate_ = new MetricsChart(QStringLiteral("spec_acceptance"), QStringLiteral("step"), this);
  specRate_->setScales(MetricsChart::Scale::Count, MetricsChart::Scale::Fraction);
  specRate_->addSeries(QStringLiteral("spec_acceptance_rate"), QColor(0x9c, 0x27, 0xb0));

  charts_ = {kv_, util_, tokens_, throughput_, latency_, spec_, specRate_};
  gantt_ = new DeviceGanttChart(this);
  gantt_->setVisible(false);
  gridHost_ = new QWidget;
  grid_ = new QGridLayout(gridHost_);
  grid_->setContentsMargins(2, 2, 2, 2);
  scroll_ = new QScrollArea;
  scroll_->setObjectName(QStringLiteral("charts_scroll"));
  scroll_->setWidget(gridHost_);
  scroll_->setWidgetResizable(true);
  scroll_->setFrameShape(QFrame::NoFrame);
  scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  stack_ = new QStackedLayout(this);
  stack_->addWidget(scroll_);
  for (auto* c : charts_) {
    c->setMinimumSize(0, 0);
    c->viewport()->installEventFilter(this);  // the view's viewport receives the mouse
  }
  relayout();

  // Seven charts refreshed one per tick: each again within ~33 ms, and no single tick holds the GUI
  // thread for all of them.
  frameTimer_ = new QTimer(this);
  frameTimer_->setInterval(33 / int(charts_.size()));
  connect(frameTimer_, &QTimer::timeout, this, &ChartsPanel::refreshNextVisible);
  connect(scroll_->verticalScrollBar(), &QScrollBar::valueChanged, this, &ChartsPanel::scheduleFrame);
  retranslateUi();
}

MetricsChart* ChartsPanel::chart(const QString& id) const {
  for (auto* c : charts_)
    if (c->id() == id) return c;
  return nullptr;
}

void ChartsPanel::setCursorStep(std::optional<int64_t> step) {
  const double x = step ? double(*step) : std::numeric_limits<double>::quiet_NaN();
  for (MetricsChart* c : charts_) {
    if (c == latency_) continue;  // its x is the request, not the step
    // A step anywhere in the run must be on screen: the whole history while a step is chosen.
    if (c->cursorX() != c->cursorX() || !step) c->setShowFullHistory(bool(step));
    c->setCursorX(x);
  }
}

void ChartsPanel::clear() {
  steps_.clear();
  latencySeen_.clear();
  latencyCount_ = 0;
  specDrafted_ = specAccepted_ = 0;
  for (auto* c : charts_) c->clearHistory();
  if (gantt_->timeline()) {
    gantt_->setTimeline(nullptr);
    laidOutFor_ = -1;
    relayout();
  }
  if (kvFullAttention_ >= 0) {  // the next engine's model may have no sliding window
    kv_->removeLastSeries();
    kvFullAttention_ = -1;
  }
}

void ChartsPanel::addSnapshot(const EngineSnapshot& s) {
  if (s.engine_rebuilt) clear();
  if (s.parallel_timeline && s.parallel_timeline != gantt_->timeline()) {
    const bool first = !gantt_->timeline();
    gantt_->setTimeline(s.parallel_timeline);
    if (first) {
      laidOutFor_ = -1;
      relayout();
    }
  }
  for (const auto& m : s.new_steps) {
    steps_.push_back(m);
    const double x = double(m.step);
    kv_->appendPoint(0, {x, m.kv_bytes_allocated / kMiB});
    kv_->appendPoint(1, {x, m.kv_bytes_logical / kMiB});
    if (capacityBytes_ > 0) kv_->appendPoint(2, {x, capacityBytes_ / kMiB});
    kv_->appendPoint(3, {x, m.kv_bytes_contiguous_reserved / kMiB});
    if (kvFullAttention_ >= 0) {
      kv_->appendPoint(kvFullAttention_, {x, m.kv_bytes_peak_full_attention / kMiB});
    } else if (m.kv_bytes_peak_full_attention > m.kv_bytes_peak) {
      // Sliding-window layers handed blocks back: from now on the chart also shows the most a cache
      // whose every layer keeps every token would have held (from the first step on). Without windows
      // the line would repeat the allocated peak, so it is not drawn.
      kvFullAttention_ = kv_->addSeries(QStringLiteral("kv_mib_peak_full_attention"), QColor(0x94, 0x67, 0xbd), Qt::DashLine);
      kv_->setSeriesName(kvFullAttention_, tr("Full attention: peak"));
      kv_->setPresentationStyle(presentation_);
      for (const StepMetrics& e : steps_)
        kv_->appendPoint(kvFullAttention_, {double(e.step), e.kv_bytes_peak_full_attention / kMiB});
    }
    util_->appendPoint(0, {x, m.slot_utilization});
    util_->appendPoint(1, {x, m.token_utilization});
    tokens_->appendPoint(0, {x, double(m.prefill_tokens)});
    tokens_->appendPoint(1, {x, double(m.decode_tokens)});
    tokens_->appendPoint(2, {x, double(m.running)});
    throughput_->appendPoint(0, {x, m.tokens_per_s});
    spec_->appendPoint(0, {x, double(m.spec_drafted)});
    spec_->appendPoint(1, {x, double(m.spec_accepted)});
    specDrafted_ += m.spec_drafted;
    specAccepted_ += m.spec_accepted;
    if (specDrafted_ > 0) specRate_->appendPoint(0, {x, double(specAccepted_) / double(specDrafted_)});
  }
  for (const auto& r : s.requests) {
    if (r.state != RequestState::Finished || !latencySeen_.insert(r.id).second) continue;
    const double x = double(++latencyCount_);
    if (r.ttft_ms >= 0) latency_->appendPoint(0, {x, r.ttft_ms});
    if (r.tpot_ms >= 0) latency_->appendPoint(1, {x, r.tpot_ms});
  }
  if (latencySeen_.size() > kMaxLatencySeen) {
    // A finished request that left the snapshots' bounded view never comes back into it: only those
    // still shown need remembering.
    std::unordered_set<int64_t> shown;
    for (const auto& r : s.requests)
      if (r.state == RequestState::Finished && latencySeen_.count(r.id)) shown.insert(r.id);
    latencySeen_ = std::move(shown);
  }
  scheduleFrame();
}

void ChartsPanel::refreshNow() {
  for (auto* c : charts_) c->refresh();
}

void ChartsPanel::scheduleFrame() {
  if (!frameTimer_->isActive()) frameTimer_->start();
}

void ChartsPanel::refreshNextVisible() {
  for (size_t k = 0; k < charts_.size(); ++k) {
    MetricsChart* c = charts_[(nextChart_ + k) % charts_.size()];
    // The view's own region excludes its opaque viewport child: ask the viewport.
    if (!c->needsRefresh() || !c->isVisible() || c->viewport()->visibleRegion().isEmpty()) continue;
    nextChart_ = (nextChart_ + k + 1) % charts_.size();
    c->refresh();
    return;
  }
  frameTimer_->stop();  // nothing seen is stale; the next snapshot, scroll or show restarts it
}

void ChartsPanel::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  scheduleFrame();
}

void ChartsPanel::setLineWidth(qreal w) {
  for (auto* c : charts_) c->setLineWidth(w);
}

void ChartsPanel::setDark(bool dark) {
  for (auto* c : charts_) c->setDark(dark);
  gantt_->setDark(dark);
}

void ChartsPanel::setWindowSize(double steps) {
  for (auto* c : charts_)
    if (c != latency_) c->setWindowSize(steps);
}

int ChartsPanel::columnsFor(int width) const {
  return std::clamp(width / kMinChartWidth, 1, 3);
}

std::vector<MetricsChart*> ChartsPanel::shownCharts() const {
  if (enlarged_) return {enlarged_};
  if (presentation_ && gantt_->timeline()) return {};  // the device chart alone, as large as it gets
  if (presentation_) return {kv_, tokens_};
  return charts_;
}

void ChartsPanel::relayout() {
  // The panel's own width: the scroll area keeps its old size while the start page covers it.
  const int width = this->width() - scroll_->verticalScrollBar()->sizeHint().width();
  const bool focused = enlarged_ != nullptr || presentation_;
  // Focused views fill the tab: two charts side by side when there is room for both, else stacked.
  const std::vector<MetricsChart*> shown = shownCharts();
  const int cols = focused ? (shown.size() > 1 && width >= 2 * kMinChartWidth ? 2 : 1) : columnsFor(width);
  const bool gantt = gantt_->timeline() && !enlarged_;
  const int key = cols * 4 + (enlarged_ ? 1 : 0) + (presentation_ ? 2 : 0) + (gantt ? 16 : 0);
  if (key == laidOutFor_) return;
  laidOutFor_ = key;
  columns_ = cols;
  while (grid_->count() > 0) delete grid_->takeAt(0);  // the items only; the charts stay children
  for (int r = 0; r < grid_->rowCount(); ++r) grid_->setRowStretch(r, 0);
  for (int c = 0; c < grid_->columnCount(); ++c) grid_->setColumnStretch(c, 0);
  for (auto* c : charts_) c->setVisible(std::find(shown.begin(), shown.end(), c) != shown.end());
  int row = 0, col = 0;
  gantt_->setVisible(gantt);
  if (gantt) {  // a full row on top: one bar row per device needs the width
    grid_->addWidget(gantt_, row++, 0, 1, cols);
    gantt_->setMinimumHeight(focused ? 0 : kMinChartHeight + 60);
  }
  for (auto* c : shown) {
    // The per-request latency chart reads better across the whole width when two columns leave a gap.
    const bool fullRow = !focused && cols == 2 && c == latency_;
    if (fullRow && col != 0) ++row, col = 0;
    grid_->addWidget(c, row, col, 1, fullRow ? cols : 1);
    c->setMinimumHeight(focused ? 0 : kMinChartHeight);
    col += fullRow ? cols : 1;
    if (col >= cols) ++row, col = 0;
  }
  const int rows = row + (col > 0 ? 1 : 0);
  for (int r = 0; r < rows; ++r) grid_->setRowStretch(r, 1);
  for (int c = 0; c < cols; ++c) grid_->setColumnStretch(c, 1);
  // Normal view: the rows keep a readable height and the area scrolls; focused views never scroll.
  scroll_->setVerticalScrollBarPolicy(focused ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
  if (frameTimer_) scheduleFrame();  // charts newly in view may be stale
}

void ChartsPanel::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  relayout();
}

bool ChartsPanel::eventFilter(QObject* watched, QEvent* e) {
  if (e->type() == QEvent::MouseButtonDblClick && static_cast<QMouseEvent*>(e)->button() == Qt::LeftButton) {
    for (auto* c : charts_)
      if (c->viewport() == watched) {
        setEnlarged(enlarged_ == c ? nullptr : c);
        return true;
      }
  }
  return QWidget::eventFilter(watched, e);
}

void ChartsPanel::setEnlarged(MetricsChart* chart) {
  enlarged_ = chart;
  laidOutFor_ = -1;
  relayout();
}

void ChartsPanel::setPresentation(bool on, int textPx) {
  presentation_ = on;
  for (auto* c : charts_) {
    c->setTextPixelSize(on ? textPx : 0);
    c->setPresentationStyle(on);
  }
  gantt_->setTextPixelSize(on ? textPx : 0);
  gantt_->setPresentationStyle(on);
  laidOutFor_ = -1;
  relayout();
}

void ChartsPanel::setStartPage(QWidget* page) {
  if (startPage_) stack_->removeWidget(startPage_);
  startPage_ = page;
  if (page) stack_->addWidget(page);
}

void ChartsPanel::showStartPage(bool show) {
  stack_->setCurrentWidget(show && startPage_ ? startPage_ : static_cast<QWidget*>(scroll_));
  relayout();
}

bool ChartsPanel::startPageShown() const { return startPage_ && stack_->currentWidget() == startPage_; }

void ChartsPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void ChartsPanel::retranslateUi() {
  const QString step = tr("Engine step");
  kv_->setTitles(tr("KV-cache growth"), step, tr("MiB"));
  kv_->setSeriesName(0, tr("Paged: allocated"));
  kv_->setSeriesName(1, tr("Tokens stored"));
  kv_->setSeriesName(2, tr("Capacity"));
  kv_->setSeriesName(3, tr("Contiguous: reserved"));
  if (kvFullAttention_ >= 0) kv_->setSeriesName(kvFullAttention_, tr("Full attention: peak"));
  util_->setTitles(tr("Per-step utilization"), step, tr("Fraction"));
  util_->setSeriesName(0, tr("Slot utilization"));
  util_->setSeriesName(1, tr("Token utilization"));
  tokens_->setTitles(tr("Tokens per step"), step, tr("Count"));
  tokens_->setSeriesName(0, tr("Prefill tokens"));
  tokens_->setSeriesName(1, tr("Decode tokens"));
  tokens_->setSeriesName(2, tr("Batch size (running)"));
  throughput_->setTitles(tr("Throughput"), step, tr("Tokens/s"));
  throughput_->setSeriesName(0, tr("Generated tokens/s"));
  latency_->setTitles(tr("Latency per finished request"), tr("Finished request"), tr("TTFT"), tr("TPOT"));
  latency_->setSeriesName(0, tr("TTFT (left axis)"));
  latency_->setSeriesName(1, tr("TPOT (right axis)"));
  spec_->setTitles(tr("Speculative decoding"), step, tr("Tokens"));
  spec_->setSeriesName(0, tr("Drafted"));
  spec_->setSeriesName(1, tr("Accepted"));
  specRate_->setTitles(tr("Draft acceptance rate"), step, tr("Fraction"));
  specRate_->setSeriesName(0, tr("Accepted / drafted so far"));
  for (auto* c : charts_) c->setToolTip(tr("Double-click to enlarge this chart to the whole tab (and back)."));
}

}  // namespace inferscope::ui
