#pragma once
// TracedRequestsView: the requests the attached engines traced over OTLP (vLLM's llm_request spans), the
// newest first, one row each: its id, the sender, time in queue, time to first token, end to end, prompt
// and generated tokens; above the table a line with the receiver's address and counts and the medians.
// It holds the newest kMaxRows requests (older ones leave the table; the recording keeps them all).
// Each request added has a serial (1 for the first since clear()), which names it in the request timeline
// beside the table (TracedTimeline): selecting a line says which, and the selection stays through later adds.
#include <QAbstractTableModel>
#include <QWidget>
#include <deque>
#include <vector>

#include "remote/otlp/llm_request_span.h"
#include "remote/otlp/otlp_trace_receiver.h"

class QLabel;
class QTableView;

namespace inferscope::ui {

class TracedRequestsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  static constexpr int kMaxRows = 10000;
  enum Column { Request, Service, Queue, Ttft, E2e, Prompt, Generated, ColumnCount };
  using QAbstractTableModel::QAbstractTableModel;

  // Appended in the order given; row 0 is the newest.
  void add(const std::vector<remote::LlmRequestSpan>& requests);
  void clear();
  const remote::LlmRequestSpan& request(int row) const { return rows_[rows_.size() - 1 - std::size_t(row)]; }
  const std::deque<remote::LlmRequestSpan>& rows() const { return rows_; }  // oldest first
  // Every request added since the last clear(), shown or not.
  std::uint64_t added() const { return added_; }
  // Row r holds the request of serial added() - r; rowOfSerial is -1 for a serial not held.
  qint64 serialOf(int row) const { return qint64(added_) - row; }
  int rowOfSerial(qint64 serial) const {
    const qint64 row = qint64(added_) - serial;
    return serial > 0 && row >= 0 && row < qint64(rows_.size()) ? int(row) : -1;
  }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  void retranslate();  // the headers in the current language

 private:
  std::deque<remote::LlmRequestSpan> rows_;  // oldest first
  std::uint64_t added_ = 0;
};

class TracedRequestsView : public QWidget {
  Q_OBJECT
 public:
  explicit TracedRequestsView(QWidget* parent = nullptr);

  // A live receiver's address ("127.0.0.1:4318") and counts; empty address: a recording's requests.
  void setReceiver(const QString& address, const remote::OtlpReceiverStats& stats);
  void add(const std::vector<remote::LlmRequestSpan>& requests);
  void clear();
  TracedRequestsModel* model() const { return model_; }
  QTableView* table() const { return table_; }
  // Selects the line of this serial (-1 or one not held: none) and scrolls to it, without emitting
  // requestSelected.
  void selectRequest(qint64 serial);
  qint64 selectedRequest() const { return selected_; }
  QString summaryText() const;
  void setTextPixelSize(int px);  // 0: the application's font
  void retranslateUi();

 signals:
  void requestSelected(qint64 serial);  // the user selected a line

 private:
  void showSelection(bool scroll);
  void updateSummary();
  TracedRequestsModel* model_ = nullptr;
  QLabel* summary_ = nullptr;
  QTableView* table_ = nullptr;
  QString address_;
  remote::OtlpReceiverStats stats_;
  bool live_ = false;
  qint64 selected_ = -1;
  bool selecting_ = false;  // the selection is being set from here, not by the user
};

}  // namespace inferscope::ui
