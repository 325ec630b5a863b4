#pragma once
// ModelPickerDialog: the Open dialog. Lists the models installed in the bootstrap's cache folder by name
// (from each GGUF's metadata: architecture, quantization, size, parameters, licence), marks the ones the
// engine cannot run and why, and offers "Browse..." for any other file.
#include <QDialog>
#include <QString>
#include <vector>

#include "engine/model/model_catalog.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace inferscope::ui {

class ModelPickerDialog : public QDialog {
  Q_OBJECT
 public:
  // Lists dir's models; the row of `current` (a path) starts selected.
  ModelPickerDialog(const QString& dir, const QString& current, QWidget* parent = nullptr);
  // The file to open once accepted: the selected row's, or the one Browse... chose.
  QString selectedPath() const { return chosen_; }
  QTableWidget* table() const { return table_; }
  // Shows the dialog over parent for the bootstrap's cache folder; the chosen file, or empty when cancelled.
  static QString choose(QWidget* parent, const QString& current);

 private:
  void fill(const QString& current);
  void updateButtons();
  void acceptRow(int row);
  void browse();

  QString dir_;
  QString browseDir_;  // where Browse... starts: the current model's folder, else dir_
  QString chosen_;
  std::vector<InstalledModel> models_;
  QLabel* folder_ = nullptr;
  QTableWidget* table_ = nullptr;
  QPushButton* open_ = nullptr;
};

}  // namespace inferscope::ui
