#include "ui/model_picker/model_picker_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

#include "engine/model/default_model.h"
#include "engine/model/model_card.h"

namespace inferscope::ui {

namespace {
enum Column { kName, kArch, kQuant, kSize, kParams, kLicence, kFile, kColumns };
}

ModelPickerDialog::ModelPickerDialog(const QString& dir, const QString& current, QWidget* parent)
    : QDialog(parent), dir_(dir), browseDir_(current.isEmpty() ? dir : QFileInfo(current).absolutePath()) {
  setWindowTitle(tr("Open model"));
  folder_ = new QLabel;
  folder_->setWordWrap(true);
  folder_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  table_ = new QTableWidget(0, kColumns);
  table_->setHorizontalHeaderLabels(
      {tr("Name"), tr("Architecture"), tr("Quantization"), tr("Size"), tr("Parameters"), tr("Licence"), tr("File")});
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->hide();
  table_->setWordWrap(false);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(kName, QHeaderView::Stretch);
  auto* buttons = new QDialogButtonBox;
  open_ = buttons->addButton(tr("Open"), QDialogButtonBox::AcceptRole);
  QPushButton* browse = buttons->addButton(tr("Browse..."), QDialogButtonBox::ActionRole);
  browse->setToolTip(tr("Open any GGUF file"));
  buttons->addButton(QDialogButtonBox::Cancel);
  auto* l = new QVBoxLayout(this);
  l->addWidget(folder_);
  l->addWidget(table_, 1);
  l->addWidget(buttons);
  connect(open_, &QPushButton::clicked, this, [this] { acceptRow(table_->currentRow()); });
  connect(browse, &QPushButton::clicked, this, &ModelPickerDialog::browse);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { acceptRow(row); });
  connect(table_, &QTableWidget::currentCellChanged, this, [this] { updateButtons(); });
  fill(current);
  const int width = parent ? std::min(1000, parent->width() - 40) : 1000;
  resize(std::max(600, width), 360);
}

void ModelPickerDialog::fill(const QString& current) {
  models_ = list_installed_models(dir_.toStdString());
  folder_->setText(models_.empty()
                       ? tr("No models in %1. packaging/bootstrap.sh setup installs SmolLM2-135M and Gemma 3 270M "
                            "there; Browse... opens any GGUF file.")
                             .arg(QDir::toNativeSeparators(dir_))
                       : tr("Models installed in %1:").arg(QDir::toNativeSeparators(dir_)));
  const QLocale loc;
  table_->setRowCount(int(models_.size()));
  int select = models_.empty() ? -1 : 0;
  for (int r = 0; r < int(models_.size()); ++r) {
    const InstalledModel& m = models_[size_t(r)];
    auto text = [](const std::string& s) { return s.empty() ? QStringLiteral("-") : QString::fromStdString(s); };
    const QString name = m.name.empty() ? QFileInfo(QString::fromStdString(m.file_name)).completeBaseName()
                                        : QString::fromStdString(m.name);
    const QString cells[kColumns] = {
        name,
        text(m.architecture),
        text(m.quantization),
        loc.formattedDataSize(qint64(m.file_bytes), 1, QLocale::DataSizeTraditionalFormat),
        m.n_parameters ? tr("%1 M").arg(loc.toString(double(m.n_parameters) / 1e6, 'f', 1)) : QStringLiteral("-"),
        text(m.license),
        QString::fromStdString(m.file_name)};
    const QString tip = m.problem.empty()
                            ? QDir::toNativeSeparators(QString::fromStdString(m.path))
                            : tr("InferScope cannot run this file: %1").arg(QString::fromStdString(m.problem));
    for (int c = 0; c < kColumns; ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      item->setToolTip(tip);
      if (c == kSize || c == kParams) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      if (c == kLicence && m.has_notice && m.problem.empty())
        item->setToolTip(tr("Its licence notice lies beside the file: %1")
                             .arg(QDir::toNativeSeparators(QString::fromStdString(notice_dir_for(m.path)))));
      // A file the engine refuses stays listed (so the user sees why), greyed out and not selectable.
      if (!m.problem.empty()) item->setFlags(item->flags() & ~(Qt::ItemIsSelectable | Qt::ItemIsEnabled));
      table_->setItem(r, c, item);
    }
    if (!current.isEmpty() && QFileInfo(QString::fromStdString(m.path)) == QFileInfo(current)) select = r;
  }
  if (select >= 0 && !models_[size_t(select)].problem.empty()) select = -1;
  if (select >= 0) table_->selectRow(select);
  updateButtons();
}

void ModelPickerDialog::updateButtons() {
  const int r = table_->currentRow();
  open_->setEnabled(r >= 0 && r < int(models_.size()) && models_[size_t(r)].problem.empty() &&
                    table_->item(r, 0) && table_->item(r, 0)->isSelected());
}

void ModelPickerDialog::acceptRow(int row) {
  if (row < 0 || row >= int(models_.size()) || !models_[size_t(row)].problem.empty()) return;
  chosen_ = QString::fromStdString(models_[size_t(row)].path);
  accept();
}

void ModelPickerDialog::browse() {
  const QString f = QFileDialog::getOpenFileName(this, tr("Open GGUF model"), browseDir_, tr("GGUF models (*.gguf);;All files (*)"));
  if (f.isEmpty()) return;
  chosen_ = f;
  accept();
}

QString ModelPickerDialog::choose(QWidget* parent, const QString& current) {
  ModelPickerDialog d(QString::fromStdString(model_cache_dir()), current, parent);
  return d.exec() == QDialog::Accepted ? d.selectedPath() : QString();
}

}  // namespace inferscope::ui
