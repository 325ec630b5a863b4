#include "ui/charts/chart_fitter.h"

#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QChart>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHash>
#include <QLegend>
#include <QTextDocument>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace inferscope::ui {

namespace {
// Qt Charts' fixed paddings around tick labels and axis titles (pixels).
constexpr qreal kLabelPadding = 4.0;
constexpr qreal kTitlePadding = 2.0;
// Qt Charts gives a horizontal axis (labels + title) at most this part of the height left for axes.
constexpr qreal kMaxAxisPortion = 0.4;

QString tickLabel(double v, int decimals) {
  if (std::fabs(v) < 1e-12) v = 0;  // no "-0"
  return QString::number(v, 'f', decimals);
}
}  // namespace

QSizeF chartTextSize(const QFont& font, const QString& text) {
  // Charts refit on every frame and tick labels repeat, so sizes are remembered per font and text.
  static QHash<QString, QSizeF> cache;
  const QString key = font.key() + QChar(0x1f) + text;
  if (auto it = cache.constFind(key); it != cache.constEnd()) return *it;
  if (cache.size() > 20000) cache.clear();
  // Measured as Qt Charts measures: a rich-text item with a half-pixel document margin.
  static QGraphicsTextItem* probe = [] {
    auto* t = new QGraphicsTextItem;
    t->document()->setDocumentMargin(0.5);
    return t;
  }();
  probe->setFont(font);
  probe->setHtml(text.toHtmlEscaped());
  const QSizeF size = probe->boundingRect().size();
  cache.insert(key, size);
  return size;
}

ChartFitter::ChartFitter(QChart* chart) : QObject(chart), chart_(chart) {
  chart_->legend()->setVisible(false);
  baseBottomMargin_ = chart_->margins().bottom();
  baseRightMargin_ = chart_->margins().right();
  // The chart takes the view's size even when its contents ask for more (Qt would otherwise keep it
  // taller than the view and cut off its bottom, legend and all); fit() makes the contents fit.
  chart_->setMinimumSize(1, 1);
  connect(chart_, &QGraphicsWidget::geometryChanged, this, &ChartFitter::fit);
}

ChartFitter::~ChartFitter() = default;

void ChartFitter::setValueAxis(QValueAxis* axis, Kind kind, double lo, double hi, bool roundEnds) {
  auto& s = axes_[axis];
  s.kind = kind;
  s.lo = lo;
  s.hi = hi;
  s.roundEnds = roundEnds;
}

void ChartFitter::slideAxis(QValueAxis* axis, double lo, double hi) {
  auto it = axes_.find(axis);
  if (it == axes_.end() || it->second.roundEnds || hi <= lo) return;
  ValueAxisSpec& s = it->second;
  if (s.lo == lo && s.hi == hi) return;
  s.lo = lo;
  s.hi = hi;
  NiceTicks& t = s.chosen;
  t.lo = lo;
  t.hi = hi;
  t.first = std::ceil(lo / t.step - 1e-9) * t.step;
  // Dynamic ticks sit at the anchor plus whole steps: the old anchor still names the same grid.
  axis->setRange(lo, hi);
}

void ChartFitter::setAxisTitles(QAbstractAxis* axis, const QStringList& candidates) { titles_[axis] = candidates; }

void ChartFitter::setCategoryAxis(QBarCategoryAxis* axis, const QStringList& categories) { categories_[axis] = categories; }


void ChartFitter::setLegend(const std::vector<LegendEntry>& entries) { legend_ = entries; }

void ChartFitter::setChartTitle(const QString& title) {
  title_ = title;
  wrapTitle();
}

