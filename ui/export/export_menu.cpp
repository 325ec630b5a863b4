#include "ui/export/export_menu.h"

#include <QFileDialog>
#include <QMenu>
#include <QWidget>

#include "ui/charts/metrics_chart.h"
#include "ui/export/chart_export.h"
#include "ui/export/slide_export.h"

namespace inferscope::ui {

void ExportMenu::attach(QWidget* target, std::function<std::vector<StepMetrics>()> stepLog,
                        std::function<void(const QString&, const QString&)> onError) {
  auto exportOne = [target, stepLog, onError](const QString& ext, qreal scale) {
    const QString id = target->objectName();
    const QString f = QFileDialog::getSaveFileName(target->window(), tr("Export chart"), id + ext);
    if (f.isEmpty()) return;
    QString err;
    bool ok = false;
    // A chart's export is the whole run, not the window on screen.
    auto* chart = qobject_cast<MetricsChart*>(target);
    if (chart) chart->setShowFullHistory(true);
    if (ext == QLatin1String("_slide.png")) {
      QString title = chart ? chart->title() : target->accessibleName();
      if (title.isEmpty()) title = id;
      ok = exportSlidePng(target, f, {title, {}, {}}, &err);
    } else if (ext == QLatin1String(".svg")) ok = exportSvg(target, f, id, &err);
    else if (ext == QLatin1String(".csv")) {
      auto* c = qobject_cast<MetricsChart*>(target);
      ok = c ? c->writeCsv(f, &err) : writeStepMetricsCsv(stepLog(), f, &err);
    } else ok = exportPng(target, f, scale, &err);
    if (chart) chart->setShowFullHistory(false);
    if (!ok) onError(tr("Export failed"), err);
  };
  target->setContextMenuPolicy(Qt::CustomContextMenu);
  QObject::connect(target, &QWidget::customContextMenuRequested, target, [target, exportOne](const QPoint& pos) {
    QMenu m;
    m.addAction(tr("Export PNG (1x)..."), target, [=] { exportOne(QStringLiteral(".png"), 1.0); });
    m.addAction(tr("Export PNG (2x)..."), target, [=] { exportOne(QStringLiteral("@2x.png"), 2.0); });
    m.addAction(tr("Export slide (1920x1080)..."), target, [=] { exportOne(QStringLiteral("_slide.png"), 1.0); });
    m.addAction(tr("Export SVG..."), target, [=] { exportOne(QStringLiteral(".svg"), 1.0); });
    m.addAction(tr("Export data as CSV..."), target, [=] { exportOne(QStringLiteral(".csv"), 1.0); });
    m.addAction(tr("Copy to clipboard"), target, [target] { copyToClipboard(target); });
    m.exec(target->mapToGlobal(pos));
  });
}

}  // namespace inferscope::ui
