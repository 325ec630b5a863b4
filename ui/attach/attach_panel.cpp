#include "ui/attach/attach_panel.h"

#include <QGridLayout>
#include <QLabel>
#include <QHBoxLayout>
#include <QScrollArea>
#include <QSlider>
#include <QUrl>
#include <QVBoxLayout>

#include "ui/attach/prefix_tree_view.h"
#include "ui/attach/slot_fill_view.h"
#include "ui/attach/traced_requests_view.h"
#include "ui/attach/traced_timeline.h"
#include "ui/charts/metrics_chart.h"
#include "remote/otlp/request_span_record.h"
#include "remote/otlp/span_timeline.h"

namespace inferscope::ui {

namespace {
// The charts, in order: id, what the y axis measures.
struct ChartSpec {
  const char* id;
  MetricsChart::Scale y;
};
const ChartSpec kCharts[] = {{"server_requests", MetricsChart::Scale::Count},
                             {"server_kv_usage", MetricsChart::Scale::Fraction},
                             {"server_throughput", MetricsChart::Scale::Real},
                             {"server_latency", MetricsChart::Scale::TimeMs},
                             {"server_prefix_hits", MetricsChart::Scale::Fraction},
                             {"server_speculation", MetricsChart::Scale::Real},
                             {"server_traced", MetricsChart::Scale::TimeMs}};
// Okabe-Ito, one colour per quantity; a second server's series of the same quantity is dashed.
const QColor kColors[] = {QColor(0, 114, 178), QColor(230, 159, 0), QColor(0, 158, 115), QColor(204, 121, 167),
                          QColor(213, 94, 0), QColor(86, 180, 233), QColor(0, 0, 0)};
// The share of the KV cache in use: the server's own gauge, else (llama.cpp) its slots' fill.
std::optional<double> kvInUse(const remote::ServerPoint& p) {
  if (p.scrape.kv_usage) return p.scrape.kv_usage;
  if (!p.slot_read || p.slot_read->slot_states.empty()) return std::nullopt;
  double used = 0, ctx = 0;
  for (const auto& sl : p.slot_read->slot_states) {
    used += sl.used_tokens().value_or(0);
    ctx += sl.n_ctx;
  }
  return ctx > 0 ? std::optional<double>(used / ctx) : std::nullopt;
}

}  // namespace

AttachPanel::AttachPanel(RemoteServerSource* source, QWidget* parent) : QWidget(parent), source_(source) {
  setObjectName(QStringLiteral("servers"));  // `inferscope --screenshot ... --tab servers`
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  // The replay strip: shown only with a recording on screen.
  replayBar_ = new QWidget(this);
  auto* rb = new QHBoxLayout(replayBar_);
  rb->setContentsMargins(6, 4, 6, 4);
  replayLabel_ = new QLabel(replayBar_);
  replaySlider_ = new QSlider(Qt::Horizontal, replayBar_);
  replaySlider_->setObjectName(QStringLiteral("attach_replay_slider"));
  rb->addWidget(replayLabel_);
  rb->addWidget(replaySlider_, 1);
  replayBar_->hide();
  outer->addWidget(replayBar_);
  connect(replaySlider_, &QSlider::valueChanged, this, [this](int v) {
    if (v != shownPoll_) showPoll(v);
  });
  auto* scroll = new QScrollArea(this);
  scroll_ = scroll;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* body = new QWidget(scroll);
  auto* v = new QVBoxLayout(body);
  hint_ = new QLabel(body);
  hint_->setWordWrap(true);
  v->addWidget(hint_);
  statusBox_ = new QVBoxLayout();
  v->addLayout(statusBox_);
  // The slot bars right under the status lines: a few rows that say the most about a llama.cpp server,
  // visible without scrolling past the charts.
  slotBox_ = new QVBoxLayout();
  v->addLayout(slotBox_);
  chartGrid_ = new QGridLayout();
  v->addLayout(chartGrid_, 1);
  kvLabel_ = new QLabel(body);
  kvLabel_->setWordWrap(true);
  kvLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  kvLabel_->hide();
  v->addWidget(kvLabel_);
  // Under the KV-event text: the block pool and the prefix cache's forest (vLLM's KV events).
  tree_ = new PrefixTreeView(body);
  tree_->hide();
  v->addWidget(tree_);
  traced_ = new TracedRequestsView(body);
  traced_->hide();
  // The traced requests' timeline, in the chart grid after the last chart (layoutCharts); a click in it or
  // in the table below selects the request in both.
  timeline_ = new TracedTimeline(traced_->model(), body);
  timeline_->hide();
  v->addWidget(traced_);
  connect(traced_, &TracedRequestsView::requestSelected, timeline_, &TracedTimeline::setSelectedSerial);
  connect(timeline_, &TracedTimeline::requestClicked, traced_, &TracedRequestsView::selectRequest);
  scroll->setWidget(body);
  outer->addWidget(scroll);
  for (const ChartSpec& c : kCharts) makeChart(QString::fromLatin1(c.id));
  if (source_) {
    connect(source_, &RemoteServerSource::attached, this, &AttachPanel::startOver);
    connect(source_, &RemoteServerSource::detached, this, &AttachPanel::clearViews);
    connect(source_, &RemoteServerSource::polled, this, &AttachPanel::onPolled);
    connect(source_, &RemoteServerSource::kvReading, this,
            [this](const remote::KvEventsFacts& k, double stored, double removed) {
              showKvReading(k, std::make_pair(stored, removed));
              kvLabel_->show();
            });
    connect(source_, &RemoteServerSource::kvTree, this, [this](const remote::PrefixTreeLayout& layout) {
      tree_->setTree(layout);
      tree_->show();
    });
    connect(source_, &RemoteServerSource::traced, this, &AttachPanel::showTraced);
    connect(source_, &RemoteServerSource::traceStatsChanged, this, [this] {
      traced_->setReceiver(source_->tracesAddress(), source_->traceStats());
      traced_->show();
    });
  }
  retranslateUi();
}

MetricsChart* AttachPanel::makeChart(const QString& id) {
  auto* chart = new MetricsChart(id, QStringLiteral("t_s"), this);
  MetricsChart::Scale y = MetricsChart::Scale::Real;
  for (const ChartSpec& c : kCharts)
    if (id == QLatin1String(c.id)) y = c.y;
  chart->setScales(MetricsChart::Scale::Real, y);
  chart->setWindowSize(120);  // the last two minutes
  chart->setMinimumSize(320, 220);
  chart->hide();  // shown with its first series
  charts_.push_back(chart);
  return chart;
}

MetricsChart* AttachPanel::chart(const QString& id) const {
  for (MetricsChart* c : charts_)
    if (c->id() == id) return c;
  return nullptr;
}

void AttachPanel::retranslateUi() {
  updateReplayLabel();
  tree_->update();  // its texts are made as it paints
  if (replay_)
    hint_->setText(tr("Recording of an attached session (%1, %2): %n poll(s); nothing is contacted.", "", pollCount())
                       .arg(QString::fromStdString(replay_->meta().value("source", std::string())),
                            QString::fromStdString(replay_->meta().value("created", std::string()))));
  else
  hint_->setText(urls_.isEmpty() ? tr("Not attached. File > Attach to server... watches a running llama.cpp server, "
                                      "vLLM or SGLang through the metrics it publishes.")
                                 : tr("Watching %n server(s). Only what a server publishes is drawn.", "", int(urls_.size())));
  const QString seconds = tr("Time (s)");
  if (auto* c = chart("server_requests")) c->setTitles(tr("Requests on the server"), seconds, tr("Requests"));
  if (auto* c = chart("server_kv_usage")) c->setTitles(tr("KV cache in use"), seconds, tr("Fraction of the cache"));
  if (auto* c = chart("server_throughput")) c->setTitles(tr("Throughput"), seconds, tr("Tokens per second"));
  if (auto* c = chart("server_latency")) c->setTitles(tr("Latency percentiles"), seconds, tr("Latency"));
  if (auto* c = chart("server_prefix_hits")) c->setTitles(tr("Prefix-cache hit rate"), seconds, tr("Fraction of prompt tokens"));
  if (auto* c = chart("server_speculation")) c->setTitles(tr("Speculative decoding"), seconds, tr("Tokens per step"));
  if (auto* c = chart("server_traced")) c->setTitles(tr("Traced requests (OTLP), when each finished"), seconds, tr("Latency"));
  if (auto* c = chart("server_traced"))
    for (auto s = tracedSeries_.begin(); s != tracedSeries_.end(); ++s) c->setSeriesName(s.value(), quantityName(s.key()));
  traced_->retranslateUi();
  timeline_->retranslateUi();
  for (auto it = rows_.begin(); it != rows_.end(); ++it)
    for (auto s = it->series.begin(); s != it->series.end(); ++s) {
      const QString chartId = s.key().section('/', 0, 0);
      const QString quantity = s.key().section('/', 1);
      if (auto* c = chart(chartId))
        c->setSeriesName(s.value(), urls_.size() > 1 ? shortName(it.key()) + ": " + quantityName(quantity) : quantityName(quantity));
    }
  if (lastKv_) {  // in the new language (a copy: showing it replaces lastKv_)
    const auto kv = *lastKv_;
    showKvReading(kv.first, kv.second);
  }
}

QString AttachPanel::quantityName(const QString& q) const {
  if (q == "running") return tr("running");
  if (q == "waiting") return tr("waiting");
  if (q == "kv_usage") return tr("KV cache in use");
  if (q == "prompt") return tr("prompt tokens/s");
  if (q == "generation") return tr("generated tokens/s");
  if (q == "ttft_p50") return tr("TTFT p50");
  if (q == "ttft_p99") return tr("TTFT p99");
  if (q == "tpot_p50") return tr("TPOT p50");
  if (q == "tpot_p99") return tr("TPOT p99");
  if (q == "prefix") return tr("prefix-cache hits");
  if (q == "spec_len") return tr("mean accepted length");
  if (q == "spec_rate") return tr("acceptance rate");
  if (q == "traced_queue") return tr("time in queue");
  if (q == "traced_ttft") return tr("time to first token");
  if (q == "traced_e2e") return tr("end to end");
  return q;
}

QString AttachPanel::shortName(const QString& url) const {
  const QUrl u(url);
  return u.port() > 0 ? QStringLiteral("%1:%2").arg(u.host()).arg(u.port()) : u.host();
}

void AttachPanel::addRow(const QString& url) {
  ServerRow row;
  row.status = new QLabel(tr("%1: connecting...").arg(url), this);
  row.status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  row.status->setWordWrap(true);
  if (textPx_ > 0) {
    QFont f = row.status->font();
    f.setPixelSize(textPx_);
    row.status->setFont(f);
  }
  statusBox_->addWidget(row.status);
  rows_.insert(url, row);
}

void AttachPanel::startOver(const QStringList& urls) {
  clearViews();
  urls_ = urls;
  for (const QString& url : urls) addRow(url);
  retranslateUi();
}

void AttachPanel::clearViews() {
  kvLabel_->hide();
  lastKv_.reset();
  tree_->hide();
  tree_->setTree({});
  tree_->setPool(0, std::nullopt);
  poolBlocks_.clear();
  traced_->clear();
  traced_->hide();
  timeline_->refresh();
  timeline_->hide();
  chartGrid_->removeWidget(timeline_);
  tracedSeries_.clear();
  for (auto it = rows_.begin(); it != rows_.end(); ++it) {
    delete it->status;
    delete it->slotFill;
  }
  rows_.clear();
  latest_.clear();
  for (MetricsChart* c : charts_) {
    c->removeAllSeries();
    c->clearHistory();
    c->hide();
    chartGrid_->removeWidget(c);
  }
  urls_.clear();
  replay_.reset();
  replayPoints_.clear();
  shownPoll_ = -1;
  replayBar_->hide();
}

AttachPanel::Headline AttachPanel::headline() const {
  Headline h;
  h.servers = int(rows_.size());
  double kvSum = 0;
  int kvCount = 0;
  for (const remote::ServerPoint& p : latest_) {
    if (!p.up) continue;
    ++h.up;
    h.running += int(p.scrape.running.value_or(0));
    h.waiting += int(p.scrape.waiting.value_or(0));
    if (p.window && p.window->generation_tokens_per_s) h.generatedPerS += *p.window->generation_tokens_per_s;
    if (const std::optional<double> kv = kvInUse(p)) kvSum += *kv, ++kvCount;
  }
  if (kvCount > 0) h.kvUsed = kvSum / kvCount;
  return h;
}

void AttachPanel::plot(const QString& url, ServerRow& row, const QString& chartId, const QString& quantity, double t,
                       const std::optional<double>& value) {
  if (!value || !std::isfinite(*value)) return;  // not published: no series, never a zero line
  MetricsChart* c = chart(chartId);
  const QString key = chartId + '/' + quantity;
  auto it = row.series.find(key);
  if (it == row.series.end()) {
    const int serverIndex = int(urls_.indexOf(url));
    const QColor color = kColors[size_t(c->seriesCount()) % std::size(kColors)];
    const int index = c->addSeries(urls_.size() > 1 ? shortName(url) + '_' + quantity : quantity, color,
                                   serverIndex > 0 ? Qt::DashLine : Qt::SolidLine);
    c->setSeriesName(index, urls_.size() > 1 ? shortName(url) + ": " + quantityName(quantity) : quantityName(quantity));
    it = row.series.insert(key, index);
    if (c->isHidden()) {
      layoutCharts();  // before show(): the layout reparents the chart, which hides it again
      c->show();
    }
  }
  // Milliseconds for the latency chart (its axis shows ms or s by the range).
  const double y = chartId == QLatin1String("server_latency") ? *value * 1000.0 : *value;
  c->appendPoint(it.value(), QPointF(t, y));
}

int AttachPanel::chartColumns() const { return width() >= 1100 ? 3 : (width() >= 700 ? 2 : 1); }

// The charts that have data, in their fixed order, as many to a row as the width allows; then, once there
// are traced requests, their timeline in the rest of the last row (a row of its own when that is full).
void AttachPanel::layoutCharts() {
  columns_ = chartColumns();
  int shown = 0;
  for (MetricsChart* c : charts_) {
    chartGrid_->removeWidget(c);
    if (c->seriesCount() == 0) continue;
    chartGrid_->addWidget(c, shown / columns_, shown % columns_);
    ++shown;
  }
  chartGrid_->removeWidget(timeline_);
  if (traced_->model()->added() > 0)
    chartGrid_->addWidget(timeline_, shown / columns_, shown % columns_, 1, columns_ - shown % columns_);
  else
    timeline_->hide();  // out of the grid, not left where it was
  for (int col = 0; col < 3; ++col) chartGrid_->setColumnStretch(col, col < columns_ ? 1 : 0);
}

// A chart no taller than what is left of the visible area under the status lines and slot bars, so the
// first row of charts shows whole (axes included) without scrolling; never below the charts' minimum.
void AttachPanel::fitChartHeights() {
  const int viewport = scroll_->viewport()->height();
  const int top = chartGrid_->geometry().top();
  const int avail = top > 0 ? viewport - top - 12 : viewport * 6 / 10;
  const int h = std::max(avail, charts_.isEmpty() ? 0 : charts_.front()->minimumHeight());
  for (MetricsChart* c : charts_)
    if (c->maximumHeight() != h) c->setMaximumHeight(h);
  if (timeline_->maximumHeight() != h) timeline_->setMaximumHeight(h);
}

void AttachPanel::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  if (chartColumns() != columns_) layoutCharts();
  fitChartHeights();
}

