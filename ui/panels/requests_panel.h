#pragma once
// RequestsPanel: the requests table plus the selected request's text; selecting a row tells the main
// window which sequences to highlight in the block map.
#include <QWidget>
#include <set>

#include "ui/engine/engine_snapshot.h"

class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace inferscope::ui {

class RequestsModel;

class RequestsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit RequestsPanel(QWidget* parent = nullptr);
  void setRequests(const std::vector<RequestInfo>& requests);
  RequestsModel* model() const { return model_; }
  QTableView* table() const { return table_; }
  int64_t selectedId() const { return selected_; }
  void selectRequest(int64_t id);
  // Wide enough for the table's columns, so the dock opens showing the numbers, not only ID and State.
  QSize sizeHint() const override;

 signals:
  void selectionChanged(std::set<int64_t> seqIds);
  void cancelRequested(int64_t id);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslateUi();
  void showSelected();

  RequestsModel* model_ = nullptr;
  QTableView* table_ = nullptr;
  QPlainTextEdit* text_ = nullptr;
  QPushButton* cancel_ = nullptr;
  int64_t selected_ = -1;
  std::set<int64_t> lastSeqs_;
};

}  // namespace inferscope::ui
