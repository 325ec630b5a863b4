#include "ui/panels/requests_model.h"

#include <QBrush>
#include <QColor>

namespace inferscope::ui {

void RequestsModel::setRequests(std::vector<RequestInfo> requests) {
  // Rows only ever get appended (ids ascend, the engine keeps finished requests), so an append plus a
  // dataChanged keeps the view's selection and scroll position stable.
  const int oldN = int(rows_.size()), newN = int(requests.size());
  if (newN < oldN) {
    beginResetModel();
    rows_ = std::move(requests);
    endResetModel();
    return;
  }
  if (newN > oldN) beginInsertRows({}, oldN, newN - 1);
  rows_ = std::move(requests);
  if (newN > oldN) endInsertRows();
  if (oldN > 0) emit dataChanged(index(0, 0), index(oldN - 1, ColumnCount - 1));
}

int RequestsModel::rowOf(int64_t id) const {
  for (size_t i = 0; i < rows_.size(); ++i)
    if (rows_[i].id == id) return int(i);
  return -1;
}

QString RequestsModel::stateText(const std::string& s) {
  if (s == "waiting") return tr("waiting");
  if (s == "running") return tr("running");
  if (s == "preempted") return tr("preempted");
  if (s == "finished") return tr("finished");
  if (s == "failed") return tr("failed");
  if (s == "cancelled") return tr("cancelled");
  return QString::fromStdString(s);
}

QVariant RequestsModel::data(const QModelIndex& index, int role) const {
  const RequestInfo* r = at(index.row());
  if (!r) return {};
  auto ms = [](double v) { return v < 0 ? QVariant(QStringLiteral("–")) : QVariant(QString::number(v, 'f', 1)); };
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case Id: return qlonglong(r->id);
      case State: return stateText(r->state);
      case Prompt: return r->n_prefix_hit > 0 ? QStringLiteral("%1 (%2 cached)").arg(r->n_prompt).arg(r->n_prefix_hit) : QString::number(r->n_prompt);
      case Generated: return r->n_generated;
      case Blocks: return r->blocks_held;
      case Ttft: return ms(r->ttft_ms);
      case Tpot: return ms(r->tpot_ms);
      case Preemptions: return r->preemptions;
    }
  } else if (role == Qt::ToolTipRole && !r->error.empty()) {
    return QString::fromStdString(r->error);
  } else if (role == Qt::ForegroundRole && index.column() == State) {
    if (r->state == "failed") return QBrush(QColor(0xc6, 0x28, 0x28));
    if (r->state == "preempted") return QBrush(QColor(0xef, 0x6c, 0x00));
  } else if (role == Qt::TextAlignmentRole && index.column() != State) {
    return int(Qt::AlignRight | Qt::AlignVCenter);
  }
  return {};
}

QVariant RequestsModel::headerData(int section, Qt::Orientation o, int role) const {
  if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Id: return tr("ID");
    case State: return tr("State");
    case Prompt: return tr("Prompt tokens");
    case Generated: return tr("Generated");
    case Blocks: return tr("Blocks held");
    case Ttft: return tr("TTFT (ms)");
    case Tpot: return tr("TPOT (ms)");
    case Preemptions: return tr("Preemptions");
  }
  return {};
}

}  // namespace inferscope::ui
