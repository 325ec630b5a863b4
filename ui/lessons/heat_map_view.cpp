#include "ui/lessons/heat_map_view.h"

#include <QFile>
#include <QHelpEvent>
#include <QPainter>
#include <QTextStream>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>

namespace inferscope::ui {

namespace {
constexpr int kMaxLabelChars = 14;
constexpr int kLegendH = 14;

QString shortLabel(const std::string& s) {
  QString q = QString::fromStdString(s);
  return q.size() > kMaxLabelChars ? q.left(kMaxLabelChars - 1) + QChar(0x2026) : q;
}
}  // namespace

HeatMapView::HeatMapView(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void HeatMapView::setMatrix(const lessons::LessonResult::Matrix& m) {
  m_ = m;
  lo_ = std::numeric_limits<double>::infinity();
  hi_ = -lo_;
  for (const auto& row : m_.rows)
    for (double v : row)
      if (std::isfinite(v)) lo_ = std::min(lo_, v), hi_ = std::max(hi_, v);
  if (!std::isfinite(lo_)) lo_ = 0, hi_ = 1;
  if (hi_ <= lo_) hi_ = lo_ + 1;
  updateGeometry();
  update();
}

QSize HeatMapView::sizeHint() const { return {420, 320}; }
QSize HeatMapView::minimumSizeHint() const {
  // Room for every row label without overlap (up to 12 rows; more are labelled every few rows), the
  // column labels standing upright and the colour scale: the lesson page scrolls rather than squeezing it.
  const QFontMetrics fm(font());
  int colW = 0;
  for (const auto& l : m_.col_labels) colW = std::max(colW, fm.horizontalAdvance(shortLabel(l)));
  const int rows = std::min<int>(12, int(m_.rows.size()));
  return {200, std::max(160, fm.height() + 4 + colW + 6 + rows * fm.height() + kLegendH + 10)};
}

HeatMapView::Geometry HeatMapView::geometry() const {
  Geometry g;
  const QFontMetrics fm(font());
  for (const auto& l : m_.row_labels) g.rowLabelW = std::max(g.rowLabelW, fm.horizontalAdvance(shortLabel(l)));
  int colW = 0;
  for (const auto& l : m_.col_labels) colW = std::max(colW, fm.horizontalAdvance(shortLabel(l)));
  g.rowLabelW += 8;
  const int nRows = int(m_.rows.size());
  int nCols = 0;
  for (const auto& r : m_.rows) nCols = std::max(nCols, int(r.size()));
  const int top = fm.height() + 4;  // the matrix name
  const int availW = std::max(1, width() - g.rowLabelW - 4);
  // Column labels run vertically when they do not fit side by side.
  const bool vertical = nCols > 0 && colW + 4 > availW / nCols;
  g.colLabelH = (vertical ? colW : fm.height()) + 6;
  const int availH = std::max(1, height() - top - g.colLabelH - kLegendH - 10);
  if (nRows == 0 || nCols == 0) return g;
  g.cw = double(availW) / nCols;
  g.ch = std::min(double(availH) / nRows, std::max(g.cw, 12.0) * 1.5);
  g.grid = QRect(g.rowLabelW, top + g.colLabelH, int(g.cw * nCols), int(g.ch * nRows));
  return g;
}

QColor HeatMapView::colour(double v) const {
  if (!std::isfinite(v)) return QColor(0x99, 0x99, 0x99);
  const double t = std::clamp((v - lo_) / (hi_ - lo_), 0.0, 1.0);
  // Light yellow -> orange -> dark purple, readable for both themes.
  const QColor a(0xff, 0xf7, 0xbc), b(0xf0, 0x6c, 0x1a), c(0x3f, 0x00, 0x5c);
  auto mix = [](const QColor& x, const QColor& y, double u) {
    return QColor::fromRgbF(float(x.redF() + (y.redF() - x.redF()) * u), float(x.greenF() + (y.greenF() - x.greenF()) * u),
                            float(x.blueF() + (y.blueF() - x.blueF()) * u));
  };
  return t < 0.5 ? mix(a, b, t * 2) : mix(b, c, (t - 0.5) * 2);
}

QRect HeatMapView::cellRect(int row, int col) const {
  const Geometry g = geometry();
  const int x0 = g.grid.left() + int(std::floor(col * g.cw)), x1 = g.grid.left() + int(std::floor((col + 1) * g.cw));
  const int y0 = g.grid.top() + int(std::floor(row * g.ch)), y1 = g.grid.top() + int(std::floor((row + 1) * g.ch));
  return QRect(QPoint(x0, y0), QPoint(x1 - 1, y1 - 1));
}

QPoint HeatMapView::cellAt(const QPoint& pos) const {
  const Geometry g = geometry();
  if (!g.grid.contains(pos) || g.cw <= 0 || g.ch <= 0) return {-1, -1};
  const int col = int((pos.x() - g.grid.left()) / g.cw), row = int((pos.y() - g.grid.top()) / g.ch);
  if (row < 0 || row >= int(m_.rows.size()) || col < 0 || col >= int(m_.rows[size_t(row)].size())) return {-1, -1};
  return {col, row};
}

QString HeatMapView::toolTipAt(const QPoint& pos) const {
  const QPoint c = cellAt(pos);
  if (c.x() < 0) return {};
  const auto label = [](const std::vector<std::string>& v, int i) {
    return size_t(i) < v.size() ? QString::fromStdString(v[size_t(i)]) : QString::number(i);
  };
  return tr("%1 → %2: %3")
      .arg(label(m_.row_labels, c.y()), label(m_.col_labels, c.x()))
      .arg(m_.rows[size_t(c.y())][size_t(c.x())], 0, 'g', 6);
}

bool HeatMapView::event(QEvent* e) {
  if (e->type() == QEvent::FontChange) updateGeometry();  // its minimum size follows the text
  if (e->type() == QEvent::ToolTip) {
    auto* he = static_cast<QHelpEvent*>(e);
    const QString tip = toolTipAt(he->pos());
    if (tip.isEmpty()) QToolTip::hideText();
    else QToolTip::showText(he->globalPos(), tip, this, cellRect(cellAt(he->pos()).y(), cellAt(he->pos()).x()));
    return true;
  }
  return QWidget::event(e);
}

void HeatMapView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  const QColor bg = dark_ ? QColor(0x26, 0x28, 0x2b) : QColor(Qt::white);
  const QColor fg = dark_ ? QColor(0xe0, 0xe0, 0xe0) : QColor(0x20, 0x20, 0x20);
  p.fillRect(rect(), bg);
  p.setPen(fg);
  const QFontMetrics fm(font());
  QFont bold = font();
  bold.setBold(true);
  p.setFont(bold);
  p.drawText(QRect(0, 0, width(), fm.height() + 4), Qt::AlignHCenter | Qt::AlignVCenter, QString::fromStdString(m_.name));
  p.setFont(font());
  const Geometry g = geometry();
  if (g.grid.isEmpty()) return;
  for (size_t r = 0; r < m_.rows.size(); ++r)
    for (size_t c = 0; c < m_.rows[r].size(); ++c) p.fillRect(cellRect(int(r), int(c)), colour(m_.rows[r][c]));
  // Row labels (right-aligned), column labels (vertical when crowded); skip labels that would overlap.
  const int rowStep = std::max(1, int(std::ceil(fm.height() / std::max(1.0, g.ch))));
  for (size_t r = 0; r < m_.row_labels.size() && r < m_.rows.size(); r += size_t(rowStep)) {
    const QRect cell = cellRect(int(r), 0);
    // Centred on its row, as tall as the text (a row lower than the text must not clip it).
    const int h = std::max(cell.height(), fm.height());
    p.drawText(QRect(0, cell.center().y() - h / 2, g.rowLabelW - 6, h), Qt::AlignRight | Qt::AlignVCenter, shortLabel(m_.row_labels[r]));
  }
  const bool vertical = g.colLabelH > fm.height() + 6;
  const int colStep = std::max(1, int(std::ceil((vertical ? fm.height() : fm.averageCharWidth() * 4) / std::max(1.0, g.cw))));
  for (size_t c = 0; c < m_.col_labels.size(); c += size_t(colStep)) {
    const QRect cell = cellRect(0, int(c));
    const QString text = shortLabel(m_.col_labels[c]);
    if (vertical) {
      p.save();
      p.translate(cell.center().x() + fm.ascent() / 2, g.grid.top() - 4);
      p.rotate(-90);
      p.drawText(0, 0, text);
      p.restore();
    } else {
      p.drawText(QRect(cell.left() - 20, g.grid.top() - g.colLabelH, cell.width() + 40, g.colLabelH - 2),
                 Qt::AlignHCenter | Qt::AlignBottom, text);
    }
  }
  // Colour scale under the grid: low ... high.
  const QRect legend(g.grid.left(), g.grid.bottom() + 6, std::min(200, g.grid.width()), kLegendH - 4);
  for (int x = 0; x < legend.width(); ++x)
    p.fillRect(QRect(legend.left() + x, legend.top(), 1, legend.height()), colour(lo_ + (hi_ - lo_) * x / std::max(1, legend.width() - 1)));
  p.drawText(QRect(legend.right() + 6, legend.top() - 3, 200, legend.height() + 6), Qt::AlignLeft | Qt::AlignVCenter,
             QStringLiteral("%1 … %2").arg(lo_, 0, 'g', 3).arg(hi_, 0, 'g', 3));
}

bool HeatMapView::writeCsv(const QString& path, QString* error) const {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
    if (error) *error = f.errorString();
    return false;
  }
  QTextStream out(&f);
  out << "row";
  for (const auto& l : m_.col_labels) out << ',' << QString::fromStdString(l).replace(QLatin1Char(','), QLatin1Char(' '));
  out << '\n';
  for (size_t r = 0; r < m_.rows.size(); ++r) {
    out << (r < m_.row_labels.size() ? QString::fromStdString(m_.row_labels[r]).replace(QLatin1Char(','), QLatin1Char(' ')) : QString::number(r));
    for (double v : m_.rows[r]) out << ',' << QString::number(v, 'g', 17);
    out << '\n';
  }
  return f.error() == QFile::NoError;
}

void HeatMapView::setDark(bool dark) {
  dark_ = dark;
  update();
}

}  // namespace inferscope::ui
