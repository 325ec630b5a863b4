#include "ui/session/session_export.h"

#include <QJsonArray>
#include <QUrl>

#include "ui/attach/attach_panel.h"
#include "ui/attach/slot_fill_view.h"
#include "ui/blockmap/block_map_panel.h"
#include "ui/blockmap/block_map_view.h"
#include "ui/charts/charts_panel.h"
#include "ui/charts/metrics_chart.h"
#include "ui/compare/compare_panel.h"
#include "ui/compare/metric_bars_view.h"
#include "ui/export/chart_export.h"
#include "ui/lessons/heat_map_view.h"
#include "ui/lessons/lesson_chart.h"
#include "ui/lessons/lesson_page.h"
#include "ui/lessons/lessons_panel.h"
#include "ui/session/workbench_session.h"

namespace inferscope::ui {

QStringList exportSession(const WorkbenchSession& session, const ExportViews& views, const QString& dir, QString* error) {
  ExportInput in;
  in.charts = views.charts->charts();
  if (views.blockMap) {
    in.blockMap = views.blockMap->view();
    in.blockMapLegend = views.blockMap->legendText();
  }
  in.steps = session.steps();
  if (auto r = session.compareResult()) {
    if (views.compare) {
      for (MetricsChart* c : views.compare->charts()) in.charts.push_back(c);
      if (MetricBarsView* bars = views.compare->barsView(); !bars->isEmpty())
        in.widgets.push_back({bars, QStringLiteral("compare_bars"), QString::fromStdString(r->scenario),
                              [bars](const QString& f, QString* e) { return bars->writeCsv(f, e); }, views.compare->finding()});
    }
    for (const auto& v : r->variants) in.variantSteps.push_back({QString::fromStdString(v.name), v.steps});
  }
  in.manifest = session.manifest();
  if (views.compare && !views.compare->finding().isEmpty())
    in.manifest[QStringLiteral("compare_finding")] = views.compare->finding();  // the tab's one-line point
  // Every lesson page with a result on screen: its chart and, for matrix results, its heat map.
  QJsonArray lessonIds;
  if (views.lessons) {
    for (LessonPage* p : views.lessons->pages()) {
      if (!p->result()) continue;
      lessonIds.append(p->id());
      if (!p->chart()->isEmpty()) {
        LessonChart* c = p->chart();
        in.widgets.push_back({c, p->exportId(), c->title(), [c](const QString& f, QString* e) { return c->writeCsv(f, e); }});
      }
      if (!p->result()->matrices.empty()) {
        HeatMapView* h = p->heatMap();
        in.widgets.push_back({h, p->exportId() + QStringLiteral("_heatmap"), QString::fromStdString(h->matrix().name),
                              [h](const QString& f, QString* e) { return h->writeCsv(f, e); }});
      }
    }
  }
  if (!lessonIds.isEmpty()) in.manifest[QStringLiteral("lessons")] = lessonIds;
  // The Servers tab (live or a recording): its charts that have data, and each server's slot bars.
  if (views.servers && !views.servers->servers().isEmpty()) {
    QJsonArray urls;
    for (const QString& url : views.servers->servers()) {
      urls.append(url);
      if (SlotFillView* v = views.servers->slotView(url)) {
        const QUrl u(url);
        in.widgets.push_back({v, QStringLiteral("server_slots_") + fileKey(u.host() + '_' + QString::number(u.port())), url, {}});
      }
    }
    for (MetricsChart* c : views.servers->charts())
      if (c->seriesCount() > 0) in.charts.push_back(c);
    in.manifest[QStringLiteral("servers")] = urls;
  }
  return exportAll(in, dir, error);
}

}  // namespace inferscope::ui
