#pragma once
// RequestTimelinePanel: the "Request timeline" tab. A legend above a RequestTimelineView, and the
// record::PhaseTracker it draws, fed from the session's current source: a recording's whole run at once
// (record::track_recording), the live engine snapshot by snapshot. The live engine's admitted, preempted
// and finished requests and its tokens are placed at the newest step of the snapshot that first shows
// them (snapshots coalesce steps), so live phase edges are exact to a snapshot, a recording's to a step.
// At most kMaxRequests requests are kept; the oldest ended ones are forgotten first.
#include <QWidget>
#include <memory>
#include <unordered_map>

#include "engine/record/request_phases.h"
#include "ui/engine/engine_snapshot.h"

class QLabel;

namespace inferscope::ui {

class RequestTimelineView;

class RequestTimelinePanel : public QWidget {
  Q_OBJECT
 public:
  static constexpr size_t kMaxRequests = 10000;

  explicit RequestTimelinePanel(QWidget* parent = nullptr);
  RequestTimelineView* view() const { return view_; }
  const record::PhaseTracker& tracker() const { return *tracker_; }

  // A live stream starts over (a new engine, the live source back on screen).
  void startLive();
  void addSnapshot(const EngineSnapshot& s);  // ignored while a recording is shown
  void setRecording(const record::Recording& recording);
  // A tracker built elsewhere (tests, large synthetic runs).
  void setTracker(record::PhaseTracker tracker);
  void setCursorIndex(int64_t index);
  void setSelectedId(int64_t id);
  void setPresentation(bool on, int px);

 signals:
  void requestClicked(qint64 id);

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void retranslateUi();
  void resetTracker(record::PhaseTracker t);

  QLabel* legend_ = nullptr;
  RequestTimelineView* view_ = nullptr;
  std::shared_ptr<record::PhaseTracker> tracker_;
  bool live_ = true;
  struct Seen {
    RequestState state = RequestState::Unknown;
    int preemptions = 0;
  };
  std::unordered_map<int64_t, Seen> seen_;  // live: the requests not yet ended, as last shown
};

}  // namespace inferscope::ui
