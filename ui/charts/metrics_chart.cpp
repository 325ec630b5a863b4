#include "ui/charts/metrics_chart.h"

#include <QFile>
#include <QLineSeries>
#include <QTextStream>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <map>

namespace inferscope::ui {

MetricsChart::MetricsChart(const QString& id, const QString& xKey, QWidget* parent)
    : QChartView(parent), id_(id), xKey_(xKey) {
  setObjectName(id);
  auto* c = new QChart();
  c->legend()->setAlignment(Qt::AlignBottom);
  c->setMargins(QMargins(4, 4, 4, 4));
  axisX_ = new QValueAxis(c);
  axisY_ = new QValueAxis(c);
  axisX_->setLabelFormat(QStringLiteral("%g"));
  axisY_->setLabelFormat(QStringLiteral("%g"));
  axisX_->setRange(0, 1);
  axisY_->setRange(0, 1);
  c->addAxis(axisX_, Qt::AlignBottom);
  c->addAxis(axisY_, Qt::AlignLeft);
  setChart(c);
  setRenderHint(QPainter::Antialiasing);
  setMinimumSize(260, 180);
}

int MetricsChart::addSeries(const QString& key, const QColor& color, Qt::PenStyle style) {
  auto* s = new QLineSeries(chart());
  s->setName(key);
  QPen pen(color, lineWidth_, style);
  s->setPen(pen);
  chart()->addSeries(s);
  s->attachAxis(axisX_);
  s->attachAxis(axisY_);
  keys_.push_back(key);
  colors_.push_back(color);
  history_.emplace_back();
  series_.push_back(s);
  return int(series_.size()) - 1;
}

void MetricsChart::setSeriesName(int series, const QString& name) { series_[size_t(series)]->setName(name); }

void MetricsChart::removeAllSeries() {
  chart()->removeAllSeries();  // deletes them
  series_.clear();
  keys_.clear();
  colors_.clear();
  history_.clear();
  dirty_ = true;
}

void MetricsChart::setTitles(const QString& title, const QString& xTitle, const QString& yTitle) {
  chart()->setTitle(title);
  axisX_->setTitleText(xTitle);
  axisY_->setTitleText(yTitle);
}

QString MetricsChart::title() const { return chart()->title(); }

void MetricsChart::appendPoint(int series, QPointF p) {
  if (!std::isfinite(p.y())) return;
  history_[size_t(series)].append(p);
  dirty_ = true;
}

void MetricsChart::clearHistory() {
  for (auto& h : history_) h.clear();
  dirty_ = true;
  refresh();
}

void MetricsChart::setShowFullHistory(bool full) {
  showFull_ = full;
  dirty_ = true;
  refresh();
}

void MetricsChart::setLineWidth(qreal width) {
  lineWidth_ = width;
  for (auto* s : series_) {
    QPen p = s->pen();
    p.setWidthF(width);
    s->setPen(p);
  }
}

void MetricsChart::setDark(bool dark) {
  // Keep our series colours: only the chart's background and text follow the theme.
  const QColor bg = dark ? QColor(0x26, 0x28, 0x2b) : QColor(Qt::white);
  const QColor fg = dark ? QColor(0xe0, 0xe0, 0xe0) : QColor(0x20, 0x20, 0x20);
  chart()->setBackgroundBrush(bg);
  chart()->setTitleBrush(fg);
  chart()->legend()->setLabelColor(fg);
  for (auto* a : {axisX_, axisY_}) {
    a->setLabelsColor(fg);
    a->setTitleBrush(fg);
    a->setGridLineColor(dark ? QColor(0x44, 0x44, 0x44) : QColor(0xdd, 0xdd, 0xdd));
  }
  setBackgroundBrush(bg);
}

void MetricsChart::setTextPixelSize(int px) {
  textPx_ = std::max(0, px);
  QFont f = font();
  if (textPx_ > 0) f.setPixelSize(textPx_);
  QFont title = f;
  title.setBold(true);
  chart()->setTitleFont(title);
  chart()->legend()->setFont(f);
  for (auto* a : {axisX_, axisY_}) {
    a->setLabelsFont(f);
    a->setTitleFont(f);
  }
}

void MetricsChart::setPresentationStyle(bool on) {
  presentation_ = on;
  // Okabe-Ito: eight colours that stay distinct under the common colour-vision deficiencies.
  static const QColor kOkabeIto[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00), QColor(0x00, 0x9e, 0x73),
                                     QColor(0xd5, 0x5e, 0x00), QColor(0xcc, 0x79, 0xa7), QColor(0x56, 0xb4, 0xe9),
                                     QColor(0xf0, 0xe4, 0x42), QColor(0x00, 0x00, 0x00)};
  for (size_t i = 0; i < series_.size(); ++i) {
    QPen p = series_[i]->pen();
    p.setColor(on ? kOkabeIto[i % std::size(kOkabeIto)] : colors_[i]);
    p.setWidthF(on ? std::max<qreal>(lineWidth_, 4.0) : lineWidth_);
    series_[i]->setPen(p);
  }
}