void AttachPanel::onPolled(const remote::ServerPoint& p) {
  auto rowIt = rows_.find(p.url);
  if (rowIt == rows_.end()) {  // URLs are normalized by QUrl: match loosely
    for (auto it = rows_.begin(); it != rows_.end(); ++it)
      if (QUrl(it.key()) == QUrl(p.url)) rowIt = it;
    if (rowIt == rows_.end()) return;
  }
  ServerRow& row = *rowIt;
  const QString url = rowIt.key();
  latest_.insert(url, p);
  if (!p.up) {
    row.status->setText(tr("%1: not answering (%2); retry %3").arg(url, p.error).arg(p.consecutive_failures));
    emit polled(p);
    return;
  }
  const remote::ServerScrape& s = p.scrape;
  QString line = tr("%1: %2, up").arg(url, QString::fromLatin1(remote::server_kind_name(s.kind)));
  if (s.running) line += tr(", %1 running").arg(*s.running);
  if (s.waiting) line += tr(", %1 waiting").arg(*s.waiting);
  if (s.kv_usage) line += tr(", KV cache %1% in use").arg(*s.kv_usage * 100.0, 0, 'f', 1);
  if (s.kv_blocks_total && s.kv_block_size)
    line += tr(" (%1 blocks of %2 tokens)").arg(*s.kv_blocks_total).arg(*s.kv_block_size);
  if (p.parse_warnings > 0) line += tr("; %n malformed line(s) skipped", "", int(p.parse_warnings));
  row.status->setText(line);
  // The block pool's size, for the bar under the KV events (vLLM publishes it; others do not).
  if (s.kv_blocks_total)
    poolBlocks_.insert(url, *s.kv_blocks_total);
  else
    poolBlocks_.remove(url);
  if (lastKv_) tree_->setPool(lastKv_->first.summary.blocks_held, poolBlocks());

  const double t = p.t_s;
  plot(url, row, QStringLiteral("server_requests"), QStringLiteral("running"), t, s.running);
  plot(url, row, QStringLiteral("server_requests"), QStringLiteral("waiting"), t, s.waiting);
  plot(url, row, QStringLiteral("server_kv_usage"), QStringLiteral("kv_usage"), t, kvInUse(p));
  if (p.window) {
    const remote::ServerWindow& w = *p.window;
    plot(url, row, QStringLiteral("server_throughput"), QStringLiteral("prompt"), t, w.prompt_tokens_per_s);
    plot(url, row, QStringLiteral("server_throughput"), QStringLiteral("generation"), t, w.generation_tokens_per_s);
    plot(url, row, QStringLiteral("server_latency"), QStringLiteral("ttft_p50"), t, w.ttft_p50_s);
    plot(url, row, QStringLiteral("server_latency"), QStringLiteral("ttft_p99"), t, w.ttft_p99_s);
    plot(url, row, QStringLiteral("server_latency"), QStringLiteral("tpot_p50"), t, w.tpot_p50_s);
    plot(url, row, QStringLiteral("server_latency"), QStringLiteral("tpot_p99"), t, w.tpot_p99_s);
    plot(url, row, QStringLiteral("server_prefix_hits"), QStringLiteral("prefix"), t, w.prefix_hit_rate);
    plot(url, row, QStringLiteral("server_speculation"), QStringLiteral("spec_len"), t, w.spec_mean_accepted_length);
  }
  if (p.slot_read) {
    if (!row.slotFill) {
      row.slotFill = new SlotFillView(this);
      row.slotFill->setTextPixelSize(textPx_);
      slotBox_->addWidget(row.slotFill);
    }
    row.slotFill->setSlots(*p.slot_read);
  }
  if (!bulk_) {
    fitChartHeights();
    for (MetricsChart* c : charts_)
      if (c->isVisible()) c->refresh();
  }
  emit polled(p);
}

