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
#include <array>
#include <map>

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
  summary_->setWordWrap(true);  // with KV groups it gains a line per group; it must never widen the window

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
  const bool grouped = snap->groups.size() > 1;
  legend_->setText(grouped ? legendText_ + QLatin1Char(' ') + groupLegendText_ : legendText_);
  if (grouped) {
    // Per attention kind (groups of one window behave alike): blocks held now and returned so far.
    std::map<int32_t, std::array<int64_t, 3>> kinds;  // window -> {groups, held, returned}
    for (const KvGroupInfo& gi : snap->groups) {
      auto& k = kinds[gi.window];
      k[0] += 1, k[1] += gi.blocks_used, k[2] += gi.blocks_released;
    }
    QStringList parts;
    for (const auto& [window, k] : kinds)
      parts << (window > 0 ? tr("%1 × window %2: %3 held, %4 returned").arg(k[0]).arg(window).arg(k[1]).arg(k[2])
                           : tr("%1 × full attention: %2 held").arg(k[0]).arg(k[1]));
    summary_->setText(summary_->text() + QLatin1Char('\n') + parts.join(QStringLiteral(" · ")));
  }
  const auto& hl = view_->highlightedSequences();
  QString text;
  for (const auto& s : snap->sequences) {
    if (!hl.empty() && !hl.count(s.seq_id)) continue;
    auto cellsOf = [](const std::vector<int32_t>& table) {
      QStringList cells;
      for (size_t i = 0; i < table.size(); ++i)
        cells << (table[i] < 0 ? QStringLiteral("%1→·").arg(i) : QStringLiteral("%1→%2").arg(i).arg(table[i]));
      return cells.join(QStringLiteral("  "));
    };
    if (!grouped || s.group_tables.empty()) {
      text += tr("seq %1 (%2 tokens): %3").arg(s.seq_id).arg(s.num_tokens).arg(cellsOf(s.block_table)) + QLatin1Char('\n');
      continue;
    }
    text += tr("seq %1 (%2 tokens):").arg(s.seq_id).arg(s.num_tokens) + QLatin1Char('\n');
    for (size_t g = 0; g < s.group_tables.size(); ++g)
      text += QStringLiteral("  G%1: ").arg(g) + cellsOf(s.group_tables[g]) + QLatin1Char('\n');
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
  legendText_ = tr("Each cell is one physical KV block, coloured by its owning sequence; the darker bar is "
                   "the filled slots. Empty outline = free, hatched = cached prefix (free but reusable), "
                   "black corner + inner outline = shared (refcount > 1), thick outline = selected request.");
  groupLegendText_ = tr("Teal top band = a sliding-window layer group's block; teal outline + centre mark = "
                        "returned once the window passed it (· in the tables G0, G1, ...).");
  legend_->setText(legendText_);
  tablesTitle_->setText(tr("Block tables (logical → physical)"));
  updateTables();
}

QString BlockMapPanel::legendText() const { return legend_->text(); }

}  // namespace inferscope::ui
