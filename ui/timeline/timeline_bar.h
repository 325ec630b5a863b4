#pragma once
// TimelineBar: the strip under the tabs that scrubs the run on screen, live or replayed. It shows the
// session's step (WorkbenchSession::showStep): Step back and Step forward (Alt+Left, Alt+Right; Left and
// Right on the track), play from the step shown at 1-20 steps a second, jump to the next event mark
// (Alt+Down) and back to the newest step, followed as the run goes on (Live, Alt+End). Scrubbing a live
// run does not pause its engine.
#include <QWidget>

class QLabel;
class QSpinBox;
class QTimer;
class QToolButton;

namespace inferscope::ui {

class TimelineTrack;
class WorkbenchSession;

class TimelineBar : public QWidget {
  Q_OBJECT
 public:
  explicit TimelineBar(WorkbenchSession* session, QWidget* parent = nullptr);

  TimelineTrack* track() const { return track_; }
  void stepBack();
  void stepForward();
  void nextMarker();
  void goLive();
  // Plays forward from the step shown at stepsPerSecond (1-20); stops at the newest step and follows it.
  void setPlaying(bool on);
  bool isPlaying() const;
  void setStepsPerSecond(int sps);
  int stepsPerSecond() const;
  // The step shown (an index into the session's steps), whether following or not.
  int64_t currentIndex() const;
  QString positionText() const;  // the label's text
  // Presentation mode: the strip's text (position, speed, Live) at px pixels and its icons as large;
  // 0 returns to the window's font and the style's icon size.
  void setTextPixelSize(int px);
  int textPixelSize() const { return textPx_; }

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslateUi();
  void refresh();  // count, position, label and buttons from the session
  void onSourceChanged();

  WorkbenchSession* session_;
  TimelineTrack* track_ = nullptr;
  QToolButton* back_ = nullptr;
  QToolButton* play_ = nullptr;
  QToolButton* forward_ = nullptr;
  QToolButton* next_ = nullptr;
  QToolButton* live_ = nullptr;
  QSpinBox* speed_ = nullptr;
  QLabel* label_ = nullptr;
  QTimer* timer_ = nullptr;
  int textPx_ = 0;
  QSize normalIconSize_;
  void fitLabelWidth();
};

}  // namespace inferscope::ui
