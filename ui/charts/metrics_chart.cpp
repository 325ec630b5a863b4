#include "ui/charts/metrics_chart.h"

#include <QFile>
#include <QLineSeries>
#include <QPainter>
#include <QTextStream>
#include <QValueAxis>
#include <algorithm>

#include "ui/charts/chart_fitter.h"
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
  axisX_->setRange(0, 1);
  axisY_->setRange(0, 1);
  c->addAxis(axisX_, Qt::AlignBottom);
  c->addAxis(axisY_, Qt::AlignLeft);
  setChart(c);
  fitter_ = new ChartFitter(c);
  setRenderHint(QPainter::Antialiasing);
  // Drawn up to 30 times a second: square corners and no shadow let the background fill take the
  // raster engine's fast path, and one bounding rect per update repaints the plot in one pass.
  c->setBackgroundRoundness(0);
  c->setDropShadowEnabled(false);
  setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
  setOptimizationFlags(QGraphicsView::DontSavePainterState);
  // Small enough that a squeezed window shrinks the charts instead of overlapping them (a widget keeps
  // its minimum even when its layout has less room); the fitter keeps a short chart readable.
  setMinimumSize(240, 120);
  setTextPixelSize(0);  // the fitter measures with the fonts the axes really use
}

void MetricsChart::setScales(Scale x, Scale y, Scale yRight) {
  scaleX_ = x, scaleY_ = y, scaleY2_ = yRight;
  dirty_ = true;
}

int MetricsChart::addSeries(const QString& key, const QColor& color, Qt::PenStyle style, bool rightAxis) {
  auto* s = new QLineSeries(chart());
  s->setName(key);
  QPen pen(color, lineWidth_, style);
  s->setPen(pen);
  chart()->addSeries(s);
  s->attachAxis(axisX_);
  if (rightAxis && !axisY2_) {
    axisY2_ = new QValueAxis(chart());
    axisY2_->setRange(0, 1);
    chart()->addAxis(axisY2_, Qt::AlignRight);
    setTextPixelSize(textPx_);
    setDark(dark_);
  }
  s->attachAxis(rightAxis ? axisY2_ : axisY_);
  keys_.push_back(key);
  colors_.push_back(color);
  history_.emplace_back();
  series_.push_back(s);
  onRight_.push_back(rightAxis);
  updateLegend();
  dirty_ = true;
  return int(series_.size()) - 1;
}

void MetricsChart::setSeriesName(int series, const QString& name) {
  series_[size_t(series)]->setName(name);
  updateLegend();
}

QString MetricsChart::seriesName(int series) const { return series_[size_t(series)]->name(); }

void MetricsChart::removeAllSeries() {
  chart()->removeAllSeries();  // deletes them
  series_.clear();
  keys_.clear();
  colors_.clear();
  history_.clear();
  onRight_.clear();
  updateLegend();
  dirty_ = true;
}

void MetricsChart::removeLastSeries() {
  if (series_.empty()) return;
  chart()->removeSeries(series_.back());
  delete series_.back();
  series_.pop_back();
  keys_.pop_back();
  colors_.pop_back();
  history_.pop_back();
  onRight_.pop_back();
  updateLegend();
  dirty_ = true;
}

void MetricsChart::updateLegend() {
  // One line alone needs no legend: the chart title names it.
  std::vector<ChartFitter::LegendEntry> entries;
  if (series_.size() > 1)
    for (auto* s : series_)
      if (!s->name().isEmpty()) entries.push_back({s->name(), s->pen()});
  fitter_->setLegend(entries);
  dirty_ = true;
}

void MetricsChart::setTitles(const QString& title, const QString& xTitle, const QString& yTitle, const QString& yRightTitle) {
  fitter_->setChartTitle(title);
  xTitle_ = xTitle;
  yTitle_ = yTitle;
  y2Title_ = yRightTitle;
  dirty_ = true;
  fitNow();
}

QString MetricsChart::axisTitle(const QString& base, Scale scale, double divisor) const {
  if (scale != Scale::TimeMs) return base;
  const QString unit = divisor >= 1000 ? QStringLiteral("s") : QStringLiteral("ms");
  return base.isEmpty() ? unit : QStringLiteral("%1 (%2)").arg(base, unit);
}

namespace {
ChartFitter::Kind kindOf(MetricsChart::Scale s) {
  switch (s) {
    case MetricsChart::Scale::Count: return ChartFitter::Kind::Count;
    case MetricsChart::Scale::Fraction: return ChartFitter::Kind::Fraction;
    default: return ChartFitter::Kind::Real;
  }
}
}  // namespace

