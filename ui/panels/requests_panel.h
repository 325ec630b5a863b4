#pragma once
// RequestsPanel: the requests table plus the selected request's text; selecting a row tells the main
// window which sequences to highlight in the block map. The table shows the snapshot's bounded view
// (running requests, the head of the queue, the latest ended ones); a line above it counts every
// request of the session, so a long run's 100,000 requests are accounted for without 100,000 rows.
#include <QWidget>
#include <set>

#include "ui/engine/engine_snapshot.h"

class QLabel;
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
  // Counts over every request the engine was given, including those the view leaves out.
  void setTotals(const RequestTotals& totals);
  QString totalsText() const;
  RequestsModel* model() const { return model_; }
  QTableView* table() const { return table_; }
  int64_t selectedId() const { return selected_; }
  void selectRequest(int64_t id);
  // Wide enough for the table's columns, so the dock opens showing the numbers, not only ID and State.
  QSize sizeHint() const override;

 signals:
  void selectionChanged(std::set<int64_t> seqIds);
  // The request whose row became current (-1: none), whoever chose it.
  void requestSelected(qint64 id);
  void cancelRequested(int64_t id);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslateUi();
  void showSelected();

  RequestsModel* model_ = nullptr;
  QTableView* table_ = nullptr;
  QPlainTextEdit* text_ = nullptr;
  QLabel* totals_ = nullptr;
  RequestTotals lastTotals_;
  QPushButton* cancel_ = nullptr;
  int64_t selected_ = -1;
  std::set<int64_t> lastSeqs_;
};

}  // namespace inferscope::ui
