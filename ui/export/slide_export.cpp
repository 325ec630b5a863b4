#include "ui/export/slide_export.h"

#include <QChart>
#include <QChartView>
#include <QFontInfo>
#include <QGraphicsTextItem>
#include <QImage>
#include <QLayout>
#include <QPainter>
#include <QTextDocument>
#include <QValueAxis>
#include <algorithm>
#include <climits>
#include <functional>
#include <vector>

#include "ui/attach/slot_fill_view.h"
#include "ui/blockmap/block_map_view.h"
#include "ui/charts/chart_fitter.h"
#include "ui/charts/device_gantt_chart.h"
#include "ui/charts/metrics_chart.h"
#include "ui/export/chart_export.h"
#include "ui/lessons/lesson_chart.h"

namespace inferscope::ui {

namespace {
constexpr int kMargin = 56;
constexpr int kTitlePx = 54;
constexpr int kSubtitlePx = 30;

int pixelsOf(const QFont& f) { return QFontInfo(f).pixelSize(); }

// The smallest text a Qt chart draws: its title, every visible axis's labels and title, and the fitter's
// legend entries.
int smallestChartText(QChart* chart) {
  int px = INT_MAX;
  if (!chart->title().isEmpty()) px = std::min(px, pixelsOf(chart->titleFont()));
  for (QAbstractAxis* a : chart->axes()) {
    if (!a->isVisible()) continue;
    if (a->labelsVisible()) px = std::min(px, pixelsOf(a->labelsFont()));
    if (a->isTitleVisible() && !a->titleText().isEmpty()) px = std::min(px, pixelsOf(a->titleFont()));
  }
  if (auto* fitter = chart->findChild<ChartFitter*>())
    for (QGraphicsTextItem* t : fitter->legendTextItems()) px = std::min(px, pixelsOf(t->font()));
  return px == INT_MAX ? 0 : px;
}

// Gives a view slide looks (text size, presentation lines, whole history, the body's size) for as long as
// it lives, then its own back. Undo steps run in reverse order.
class SlideLooks {
 public:
  SlideLooks(QWidget* w, QSize body) : w_(w) {
    // The parent's layout must not put the view back to its on-screen size while it is drawn (render()
    // activates a layout that a font change invalidated).
    if (QWidget* parent = w->parentWidget(); parent && parent->layout() && parent->layout()->isEnabled()) {
      QLayout* layout = parent->layout();
      layout->setEnabled(false);
      undo_.push_back([layout] { layout->setEnabled(true); });
    }
    if (auto* c = qobject_cast<MetricsChart*>(w)) {
      // Thick lines in the series' own colours (a variant's pair of lines keeps its colour).
      const int px = c->textPixelSize();
      const qreal width = c->lineWidth();
      c->setTextPixelSize(std::max(px, kSlideTextPx));
      c->setLineWidth(std::max<qreal>(width, 4.0));
      c->setShowFullHistory(true);
      undo_.push_back([c, px, width] {
        c->setShowFullHistory(false);
        c->setLineWidth(width);
        c->setTextPixelSize(px);
      });
    } else if (auto* c = qobject_cast<LessonChart*>(w)) {
      const int px = c->textPixelSize();
      c->setTextPixelSize(std::max(px, kSlideTextPx));
      undo_.push_back([c, px] { c->setTextPixelSize(px); });
    } else if (auto* g = qobject_cast<DeviceGanttChart*>(w)) {
      const int px = g->textPixelSize();
      const bool pres = g->presentationStyle();
      g->setTextPixelSize(std::max(px, kSlideTextPx));
      g->setPresentationStyle(true);
      undo_.push_back([g, px, pres] {
        g->setPresentationStyle(pres);
        g->setTextPixelSize(px);
      });
    } else if (auto* s = qobject_cast<SlotFillView*>(w)) {
      const int px = s->textPixelSize();
      s->setTextPixelSize(std::max(px, kSlideTextPx));
      undo_.push_back([s, px] { s->setTextPixelSize(px); });
    } else {
      // Views that paint with their widget font (heat maps, bars): the font at slide size.
      const QFont old = w->font();
      const bool own = w->testAttribute(Qt::WA_SetFont);
      QFont f = old;
      f.setPixelSize(std::max(pixelsOf(old), kSlideTextPx));
      w->setFont(f);
      undo_.push_back([w, old, own] {
        w->setFont(old);
        if (!own) w->setAttribute(Qt::WA_SetFont, false);
      });
    }
    // The slide's own title names the chart: the chart drops its copy while it is drawn.
    if (auto* view = qobject_cast<QChartView*>(w))
      if (auto* fitter = view->chart()->findChild<ChartFitter*>(); fitter && !fitter->chartTitle().isEmpty()) {
        const QString title = fitter->chartTitle();
        fitter->setChartTitle({});
        undo_.push_back([fitter, title] {
          fitter->setChartTitle(title);
          fitter->fit();
        });
      }
    const QSize oldSize = w->size();
    resize(body, oldSize);
    undo_.push_back([this, oldSize] { resize(oldSize, w_->size()); });
  }
  ~SlideLooks() {
    for (auto it = undo_.rbegin(); it != undo_.rend(); ++it) (*it)();
  }
  SlideLooks(const SlideLooks&) = delete;
  SlideLooks& operator=(const SlideLooks&) = delete;

