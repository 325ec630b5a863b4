#include "ui/lessons/lesson_chart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QFile>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QTextStream>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "ui/charts/chart_fitter.h"
#include "ui/lessons/lesson_texts.h"

namespace inferscope::ui {

namespace {
const QColor kColors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                          QColor(0xff, 0x7f, 0x0e), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                          QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
                          QColor(0x17, 0xbe, 0xcf)};

QString csvCell(const QString& s) {
  if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"'))) return s;
  return QLatin1Char('"') + QString(s).replace(QLatin1String("\""), QLatin1String("\"\"")) + QLatin1Char('"');
}

QAbstractAxis* valueAxis(bool log, double lo, double hi, QChart* parent) {
  if (log) {
    auto* a = new QLogValueAxis(parent);
    a->setBase(10);
    a->setLabelFormat(QStringLiteral("%g"));
    a->setMinorTickCount(-1);
    if (lo > 0 && hi > 0) a->setRange(lo / 1.5, hi * 1.5);
    return a;
  }
  // Linear axes get their round ticks from the ChartFitter, sized to the labels at the drawn size.
  auto* a = new QValueAxis(parent);
  if (hi <= lo) hi = lo + 1;
  a->setRange(lo, hi);
  return a;
}

// "slot utilization (%)" -> "%": a shorter axis title for when the whole one does not fit.
QString unitOf(const QString& label) {
  const qsizetype open = label.lastIndexOf(QLatin1Char('(')), close = label.lastIndexOf(QLatin1Char(')'));
  if (open < 0 || close <= open + 1) return {};
  return label.mid(open + 1, close - open - 1);
}

bool wholeNumbers(const lessons::Chart& ch) {
  bool any = false;
  for (const auto& s : ch.series)
    for (const auto& [x, y] : s.points) {
      if (!std::isfinite(x)) continue;
      if (std::fabs(x - std::round(x)) > 1e-9) return false;
      any = true;
    }
  return any;
}
}  // namespace

LessonChart::LessonChart(QWidget* parent) : QChartView(parent) {
  setRenderHint(QPainter::Antialiasing);
  setMinimumSize(320, 220);
  rebuild();
}

void LessonChart::setLessonChart(const lessons::Chart& chart, const LessonTexts& texts, const QString& lang) {
  source_ = chart;
  // Translate once here; rebuild() draws from the translated copy's strings.
  shown_ = chart;
  shown_.title = texts.label(QString::fromStdString(chart.title), lang).toStdString();
  shown_.x_label = texts.label(QString::fromStdString(chart.x_label), lang).toStdString();
  shown_.y_label = texts.label(QString::fromStdString(chart.y_label), lang).toStdString();
  for (auto& c : shown_.categories) c = texts.label(QString::fromStdString(c), lang).toStdString();
  for (auto& s : shown_.series) s.name = texts.label(QString::fromStdString(s.name), lang).toStdString();
  rebuild();
}

void LessonChart::clearChart() {
  source_ = {};
  shown_ = {};
  rebuild();
}

QString LessonChart::title() const { return QString::fromStdString(shown_.title); }

