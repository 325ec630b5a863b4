#pragma once
// Binds the workbench's views to a WorkbenchSession: each view is fed from the session's current
// SnapshotSource (through the session's signals) and its commands go to the session, never to the
// engine. Used by the main window and by the window-less export board alike.
namespace inferscope::ui {

class BlockMapPanel;
class ChartsPanel;
class ComparePanel;
class PlaygroundPanel;
class RequestsPanel;
class RequestTimelinePanel;
class WorkbenchSession;

struct SessionViews {
  ChartsPanel* charts = nullptr;        // StepMetrics rows and the KV capacity line
  BlockMapPanel* blockMap = nullptr;    // the block-map snapshot; Requests' selection highlights blocks
  RequestsPanel* requests = nullptr;    // the request table view; Cancel goes to the session
  PlaygroundPanel* playground = nullptr;  // constructed on the session; fed its snapshots here
  ComparePanel* compare = nullptr;      // the comparison's progress and result; Cancel goes to the session
  RequestTimelinePanel* requestTimeline = nullptr;  // each request's phases; a click selects it in Requests
};

// Any view may be null. The connections live as long as the views (they are the receivers).
void bindViews(WorkbenchSession* session, const SessionViews& views);

}  // namespace inferscope::ui
