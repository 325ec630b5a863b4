#pragma once
// PresentationBar: the strip presentation mode shows above the charts, readable from the back of a
// room: the engine step, generated tokens per second, the share of the KV cache in use and the
// running / waiting requests, in large type on one line; under it, in smaller type, what makes these
// numbers differ from a default run (simulated weights, speculation, the KV dtype, a paced display).
#include <QWidget>
#include <cstdint>

class QLabel;

namespace inferscope::ui {

class PresentationBar : public QWidget {
  Q_OBJECT
 public:
  explicit PresentationBar(QWidget* parent = nullptr);
  // step: the engine step shown (0-based, as on the timeline and the charts' x axis), < 0 before the
  // first. kvUsed: allocated / capacity in [0, 1], or < 0 when the capacity is unknown. runAverage: the
  // rate is the whole run's (after it ended), not the last engine second's.
  void setNumbers(int64_t step, double tokensPerS, double kvUsed, int running, int waiting, bool runAverage = false);
  // The conditions line ("int4 weights (simulated)", "speculation ngram:3", ...); empty hides it.
  void setConditions(const QStringList& conditions);
  QString conditionsText() const;
  QString smallText() const;  // the small line as shown (conditions, and the note on a run's average rate)
  // The same strip for attached servers (the Servers tab): how many answer instead of the step.
  void setServerNumbers(int up, int servers, double tokensPerS, double kvUsed, int running, int waiting);
  // The strip's type size; it shrinks (to no less than 12 px) only where the line would not fit.
  void setTextPixelSize(int px);
  int textPixelSize() const { return px_; }
  int shownPixelSize() const { return shownPx_; }
  QString text() const;  // the strip as one line (tests, accessibility)

 protected:
  void changeEvent(QEvent* e) override;
  void resizeEvent(QResizeEvent* e) override;

 private:
  void retranslateUi();
  void fitText();

  QLabel* line_ = nullptr;
  QLabel* conditions_ = nullptr;
  QStringList parts_;
  QStringList conditionParts_;
  bool runAverage_ = false;
  int64_t stepValue_ = 0;
  double rateValue_ = 0, kvValue_ = -1;
  int running_ = 0, waiting_ = 0;
  int serversUp_ = -1, servers_ = 0;  // serversUp_ < 0: the engine's numbers
  int px_ = 32;
  int shownPx_ = 0;
};

}  // namespace inferscope::ui
