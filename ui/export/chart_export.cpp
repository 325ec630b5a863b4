#include "ui/export/chart_export.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QJsonObject>
#include <QClipboard>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPainter>
#include <QResizeEvent>
#include <QSvgGenerator>
#include <QWidget>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "engine/metrics/metrics_writers.h"
#include "ui/blockmap/block_map_view.h"
#include "ui/charts/chart_fitter.h"
#include "ui/charts/metrics_chart.h"
#include "ui/export/slide_export.h"

namespace inferscope::ui {

namespace {
void setError(QString* error, const QString& text) {
  if (error) *error = text;
}

// Gives a widget the export size for as long as it lives, then its own size back. A hidden widget
// (another tab) gets its resize event at once, so charts lay out before they are rendered.
class ExportSizeScope {
 public:
  ExportSizeScope(QWidget* w, QSize size) : w_(w), old_(w->size()) { apply(size, old_); }
  ~ExportSizeScope() { apply(old_, w_->size()); }
  ExportSizeScope(const ExportSizeScope&) = delete;
  ExportSizeScope& operator=(const ExportSizeScope&) = delete;

 private:
  void apply(QSize to, QSize from) {
    if (to != w_->size()) resizeForExport(w_, to, from);
  }
  QWidget* w_;
  QSize old_;
};

// Draws w at size s: a block map paints itself at that width directly (inside its scroll area the
// widget cannot be resized freely); anything else is laid out at s and rendered.
void renderAt(QWidget* w, QPainter& p, QSize s) {
  if (auto* map = qobject_cast<BlockMapView*>(w)) {
    map->paintMap(p, s.width());
    return;
  }
  ExportSizeScope sized(w, s);
  w->render(&p);
}
}  // namespace

void resizeForExport(QWidget* w, QSize to, QSize from) {
  if (to != w->size()) {
    w->resize(to);
    if (!w->isVisible()) {  // a hidden widget (another tab) lays out only when told
      QResizeEvent e(to, from);
      QCoreApplication::sendEvent(w, &e);
    }
  }
  if (auto* c = qobject_cast<MetricsChart*>(w)) c->fitNow();
  else if (auto* view = qobject_cast<QChartView*>(w))
    if (auto* fitter = view->chart()->findChild<ChartFitter*>()) fitter->fit();
}

QSize exportSizeFor(const QWidget* w) {
  QSize s = w->size();
  // A widget that was never shown may still have its default size; start from a sensible one.
  if (s.width() < 50 || s.height() < 50) s = w->sizeHint().expandedTo(QSize(640, 400));
  const int width = std::max(s.width(), kMinExportWidth);
  int height = s.height();
  // A view with height-for-width gets what it needs, at least a fifth of the width (a strip of bars
  // or a few blocks is not a picture).
  if (w->hasHeightForWidth()) height = std::max(w->heightForWidth(width), width / 5);
  else if (width != s.width()) height = std::clamp(int(std::lround(double(s.height()) * width / s.width())), 420, 900);
  return QSize(width, height);
}

QString fileKey(const QString& name) {
  QString key = name.toLower();
  for (QChar& ch : key)
    if (!ch.isLetterOrNumber()) ch = QLatin1Char('_');
  return key;
}

bool exportPng(QWidget* w, const QString& path, qreal scale, QString* error) {
  if (!w) return setError(error, QStringLiteral("no widget")), false;
  const QSize s = exportSizeFor(w);
  QImage img(s * scale, QImage::Format_ARGB32_Premultiplied);
  img.setDevicePixelRatio(scale);
  img.fill(Qt::white);
  {
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    renderAt(w, p, s);
  }
  img.setDevicePixelRatio(1.0);  // the file has exactly s * scale pixels
  if (!img.save(path, "PNG")) return setError(error, QStringLiteral("cannot write %1").arg(path)), false;
  return true;
}

bool exportSvg(QWidget* w, const QString& path, const QString& title, QString* error) {
  if (!w) return setError(error, QStringLiteral("no widget")), false;
  const QSize s = exportSizeFor(w);
  QSvgGenerator gen;
  gen.setFileName(path);
  gen.setSize(s);
  gen.setViewBox(QRect(QPoint(0, 0), s));
  gen.setTitle(title.isEmpty() ? w->objectName() : title);
  gen.setDescription(QStringLiteral("InferScope chart"));
  {
    QPainter p;
    if (!p.begin(&gen)) return setError(error, QStringLiteral("cannot write %1").arg(path)), false;
    renderAt(w, p, s);
  }
  if (!QFile::exists(path)) return setError(error, QStringLiteral("cannot write %1").arg(path)), false;
  return true;
}

void copyToClipboard(QWidget* w) {
  if (!w) return;
  QApplication::clipboard()->setImage(w->grab().toImage());
}

bool writeStepMetricsCsv(const std::vector<StepMetrics>& steps, const QString& path, QString* error) {
  std::ostringstream out;
  write_csv(out, steps);  // the engine's writer: one CSV format for GUI and CLI
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return setError(error, f.errorString()), false;
  const std::string s = out.str();
  if (f.write(s.data(), qint64(s.size())) != qint64(s.size())) return setError(error, f.errorString()), false;
  return true;
}

namespace {
// "SmolLM2-135M-Instruct (stored Q4_1) · continuous batching · block 16 · KV f16 · prefix caching": what a
// slide's numbers ran on, from the manifest's model and settings.
QString slideSubtitleOf(const QJsonObject& m) {
  QStringList parts;
  QString model = m.value(QStringLiteral("model_name")).toString();
  if (const QString w = m.value(QStringLiteral("weights")).toString(); !w.isEmpty()) model += QStringLiteral(" (%1)").arg(w);
  if (!model.isEmpty()) parts << model;
  const QJsonObject s = m.value(QStringLiteral("settings")).toObject();
  if (const QString b = s.value(QStringLiteral("batching")).toString(); !b.isEmpty())
    parts << (b == QLatin1String("static") ? SlideExport::tr("static batching") : SlideExport::tr("continuous batching"));
  if (s.contains(QStringLiteral("block_size"))) parts << SlideExport::tr("block %1").arg(s.value(QStringLiteral("block_size")).toInt());
  if (const QString d = s.value(QStringLiteral("kv_dtype")).toString(); !d.isEmpty()) parts << SlideExport::tr("KV %1").arg(d);
  if (s.value(QStringLiteral("prefix_cache")).toBool()) parts << SlideExport::tr("prefix caching");
  return parts.join(QStringLiteral(" · "));
}
}  // namespace

QStringList exportAll(const ExportInput& in, const QString& dirPath, QString* error) {
  const QString subtitle = slideSubtitleOf(in.manifest);
  QDir dir(dirPath);
  if (!dir.mkpath(QStringLiteral("."))) return setError(error, QStringLiteral("cannot create %1").arg(dirPath)), QStringList{};
  QStringList files;
  QJsonArray charts;
  QJsonArray slides;  // each slide and the smallest text it was drawn with
  auto slideOf = [&](QWidget* w, const QString& file, const SlideText& text, QString* why) {
    int px = 0;
    if (!exportSlidePng(w, dir.filePath(file), text, why, &px)) return false;
    QJsonObject o;
    o[QStringLiteral("file")] = file;
    o[QStringLiteral("smallest_text_px")] = px;
    slides.append(o);
    return true;
  };
  auto add = [&](bool ok, const QString& name, const QString& why) {
    if (!ok) {
      setError(error, why.isEmpty() ? QStringLiteral("cannot write %1").arg(name) : why);
      return false;
    }
    files << name;
    return true;
  };
  for (MetricsChart* c : in.charts) {
    QString why;
    c->setShowFullHistory(true);
    const QString id = c->id();
    const bool ok = add(exportPng(c, dir.filePath(id + ".png"), 1.0, &why), id + ".png", why) &&
                    add(exportPng(c, dir.filePath(id + "@2x.png"), 2.0, &why), id + "@2x.png", why) &&
                    add(exportSvg(c, dir.filePath(id + ".svg"), c->title(), &why), id + ".svg", why) &&
                    add(c->writeCsv(dir.filePath(id + ".csv"), &why), id + ".csv", why);
    c->setShowFullHistory(false);
    const QString slide = id + QStringLiteral("_slide.png");
    if (ok && !add(slideOf(c, slide, {c->title(), subtitle, {}}, &why), slide, why)) return {};
    if (!ok) return {};
    QJsonObject o;
    o[QStringLiteral("id")] = id;
    o[QStringLiteral("title")] = c->title();
    charts.append(o);
  }
  for (const ExportWidget& x : in.widgets) {
    QString why;
    const QString& id = x.id;
    bool ok = add(exportPng(x.widget, dir.filePath(id + ".png"), 1.0, &why), id + ".png", why) &&
              add(exportPng(x.widget, dir.filePath(id + "@2x.png"), 2.0, &why), id + "@2x.png", why) &&
              add(exportSvg(x.widget, dir.filePath(id + ".svg"), x.title, &why), id + ".svg", why);
    if (ok && x.writeCsv) ok = add(x.writeCsv(dir.filePath(id + ".csv"), &why), id + ".csv", why);
    const QString slide = id + QStringLiteral("_slide.png");
    if (ok) ok = add(slideOf(x.widget, slide, {x.title, subtitle, x.slideNote}, &why), slide, why);
    if (!ok) return {};
    QJsonObject o;
    o[QStringLiteral("id")] = id;
    o[QStringLiteral("title")] = x.title;
    charts.append(o);
  }
  if (in.blockMap) {
    QString why;
    if (!add(exportPng(in.blockMap, dir.filePath("block_map.png"), 1.0, &why), "block_map.png", why) ||
        !add(exportPng(in.blockMap, dir.filePath("block_map@2x.png"), 2.0, &why), "block_map@2x.png", why) ||
        !add(exportSvg(in.blockMap, dir.filePath("block_map.svg"), QStringLiteral("KV block map"), &why), "block_map.svg", why) ||
        !add(slideOf(in.blockMap, QStringLiteral("block_map_slide.png"),
                            {SlideExport::tr("KV cache: one cell per physical block"),
                             subtitle, in.blockMapLegend},
                            &why),
             "block_map_slide.png", why))
      return {};
  }
  {
    QString why;
    if (!add(writeStepMetricsCsv(in.steps, dir.filePath("step_metrics.csv"), &why), "step_metrics.csv", why)) return {};
    for (const auto& [name, steps] : in.variantSteps) {
      const QString file = QStringLiteral("step_metrics_%1.csv").arg(fileKey(name));
      if (!add(writeStepMetricsCsv(steps, dir.filePath(file), &why), file, why)) return {};
    }
  }
  QJsonObject manifest = in.manifest;
  manifest[QStringLiteral("time")] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
  manifest[QStringLiteral("steps")] = qint64(in.steps.size());
  manifest[QStringLiteral("charts")] = charts;
  manifest[QStringLiteral("slides")] = slides;
  files << QStringLiteral("manifest.json");
  manifest[QStringLiteral("files")] = QJsonArray::fromStringList(files);
  QFile f(dir.filePath(QStringLiteral("manifest.json")));
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
      f.write(QJsonDocument(manifest).toJson()) < 0)
    return setError(error, f.errorString()), QStringList{};
  return files;
}

}  // namespace inferscope::ui
