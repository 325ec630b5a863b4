#pragma once
// File > Get models...: the models InferScope can fetch (size, licence, installed or not), downloaded on
// the user's request with a progress bar and Cancel, then handed to the caller to open.
#include <QAction>
#include <QDialog>
#include <QUrl>
#include <functional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

#include "fetch/model_catalogue.h"

namespace inferscope::fetch {
class ModelFetcher;
}

namespace inferscope::ui {

class GetModelsDialog : public QDialog {
  Q_OBJECT
 public:
  // The models offered and the index they come from are the catalogue's (by default the built-in one).
  explicit GetModelsDialog(QWidget* parent = nullptr);
  GetModelsDialog(const fetch::Catalogue& catalogue, QWidget* parent = nullptr);

  // The folder the models go to (default: the shared model folder the bootstrap also uses).
  void setTargetDirectory(const QString& dir);
  // Selects the catalogue model with this name (the default model is selected at first).
  void selectModel(const QString& name);
  // Starts downloading the selected model, as the Download button does.
  void startDownload();

  // Shows the dialog modally; when a model was fetched, calls open with its path. firstStart adds a line
  // saying that no model is installed yet.
  static void getModels(QWidget* parent, const std::function<void(const QString&)>& open, bool firstStart = false);

 signals:
  void modelReady(const QString& path);

 protected:
  void changeEvent(QEvent* e) override;
  void reject() override;  // Escape or closing the window cancels a running download first

 private:
  void retranslateUi();
  void refreshRows();
  void setRunning(bool running);
  QString selectedName() const;

  fetch::Catalogue catalogue_;
  fetch::ModelFetcher* fetcher_;
  QString targetDir_;
  bool firstStart_ = false;
  QLabel* introLabel_;
  QTreeWidget* list_;
  QLabel* status_;
  QProgressBar* bar_;
  QPushButton* download_;
  QPushButton* cancel_;
  QPushButton* close_;
};

// The File menu's entry: opens the dialog and passes a fetched model to open. Keeps its text translated.
class GetModelsAction : public QAction {
  Q_OBJECT
 public:
  GetModelsAction(QWidget* window, std::function<void(const QString&)> open);

 protected:
  bool eventFilter(QObject* o, QEvent* e) override;
};

}  // namespace inferscope::ui