void MetricsChart::fitNow() {
  fitter_->setValueAxis(axisX_, kindOf(scaleX_), xLo_, xHi_, false);
  fitter_->setValueAxis(axisY_, kindOf(scaleY_), yLo_, yHi_, true);
  const QString yUnitOnly = scaleY_ == Scale::TimeMs ? axisTitle(QString(), scaleY_, divisorY_) : QString();
  fitter_->setAxisTitles(axisX_, {xTitle_});
  fitter_->setAxisTitles(axisY_, {axisTitle(yTitle_, scaleY_, divisorY_), yUnitOnly});
  if (axisY2_) {
    fitter_->setValueAxis(axisY2_, kindOf(scaleY2_), y2Lo_, y2Hi_, true);
    const QString unitOnly = scaleY2_ == Scale::TimeMs ? axisTitle(QString(), scaleY2_, divisorY2_) : QString();
    fitter_->setAxisTitles(axisY2_, {axisTitle(y2Title_, scaleY2_, divisorY2_), unitOnly});
  }
  fitter_->fit();
}

QString MetricsChart::title() const { return fitter_->chartTitle(); }

void MetricsChart::appendPoint(int series, QPointF p) {
  if (!std::isfinite(p.y())) return;
  history_[size_t(series)].append(p);
  dataDirty_ = true;
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
  updateLegend();
}

void MetricsChart::setDark(bool dark) {
  dark_ = dark;
  // Keep our series colours: only the chart's background and text follow the theme.
  const QColor bg = dark ? QColor(0x26, 0x28, 0x2b) : QColor(Qt::white);
  const QColor fg = dark ? QColor(0xe0, 0xe0, 0xe0) : QColor(0x20, 0x20, 0x20);
  chart()->setBackgroundBrush(bg);
  chart()->setTitleBrush(fg);
  chart()->legend()->setLabelColor(fg);
  fitter_->setLegendTextColor(fg);
  for (auto* a : {axisX_, axisY_, axisY2_}) {
    if (!a) continue;
    a->setLabelsColor(fg);
    a->setTitleBrush(fg);
    a->setGridLineColor(dark ? QColor(0x44, 0x44, 0x44) : QColor(0xdd, 0xdd, 0xdd));
  }
  setBackgroundBrush(bg);
  updateLegend();
  fitNow();
}

void MetricsChart::setTextPixelSize(int px) {
  textPx_ = std::max(0, px);
  QFont f = font();
  if (textPx_ > 0) f.setPixelSize(textPx_);
  QFont title = f;
  title.setBold(true);
  chart()->setTitleFont(title);
  chart()->legend()->setFont(f);
  fitter_->setLegendFont(f);
  for (auto* a : {axisX_, axisY_, axisY2_}) {
    if (!a) continue;
    a->setLabelsFont(f);
    a->setTitleFont(f);
  }
  fitNow();  // bigger text: fewer ticks, maybe shorter titles, more legend rows
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
  updateLegend();
  fitNow();
}