namespace {
// Greedy word wrap of text into lines no wider than room, joined with <br> (html-escaped lines): Qt
// draws chart titles as rich text, so the lines stay whole where one line would be cut.
// Text without spaces (Chinese) breaks between characters.
QString wrapHtml(const QFont& font, const QString& text, qreal room) {
  if (room <= 20 || chartTextSize(font, text).width() <= room) return text.toHtmlEscaped();
  const bool spaced = text.contains(QLatin1Char(' '));
  const QStringList words = spaced ? text.split(QLatin1Char(' '), Qt::SkipEmptyParts) : text.split(QString(), Qt::SkipEmptyParts);
  QStringList lines;
  QString line;
  for (const QString& w : words) {
    const QString next = line.isEmpty() ? w : line + (spaced ? QStringLiteral(" ") : QString()) + w;
    if (!line.isEmpty() && chartTextSize(font, next).width() > room) {
      lines << line.toHtmlEscaped();
      line = w;
    } else {
      line = next;
    }
  }
  if (!line.isEmpty()) lines << line.toHtmlEscaped();
  return lines.join(QStringLiteral("<br>"));
}
}  // namespace

void ChartFitter::wrapTitle() {
  const QMarginsF m = chart_->margins();
  // Qt's title gets less than the chart's inner width (and measures bold text a little wider): keep slack.
  const qreal room = (chart_->size().width() - m.left() - m.right()) * 0.85 - 12;
  const QString shown = wrapHtml(chart_->titleFont(), title_, room);
  if (chart_->title() != shown) chart_->setTitle(shown);
}


NiceTicks ChartFitter::ticks(const QValueAxis* axis) const {
  auto it = axes_.find(const_cast<QValueAxis*>(axis));
  return it == axes_.end() ? NiceTicks{} : it->second.chosen;
}

QString ChartFitter::shownTitle(const QAbstractAxis* axis) const {
  auto it = shownTitles_.find(axis);
  return it == shownTitles_.end() ? QString() : it->second;
}

QList<QGraphicsTextItem*> ChartFitter::legendTextItems() const { return legendTexts_; }

void ChartFitter::clearLegendItems() {
  qDeleteAll(legendItems_);
  legendItems_.clear();
  legendTexts_.clear();
}

