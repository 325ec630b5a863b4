#pragma once
// PlaygroundPanel: one prompt (chat or raw), streamed output coloured by how each token was produced.
// The prompt's own tokens are shown too: the first n_prefix_hit of them (the engine's number for this
// request) as prefix-cache hits, the rest as prefilled; generated tokens carry the engine's TokenOrigin.
#include <QStringList>
#include <QWidget>
#include <vector>

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

class WorkbenchSession;

class PlaygroundPanel : public QWidget {
  Q_OBJECT
 public:
  // Submits through the session and follows its current source's answers (prompt pieces, tokens).
  explicit PlaygroundPanel(WorkbenchSession* session, QWidget* parent = nullptr);
  void addSnapshot(const EngineSnapshot& s);
  // The timeline's step: the transcript and status as they were in state (the session's stateAt), the
  // tokens streamed after it hidden; null follows the stream again (everything streamed so far).
  void showState(EngineSnapshotPtr state);
  int64_t currentRequest() const { return requestId_; }
  QString outputText() const;      // generated text only
  QString transcriptText() const;  // prompt tokens then generated tokens, as shown
  // Tokens shown with each origin (prompt and output), read back from the document's formats.
  int shownTokenCount(TokenOrigin origin) const;
  void setPrompt(const QString& p);
  void send();
  // Shows another request of the live engine (one selected in the Requests table or the request
  // timeline): its prompt and output so far, then its tokens as they stream. Tokens generated before it
  // was selected show as decoded (the engine keeps no origin per past token). Nothing for the request
  // already shown, or while a recording is on screen.
  void followRequest(qint64 id);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslateUi();
  void render();  // the whole transcript, when the prompt's split into hit / prefilled becomes known
  void showStatus(const RequestInfo& r);
  void takeState(const EngineSnapshot& s);  // the shown request's status and prefix hits from s
  void appendOutput(const QString& text, TokenOrigin origin, int index);

  WorkbenchSession* session_;
  QPlainTextEdit* prompt_ = nullptr;
  QComboBox* mode_ = nullptr;
  QSpinBox* maxTokens_ = nullptr;
  QDoubleSpinBox* temperature_ = nullptr;
  QSpinBox* topK_ = nullptr;
  QDoubleSpinBox* topP_ = nullptr;
  QSpinBox* seed_ = nullptr;
  QPushButton* send_ = nullptr;
  QTextEdit* legend_ = nullptr;
  QLabel* status_ = nullptr;
  QLabel* maxTokensLabel_ = nullptr;
  QLabel* tempLabel_ = nullptr;
  QLabel* topKLabel_ = nullptr;
  QLabel* topPLabel_ = nullptr;
  QLabel* seedLabel_ = nullptr;
  QTextEdit* output_ = nullptr;
  quint64 tag_ = 0;
  int64_t requestId_ = -1;
  bool awaitingTranscript_ = false;  // followRequest asked; its events are in the transcript to come
  QStringList promptPieces_;
  int promptHit_ = -1;  // -1: not scheduled yet, so not known
  struct Shown {
    QString text;
    TokenOrigin origin;
  };
  std::vector<Shown> output_tokens_;
  // While the timeline shows an earlier step: the output tokens and prompt split shown (-1: following).
  int shownTokens_ = -1;
  int shownHit_ = -1;
};

}  // namespace inferscope::ui
