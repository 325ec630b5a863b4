#include "ui/attach/traced_requests_view.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <optional>

namespace inferscope::ui {

namespace {
QVariant msCell(const std::optional<double>& s) {
  if (!s) return QStringLiteral("-");  // the span did not say: never 0 in its stead
  const double ms = *s * 1000.0;
  return QString::number(ms, 'f', ms < 10.0 ? 1 : 0);  // a tenth where it matters
}
QVariant countCell(const std::optional<int64_t>& v) { return v ? QVariant(qlonglong(*v)) : QVariant(QStringLiteral("-")); }

// The median of the figures present, in seconds; nullopt when none is.
template <typename Get>
std::optional<double> median(const std::deque<remote::LlmRequestSpan>& rows, Get get) {
  std::vector<double> v;
  v.reserve(rows.size());
  for (const auto& r : rows)
    if (const std::optional<double> x = get(r)) v.push_back(*x);
  if (v.empty()) return std::nullopt;
  const auto mid = v.begin() + std::ptrdiff_t(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}
}  // namespace

void TracedRequestsModel::add(const std::vector<remote::LlmRequestSpan>& requests) {
  if (requests.empty()) return;
  beginResetModel();  // rows enter at the top and leave at the bottom: one reset is cheaper than both moves
  for (const auto& r : requests) {
    rows_.push_back(r);
    if (rows_.size() > std::size_t(kMaxRows)) rows_.pop_front();
  }
  added_ += requests.size();
  endResetModel();
}

void TracedRequestsModel::clear() {
  beginResetModel();
  rows_.clear();
  added_ = 0;
  endResetModel();
}

int TracedRequestsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }
int TracedRequestsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant TracedRequestsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const remote::LlmRequestSpan& r = request(index.row());
  if (role == Qt::TextAlignmentRole)
    return index.column() >= Queue ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
  if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
  switch (Column(index.column())) {
    case Request: return QString::fromStdString(r.request_id.empty() ? r.span_id : r.request_id);
    case Service: return QString::fromStdString(r.service);
    case Queue: return msCell(r.queue_s);
    case Ttft: return msCell(r.ttft_s);
    case E2e: return msCell(r.e2e_s);
    case Prompt: return countCell(r.prompt_tokens);
    case Generated: return countCell(r.completion_tokens);
    case ColumnCount: break;
  }
  return {};
}

QVariant TracedRequestsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (Column(section)) {
    case Request: return tr("Request");
    case Service: return tr("Sender");
    case Queue: return tr("Queue (ms)");
    case Ttft: return tr("TTFT (ms)");
    case E2e: return tr("End to end (ms)");
    case Prompt: return tr("Prompt tokens");
    case Generated: return tr("Generated tokens");
    case ColumnCount: break;
  }
  return {};
}

void TracedRequestsModel::retranslate() { emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1); }

TracedRequestsView::TracedRequestsView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("traced_requests"));
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->addWidget(summary_);
  model_ = new TracedRequestsModel(this);
  table_ = new QTableView(this);
  table_->setModel(model_);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setAlternatingRowColors(true);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->setMinimumHeight(160);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  v->addWidget(table_, 1);
  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
    if (selecting_ || !current.isValid()) return;
    selected_ = model_->serialOf(current.row());
    emit requestSelected(selected_);
  });
  retranslateUi();
}

void TracedRequestsView::setReceiver(const QString& address, const remote::OtlpReceiverStats& stats) {
  address_ = address;
  stats_ = stats;
  live_ = !address.isEmpty();
  updateSummary();
}

void TracedRequestsView::add(const std::vector<remote::LlmRequestSpan>& requests) {
  model_->add(requests);
  showSelection(false);  // the model was reset: the same request again, on its new line (not scrolled to)
  updateSummary();
}

void TracedRequestsView::selectRequest(qint64 serial) {
  selected_ = serial;
  showSelection(true);
}

void TracedRequestsView::showSelection(bool scroll) {
  selecting_ = true;
  const int row = model_->rowOfSerial(selected_);
  if (row < 0) {
    table_->selectionModel()->clearSelection();
  } else {
    const QModelIndex at = model_->index(row, 0);
    table_->selectionModel()->setCurrentIndex(at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (scroll) table_->scrollTo(at);
  }
  selecting_ = false;
}

void TracedRequestsView::clear() {
  model_->clear();
  selected_ = -1;
  stats_ = {};
  address_.clear();
  live_ = false;
  updateSummary();
}

QString TracedRequestsView::summaryText() const { return summary_->text(); }

void TracedRequestsView::updateSummary() {
  QString text;
  if (live_)
    text = tr("OTLP traces on http://%1/v1/traces: %n request(s) received", "", int(stats_.requests)).arg(address_) +
           tr(" in %n export(s)", "", int(stats_.exports));
  else
    text = tr("Traced requests in this recording: %n", "", int(model_->added()));
  if (live_ && stats_.refused > 0)
    text += tr("; %n refused (last: %1)", "", int(stats_.refused)).arg(QString::fromStdString(stats_.last_error));
  if (model_->added() > std::uint64_t(TracedRequestsModel::kMaxRows))
    text += tr("; the newest %1 shown").arg(TracedRequestsModel::kMaxRows);
  // Medians over the rows held, each of the requests that carried the figure.
  const std::deque<remote::LlmRequestSpan>& rows = model_->rows();
  auto ms = [](const std::optional<double>& s) { return s ? QString::number(*s * 1000.0, 'f', 0) : QStringLiteral("-"); };
  if (!rows.empty())
    text += '\n' + tr("Medians: queue %1 ms, time to first token %2 ms, end to end %3 ms")
                       .arg(ms(median(rows, [](const auto& r) { return r.queue_s; })),
                            ms(median(rows, [](const auto& r) { return r.ttft_s; })),
                            ms(median(rows, [](const auto& r) { return r.e2e_s; })));
  summary_->setText(text);
}

void TracedRequestsView::setTextPixelSize(int px) {
  for (QWidget* w : {static_cast<QWidget*>(summary_), static_cast<QWidget*>(table_)}) {
    QFont f = font();
    if (px > 0) f.setPixelSize(px);
    w->setFont(f);
  }
  table_->horizontalHeader()->setFont(table_->font());
}

void TracedRequestsView::retranslateUi() {
  model_->retranslate();
  updateSummary();
}

}  // namespace inferscope::ui
