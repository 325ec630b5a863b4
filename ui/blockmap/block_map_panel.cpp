#include "ui/blockmap/block_map_panel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSlider>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/blockmap/block_map_view.h"

namespace inferscope::ui {

BlockMapPanel::BlockMapPanel(QWidget* parent) : QWidget(parent) {
  view_ = new BlockMapView;
  view_->setObjectName(QStringLiteral("block_map"));
  auto* scroll = new QScrollArea;
  scroll->setWidget(view_);
  scroll->setWidgetResizable(true);

  zoomLabel_ = new QLabel;
  zoom_ = new QSlider(Qt::Horizontal);
  zoom_->setRange(6, 64);
  zoom_->setValue(view_->cellSize());
  zoom_->setMaximumWidth(200);
  connect(zoom_, &QSlider::valueChanged, view_, &BlockMapView::setCellSize);
  connect(view_, &BlockMapView::cellSizeChanged, zoom_, &QSlider::setValue);
  legend_ = new QLabel;
  legend_->setWordWrap(true);
  summary_ = new QLabel;

  auto* top = new QHBoxLayout;
  top->addWidget(zoomLabel_);
  top->addWidget(zoom_);
  top->addWidget(summary_, 1);

  tablesTitle_ = new QLabel;
  tables_ = new QPlainTextEdit;
  tables_->setReadOnly(true);
  tables_->setLineWrapMode(QPlainTextEdit::NoWrap);
  auto* side = new QWidget;
  auto* sideLayout = new QVBoxLayout(side);
  sideLayout->setContentsMargins(0, 0, 0, 0);
  sideLayout->addWidget(tablesTitle_);
  sideLayout->addWidget(tables_);

  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(scroll);
  split->addWidget(side);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(legend_);
  layout->addWidget(split, 1);
  tablesTimer_ = new QTimer(this);
  tablesTimer_->setSingleShot(true);
  tablesTimer_->setInterval(250);
  connect(tablesTimer_, &QTimer::timeout, this, [this] {
    if (tablesStale_ && isVisible()) updateTables();
  });
  retranslateUi();
}

void BlockMapPanel::setSnapshot(std::shared_ptr<const BlockMapSnapshot> snapshot) {
  view_->setSnapshot(std::move(snapshot));
  tablesStale_ = true;
  if (isVisible() && !tablesTimer_->isActive()) tablesTimer_->start();
}

void BlockMapPanel::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (tablesStale_) updateTables();
}

void BlockMapPanel::setHighlightedSequences(std::set<int64_t> seqs) {
  view_->setHighlightedSequences(std::move(seqs));
  updateTables();
}

void BlockMapPanel::updateTables() {
  tablesStale_ = false;
  const auto snap = view_->snapshot();
  if (!snap) {
    tables_->clear();
    summary_->clear();
    return;
  }
  int used = 0, cached = 0, shared = 0;
  for (const auto& b : snap->blocks) {
    used += b.state == BlockState::Used;
    cached += b.state == BlockState::Cached;
    shared += b.ref_count > 1;
  }
  summary_->setText(tr("%1 blocks of %2 slots: %3 used, %4 cached, %5 shared, %6 free")
                        .arg(snap->blocks.size())
                        .arg(snap->block_size)
                        .arg(used)
                        .arg(cached)
                        .arg(shared)
                        .arg(int(snap->blocks.size()) - used - cached));
  const auto& hl = view_->highlightedSequences();
  QString text;
  for (const auto& s : snap->sequences) {
    if (!hl.empty() && !hl.count(s.seq_id)) continue;
    QStringList cells;
    for (size_t i = 0; i < s.block_table.size(); ++i) cells << QStringLiteral("%1→%2").arg(i).arg(s.block_table[i]);
    text += tr("seq %1 (%2 tokens): %3").arg(s.seq_id).arg(s.num_tokens).arg(cells.join(QStringLiteral("  "))) +
            QLatin1Char('\n');
  }
  if (tables_->toPlainText() != text) tables_->setPlainText(text);
}

void BlockMapPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void BlockMapPanel::retranslateUi() {
  zoomLabel_->setText(tr("Zoom:"));
  zoom_->setToolTip(tr("Cell size in pixels (Ctrl + mouse wheel on the map also zooms)."));
  legend_->setText(tr("Each cell is one physical KV block, coloured by its owning sequence; the darker bar is "
                      "the filled slots. Empty outline = free, hatched = cached prefix (free but reusable), "
                      "black corner + inner outline = shared (refcount > 1), thick outline = selected request."));
  tablesTitle_->setText(tr("Block tables (logical → physical)"));
  updateTables();
}

}  // namespace inferscope::ui
