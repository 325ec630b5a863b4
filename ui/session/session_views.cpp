#include "ui/session/session_views.h"

#include <optional>

#include "ui/blockmap/block_map_panel.h"
#include "ui/charts/charts_panel.h"
#include "ui/compare/compare_panel.h"
#include "ui/panels/playground_panel.h"
#include "ui/panels/requests_panel.h"
#include "ui/reqtimeline/request_timeline_panel.h"
#include "ui/session/recording_source.h"
#include "ui/session/workbench_session.h"

namespace inferscope::ui {

void bindViews(WorkbenchSession* session, const SessionViews& v) {
  if (ChartsPanel* charts = v.charts) {
    QObject::connect(session, &WorkbenchSession::snapshotReady, charts, [charts](EngineSnapshotPtr s) { charts->addSnapshot(*s); });
    // A model loaded into the live engine starts its history over; a recording on screen keeps its own.
    QObject::connect(session, &WorkbenchSession::modelLoaded, charts, [charts, session] {
      if (session->source()->isLive()) charts->clear();
    });
    // The capacity line: the bytes of every physical block of the engine the snapshots come from.
    QObject::connect(session, &WorkbenchSession::settingsApplied, charts, [charts, session](bool ok) {
      if (ok && session->source()->isLive()) charts->setCapacityBytes(session->source()->kvCapacityBytes());
    });
    // The timeline's step: a cursor at its engine step (none while following the stream).
    QObject::connect(session, &WorkbenchSession::stepShown, charts, [charts, session](int64_t index) {
      const auto& steps = session->steps();
      charts->setCursorStep(index >= 0 && index < int64_t(steps.size()) ? std::optional<int64_t>(steps[size_t(index)].step) : std::nullopt);
    });
    QObject::connect(session, &WorkbenchSession::sourceChanged, charts, [charts, session] {
      charts->setCursorStep(std::nullopt);
      charts->clear();
      charts->setCapacityBytes(session->source()->kvCapacityBytes());
    });
  }
  if (BlockMapPanel* map = v.blockMap) {
    // While the timeline shows an earlier step, the map stays at it as the stream goes on.
    QObject::connect(session, &WorkbenchSession::snapshotReady, map, [map, session](EngineSnapshotPtr s) {
      if (s->block_map && session->followsLatest()) map->setSnapshot(s->block_map);
    });
    QObject::connect(session, &WorkbenchSession::stepShown, map, [map](int64_t, EngineSnapshotPtr s) {
      if (s && s->block_map) map->setSnapshot(s->block_map);
    });
    QObject::connect(session, &WorkbenchSession::sourceChanged, map, [map, session] {
      const auto s = session->lastSnapshot();
      map->setSnapshot(s ? s->block_map : nullptr);
    });
  }
  if (RequestsPanel* requests = v.requests) {
    QObject::connect(session, &WorkbenchSession::snapshotReady, requests, [requests, session](EngineSnapshotPtr s) {
      if (session->followsLatest()) requests->setRequests(s->requests);
      requests->setTotals(s->totals);
    });
    QObject::connect(session, &WorkbenchSession::stepShown, requests, [requests](int64_t, EngineSnapshotPtr s) {
      if (s) requests->setRequests(s->requests);
    });
    QObject::connect(session, &WorkbenchSession::sourceChanged, requests, [requests, session] {
      const auto s = session->lastSnapshot();
      requests->setRequests(s ? s->requests : std::vector<RequestInfo>{});
      requests->setTotals(s ? s->totals : RequestTotals{});
    });
    QObject::connect(requests, &RequestsPanel::cancelRequested, session, &WorkbenchSession::cancelRequest);
    if (BlockMapPanel* map = v.blockMap)
      QObject::connect(requests, &RequestsPanel::selectionChanged, map, &BlockMapPanel::setHighlightedSequences);
  }
  if (PlaygroundPanel* playground = v.playground) {
    QObject::connect(session, &WorkbenchSession::snapshotReady, playground, [playground](EngineSnapshotPtr s) { playground->addSnapshot(*s); });
    // The timeline's step: the transcript as it stood then (index -1: following the stream again).
    QObject::connect(session, &WorkbenchSession::stepShown, playground, [playground](int64_t index, EngineSnapshotPtr s) {
      playground->showState(index >= 0 ? s : nullptr);
    });
    // A request selected in the table (or on the request timeline, through it) is shown in full here.
    if (RequestsPanel* requests = v.requests)
      QObject::connect(requests, &RequestsPanel::requestSelected, playground, &PlaygroundPanel::followRequest);
  }
  if (ComparePanel* compare = v.compare) {
    QObject::connect(session, &WorkbenchSession::compareQueued, compare, &ComparePanel::setQueued);
    QObject::connect(session, &WorkbenchSession::compareStarted, compare, &ComparePanel::setRunning);
    QObject::connect(session, &WorkbenchSession::compareProgress, compare, &ComparePanel::setProgress);
    QObject::connect(session, &WorkbenchSession::compareFinished, compare, &ComparePanel::setResult);
    QObject::connect(compare, &ComparePanel::cancelRequested, session, &WorkbenchSession::cancelCompare);
    // The timeline's step: the same engine step marked on the variants' per-step chart.
    QObject::connect(session, &WorkbenchSession::stepShown, compare, [compare, session](int64_t index) {
      const auto& steps = session->steps();
      compare->setCursorStep(index >= 0 && index < int64_t(steps.size()) ? std::optional<int64_t>(steps[size_t(index)].step) : std::nullopt);
    });
  }
  if (RequestTimelinePanel* tl = v.requestTimeline) {
    // A recording is drawn whole when it comes on screen; the live engine snapshot by snapshot.
    auto follow = [tl, session] {
      if (auto* rec = qobject_cast<RecordingSource*>(session->source())) tl->setRecording(rec->recording());
      else tl->startLive();
    };
    follow();
    QObject::connect(session, &WorkbenchSession::sourceChanged, tl, follow);
    QObject::connect(session, &WorkbenchSession::snapshotReady, tl, [tl, session](EngineSnapshotPtr s) {
      if (session->source()->isLive()) tl->addSnapshot(*s);
    });
    QObject::connect(session, &WorkbenchSession::modelLoaded, tl, [tl, session] {
      if (session->source()->isLive()) tl->startLive();
    });
    QObject::connect(session, &WorkbenchSession::stepShown, tl, [tl](int64_t index) { tl->setCursorIndex(index); });
    if (RequestsPanel* requests = v.requests) {
      QObject::connect(tl, &RequestTimelinePanel::requestClicked, requests, [requests](qint64 id) { requests->selectRequest(id); });
      QObject::connect(requests, &RequestsPanel::requestSelected, tl, [tl](qint64 id) { tl->setSelectedId(id); });
    }
  }
}

}  // namespace inferscope::ui