void AttachPanel::showTraced(const std::vector<remote::LlmRequestSpan>& requests) {
  traced_->add(requests);
  traced_->show();
  timeline_->refresh();
  timeline_->setSelectedSerial(traced_->selectedRequest());
  if (chartGrid_->indexOf(timeline_) < 0) layoutCharts();  // before show(), as for a chart
  timeline_->show();
  // Drawn again whole: a later export can move the estimate of the sender's clock (span_timeline.h).
  const std::deque<remote::LlmRequestSpan>& rows = traced_->model()->rows();
  const std::vector<double> x = remote::finish_times_on_session_clock(rows);
  std::vector<std::size_t> order(rows.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&x](std::size_t a, std::size_t b) { return x[a] < x[b]; });
  chart(QStringLiteral("server_traced"))->clearHistory();
  for (const std::size_t i : order) {
    plotTraced(QStringLiteral("traced_queue"), x[i], rows[i].queue_s);
    plotTraced(QStringLiteral("traced_ttft"), x[i], rows[i].ttft_s);
    plotTraced(QStringLiteral("traced_e2e"), x[i], rows[i].e2e_s);
  }
  if (!bulk_)
    if (MetricsChart* c = chart(QStringLiteral("server_traced")); c->isVisible()) c->refresh();
}