QList<QPointF> MetricsChart::visiblePoints(const BoundedSeries& series, double xMin, int columns) const {
  // A live window lies in the tail (kept as the points came); only a view reaching further back needs
  // the folded history.
  const QList<QPointF>& all = !series.tail().isEmpty() && series.tail().first().x() <= xMin ? series.tail() : series.points();
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

namespace {
int digits(double v) { return int(std::floor(std::log10(std::max(1.0, std::abs(v))))); }
}  // namespace

bool MetricsChart::wantsRefit(double xLo, double xHi, const double lo[2], const double hi[2]) const {
  const double span = xHi - xLo;
  if (fittedSpan_ <= 0 || std::abs(span - fittedSpan_) > 0.05 * fittedSpan_) return true;
  if (digits(xHi) != fittedDigits_ || digits(xLo) > fittedDigits_) return true;
  const QValueAxis* ys[2] = {axisY_, axisY2_};
  const Scale scales[2] = {scaleY_, scaleY2_};
  for (int side = 0; side < 2; ++side) {
    if (!ys[side]) continue;
    const NiceTicks t = fitter_->ticks(ys[side]);
    const double range = t.hi - t.lo;
    if (lo[side] < t.lo || hi[side] > t.hi) return true;      // values off the axis
    // A line squashed into the bottom half: rescale (fractions keep 0..1 whatever their values).
    if (scales[side] != Scale::Fraction && range > 0 && hi[side] - std::min(0.0, lo[side]) < 0.5 * range) return true;
  }
  return false;
}

void MetricsChart::refresh() {
  if (!dirty_ && !dataDirty_) return;
  double xMax = 0, xMinAll = 0;
  bool any = false;
  for (const auto& h : history_) {
    if (h.isEmpty()) continue;
    xMax = any ? std::max(xMax, h.last().x()) : h.last().x();
    xMinAll = any ? std::min(xMinAll, h.first().x()) : h.first().x();
    any = true;
  }
  double xMin = (!showFull_ && windowSize_ > 0) ? std::max(xMinAll, xMax - windowSize_) : xMinAll;
  double xEnd = std::max(xMax, xMin + 1);
  // The x axis advances a whole tick step at a time, not every frame: Qt rebuilds every tick label
  // (rich text, shaped anew) whenever the range moves. New points fill the last step meanwhile.
  const double q = fitter_->ticks(axisX_).step;
  if (any && !dirty_ && q > 0 && fittedSpan_ > 0) {
    const double end = std::ceil(xMax / q - 1e-9) * q;
    if (!showFull_ && windowSize_ > 0 && xMax - xMinAll > windowSize_) {
      xEnd = end;
      xMin = end - windowSize_;
    } else if (end - xMin <= 1.05 * fittedSpan_) {
      xEnd = std::max(xEnd, end);
    }
  }
  const int columns = std::max(50, int(chart()->plotArea().width()));
  std::vector<QList<QPointF>> shown(series_.size());
  double rawMax[2] = {0, 0};
  for (size_t i = 0; i < series_.size(); ++i) {
    shown[i] = visiblePoints(history_[i], xMin, columns);
    for (const auto& p : shown[i]) rawMax[onRight_[i] ? 1 : 0] = std::max(rawMax[onRight_[i] ? 1 : 0], p.y());
  }
  // Times get a unit that fits the values shown (20,000 ms reads as 20 s); the series carry scaled values.
  const double divY = scaleY_ == Scale::TimeMs && rawMax[0] >= 1000 ? 1000 : 1;
  const double divY2 = scaleY2_ == Scale::TimeMs && rawMax[1] >= 1000 ? 1000 : 1;
  bool refit = dirty_ || divY != divisorY_ || divY2 != divisorY2_;
  divisorY_ = divY;
  divisorY2_ = divY2;
  double lo[2] = {0, 0}, hi[2] = {0, 0};
  for (size_t i = 0; i < series_.size(); ++i) {
    const int side = onRight_[i] ? 1 : 0;
    const double div = side ? divisorY2_ : divisorY_;
    if (div != 1)
      for (auto& p : shown[i]) p.setY(p.y() / div);
    for (const auto& p : shown[i]) {
      hi[side] = std::max(hi[side], p.y());
      lo[side] = std::min(lo[side], p.y());
    }
    series_[i]->replace(shown[i]);  // one replace per series per frame
  }
  dirty_ = dataDirty_ = false;
  xLo_ = any ? xMin : 0;
  xHi_ = any ? xEnd : 1;
  yLo_ = lo[0], yHi_ = hi[0] > lo[0] ? hi[0] : lo[0] + 1;
  y2Lo_ = lo[1], y2Hi_ = hi[1] > lo[1] ? hi[1] : lo[1] + 1;
  const double yl[2] = {yLo_, y2Lo_}, yh[2] = {yHi_, y2Hi_};
  if (refit || wantsRefit(xLo_, xHi_, yl, yh)) {
    fitNow();
    ++fitCount_;
    fittedSpan_ = xHi_ - xLo_;
    fittedDigits_ = digits(xHi_);
  } else {
    fitter_->slideAxis(axisX_, xLo_, xHi_);
  }
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
    for (const auto& p : history_[s].points()) {
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

namespace inferscope::ui {

void MetricsChart::setCursorX(double x) {
  if (x == cursorX_ || (std::isnan(x) && std::isnan(cursorX_))) return;
  cursorX_ = x;
  viewport()->update();
}

void MetricsChart::drawForeground(QPainter* painter, const QRectF& rect) {
  QChartView::drawForeground(painter, rect);
  if (std::isnan(cursorX_) || cursorX_ < axisX_->min() || cursorX_ > axisX_->max()) return;
  const QRectF plot = chart()->plotArea();
  const double x = chart()->mapToPosition(QPointF(cursorX_, axisY_->min()), series_.empty() ? nullptr : series_.front()).x();
  painter->save();
  // Neutral, so it is not taken for a series (the series use the palette's colours).
  painter->setPen(QPen(dark_ ? QColor(235, 235, 235) : QColor(30, 30, 30), 1.5, Qt::DashLine));
  painter->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
  painter->restore();
}

}  // namespace inferscope::ui