QList<QPointF> MetricsChart::visiblePoints(const QList<QPointF>& all, double xMin, int columns) const {
  auto first = std::lower_bound(all.begin(), all.end(), xMin, [](const QPointF& p, double x) { return p.x() < x; });
  const qsizetype n = all.end() - first;
  QList<QPointF> out;
  if (n <= 2 * columns) {
    out.reserve(n);
    for (auto it = first; it != all.end(); ++it) out.append(*it);
    return out;
  }
  // Decimate to about one pixel column per bucket, keeping each bucket's min and max so peaks survive.
  out.reserve(2 * columns + 2);
  const double stride = double(n) / columns;
  for (int c = 0; c < columns; ++c) {
    const auto b = first + qsizetype(c * stride);
    const auto e = (c + 1 == columns) ? all.end() : first + qsizetype((c + 1) * stride);
    if (b >= e) continue;
    auto [mn, mx] = std::minmax_element(b, e, [](const QPointF& a, const QPointF& z) { return a.y() < z.y(); });
    if (mn->x() <= mx->x()) {
      out.append(*mn);
      if (mx != mn) out.append(*mx);
    } else {
      out.append(*mx);
      out.append(*mn);
    }
  }
  return out;
}

qsizetype MetricsChart::shownPointCount(int series) const { return series_[size_t(series)]->count(); }

void MetricsChart::refresh() {
  if (!dirty_) return;
  dirty_ = false;
  double xMax = 0, xMinAll = 0;
  bool any = false;
  for (const auto& h : history_) {
    if (h.isEmpty()) continue;
    xMax = any ? std::max(xMax, h.last().x()) : h.last().x();
    xMinAll = any ? std::min(xMinAll, h.first().x()) : h.first().x();
    any = true;
  }
  const double xMin = (!showFull_ && windowSize_ > 0) ? std::max(xMinAll, xMax - windowSize_) : xMinAll;
  const int columns = std::max(50, int(chart()->plotArea().width()));
  double yMax = 0, yMin = 0;
  for (size_t i = 0; i < series_.size(); ++i) {
    QList<QPointF> pts = visiblePoints(history_[i], xMin, columns);
    for (const auto& p : pts) {
      yMax = std::max(yMax, p.y());
      yMin = std::min(yMin, p.y());
    }
    series_[i]->replace(pts);  // one replace per series per frame
  }
  const double x1 = any ? std::max(xMax, xMin + 1) : 1;
  if (axisX_->min() != xMin || axisX_->max() != x1) axisX_->setRange(any ? xMin : 0, x1);
  // Round the y range up so the axis does not change on every frame.
  double top = yMax <= 0 ? 1 : std::pow(10, std::floor(std::log10(yMax)));
  top = std::ceil(yMax * 1.1 / top) * top;
  if (top <= 0) top = 1;
  if (axisY_->min() != yMin || axisY_->max() != top) axisY_->setRange(yMin, top);
}

bool MetricsChart::writeCsv(const QString& path, QString* error) const {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
    if (error) *error = f.errorString();
    return false;
  }
  // Rows keyed by x so series sampled at different x (per request vs per step) share one table.
  std::map<double, std::vector<QString>> rows;
  for (size_t s = 0; s < history_.size(); ++s)
    for (const auto& p : history_[s]) {
      auto& row = rows[p.x()];
      row.resize(history_.size());
      row[s] = QString::number(p.y(), 'g', 17);
    }
  QTextStream out(&f);
  out << xKey_;
  for (const auto& k : keys_) out << ',' << k;
  out << '\n';
  for (const auto& [x, cells] : rows) {
    out << QString::number(x, 'g', 17);
    for (size_t s = 0; s < history_.size(); ++s) out << ',' << (s < cells.size() ? cells[s] : QString());
    out << '\n';
  }
  return f.error() == QFile::NoError;
}

}  // namespace inferscope::ui