void AttachPanel::plotTraced(const QString& quantity, double t, const std::optional<double>& seconds) {
  if (!seconds || !std::isfinite(*seconds)) return;  // not traced: no series, never a zero line
  MetricsChart* c = chart(QStringLiteral("server_traced"));
  auto it = tracedSeries_.find(quantity);
  if (it == tracedSeries_.end()) {
    const int index = c->addSeries(quantity, kColors[size_t(c->seriesCount()) % std::size(kColors)]);
    c->setSeriesName(index, quantityName(quantity));
    it = tracedSeries_.insert(quantity, index);
    if (c->isHidden()) {
      layoutCharts();  // before show(): the layout reparents the chart, which hides it again
      c->show();
    }
  }
  c->appendPoint(it.value(), QPointF(t, *seconds * 1000.0));
}

void AttachPanel::showKvReading(const remote::KvEventsFacts& k, std::optional<std::pair<double, double>> rates) {
  lastKv_.emplace(k, rates);
  const auto& s = k.summary;
  tree_->setPool(s.blocks_held, poolBlocks());
  QString text = tr("vLLM KV events from %1: %2 batches (%3 through replay, %4 missed)")
                     .arg(QString::fromStdString(k.endpoint))
                     .arg(k.batches)
                     .arg(k.replayed)
                     .arg(k.missed);
  if (rates)
    text += '\n' + tr("Prefix cache: %1 blocks held in %2 cached prefixes, the longest %3 blocks; "
                      "%4 blocks stored and %5 removed per second")
                       .arg(s.blocks_held)
                       .arg(s.leaves)
                       .arg(s.longest_chain)
                       .arg(rates->first, 0, 'f', 1)
                       .arg(rates->second, 0, 'f', 1);
  else  // a recording keeps the counts, not the rates
    text += '\n' + tr("Prefix cache: %1 blocks held in %2 cached prefixes, the longest %3 blocks; "
                      "%4 blocks stored and %5 removed in all")
                       .arg(s.blocks_held)
                       .arg(s.leaves)
                       .arg(s.longest_chain)
                       .arg(s.stored_total)
                       .arg(s.removed_total);
  text += '\n' + tr("The events name blocks by content hash, not by their place in GPU memory: this is the cache's "
                    "content, not its layout.");
  if (!k.last_error.empty()) text += '\n' + tr("Last error: %1").arg(QString::fromStdString(k.last_error));
  kvLabel_->setText(text);
}