void ChartFitter::layoutLegend() {
  QMarginsF m = chart_->margins();
  QString key = QString::number(chart_->size().width()) + QLatin1Char('/') + QString::number(chart_->size().height()) +
                QLatin1Char('/') + legendFont_.key() + QLatin1Char('/') + legendColor_.name();
  for (const LegendEntry& e : legend_)
    key += QLatin1Char('/') + e.name + e.pen.color().name() + QString::number(int(e.pen.style())) +
           QString::number(e.pen.widthF()) + e.brush.color().name() + QString::number(int(e.brush.style()));
  if (key == legendKey_ && !legendItems_.isEmpty() == !legend_.empty()) return;
  legendKey_ = key;
  clearLegendItems();
  if (legend_.empty()) {
    legendHeight_ = 0;
    sideLegend_ = false;
    if (m.bottom() != baseBottomMargin_ || m.right() != baseRightMargin_)
      chart_->setMargins(QMargins(int(m.left()), int(m.top()), int(baseRightMargin_), int(baseBottomMargin_)));
    return;
  }
  const QFontMetricsF fm(legendFont_);
  // The width below the plot: the base margins, not a side legend's from the last layout.
  const qreal avail = std::max<qreal>(40, chart_->size().width() - m.left() - baseRightMargin_ - 8);
  const qreal markerW = std::round(fm.height() * 1.4);
  const qreal gap = std::round(fm.height() * 0.9);
  struct Placed {
    QGraphicsTextItem* text;
    qreal x, y, w;
    const LegendEntry* entry;
  };
  std::vector<Placed> placed;
  qreal x = 0, y = 0, rowH = 0;
  for (const LegendEntry& e : legend_) {
    auto* t = new QGraphicsTextItem(chart_);
    t->document()->setDocumentMargin(0.5);
    t->setFont(legendFont_);
    t->setDefaultTextColor(legendColor_);
    t->setPlainText(e.name);
    t->setToolTip(e.name);
    t->setZValue(1000);
    const qreal maxText = avail - markerW - 4;
    qreal tw = t->boundingRect().width();
    if (tw > maxText) {  // wrap inside the entry rather than cut it
      t->setTextWidth(maxText);
      tw = maxText;
    }
    const qreal w = markerW + 4 + tw;
    if (x > 0 && x + w > avail) {
      y += rowH + 2;
      x = 0;
      rowH = 0;
    }
    placed.push_back({t, x, y, w, &e});
    legendTexts_ << t;
    legendItems_ << t;
    x += w + gap;
    rowH = std::max(rowH, t->boundingRect().height());
  }
  legendHeight_ = y + rowH;
  qreal top = chart_->size().height() - baseBottomMargin_ - legendHeight_;
  qreal originX = m.left() + 4;
  // A short chart (a squeezed window) keeps too little plot under a legend of several rows: stack the
  // entries beside the plot instead, when they fit there.
  const qreal chartW = chart_->size().width(), chartH = chart_->size().height();
  const qreal titleH = chart_->title().isEmpty() ? 0 : chartTextSize(chart_->titleFont(), QStringLiteral("X")).height() *
                                                           (chart_->title().count(QLatin1String("<br>")) + 1) + 4;
  const qreal line = fm.height() + 2;
  const qreal plotLeft = chartH - m.top() - baseBottomMargin_ - legendHeight_ - 4 - titleH - 2 * line - 12;
  sideLegend_ = false;
  if (placed.size() > 1 && plotLeft < std::max<qreal>(40, 0.3 * chartH)) {
    const qreal maxSideW = 0.42 * chartW;
    qreal sideW = 0, sideH = 0;
    for (const Placed& p : placed) {
      p.text->setTextWidth(-1);
      qreal tw = p.text->boundingRect().width();
      if (markerW + 4 + tw > maxSideW) {
        p.text->setTextWidth(std::max<qreal>(20, maxSideW - markerW - 4));
        tw = maxSideW - markerW - 4;
      }
      sideW = std::max(sideW, markerW + 4 + tw);
      sideH += p.text->boundingRect().height() + 2;
    }
    if (sideH <= chartH - titleH - m.top() - 8) {
      sideLegend_ = true;
      qreal yy = 0;
      for (Placed& p : placed) {
        p.x = 0;
        p.y = yy;
        yy += p.text->boundingRect().height() + 2;
      }
      legendHeight_ = 0;
      legendWidth_ = sideW;
      originX = chartW - baseRightMargin_ - sideW - 2;
      top = m.top() + titleH + 4;
    }
  }
  for (const Placed& p : placed) {
    const qreal left = originX;
    const qreal lineH = p.text->boundingRect().height();
    const qreal firstLineMid = std::min(lineH, fm.height() + 1) / 2.0;
    p.text->setPos(left + p.x + markerW + 4, top + p.y);
    QGraphicsItem* marker = nullptr;
    if (p.entry->brush.style() != Qt::NoBrush) {
      const qreal s = std::round(fm.height() * 0.7);
      auto* r = new QGraphicsRectItem(left + p.x + (markerW - s) / 2, top + p.y + firstLineMid - s / 2, s, s, chart_);
      r->setBrush(p.entry->brush);
      r->setPen(p.entry->pen);
      marker = r;
    } else {
      auto* l = new QGraphicsLineItem(left + p.x + 1, top + p.y + firstLineMid, left + p.x + markerW - 1,
                                      top + p.y + firstLineMid, chart_);
      QPen pen = p.entry->pen;
      pen.setWidthF(std::clamp<qreal>(pen.widthF(), 2.0, 4.0));
      pen.setCapStyle(Qt::FlatCap);
      l->setPen(pen);
      marker = l;
    }
    marker->setZValue(1000);
    legendItems_ << marker;
  }
  const int bottom = sideLegend_ ? int(baseBottomMargin_) : int(std::ceil(baseBottomMargin_ + legendHeight_ + 4));
  const int right = sideLegend_ ? int(std::ceil(baseRightMargin_ + legendWidth_ + 8)) : int(baseRightMargin_);
  if (int(m.bottom()) != bottom || int(m.right()) != right)
    chart_->setMargins(QMargins(int(m.left()), int(m.top()), right, bottom));
}