void LessonChart::rebuild() {
  const lessons::Chart& ch = shown_;
  auto* c = new QChart();
  c->legend()->setAlignment(Qt::AlignBottom);
  c->setMargins(QMargins(4, 4, 4, 4));
  c->setTitle(QString::fromStdString(ch.title));
  names_.clear();

  const bool hasBars = std::any_of(ch.series.begin(), ch.series.end(), [](const lessons::Series& s) { return s.bars; });
  // Data bounds over the points an axis can show (log axes drop values <= 0).
  double xlo = std::numeric_limits<double>::infinity(), xhi = -xlo, ylo = xlo, yhi = -xlo;
  auto usable = [&](double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && (!ch.log_x || hasBars || x > 0) && (!ch.log_y || y > 0);
  };
  int maxIndex = -1;
  for (const auto& s : ch.series)
    for (const auto& [x, y] : s.points) {
      if (!usable(x, y)) continue;
      xlo = std::min(xlo, x), xhi = std::max(xhi, x), ylo = std::min(ylo, y), yhi = std::max(yhi, y);
      if (s.bars) maxIndex = std::max(maxIndex, int(std::lround(x)));  // reference lines may overhang
    }
  const bool any = std::isfinite(xlo);
  if (!any) xlo = 0, xhi = 1, ylo = 0, yhi = 1;
  if (!ch.log_y) ylo = std::min(ylo, 0.0), yhi = yhi + 0.05 * (yhi - ylo);
  // Percentages that stay within 100 % get a 0..100 axis, not 0..120.
  const bool percent = QString::fromStdString(source_.y_label).contains(QLatin1Char('%'));
  if (percent && !ch.log_y && yhi <= 105 && ylo >= 0) yhi = std::min(yhi, 100.0);

  QAbstractAxis* axisX = nullptr;
  if (hasBars) {
    auto* a = new QBarCategoryAxis(c);
    QStringList cats;
    for (const auto& cat : ch.categories) cats << QString::fromStdString(cat);
    for (int i = int(cats.size()); i <= maxIndex; ++i) cats << QString::number(i);
    maxIndex = std::max(maxIndex, int(cats.size()) - 1);
    a->append(cats);  // the fitter wraps or stands up names wider than their bar's share
    axisX = a;
  } else {
    axisX = valueAxis(ch.log_x, xlo, xhi, c);
    // x spans exactly the data (no padding, no rounding): the lesson chose the range.
    if (xhi > xlo && (!ch.log_x || xlo > 0)) axisX->setRange(xlo, xhi);
  }
  QAbstractAxis* axisY = valueAxis(ch.log_y, ylo, yhi, c);
  axisX->setTitleText(QString::fromStdString(ch.x_label));
  axisY->setTitleText(QString::fromStdString(ch.y_label));
  c->addAxis(axisX, Qt::AlignBottom);
  c->addAxis(axisY, Qt::AlignLeft);

  QBarSeries* bars = nullptr;
  int colour = 0;
  for (const auto& s : ch.series) {
    const QColor col = kColors[colour++ % std::size(kColors)];
    const QString name = QString::fromStdString(s.name);
    names_ << name;
    if (s.bars) {
      if (!bars) {
        bars = new QBarSeries(c);
        c->addSeries(bars);
        bars->attachAxis(axisX);
        bars->attachAxis(axisY);
      }
      QList<qreal> values(qsizetype(std::max(0, maxIndex + 1)), 0.0);
      for (const auto& [x, y] : s.points) {
        const long i = std::lround(x);
        if (usable(x, y) && i >= 0 && i < values.size()) values[i] = y;
      }
      auto* set = new QBarSet(name);
      set->append(values);
      set->setColor(col);
      set->setBorderColor(col.darker(120));
      bars->append(set);
      continue;
    }
    auto* line = new QLineSeries(c);
    line->setName(name);
    QList<QPointF> pts;
    for (const auto& [x, y] : s.points)
      if (usable(x, y)) pts.append(QPointF(x, y));
    line->replace(pts);
    line->setPen(QPen(s.dashed ? col.darker(110) : col, s.dashed ? std::max(1.0, lineWidth_ * 0.75) : lineWidth_,
                      s.dashed ? Qt::DashLine : Qt::SolidLine));
    c->addSeries(line);
    line->attachAxis(axisX);
    line->attachAxis(axisY);
  }
  QFont f = font();
  if (textPx_ > 0) f.setPixelSize(textPx_);
  QFont titleFont = f;
  titleFont.setBold(true);
  c->setTitleFont(titleFont);
  for (QAbstractAxis* a : {axisX, axisY}) {
    a->setLabelsFont(f);
    a->setTitleFont(f);
  }
  // The fitter draws the legend (wrapping, never cut), rounds the linear axes and fits the titles.
  fitter_ = new ChartFitter(c);
  fitter_->setChartTitle(QString::fromStdString(ch.title));
  fitter_->setLegendFont(f);
  std::vector<ChartFitter::LegendEntry> entries;
  if (ch.series.size() > 1) {
    int k = 0;
    for (const auto& s : ch.series) {
      const QColor col = kColors[k++ % std::size(kColors)];
      if (s.bars) entries.push_back({QString::fromStdString(s.name), QPen(col.darker(120)), QBrush(col)});
      else entries.push_back({QString::fromStdString(s.name), QPen(s.dashed ? col.darker(110) : col, lineWidth_, s.dashed ? Qt::DashLine : Qt::SolidLine)});
    }
  }
  fitter_->setLegend(entries);
  if (auto* ca = qobject_cast<QBarCategoryAxis*>(axisX)) fitter_->setCategoryAxis(ca, ca->categories());
  if (auto* vx = qobject_cast<QValueAxis*>(axisX))
    fitter_->setValueAxis(vx, wholeNumbers(ch) ? ChartFitter::Kind::Count : ChartFitter::Kind::Real, xlo, xhi, false);
  if (auto* vy = qobject_cast<QValueAxis*>(axisY)) fitter_->setValueAxis(vy, ChartFitter::Kind::Real, ylo, yhi, true);
  const QString xl = QString::fromStdString(ch.x_label), yl = QString::fromStdString(ch.y_label);
  fitter_->setAxisTitles(axisX, {xl, unitOf(xl)});
  fitter_->setAxisTitles(axisY, {yl, unitOf(yl)});

  const QColor bg = dark_ ? QColor(0x26, 0x28, 0x2b) : QColor(Qt::white);
  const QColor fg = dark_ ? QColor(0xe0, 0xe0, 0xe0) : QColor(0x20, 0x20, 0x20);
  c->setBackgroundBrush(bg);
  c->setTitleBrush(fg);
  c->legend()->setLabelColor(fg);
  for (QAbstractAxis* a : {axisX, axisY}) {
    a->setLabelsColor(fg);
    a->setTitleBrush(fg);
    a->setGridLineColor(dark_ ? QColor(0x44, 0x44, 0x44) : QColor(0xdd, 0xdd, 0xdd));
  }
  setBackgroundBrush(bg);
  fitter_->setLegendTextColor(fg);
  QChart* old = chart();
  setChart(c);
  delete old;  // QChartView::setChart does not take the old chart down
  fitter_->fit();
}

