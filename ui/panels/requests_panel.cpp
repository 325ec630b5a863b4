#include "ui/panels/requests_panel.h"

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "ui/engine/engine_texts.h"
#include "ui/panels/requests_model.h"

namespace inferscope::ui {

RequestsPanel::RequestsPanel(QWidget* parent) : QWidget(parent) {
  model_ = new RequestsModel(this);
  table_ = new QTableView;
  table_->setModel(model_);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  // Narrow columns sized to their numbers, so a docked table shows more than ID and State (it scrolls
  // sideways for the rest).
  table_->horizontalHeader()->setDefaultSectionSize(58);
  table_->horizontalHeader()->setMinimumSectionSize(32);
  table_->setColumnWidth(RequestsModel::Id, 40);
  table_->setColumnWidth(RequestsModel::State, 128);
  table_->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
  text_ = new QPlainTextEdit;
  text_->setReadOnly(true);
  cancel_ = new QPushButton;
  cancel_->setEnabled(false);
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(table_);
  split->addWidget(text_);
  split->setStretchFactor(0, 3);
  totals_ = new QLabel;
  totals_->setObjectName(QStringLiteral("requests_totals"));
  totals_->setWordWrap(true);
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(2, 2, 2, 2);
  l->addWidget(totals_);
  l->addWidget(split);
  l->addWidget(cancel_);
  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& cur) {
    const RequestInfo* r = model_->at(cur.row());
    selected_ = r ? r->id : -1;
    showSelected();
    emit requestSelected(selected_);
  });
  connect(cancel_, &QPushButton::clicked, this, [this] {
    if (selected_ >= 0) emit cancelRequested(selected_);
  });
  retranslateUi();
}

QSize RequestsPanel::sizeHint() const {
  int w = table_->verticalScrollBar()->sizeHint().width() + 2 * table_->frameWidth() + 8;
  for (int c = 0; c < RequestsModel::ColumnCount; ++c) w += table_->columnWidth(c);
  return {w, QWidget::sizeHint().height()};
}

void RequestsPanel::setRequests(const std::vector<RequestInfo>& requests) {
  model_->setRequests(requests);
  showSelected();
}

void RequestsPanel::selectRequest(int64_t id) {
  const int row = model_->rowOf(id);
  if (row >= 0) table_->selectRow(row);
}

void RequestsPanel::showSelected() {
  const int row = model_->rowOf(selected_);
  const RequestInfo* r = model_->at(row);
  std::set<int64_t> seqs;
  if (r) {
    seqs.insert(r->seq_ids.begin(), r->seq_ids.end());
    QString t = tr("Request %1: %2").arg(r->id).arg(RequestsModel::stateText(r->state));
    if (!r->finish_reason.empty()) t += tr(" (%1)").arg(EngineTexts::stopReason(r->finish_reason));
    if (!r->error.empty()) t += QLatin1Char('\n') + tr("Error: %1").arg(EngineTexts::error(r->error));
    for (size_t i = 0; i < r->texts.size(); ++i)
      t += QStringLiteral("\n\n[%1] ").arg(i) + QString::fromStdString(r->texts[i]);
    if (text_->toPlainText() != t) text_->setPlainText(t);
    cancel_->setEnabled(r->state == RequestState::Waiting || r->state == RequestState::Running ||
                        r->state == RequestState::Preempted);
  } else {
    text_->clear();
    cancel_->setEnabled(false);
  }
  if (seqs != lastSeqs_) {
    lastSeqs_ = seqs;
    emit selectionChanged(seqs);
  }
}

void RequestsPanel::setTotals(const RequestTotals& totals) {
  lastTotals_ = totals;
  const QString text = totalsText();
  if (totals_->text() != text) totals_->setText(text);
}

QString RequestsPanel::totalsText() const {
  const RequestTotals& t = lastTotals_;
  const qint64 ended = t.finished + t.failed + t.cancelled;
  return tr("%1 requests: %2 running, %3 waiting, %4 ended (%5 failed, %6 cancelled); the table shows %7")
      .arg(t.submitted)
      .arg(t.running)
      .arg(t.waiting)
      .arg(ended)
      .arg(t.failed)
      .arg(t.cancelled)
      .arg(model_->rowCount());
}

void RequestsPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void RequestsPanel::retranslateUi() {
  cancel_->setText(tr("Cancel selected request"));
  totals_->setText(totalsText());
  totals_->setToolTip(tr("The table keeps the running requests, the first waiting ones and the most recently "
                         "ended ones; older requests are only counted here."));
  emit model_->headerDataChanged(Qt::Horizontal, 0, RequestsModel::ColumnCount - 1);
  showSelected();
}

}  // namespace inferscope::ui
