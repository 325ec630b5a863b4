#include "ui/reqtimeline/request_timeline_panel.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <unordered_map>

#include "ui/reqtimeline/request_timeline_view.h"

namespace inferscope::ui {

using record::Marker;
using record::MarkerKind;

RequestTimelinePanel::RequestTimelinePanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("request_timeline"));
  legend_ = new QLabel;
  legend_->setObjectName(QStringLiteral("request_timeline_legend"));
  legend_->setWordWrap(true);
  legend_->setTextFormat(Qt::RichText);
  view_ = new RequestTimelineView;
  auto* l = new QVBoxLayout(this);
  l->setContentsMargins(4, 4, 4, 4);
  l->addWidget(legend_);
  l->addWidget(view_, 1);
  connect(view_, &RequestTimelineView::requestClicked, this, &RequestTimelinePanel::requestClicked);
  resetTracker(record::PhaseTracker(kMaxRequests));
  retranslateUi();
}

void RequestTimelinePanel::resetTracker(record::PhaseTracker t) {
  tracker_ = std::make_shared<record::PhaseTracker>(std::move(t));
  seen_.clear();
  view_->setTracker(tracker_);
}

void RequestTimelinePanel::startLive() {
  live_ = true;
  resetTracker(record::PhaseTracker(kMaxRequests));
}

void RequestTimelinePanel::setRecording(const record::Recording& recording) {
  live_ = false;
  resetTracker(record::track_recording(recording, kMaxRequests));
}

void RequestTimelinePanel::setTracker(record::PhaseTracker tracker) {
  live_ = false;
  resetTracker(std::move(tracker));
}

void RequestTimelinePanel::addSnapshot(const EngineSnapshot& s) {
  if (!live_) return;
  if (s.engine_rebuilt) resetTracker(record::PhaseTracker(kMaxRequests));
  const int64_t firstNew = tracker_->step_count();
  for (const StepMetrics& m : s.new_steps) tracker_->add_step(m);
  if (tracker_->step_count() == 0) return;
  const int64_t at = tracker_->step_count() - 1;
  // Chunks at their own steps, so a snapshot of several steps draws each of a prefill's chunks where it ran.
  // They also say where in those steps a request was admitted (the step of its first chunk) and got its
  // first token (the step of its last), which the request view alone cannot.
  struct ChunkSpan {
    int64_t first = -1, last = -1;
  };
  std::unordered_map<int64_t, ChunkSpan> chunkSteps;
  if (s.new_prefill_chunks.size() == s.new_steps.size())
    for (size_t k = 0; k < s.new_prefill_chunks.size(); ++k)
      for (const PrefillChunk& c : s.new_prefill_chunks[k]) {
        const int64_t step = firstNew + int64_t(k);
        tracker_->on_prefill_chunk(c.request_id, step, c.tokens);
        ChunkSpan& span = chunkSteps[c.request_id];
        if (span.first < 0) span.first = step;
        span.last = step;
      }
  auto stepOf = [&](int64_t id, bool first) {
    const auto it = chunkSteps.find(id);
    return it == chunkSteps.end() ? at : (first ? it->second.first : it->second.last);
  };
  // The same changes Recording::add_markers marks, seen between two snapshots.
  for (const RequestInfo& r : s.requests) {
    const int64_t row = tracker_->row_of(r.id);
    if (row >= 0 && tracker_->requests()[size_t(row)].ended) continue;  // the table keeps ended ones a while
    tracker_->on_request(r, at);
    const auto it = seen_.find(r.id);
    const Seen before = it == seen_.end() ? Seen{} : it->second;
    if (r.state == RequestState::Running && before.state != RequestState::Running)
      tracker_->on_marker({stepOf(r.id, true), MarkerKind::Admitted, r.id, {}});
    if (r.preemptions > before.preemptions) tracker_->on_marker({at, MarkerKind::Preempted, r.id, {}});
    if (request_ended(r.state)) {
      tracker_->on_marker({at, MarkerKind::Finished, r.id, r.finish_reason});
      seen_.erase(r.id);
    } else {
      seen_[r.id] = {r.state, r.preemptions};
    }
  }
  // Only a request's first token after a prefill moves a phase edge; the tracker ignores the others.
  for (const TokenEvent& e : s.events) tracker_->on_token(e.request_id, stepOf(e.request_id, false));
  // Requests the tracker forgot are forgotten here too.
  if (seen_.size() > kMaxRequests)
    std::erase_if(seen_, [this](const auto& kv) { return tracker_->row_of(kv.first) < 0; });
  view_->changed();
}

void RequestTimelinePanel::setCursorIndex(int64_t index) { view_->setCursorIndex(index); }
void RequestTimelinePanel::setSelectedId(int64_t id) { view_->setSelectedId(id); }

void RequestTimelinePanel::setPresentation(bool on, int px) {
  view_->setTextPixelSize(on ? px : 0);
  QFont f = font();
  if (on) f.setPixelSize(px);
  legend_->setFont(f);
  if (!on) legend_->setAttribute(Qt::WA_SetFont, false);
}

void RequestTimelinePanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void RequestTimelinePanel::retranslateUi() {
  auto swatch = [](const char* color, const QString& name) {
    return QStringLiteral("<span style='background:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;%2&nbsp;&nbsp; ").arg(QLatin1String(color), name);
  };
  legend_->setText(swatch("#b0b0b0", tr("waiting")) + swatch("#f08c28", tr("prefill")) + swatch("#2f7ed8", tr("decode")) +
                   swatch("#d63030", tr("preempted")) + swatch("#9a4fd0", tr("recompute")) +
                   swatch("#2aa84a", tr("prefix-cache hit")) +
                   tr("One row per request; hover for its figures, click to select it. Ctrl+wheel zooms time.") + QLatin1Char(' ') +
                   tr("A prefill shows its chunks, one per step; paler where a step ran without it."));
}

}  // namespace inferscope::ui