void ChartFitter::fitValueAxis(QValueAxis* axis, ValueAxisSpec& s) {
  QRectF plot = chart_->plotArea();
  if (plot.width() < 10 || plot.height() < 10) plot = QRectF(QPointF(0, 0), chart_->size() * 0.6);
  const bool horizontal = axis->orientation() == Qt::Horizontal;
  const qreal len = std::max<qreal>(10, horizontal ? plot.width() : plot.height());
  const QFont font = axis->labelsFont();
  const QMarginsF m = chart_->margins();
  const qreal axisH = std::max<qreal>(len, chart_->size().height() - m.top() - m.bottom());
  const bool count = s.kind == Kind::Count;
  double lo = s.lo, hi = s.hi;
  if (s.kind == Kind::Fraction) lo = std::min(0.0, lo), hi = std::max(1.0, std::min(hi, 1.0));
  if (!std::isfinite(lo) || !std::isfinite(hi)) lo = 0, hi = 1;
  if (hi <= lo) hi = lo + 1;
  double step = niceStep((hi - lo) / 24.0, count);
  NiceTicks t;
  for (int guard = 0; guard < 64; ++guard) {
    t = ticksWithStep(lo, hi, step, s.roundEnds);
    const std::vector<double> vals = t.values();
    const qreal n = std::max<qreal>(1, qreal(vals.size()));
    qreal w = 0, h = 0;
    for (double v : vals) {
      const QSizeF sz = chartTextSize(font, tickLabel(v, t.decimals));
      w = std::max(w, sz.width());
      h = std::max(h, sz.height());
    }
    const qreal perStep = len * step / std::max(1e-300, t.hi - t.lo);
    const qreal em = QFontMetricsF(font).height();
    // Qt gives each label (axis length / tick count) minus its padding; keep half an em between them.
    // A vertical axis' labels share the axis' whole height (Qt: axis rect height / ticks) and must not
    // overlap their neighbours, or Qt hides them.
    // Beyond fitting, keep a calm grid: ticks at least ~50 px apart across, ~36 px up (less on a small plot).
    const bool fits = horizontal ? (w + 2 * kLabelPadding + em * 0.5 <= len / n && w + em * 0.5 <= perStep &&
                                    perStep >= std::min<qreal>(50, len / 5))
                                 : (h + 2 * kLabelPadding <= axisH / n && h * 1.15 <= perStep &&
                                    perStep >= std::min<qreal>(36, len / 3));
    // On a plot too small for any labels, stop once one step spans the data (0 and one tick above it):
    // growing the step further only pushes the top tick to absurd values ("49999999999").
    if (fits || vals.size() <= 1 || (vals.size() <= 2 && step >= hi - lo)) break;
    const double next = count ? std::max(1.0, nextNiceStep(step)) : nextNiceStep(step);
    // Without round ends a coarser step may leave fewer than two ticks in the window: keep this one.
    if (!s.roundEnds && ticksWithStep(lo, hi, next, false).values().size() < 2) break;
    step = next;
  }
  s.chosen = t;
  // Qt lays out ticks on every change: never let a fine old interval meet a wide new range (or the
  // reverse), which would ask it for millions of ticks in between.
  auto setRange = [&] {
    if (axis->min() != t.lo || axis->max() != t.hi) axis->setRange(t.lo, t.hi);
  };
  auto setTicks = [&] {
    if (axis->tickInterval() != t.step) axis->setTickInterval(t.step);
    if (axis->tickAnchor() != t.first) axis->setTickAnchor(t.first);
  };
  if (axis->tickType() != QValueAxis::TicksDynamic) {
    setTicks();
    setRange();
    axis->setTickType(QValueAxis::TicksDynamic);
  } else if (t.step >= axis->tickInterval()) {
    setTicks();
    setRange();
  } else {
    setRange();
    setTicks();
  }
  const QString format = QStringLiteral("%.%1f").arg(t.decimals);
  if (axis->labelFormat() != format) axis->setLabelFormat(format);
  if (axis->minorTickCount() != 0) axis->setMinorTickCount(0);
}