  // The smallest text the view now draws.
  int smallestTextPx() const {
    if (auto* c = qobject_cast<MetricsChart*>(w_)) return smallestChartText(c->chart());
    if (auto* c = qobject_cast<LessonChart*>(w_)) return smallestChartText(c->chart());
    if (auto* g = qobject_cast<DeviceGanttChart*>(w_)) return g->textPixelSize();
    if (auto* s = qobject_cast<SlotFillView*>(w_)) return s->textPixelSize();
    return pixelsOf(w_->font());
  }

 private:
  void resize(QSize to, QSize from) { resizeForExport(w_, to, from); }
  QWidget* w_;
  std::vector<std::function<void()>> undo_;
};

// Draws text wrapped into width at px pixels from top; returns the height used.
int drawWrapped(QPainter& p, const QString& text, int left, int top, int width, int px, bool bold, const QColor& color) {
  if (text.isEmpty()) return 0;
  QFont f = p.font();
  f.setPixelSize(px);
  f.setBold(bold);
  p.setFont(f);
  p.setPen(color);
  const QRect box = p.boundingRect(QRect(left, top, width, 10000), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
  p.drawText(QRect(left, top, width, box.height()), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
  return box.height();
}

// The height a wrapped text takes (to place the view before drawing the legend under it).
int wrappedHeight(const QString& text, int width, int px) {
  if (text.isEmpty()) return 0;
  QImage probe(1, 1, QImage::Format_ARGB32_Premultiplied);
  QPainter p(&probe);
  QFont f = p.font();
  f.setPixelSize(px);
  p.setFont(f);
  return p.boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text).height();
}
}  // namespace

bool exportSlidePng(QWidget* w, const QString& path, const SlideText& text, QString* error, int* smallestTextPx) {
  if (!w) {
    if (error) *error = QStringLiteral("no widget");
    return false;
  }
  QImage img(kSlideSize, QImage::Format_ARGB32_Premultiplied);
  img.fill(Qt::white);
  const int width = kSlideSize.width() - 2 * kMargin;
  int textPx = INT_MAX;
  {
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    int y = kMargin * 2 / 3;
    y += drawWrapped(p, text.title, kMargin, y, width, kTitlePx, true, QColor(0x11, 0x11, 0x11));
    if (!text.title.isEmpty()) textPx = kTitlePx;
    if (!text.subtitle.isEmpty()) {
      y += 8 + drawWrapped(p, text.subtitle, kMargin, y + 8, width, kSubtitlePx, false, QColor(0x44, 0x44, 0x44));
      textPx = std::min(textPx, kSubtitlePx);
    }
    y += 24;
    const int legendH = wrappedHeight(text.legend, width, kSlideTextPx);
    const int bottom = kSlideSize.height() - kMargin / 2 - (legendH > 0 ? legendH + 20 : 0);
    const QRect body(kMargin, y, width, std::max(100, bottom - y));
    if (auto* map = qobject_cast<BlockMapView*>(w)) {
      // The biggest cells that still show every block inside the body, centred.
      const int oldCell = map->cellSize();
      int cell = 64;
      for (map->setCellSize(cell); cell > 6 && map->heightForWidth(body.width()) > body.height();) map->setCellSize(cell -= 2);
      p.save();
      p.translate(body.left(), body.top());
      map->paintMap(p, body.width());
      p.restore();
      map->setCellSize(oldCell);
    } else {
      SlideLooks looks(w, body.size());
      const int px = looks.smallestTextPx();
      if (px > 0) textPx = std::min(textPx, px);
      w->render(&p, body.topLeft(), QRegion(), QWidget::DrawChildren);  // on the slide's white
    }
    if (legendH > 0) {
      drawWrapped(p, text.legend, kMargin, kSlideSize.height() - kMargin / 2 - legendH, width, kSlideTextPx, false,
                  QColor(0x22, 0x22, 0x22));
      textPx = std::min(textPx, kSlideTextPx);
    }
  }
  if (smallestTextPx) *smallestTextPx = textPx == INT_MAX ? 0 : textPx;
  if (!img.save(path, "PNG")) {
    if (error) *error = QStringLiteral("cannot write %1").arg(path);
    return false;
  }
  return true;
}

}  // namespace inferscope::ui
