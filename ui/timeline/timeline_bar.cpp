#include "ui/timeline/timeline_bar.h"

#include <QAction>
#include <QEvent>
#include <QFont>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <algorithm>

#include "ui/session/workbench_session.h"
#include "ui/timeline/timeline_track.h"

namespace inferscope::ui {

namespace {
QToolButton* makeButton(QWidget* parent, const char* name, QStyle::StandardPixmap icon) {
  auto* b = new QToolButton(parent);
  b->setObjectName(QLatin1String(name));
  b->setIcon(parent->style()->standardIcon(icon));
  b->setAutoRaise(true);
  return b;
}
}  // namespace

TimelineBar::TimelineBar(WorkbenchSession* session, QWidget* parent) : QWidget(parent), session_(session) {
  setObjectName(QStringLiteral("timeline"));
  track_ = new TimelineTrack(this);
  back_ = makeButton(this, "timeline_back", QStyle::SP_MediaSeekBackward);
  play_ = makeButton(this, "timeline_play", QStyle::SP_MediaPlay);
  play_->setCheckable(true);
  forward_ = makeButton(this, "timeline_forward", QStyle::SP_MediaSeekForward);
  next_ = makeButton(this, "timeline_next_marker", QStyle::SP_MediaSkipForward);
  live_ = new QToolButton(this);
  live_->setObjectName(QStringLiteral("timeline_live"));
  live_->setAutoRaise(true);
  speed_ = new QSpinBox(this);
  speed_->setObjectName(QStringLiteral("timeline_speed"));
  speed_->setRange(1, 20);
  speed_->setValue(5);
  label_ = new QLabel(this);
  label_->setObjectName(QStringLiteral("timeline_label"));
  fitLabelWidth();
  normalIconSize_ = back_->iconSize();
  timer_ = new QTimer(this);

  auto* h = new QHBoxLayout(this);
  h->setContentsMargins(4, 0, 4, 0);
  h->setSpacing(2);
  h->addWidget(back_);
  h->addWidget(play_);
  h->addWidget(forward_);
  h->addWidget(next_);
  h->addWidget(track_, 1);
  h->addWidget(label_);
  h->addWidget(speed_);
  h->addWidget(live_);

  // Window-wide keys that type nothing, so a prompt being written keeps its commas and full stops.
  auto addKey = [this](const QKeySequence& key, void (TimelineBar::*slot)()) {
    auto* a = new QAction(this);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WindowShortcut);
    connect(a, &QAction::triggered, this, slot);
    addAction(a);
  };
  addKey(QKeySequence(Qt::ALT | Qt::Key_Left), &TimelineBar::stepBack);
  addKey(QKeySequence(Qt::ALT | Qt::Key_Right), &TimelineBar::stepForward);
  addKey(QKeySequence(Qt::ALT | Qt::Key_Down), &TimelineBar::nextMarker);
  addKey(QKeySequence(Qt::ALT | Qt::Key_End), &TimelineBar::goLive);

  connect(back_, &QToolButton::clicked, this, &TimelineBar::stepBack);
  connect(forward_, &QToolButton::clicked, this, &TimelineBar::stepForward);
  connect(next_, &QToolButton::clicked, this, &TimelineBar::nextMarker);
  connect(live_, &QToolButton::clicked, this, &TimelineBar::goLive);
  connect(play_, &QToolButton::toggled, this, &TimelineBar::setPlaying);
  connect(speed_, &QSpinBox::valueChanged, this, &TimelineBar::setStepsPerSecond);
  connect(track_, &TimelineTrack::seekRequested, session_, [this](qint64 i) { session_->showStep(i); });
  connect(timer_, &QTimer::timeout, this, [this] {
    const int64_t last = int64_t(session_->steps().size()) - 1;
    if (session_->followsLatest() || currentIndex() >= last) {
      setPlaying(false);
      session_->showLatest();
      return;
    }
    session_->showStep(currentIndex() + 1);
  });
  connect(session_, &WorkbenchSession::snapshotReady, this, &TimelineBar::refresh);
  connect(session_, &WorkbenchSession::stepShown, this, &TimelineBar::refresh);
  connect(session_, &WorkbenchSession::sourceChanged, this, &TimelineBar::onSourceChanged);
  retranslateUi();
  onSourceChanged();
}

int64_t TimelineBar::currentIndex() const {
  return session_->followsLatest() ? int64_t(session_->steps().size()) - 1 : session_->shownStep();
}

