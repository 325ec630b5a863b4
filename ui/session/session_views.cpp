#include "ui/session/session_views.h"

#include "engine/kv/kv_storage.h"
#include "ui/blockmap/block_map_panel.h"
#include "ui/charts/charts_panel.h"
#include "ui/compare/compare_panel.h"
#include "ui/panels/playground_panel.h"
#include "ui/panels/requests_panel.h"
#include "ui/session/workbench_session.h"

namespace inferscope::ui {

void bindViews(WorkbenchSession* session, const SessionViews& v) {
  if (ChartsPanel* charts = v.charts) {
    QObject::connect(session, &WorkbenchSession::snapshotReady, charts, [charts](EngineSnapshotPtr s) { charts->addSnapshot(*s); });
    QObject::connect(session, &WorkbenchSession::modelLoaded, charts, [charts] { charts->clear(); });
    QObject::connect(session, &WorkbenchSession::sourceChanged, charts, [charts] { charts->clear(); });
    // The capacity line: every physical block's bytes for the model the snapshots come from.
    QObject::connect(session, &WorkbenchSession::settingsApplied, charts,
                     [charts, session](bool ok, const QString&, const EngineConfig& cfg, qint64 blocks) {
                       if (!ok) return;
                       if (auto card = session->modelCard()) {
                         KvLayout layout{card->n_layers, card->n_kv_heads, card->head_dim, cfg.block_size, cfg.kv_dtype};
                         charts->setCapacityBytes(qint64(blocks) * qint64(layout.block_bytes()));
                       }
                     });
  }
  if (BlockMapPanel* map = v.blockMap) {
    QObject::connect(session, &WorkbenchSession::snapshotReady, map, [map](EngineSnapshotPtr s) {
      if (s->block_map) map->setSnapshot(s->block_map);
    });
    QObject::connect(session, &WorkbenchSession::sourceChanged, map, [map, session] {
      const auto s = session->lastSnapshot();
      map->setSnapshot(s ? s->block_map : nullptr);
    });
  }
  if (RequestsPanel* requests = v.requests) {
    QObject::connect(session, &WorkbenchSession::snapshotReady, requests, [requests](EngineSnapshotPtr s) { requests->setRequests(s->requests); });
    QObject::connect(session, &WorkbenchSession::sourceChanged, requests, [requests, session] {
      const auto s = session->lastSnapshot();
      requests->setRequests(s ? s->requests : std::vector<RequestInfo>{});
    });
    QObject::connect(requests, &RequestsPanel::cancelRequested, session, &WorkbenchSession::cancelRequest);
    if (BlockMapPanel* map = v.blockMap)
      QObject::connect(requests, &RequestsPanel::selectionChanged, map, &BlockMapPanel::setHighlightedSequences);
  }
  if (PlaygroundPanel* playground = v.playground)
    QObject::connect(session, &WorkbenchSession::snapshotReady, playground, [playground](EngineSnapshotPtr s) { playground->addSnapshot(*s); });
  if (ComparePanel* compare = v.compare) {
    QObject::connect(session, &WorkbenchSession::compareStarted, compare, &ComparePanel::setRunning);
    QObject::connect(session, &WorkbenchSession::compareProgress, compare, &ComparePanel::setProgress);
    QObject::connect(session, &WorkbenchSession::compareFinished, compare, &ComparePanel::setResult);
    QObject::connect(compare, &ComparePanel::cancelRequested, session, &WorkbenchSession::cancelCompare);
  }
}

}  // namespace inferscope::ui
