#pragma once
// PlaygroundPanel: one prompt (chat or raw), streamed output coloured by how each token was produced.
#include <QWidget>

#include "ui/engine/engine_snapshot.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTextEdit;

namespace inferscope::ui {

class EngineController;

class PlaygroundPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PlaygroundPanel(EngineController* controller, QWidget* parent = nullptr);
  void addSnapshot(const EngineSnapshot& s);
  int64_t currentRequest() const { return requestId_; }
  QString outputText() const;
  void setPrompt(const QString& p);
  void send();

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslateUi();

  EngineController* controller_;
  QPlainTextEdit* prompt_ = nullptr;
  QComboBox* mode_ = nullptr;
  QSpinBox* maxTokens_ = nullptr;
  QDoubleSpinBox* temperature_ = nullptr;
  QSpinBox* topK_ = nullptr;
  QDoubleSpinBox* topP_ = nullptr;
  QSpinBox* seed_ = nullptr;
  QPushButton* send_ = nullptr;
  QLabel* legend_ = nullptr;
  QLabel* status_ = nullptr;
  QLabel* maxTokensLabel_ = nullptr;
  QLabel* tempLabel_ = nullptr;
  QLabel* topKLabel_ = nullptr;
  QLabel* topPLabel_ = nullptr;
  QLabel* seedLabel_ = nullptr;
  QTextEdit* output_ = nullptr;
  quint64 tag_ = 0;
  int64_t requestId_ = -1;
};

}  // namespace inferscope::ui