// --- Recordings -------------------------------------------------------------------------------------

void AttachPanel::showRecording(std::shared_ptr<const record::Recording> recording) {
  if (source_) source_->detach();
  clearViews();
  replay_ = std::move(recording);
  for (const auto& u : replay_->meta().value("servers", std::vector<std::string>{})) urls_ << QString::fromStdString(u);
  replayPoints_.reserve(replay_->server_polls().size());
  for (const record::ServerPollRecord& r : replay_->server_polls()) {
    replayPoints_.push_back(remote::server_point(remote::from_record(r)));
    const QString url = replayPoints_.back().url;
    if (!urls_.contains(url)) urls_ << url;  // a server the meta does not name (a later writer)
  }
  for (const QString& u : urls_) addRow(u);
  replaySlider_->blockSignals(true);
  replaySlider_->setRange(0, std::max(0, pollCount() - 1));
  replaySlider_->blockSignals(false);
  replayBar_->show();
  retranslateUi();
  showPoll(pollCount() - 1);
}

int AttachPanel::pollCount() const { return int(replayPoints_.size()); }

void AttachPanel::showPoll(int index) {
  if (!replay_) return;
  // The request selected stays selected: a replay numbers its traced requests the same way every time.
  const qint64 selected = traced_->selectedRequest();
  if (replayPoints_.empty()) {  // traces alone (attach --otlp-listen without a server to poll)
    traced_->clear();
    timeline_->refresh();
    tracedSeries_.clear();
    std::vector<remote::LlmRequestSpan> spans;
    for (const record::RequestSpanRecord& r : replay_->request_spans()) spans.push_back(remote::from_record(r));
    if (!spans.empty()) showTraced(spans);
    traced_->selectRequest(selected);
    timeline_->setSelectedSerial(traced_->selectedRequest());
    return;
  }
  index = std::clamp(index, 0, pollCount() - 1);
  // Replayed from the first poll: the charts, the rows' series and the slot bars are what they were live.
  for (MetricsChart* c : charts_) {
    c->removeAllSeries();
    c->clearHistory();
    c->hide();
    chartGrid_->removeWidget(c);
  }
  for (auto it = rows_.begin(); it != rows_.end(); ++it) it->series.clear();
  tracedSeries_.clear();
  traced_->clear();
  timeline_->refresh();
  latest_.clear();
  poolBlocks_.clear();
  bulk_ = true;
  for (int i = 0; i <= index; ++i) onPolled(replayPoints_[size_t(i)]);
  // The traced requests that had arrived by the poll shown (a recording of traces alone shows them all).
  const double shownT = replayPoints_[size_t(index)].t_s;
  std::vector<remote::LlmRequestSpan> spans;
  for (const record::RequestSpanRecord& r : replay_->request_spans())
    if (r.t_s <= shownT || index == pollCount() - 1) spans.push_back(remote::from_record(r));
  if (!spans.empty()) {
    showTraced(spans);
    traced_->show();
  }
  traced_->selectRequest(selected);
  timeline_->setSelectedSerial(traced_->selectedRequest());
  bulk_ = false;
  fitChartHeights();
  // Whether on screen yet or not (a recording is shown before its tab is made current).
  for (MetricsChart* c : charts_)
    if (c->seriesCount() > 0) c->refresh();
  // The KV-event reading taken at or before the poll shown.
  const double t = replayPoints_[size_t(index)].t_s;
  const record::KvEventsRecord* kv = nullptr;
  for (const record::KvEventsRecord& k : replay_->kv_events())
    if (k.t_s <= t || !kv) kv = &k;
  if (kv) {
    showKvReading(remote::from_record(*kv), std::nullopt);
    kvLabel_->show();
    tree_->setLiveOnly();  // a recording keeps the counts (the pool bar's too), not the blocks
    tree_->show();
  }
  shownPoll_ = index;
  replaySlider_->blockSignals(true);
  replaySlider_->setValue(index);
  replaySlider_->blockSignals(false);
  updateReplayLabel();
}

