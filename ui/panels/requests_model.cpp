#include "ui/panels/requests_model.h"

#include <QBrush>
#include <QColor>
#include <algorithm>

#include "ui/engine/engine_texts.h"

namespace inferscope::ui {

namespace {
int64_t idOf(const RequestInfo& r) { return r.id; }
int64_t idOf(int64_t id) { return id; }
}  // namespace

void RequestsModel::setRequests(std::vector<RequestInfo> requests) {
  // The snapshot is a bounded view (ascending id): requests leave it (old history, the queue beyond its
  // head) and join it anywhere. Rows are removed and inserted by id rather than reset, so the view
  // keeps its selection and scroll position, and each snapshot costs only the rows that changed.
  auto inNew = [&](int64_t id) {
    return std::binary_search(requests.begin(), requests.end(), id,
                              [](const auto& a, const auto& b) { return idOf(a) < idOf(b); });
  };
  for (int end = int(rows_.size()); end > 0;) {
    if (inNew(rows_[size_t(end - 1)].id)) {
      --end;
      continue;
    }
    int begin = end - 1;
    while (begin > 0 && !inNew(rows_[size_t(begin - 1)].id)) --begin;
    beginRemoveRows({}, begin, end - 1);
    rows_.erase(rows_.begin() + begin, rows_.begin() + end);
    endRemoveRows();
    end = begin;
  }
  // rows_ is now a subsequence of requests: insert the missing runs in place.
  size_t j = 0;
  for (size_t i = 0; i < requests.size();) {
    if (j < rows_.size() && rows_[j].id == requests[i].id) {
      ++i;
      ++j;
      continue;
    }
    size_t k = i;
    while (k < requests.size() && (j >= rows_.size() || requests[k].id != rows_[j].id)) ++k;
    beginInsertRows({}, int(j), int(j + (k - i)) - 1);
    rows_.insert(rows_.begin() + std::ptrdiff_t(j), requests.begin() + std::ptrdiff_t(i), requests.begin() + std::ptrdiff_t(k));
    endInsertRows();
    j += k - i;
    i = k;
  }
  // Only rows whose shown values changed are repainted (ended requests, most of the view, do not).
  auto same = [](const RequestInfo& a, const RequestInfo& b) {
    return a.state == b.state && a.finish_reason == b.finish_reason && a.error == b.error && a.n_prompt == b.n_prompt &&
           a.n_prefix_hit == b.n_prefix_hit && a.n_generated == b.n_generated && a.blocks_held == b.blocks_held &&
           a.ttft_ms == b.ttft_ms && a.tpot_ms == b.tpot_ms && a.preemptions == b.preemptions;
  };
  std::vector<bool> changed(requests.size());
  for (size_t i = 0; i < requests.size(); ++i) changed[i] = !same(rows_[i], requests[i]);
  rows_ = std::move(requests);
  for (size_t i = 0; i < changed.size();) {
    if (!changed[i]) {
      ++i;
      continue;
    }
    size_t k = i;
    while (k < changed.size() && changed[k]) ++k;
    emit dataChanged(index(int(i), 0), index(int(k) - 1, ColumnCount - 1));
    i = k;
  }
}

int RequestsModel::rowOf(int64_t id) const {
  for (size_t i = 0; i < rows_.size(); ++i)
    if (rows_[i].id == id) return int(i);
  return -1;
}

QString RequestsModel::stateText(RequestState s) { return EngineTexts::state(s); }

QVariant RequestsModel::data(const QModelIndex& index, int role) const {
  const RequestInfo* r = at(index.row());
  if (!r) return {};
  auto ms = [](double v) { return v < 0 ? QVariant(QStringLiteral("–")) : QVariant(QString::number(v, 'f', 1)); };
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case Id: return qlonglong(r->id);
      case State:
        return r->state == RequestState::Finished && !r->finish_reason.empty()
                   ? tr("%1 (%2)").arg(stateText(r->state), EngineTexts::stopReason(r->finish_reason))
                   : stateText(r->state);
      case Prompt: return r->n_prefix_hit > 0 ? QStringLiteral("%1 (%2 cached)").arg(r->n_prompt).arg(r->n_prefix_hit) : QString::number(r->n_prompt);
      case Generated: return r->n_generated;
      case Blocks: return r->blocks_held;
      case Ttft: return ms(r->ttft_ms);
      case Tpot: return ms(r->tpot_ms);
      case Preemptions: return r->preemptions;
    }
  } else if (role == Qt::ToolTipRole) {
    if (!r->error.empty()) return EngineTexts::error(r->error);
    if (!r->finish_reason.empty()) return EngineTexts::stopReason(r->finish_reason);
  } else if (role == Qt::ForegroundRole && index.column() == State) {
    if (r->state == RequestState::Failed) return QBrush(QColor(0xc6, 0x28, 0x28));
    if (r->state == RequestState::Preempted || r->finish_reason == "kv_full") return QBrush(QColor(0xef, 0x6c, 0x00));
  } else if (role == Qt::TextAlignmentRole && index.column() != State) {
    return int(Qt::AlignRight | Qt::AlignVCenter);
  }
  return {};
}

QVariant RequestsModel::headerData(int section, Qt::Orientation o, int role) const {
  if (o != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    // Short headers keep the columns narrow; the tooltip says what each holds.
    switch (section) {
      case Prompt: return tr("Prompt tokens (of which served by the prefix cache)");
      case Generated: return tr("Tokens generated so far, over all samples");
      case Blocks: return tr("KV cache blocks the request holds now");
      case Ttft: return tr("Time to first token, ms, from submission to a running engine");
      case Tpot: return tr("Time per output token after the first, ms");
      case Preemptions: return tr("Times the request was preempted (its KV recomputed)");
      default: return {};
    }
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case Id: return tr("ID");
    case State: return tr("State");
    case Prompt: return tr("Prompt");
    case Generated: return tr("Gen.");
    case Blocks: return tr("Blocks");
    case Ttft: return tr("TTFT ms");
    case Tpot: return tr("TPOT ms");
    case Preemptions: return tr("Preempt.");
  }
  return {};
}

}  // namespace inferscope::ui
