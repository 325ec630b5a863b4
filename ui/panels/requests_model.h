#pragma once
// RequestsModel: the requests table (id, state, prompt/generated tokens, blocks, TTFT, TPOT, preemptions)
// over the RequestInfo values of the newest snapshot.
#include <QAbstractTableModel>
#include <vector>

#include "engine/llm_engine.h"

namespace inferscope::ui {

class RequestsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { Id, State, Prompt, Generated, Blocks, Ttft, Tpot, Preemptions, ColumnCount };
  using QAbstractTableModel::QAbstractTableModel;

  void setRequests(std::vector<RequestInfo> requests);
  const std::vector<RequestInfo>& requests() const { return rows_; }
  const RequestInfo* at(int row) const { return row >= 0 && row < int(rows_.size()) ? &rows_[size_t(row)] : nullptr; }
  int rowOf(int64_t id) const;

  int rowCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : int(rows_.size()); }
  int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation o, int role) const override;
  static QString stateText(RequestState state);

 private:
  std::vector<RequestInfo> rows_;
};

}  // namespace inferscope::ui