void TimelineBar::stepBack() {
  if (!session_->steps().empty()) session_->showStep(std::max<int64_t>(0, currentIndex() - 1));
}

void TimelineBar::stepForward() {
  const int64_t last = int64_t(session_->steps().size()) - 1;
  if (last < 0 || session_->followsLatest()) return;
  session_->showStep(std::min(last, currentIndex() + 1));
}

void TimelineBar::nextMarker() {
  const int64_t at = currentIndex();
  for (const record::Marker& m : track_->markers())
    if (m.step > at && m.step < int64_t(session_->steps().size())) {
      session_->showStep(m.step);
      return;
    }
}

void TimelineBar::goLive() {
  setPlaying(false);
  session_->showLatest();
}

void TimelineBar::setPlaying(bool on) {
  if (on) {
    timer_->start(1000 / speed_->value());
    // Playing from the newest step would end at once: start over from the first.
    if (session_->followsLatest() && !session_->steps().empty()) session_->showStep(0);
  } else {
    timer_->stop();
  }
  if (play_->isChecked() != on) play_->setChecked(on);
  play_->setIcon(style()->standardIcon(on ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

bool TimelineBar::isPlaying() const { return timer_->isActive(); }

void TimelineBar::setStepsPerSecond(int sps) {
  sps = std::clamp(sps, 1, 20);
  if (speed_->value() != sps) speed_->setValue(sps);
  if (timer_->isActive()) timer_->setInterval(1000 / sps);
}

int TimelineBar::stepsPerSecond() const { return speed_->value(); }

void TimelineBar::onSourceChanged() {
  setPlaying(false);
  track_->setMarkers(session_->source()->markers());
  retranslateUi();  // "Live" or "Last step"
  refresh();
}

QString TimelineBar::positionText() const {
  const auto& steps = session_->steps();
  if (steps.empty()) return tr("No steps yet");
  return tr("%1 / %2").arg(currentIndex()).arg(int64_t(steps.size()) - 1);
}

void TimelineBar::refresh() {
  const int64_t n = int64_t(session_->steps().size());
  // A live run's events grow with it (a recording's were set when it opened).
  if (session_->source()->isLive() && session_->source()->markerCount() != track_->markers().size())
    track_->setMarkers(session_->source()->markers());
  track_->setCount(n);
  track_->setPosition(std::max<int64_t>(0, currentIndex()), session_->followsLatest());
  label_->setText(positionText());
  const int64_t i = currentIndex();
  label_->setToolTip(i >= 0 && i < n ? tr("Step %1 of %2 shown (engine step %3)").arg(i).arg(n - 1).arg(session_->steps()[size_t(i)].step)
                                     : QString());
  const bool any = n > 0;
  back_->setEnabled(any && currentIndex() > 0);
  forward_->setEnabled(any && !session_->followsLatest());
  play_->setEnabled(any);
  next_->setEnabled(any && !track_->markers().empty());
  live_->setEnabled(!session_->followsLatest());
}

void TimelineBar::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void TimelineBar::retranslateUi() {
  back_->setToolTip(tr("Step back (Alt+Left)"));
  forward_->setToolTip(tr("Step forward (Alt+Right)"));
  play_->setToolTip(tr("Play the run from the step shown"));
  next_->setToolTip(tr("Next event (Alt+Down)"));
  live_->setText(session_->source()->isLive() ? tr("Live") : tr("Last step"));
  live_->setToolTip(tr("Show the newest step and follow the run (Alt+End)"));
  speed_->setSuffix(tr("/s"));
  speed_->setToolTip(tr("Playback speed, steps per second"));
  label_->setText(positionText());
}

void TimelineBar::fitLabelWidth() {
  // Room for a long run's numbers, so the track does not jump as they grow.
  label_->setMinimumWidth(label_->fontMetrics().horizontalAdvance(QStringLiteral("00000 / 00000")));
}

void TimelineBar::setTextPixelSize(int px) {
  textPx_ = std::max(0, px);
  QFont f = font();
  if (textPx_ > 0) {
    f.setPixelSize(textPx_);
    setFont(f);
  } else {
    setFont(QFont());  // no font of its own: the window's again
  }
  const QSize icon = textPx_ > 0 ? QSize(textPx_, textPx_) : normalIconSize_;
  for (QToolButton* b : {back_, play_, forward_, next_, live_}) b->setIconSize(icon);
  fitLabelWidth();
}

}  // namespace inferscope::ui