void AttachPanel::updateReplayLabel() {
  if (!replay_ || shownPoll_ < 0) return;
  replayLabel_->setText(tr("Poll %1 of %2, %3 s")
                            .arg(shownPoll_ + 1)
                            .arg(pollCount())
                            .arg(replayPoints_[size_t(shownPoll_)].t_s, 0, 'f', 1));
}

void AttachPanel::setPresentation(bool on, int textPx) {
  textPx_ = on ? textPx : 0;
  for (MetricsChart* c : charts_) {
    c->setTextPixelSize(textPx_);
    c->setPresentationStyle(on);
  }
  for (QLabel* l : {replayLabel_, hint_, kvLabel_}) {
    QFont f = l->font();
    if (textPx_ > 0) f.setPixelSize(textPx_);
    l->setFont(textPx_ > 0 ? f : font());
  }
  traced_->setTextPixelSize(textPx_);
  timeline_->setTextPixelSize(textPx_);
  tree_->setTextPixelSize(textPx_);
  for (auto& row : rows_) {
    if (row.slotFill) row.slotFill->setTextPixelSize(textPx_);
    QFont f = row.status->font();
    if (textPx_ > 0) f.setPixelSize(textPx_);
    row.status->setFont(textPx_ > 0 ? f : font());
  }
}

QString AttachPanel::statusText(const QString& url) const {
  const auto it = rows_.find(url);
  return it == rows_.end() ? QString() : it->status->text();
}

SlotFillView* AttachPanel::slotView(const QString& url) const {
  const auto it = rows_.find(url);
  return it == rows_.end() ? nullptr : it->slotFill;
}

QString AttachPanel::kvEventsText() const { return kvLabel_->text(); }

std::optional<double> AttachPanel::poolBlocks() const {
  for (const QString& u : urls_)  // the first server in the list that publishes it
    if (auto it = poolBlocks_.find(u); it != poolBlocks_.end()) return *it;
  return std::nullopt;
}

}  // namespace inferscope::ui