void ChartFitter::fitTitle(QAbstractAxis* axis, const QStringList& candidates) {
  QRectF plot = chart_->plotArea();
  if (plot.width() < 10 || plot.height() < 10) plot = QRectF(QPointF(0, 0), chart_->size() * 0.6);
  const QFont tf = axis->titleFont();
  const QFont lf = axis->labelsFont();
  const bool horizontal = axis->orientation() == Qt::Horizontal;
  QString shown;
  // Squeezed (Qt still elided something at the last layout): the x title goes first, then the y
  // titles fall back to their shortest form, then they go too.
  QStringList tries = candidates;
  if (squeeze_ >= 2 && !horizontal) {
    tries.removeAll(QString());
    if (!tries.isEmpty()) tries = QStringList{tries.last()};
  }
  if ((horizontal && squeeze_ >= 1) || (!horizontal && squeeze_ >= 3)) tries.clear();
  for (const QString& c : tries) {
    if (c.isEmpty()) continue;
    const QSizeF sz = chartTextSize(tf, c);
    bool fits;
    if (horizontal) {
      // The bottom axis gets at most kMaxAxisPortion of the height left after margins and chart title.
      const QMarginsF m = chart_->margins();
      const qreal chartTitleH = chart_->title().isEmpty() ? 0 : chartTextSize(chart_->titleFont(), QStringLiteral("X")).height() *
                                                                 (chart_->title().count(QLatin1String("<br>")) + 1);
      const qreal axesH = chart_->size().height() - m.top() - m.bottom() - chartTitleH;
      const qreal need = kLabelPadding + 2 * kTitlePadding + chartTextSize(lf, QStringLiteral("0")).height() + sz.height() + 1;
      fits = sz.width() <= plot.width() - 2 && need <= kMaxAxisPortion * axesH;
    } else {
      fits = sz.width() <= plot.height() - 2;
    }
    if (fits) {
      shown = c;
      break;
    }
  }
  shownTitles_[axis] = shown;
  if (axis->titleText() != shown) axis->setTitleText(shown);
  axis->setTitleVisible(!shown.isEmpty());
}

namespace {
// A name that may break between any two characters (CJK text has no spaces); a Latin word without
// spaces ("F32", "Q4_K") is kept whole, upright if need be.
bool breaksAnywhere(const QString& s) {
  for (const QChar c : s)
    if (c.unicode() >= 0x2E80) return true;
  return false;
}

QString wrapCategory(const QFont& font, const QString& name, qreal room) {
  if (name.contains(QLatin1Char(' ')) || breaksAnywhere(name)) return wrapHtml(font, name, room);
  return name.toHtmlEscaped();
}

// The widest word of the names (what wrapping cannot make narrower).
qreal widestWord(const QFont& font, const QStringList& names) {
  qreal w = 0;
  for (const QString& n : names)
    for (const QString& word : n.split(QLatin1Char(' '), Qt::SkipEmptyParts))
      if (!breaksAnywhere(word)) w = std::max(w, chartTextSize(font, word).width());
  return w;
}
}  // namespace

