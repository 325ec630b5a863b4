#pragma once
// TracedTimeline: the requests traced over OTLP as rows of a request timeline, in the Servers tab beside
// the traced-requests table: a legend above a RequestTimelineView drawing remote::traced_phases (the rule
// is in remote/otlp/span_phases.h: waiting for the queue time, prefill to the first token, decode to the
// end, on this session's clock). One row per request the table holds, oldest first, keyed by the table's
// serial (TracedRequestsModel::serialOf), so a row and a table line name the same request.
#include <QWidget>
#include <memory>

#include "engine/record/request_phases.h"

class QLabel;

namespace inferscope::ui {

class RequestTimelineView;
class TracedRequestsModel;

class TracedTimeline : public QWidget {
  Q_OBJECT
 public:
  // Draws what `model` holds (not owned; outlives this view).
  explicit TracedTimeline(const TracedRequestsModel* model, QWidget* parent = nullptr);

  // Draws the model's requests again whole (a later export can move the estimate of the sender's clock,
  // span_timeline.h); the zoom and the selection stay, and a view scrolled to its last row shows the new last row.
  void refresh();
  RequestTimelineView* view() const { return view_; }
  const record::PhaseTracker& tracker() const { return *tracker_; }
  // Selects the row of this serial (-1: none) without emitting requestClicked.
  void setSelectedSerial(qint64 serial);
  void setTextPixelSize(int px);  // 0: the application's font
  void retranslateUi();

 signals:
  void requestClicked(qint64 serial);  // a row was clicked

 protected:
  void changeEvent(QEvent* e) override;

 private:
  QString tooltip(const record::RequestPhases& r) const;

  const TracedRequestsModel* model_;
  QLabel* legend_ = nullptr;
  RequestTimelineView* view_ = nullptr;
  std::shared_ptr<record::PhaseTracker> tracker_;  // filled again in place: the view keeps its zoom
};

}  // namespace inferscope::ui
