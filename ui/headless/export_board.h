#pragma once
// ExportBoard: the views an export draws (live charts, block map, compared variants) laid out in tabs
// like the workbench's, bound to a WorkbenchSession, without a main window: what `inferscope-cli export`
// renders. Shown on the offscreen platform at the size the export asks for.
#include <QTabWidget>

namespace inferscope::ui {

class BlockMapPanel;
class ChartsPanel;
class ComparePanel;
class WorkbenchSession;

class ExportBoard : public QTabWidget {
  Q_OBJECT
 public:
  explicit ExportBoard(WorkbenchSession* session, QWidget* parent = nullptr);
  // Writes every chart, the block map, the step logs and the manifest (exportSession).
  QStringList exportTo(const QString& dir, QString* error = nullptr) const;

  ChartsPanel* charts() const { return charts_; }
  BlockMapPanel* blockMap() const { return blockMap_; }
  ComparePanel* compare() const { return compare_; }

 private:
  WorkbenchSession* session_;
  ChartsPanel* charts_ = nullptr;
  BlockMapPanel* blockMap_ = nullptr;
  ComparePanel* compare_ = nullptr;
};

}  // namespace inferscope::ui