void LessonChart::setTextPixelSize(int px) {
  textPx_ = std::max(0, px);
  rebuild();
}

bool LessonChart::writeCsv(const QString& path, QString* error) const {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
    if (error) *error = f.errorString();
    return false;
  }
  const lessons::Chart& ch = source_;
  const size_t n = ch.series.size();
  std::map<double, std::vector<QString>> rows;
  for (size_t s = 0; s < n; ++s)
    for (const auto& [x, y] : ch.series[s].points) {
      auto& row = rows[x];
      row.resize(n);
      row[s] = QString::number(y, 'g', 17);
    }
  const bool cats = !ch.categories.empty();
  QTextStream out(&f);
  out << csvCell(ch.x_label.empty() ? QStringLiteral("x") : QString::fromStdString(ch.x_label));
  if (cats) out << ",category";
  for (const auto& s : ch.series) out << ',' << csvCell(QString::fromStdString(s.name));
  out << '\n';
  for (const auto& [x, cells] : rows) {
    out << QString::number(x, 'g', 17);
    if (cats) {
      const long i = std::lround(x);
      out << ',' << (i >= 0 && size_t(i) < ch.categories.size() ? csvCell(QString::fromStdString(ch.categories[size_t(i)])) : QString());
    }
    for (size_t s = 0; s < n; ++s) out << ',' << (s < cells.size() ? cells[s] : QString());
    out << '\n';
  }
  return f.error() == QFile::NoError;
}

void LessonChart::setDark(bool dark) {
  dark_ = dark;
  rebuild();
}

void LessonChart::setLineWidth(qreal width) {
  lineWidth_ = width;
  rebuild();
}

}  // namespace inferscope::ui
