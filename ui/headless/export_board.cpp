#include "ui/headless/export_board.h"

#include "ui/blockmap/block_map_panel.h"
#include "ui/charts/charts_panel.h"
#include "ui/compare/compare_panel.h"
#include "ui/session/session_export.h"
#include "ui/session/session_views.h"

namespace inferscope::ui {

ExportBoard::ExportBoard(WorkbenchSession* session, QWidget* parent) : QTabWidget(parent), session_(session) {
  charts_ = new ChartsPanel;
  blockMap_ = new BlockMapPanel;
  compare_ = new ComparePanel;
  // Tab titles are not exported; they only tell the tabs apart when the board is looked at.
  addTab(charts_, QStringLiteral("charts"));
  addTab(blockMap_, QStringLiteral("block map"));
  addTab(compare_, QStringLiteral("compare"));
  bindViews(session_, {charts_, blockMap_, nullptr, nullptr, compare_});
}

QStringList ExportBoard::exportTo(const QString& dir, QString* error) const {
  return exportSession(*session_, {charts_, blockMap_, compare_, nullptr}, dir, error);
}

}  // namespace inferscope::ui