void ChartFitter::fitCategories(QBarCategoryAxis* axis, const QStringList& cats) {
  if (cats.isEmpty()) return;
  QRectF plot = chart_->plotArea();
  if (plot.width() < 10 || plot.height() < 10) plot = QRectF(QPointF(0, 0), chart_->size() * 0.6);
  // The owner's font unless the owner changed it since the fitter last shrank it.
  CategoryFonts& fonts = categoryFonts_[axis];
  if (axis->labelsFont() != fonts.shown) fonts.base = axis->labelsFont();
  QFont font = fonts.base;
  // Qt gives each category label the axis width over its layout points (categories + 2: one per
  // category and a half-category beyond each end) less the label padding on both sides.
  const qreal room = plot.width() / qreal(cats.size() + 2) - 2 * kLabelPadding - 2;
  QStringList shown;
  bool upright = false;
  for (const QString& c : cats) {
    const QString wrapped = wrapCategory(font, c, room);
    // A line still wider than the room is one word that cannot wrap: the labels stand upright.
    for (const QString& line : wrapped.split(QStringLiteral("<br>")))
      if (chartTextSize(font, line).width() > room) upright = true;
    shown << wrapped;
  }
  // Upright, a label's lines run up the axis: they wrap at the height Qt gives the axis (a part of
  // what the title and legend leave), which is what Qt measures them against.
  if (upright) {
    const QMarginsF m = chart_->margins();
    const qreal titleH = chart_->title().isEmpty() ? 0
                                                   : chartTextSize(chart_->titleFont(), QStringLiteral("X")).height() *
                                                             (chart_->title().count(QLatin1String("<br>")) + 1) + 4;
    const qreal axisTitleH = axis->titleText().isEmpty() ? 0 : chartTextSize(axis->titleFont(), QStringLiteral("X")).height();
    const qreal height = kMaxAxisPortion * (chart_->size().height() - m.top() - m.bottom() - legendHeight_ - titleH) -
                         axisTitleH - 2 * kLabelPadding - 4;
    // A word longer than that height would be cut: smaller type instead (a small chart only; never
    // below 7 px), so every name stays whole.
    const qreal widest = widestWord(font, cats);
    if (widest > height && height > 0) {
      const int px = font.pixelSize() > 0 ? font.pixelSize() : QFontInfo(font).pixelSize();
      font.setPixelSize(std::max(7, int(std::floor(px * height / widest))));
    }
    shown.clear();
    for (const QString& c : cats) shown << wrapCategory(font, c, height);
  }
  if (font != axis->labelsFont()) axis->setLabelsFont(font);
  fonts.shown = axis->labelsFont();
  const int angle = upright ? -90 : 0;
  if (axis->labelsAngle() != angle) axis->setLabelsAngle(angle);
  if (axis->categories() != shown) {
    // Same count, same order: the bars keep their places.
    axis->clear();
    axis->append(shown);
  }
}

void ChartFitter::fit() {
  if (fitting_) return;
  fitting_ = true;
  auto relayout = [this] {
    if (QGraphicsLayout* l = chart_->layout()) {
      l->invalidate();
      l->activate();
    }
  };
  wrapTitle();
  layoutLegend();
  relayout();
  squeeze_ = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (auto& [axis, spec] : axes_) fitValueAxis(axis, spec);
    for (auto& [axis, cats] : categories_) fitCategories(axis, cats);
    for (auto& [axis, candidates] : titles_) fitTitle(axis, candidates);
    relayout();
  }
  // The estimates above follow Qt's layout rules; Qt has the last word. Where it still elided a
  // label or title, give up titles step by step until nothing is cut.
  while (squeeze_ < 3 && qtElidedSomething()) {
    ++squeeze_;
    for (auto& [axis, candidates] : titles_) fitTitle(axis, candidates);
    relayout();
    for (auto& [axis, spec] : axes_) fitValueAxis(axis, spec);
    relayout();
  }
  fitting_ = false;
}

bool ChartFitter::qtElidedSomething() const {
  if (!chart_->scene()) return false;
  for (QGraphicsItem* it : chart_->scene()->items()) {
    auto* t = dynamic_cast<QGraphicsTextItem*>(it);
    if (!t || !t->isVisible() || legendTexts_.contains(t)) continue;
    const QString s = t->toPlainText();
    if (s.contains(QLatin1String("...")) || s.contains(QChar(0x2026))) return true;
  }
  return false;
}

}  // namespace inferscope::ui
