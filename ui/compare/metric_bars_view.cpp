#include "ui/compare/metric_bars_view.h"

#include <QEvent>
#include <QFile>
#include <QFontMetrics>
#include <QPainter>
#include <QTextStream>
#include <algorithm>
#include <cmath>

namespace inferscope::ui {

namespace {
constexpr int kGap = 16;  // between panels, in px at the widget's font

QFont boldOf(QFont f) {
  f.setBold(true);
  return f;
}
}  // namespace

MetricBarsView::MetricBarsView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("compare_bars"));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void MetricBarsView::setData(const QStringList& variants, const std::vector<QColor>& colors, std::vector<MetricBars> metrics) {
  variants_ = variants;
  colors_ = colors;
  metrics_ = std::move(metrics);
  updateGeometry();
  update();
}

void MetricBarsView::clear() { setData({}, {}, {}); }

int MetricBarsView::bestOf(int metric) const {
  const MetricBars& m = metrics_[size_t(metric)];
  int best = -1;
  for (int i = 0; i < int(m.values.size()); ++i) {
    const double v = m.values[size_t(i)];
    if (!std::isfinite(v)) continue;
    if (best < 0 || (m.lowerIsBetter ? v < m.values[size_t(best)] : v > m.values[size_t(best)])) best = i;
  }
  // A tie is no win.
  if (best >= 0)
    for (int i = 0; i < int(m.values.size()); ++i)
      if (i != best && m.values[size_t(i)] == m.values[size_t(best)]) return -1;
  return best;
}

void MetricBarsView::setDark(bool dark) {
  dark_ = dark;
  update();
}

bool MetricBarsView::writeCsv(const QString& path, QString* error) const {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
    if (error) *error = f.errorString();
    return false;
  }
  QTextStream out(&f);
  out << "variant";
  for (const auto& m : metrics_) out << ',' << m.key;
  out << '\n';
  for (int i = 0; i < variants_.size(); ++i) {
    QString name = variants_[i];
    out << '"' << name.replace(QLatin1Char('"'), QStringLiteral("\"\"")) << '"';
    for (const auto& m : metrics_) {
      out << ',';
      if (size_t(i) < m.values.size() && std::isfinite(m.values[size_t(i)])) out << QString::number(m.values[size_t(i)], 'g', 10);
    }
    out << '\n';
  }
  return true;
}

int MetricBarsView::rowHeight() const { return QFontMetrics(font()).height() * 3 / 2; }

int MetricBarsView::nameColumnWidth(int width) const {
  const QFontMetrics fm(boldOf(font()));
  int w = 0;
  for (const QString& v : variants_) w = std::max(w, fm.horizontalAdvance(v));
  return std::min(w + kGap, width / 4);
}

int MetricBarsView::headerHeight(int panelWidth) const {
  // Titles wrap in their panel; every panel's bars start at the same height.
  const QFontMetrics fm(boldOf(font()));
  int h = 0;
  for (const auto& m : metrics_)
    h = std::max(h, fm.boundingRect(QRect(0, 0, std::max(40, panelWidth), 1000), Qt::TextWordWrap, m.title).height());
  return h + QFontMetrics(font()).height() + 6;  // the title, then "lower is better"
}

int MetricBarsView::heightForWidth(int w) const {
  if (isEmpty()) return 0;
  const int names = nameColumnWidth(w);
  const int panel = (w - names - kGap * int(metrics_.size() - 1)) / std::max<int>(1, int(metrics_.size()));
  return headerHeight(panel) + rowHeight() * int(variants_.size()) + 8;
}

QSize MetricBarsView::sizeHint() const { return {600, heightForWidth(600)}; }
QSize MetricBarsView::minimumSizeHint() const { return {240, heightForWidth(240)}; }

void MetricBarsView::changeEvent(QEvent* e) {
  if (e->type() == QEvent::FontChange) updateGeometry();
  QWidget::changeEvent(e);
}

void MetricBarsView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QColor ink = dark_ ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x20, 0x20, 0x20);
  const QColor faint = dark_ ? QColor(0xa0, 0xa0, 0xa0) : QColor(0x60, 0x60, 0x60);
  if (isEmpty()) return;
  const QFont normal = font(), bold = boldOf(font());
  const QFontMetrics fm(normal), fb(bold);
  const int names = nameColumnWidth(width());
  const int n = int(metrics_.size());
  const int panel = (width() - names - kGap * (n - 1)) / n;
  const int header = headerHeight(panel);
  // Rows grow into the room the widget has (a slide, a tall tab), up to thrice their height.
  const int row = std::clamp((height() - header - 8) / std::max<int>(1, int(variants_.size())), rowHeight(), rowHeight() * 3);
  // Variant names once, on the left, in their colours.
  p.setFont(bold);
  for (int i = 0; i < variants_.size(); ++i) {
    const QRect r(0, header + i * row, names - kGap / 2, row);
    p.setPen(size_t(i) < colors_.size() ? colors_[size_t(i)] : ink);
    p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, fb.elidedText(variants_[i], Qt::ElideRight, r.width()));
  }
  for (int k = 0; k < n; ++k) {
    const MetricBars& m = metrics_[size_t(k)];
    const int left = names + k * (panel + kGap);
    p.setFont(bold);
    p.setPen(ink);
    const int titleH = header - fm.height() - 6;
    p.drawText(QRect(left, 0, panel, titleH), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignBottom, m.title);
    p.setFont(normal);
    p.setPen(faint);
    p.drawText(QRect(left, titleH, panel, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               m.lowerIsBetter ? tr("lower is better") : tr("higher is better"));
    double top = 0;
    for (double v : m.values)
      if (std::isfinite(v)) top = std::max(top, v);
    int labelW = 0;
    for (const QString& l : m.labels) labelW = std::max(labelW, fb.horizontalAdvance(l));
    const int barRoom = std::max(10, panel - labelW - 8);
    const int best = bestOf(k);
    for (int i = 0; i < variants_.size(); ++i) {
      const int y = header + i * row;
      const double v = size_t(i) < m.values.size() ? m.values[size_t(i)] : NAN;
      const QString label = i < m.labels.size() ? m.labels[i] : QString();
      int barW = 0;
      if (std::isfinite(v) && top > 0) barW = std::max(2, int(std::lround(barRoom * v / top)));
      const QColor c = size_t(i) < colors_.size() ? colors_[size_t(i)] : ink;
      p.fillRect(QRect(left, y + row / 6, barW, row * 2 / 3), c);
      p.setFont(i == best ? bold : normal);
      p.setPen(ink);
      p.drawText(QRect(left + barW + 6, y, panel - barW - 6, row), Qt::AlignLeft | Qt::AlignVCenter,
                 std::isfinite(v) ? label : QStringLiteral("–"));
    }
    // The zero line each panel's bars grow from.
    p.setPen(QPen(faint, 1));
    p.drawLine(left, header, left, header + row * int(variants_.size()));
  }
}

}  // namespace inferscope::ui
