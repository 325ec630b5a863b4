#include "engine/record/request_phases.h"

#include <algorithm>

namespace inferscope::record {

const char* to_string(PhaseKind k) {
  switch (k) {
    case PhaseKind::Waiting: return "waiting";
    case PhaseKind::Prefill: return "prefill";
    case PhaseKind::Decode: return "decode";
    case PhaseKind::Preempted: return "preempted";
    case PhaseKind::Recompute: return "recompute";
    case PhaseKind::Unsplit: return "unsplit";
  }
  return "";
}

int64_t PhaseTracker::row_of(int64_t id) const {
  const auto it = index_.find(id);
  return it == index_.end() ? -1 : int64_t(it->second);
}

RequestPhases& PhaseTracker::row(int64_t id) {
  if (const auto it = index_.find(id); it != index_.end()) return rows_[it->second];
  // Ids arrive ascending in practice; an older one is inserted in place.
  const auto pos = std::lower_bound(rows_.begin(), rows_.end(), id, [](const RequestPhases& r, int64_t v) { return r.id < v; });
  const size_t at = size_t(pos - rows_.begin());
  RequestPhases r;
  r.id = id;
  r.info.id = id;
  rows_.insert(pos, std::move(r));
  live_.insert(live_.begin() + ptrdiff_t(at), Live{});
  if (at + 1 != rows_.size()) {
    for (size_t i = at; i < rows_.size(); ++i) index_[rows_[i].id] = i;
  } else {
    index_[id] = at;
  }
  trim();
  return rows_[index_.at(id)];
}

void PhaseTracker::trim() {
  if (rows_.size() <= max_) return;
  // Forget the oldest ended requests down to 90% of the bound, so trimming is rare.
  const size_t target = max_ - max_ / 10;
  size_t drop = rows_.size() - target, w = 0;
  for (size_t i = 0; i < rows_.size(); ++i) {
    if (drop > 0 && rows_[i].ended) {
      --drop;
      ++forgotten_;
      continue;
    }
    if (w != i) {
      rows_[w] = std::move(rows_[i]);
      live_[w] = live_[i];
    }
    ++w;
  }
  rows_.resize(w);
  live_.resize(w);
  index_.clear();
  for (size_t i = 0; i < rows_.size(); ++i) index_[rows_[i].id] = i;
}

void PhaseTracker::add_step(const StepMetrics& m) {
  begins_.push_back(m.begin_ms());
  ends_.push_back(m.t_ms);
}

void PhaseTracker::open_phase(RequestPhases& r, PhaseKind k, double b, int64_t step) {
  r.phases.push_back({k, b, b, step, step});
  r.open = true;
}

void PhaseTracker::close_phase(RequestPhases& r, double e, int64_t step) {
  if (!r.open || r.phases.empty()) return;
  r.phases.back().end_ms = std::max(e, r.phases.back().begin_ms);
  r.phases.back().last_step = std::max(step, r.phases.back().first_step);
  r.open = false;
}

// A running phase ends: a decode that had not started before e (its first token came in the step that
// ends the phase) folds back into the prefill before it.
void PhaseTracker::close_running(RequestPhases& r, double e, int64_t step) {
  if (!r.open || r.phases.empty()) return;
  if (r.phases.back().kind == PhaseKind::Decode && r.phases.back().begin_ms >= e && r.phases.size() >= 2) {
    r.phases.pop_back();
    r.open = true;
  }
  close_phase(r, e, step);
}

void PhaseTracker::on_marker(const Marker& m) {
  if (m.request_id < 0 || m.step < 0 || m.step >= step_count()) return;
  RequestPhases& r = row(m.request_id);
  Live& l = live_[index_.at(m.request_id)];
  const double b = begins_[size_t(m.step)], e = ends_[size_t(m.step)];
  if (r.first_seen_step < 0) r.first_seen_step = m.step;
  switch (m.kind) {
    case MarkerKind::Admitted:
      if (l.preempted_since >= 0) close_phase(r, b, m.step);
      l.preempted_since = -1;
      if (!l.admitted && r.info.queue_ms >= 0) r.phases.push_back({PhaseKind::Waiting, b - r.info.queue_ms, b, m.step, m.step});
      if (!l.admitted) {
        l.admitted = true;
        l.running_step = m.step;  // remembered for a waiting phase whose queue time comes later
      }
      if (r.open) close_running(r, b, m.step);
      open_phase(r, l.resumed ? PhaseKind::Recompute : PhaseKind::Prefill, b, m.step);
      l.resumed = true;
      l.running_since = b;
      l.token_seen = false;
      break;
    case MarkerKind::Preempted:
      if (l.running_since >= 0) close_running(r, b, m.step);
      l.running_since = -1;
      l.preempted_since = b;
      open_phase(r, PhaseKind::Preempted, b, m.step);
      break;
    case MarkerKind::Finished:
      if (l.running_since >= 0) close_running(r, e, m.step);
      else if (l.preempted_since >= 0) close_phase(r, e, m.step);
      l.running_since = l.preempted_since = -1;
      r.ended = true;
      r.end_ms = e;
      r.end_step = m.step;
      if (!m.detail.empty()) r.info.finish_reason = m.detail;
      break;
    default: break;
  }
}

void PhaseTracker::on_token(int64_t request_id, int64_t step) {
  const int64_t at = row_of(request_id);
  if (at < 0 || step < 0 || step >= step_count()) return;
  RequestPhases& r = rows_[size_t(at)];
  Live& l = live_[size_t(at)];
  const double t = ends_[size_t(step)];
  if (l.running_since < 0 || l.token_seen || t <= l.running_since || !r.open) return;
  l.token_seen = true;
  close_phase(r, t, step);
  open_phase(r, PhaseKind::Decode, t, step);
}

void PhaseTracker::on_prefill_chunk(int64_t request_id, int64_t step, int32_t tokens) {
  if (step < 0 || step >= step_count() || tokens <= 0) return;
  RequestPhases& r = row(request_id);
  if (r.first_seen_step < 0) r.first_seen_step = step;
  if (!r.chunks.empty() && r.chunks.back().step >= step) return;  // each step once, in order
  r.chunks.push_back({step, tokens});
}

void PhaseTracker::on_request(const RequestInfo& info, int64_t step) {
  RequestPhases& r = row(info.id);
  const Live& l = live_[index_.at(info.id)];
  if (r.first_seen_step < 0) r.first_seen_step = step;
  const std::string reason = r.info.finish_reason;
  r.info = info;
  r.info.prompt_ids.clear();
  r.info.token_ids.clear();
  r.info.texts.clear();
  if (r.info.finish_reason.empty()) r.info.finish_reason = reason;
  // Admitted before its queue time was known: its waiting phase goes in front now.
  const bool has_waiting = !r.phases.empty() && r.phases.front().kind == PhaseKind::Waiting;
  if (l.admitted && !has_waiting && info.queue_ms >= 0 && l.running_step >= 0) {
    const double b = begins_[size_t(l.running_step)];
    r.phases.insert(r.phases.begin(), {PhaseKind::Waiting, b - info.queue_ms, b, l.running_step, l.running_step});
  }
}

void PhaseTracker::close_open() {
  if (ends_.empty()) return;
  const int64_t last = step_count() - 1;
  for (size_t i = 0; i < rows_.size(); ++i) {
    if (live_[i].running_since >= 0) close_running(rows_[i], ends_.back(), last);
    else close_phase(rows_[i], ends_.back(), last);
    live_[i].running_since = live_[i].preempted_since = -1;
  }
}

void PhaseTracker::add_finished(RequestPhases given) {
  for (const Phase& ph : given.phases) {
    given_begin_ = given_ ? std::min(given_begin_, ph.begin_ms) : ph.begin_ms;
    given_end_ = given_ ? std::max(given_end_, ph.end_ms) : ph.end_ms;
    given_ = true;
  }
  given.open = false;
  given.ended = true;
  given.info.id = given.id;
  const int64_t id = given.id;
  RequestPhases& r = row(id);  // may trim older ended rows to make room
  r = std::move(given);
  live_[index_.at(id)] = Live{};
}

PhaseTracker track_recording(const Recording& rec, size_t max_requests) {
  PhaseTracker t(max_requests);
  if (rec.is_attach() || rec.step_count() == 0) return t;
  const int64_t last = rec.step_count() - 1;
  // The final figures first: a request's waiting phase needs its queue time at its admission.
  for (const RequestInfo& info : rec.requests_at(last)) t.on_request(info, -1);
  const auto& steps = rec.all_metrics();
  const auto& markers = rec.markers();
  const auto tokens = rec.tokens_up_to(last);
  const auto& chunks = rec.prefill_chunks();
  size_t mi = 0, ti = 0, ci = 0;
  for (int64_t i = 0; i <= last; ++i) {
    t.add_step(steps[size_t(i)]);
    for (; mi < markers.size() && markers[mi].step <= i; ++mi) t.on_marker(markers[mi]);
    for (; ci < chunks.size() && chunks[ci].step <= i; ++ci)
      t.on_prefill_chunk(chunks[ci].chunk.request_id, chunks[ci].step, chunks[ci].chunk.tokens);
    for (; ti < tokens.size() && tokens[ti].step <= i; ++ti) t.on_token(tokens[ti].event.request_id, tokens[ti].step);
  }
  return t;
}

std::span<const PhaseChunk> chunks_in(const RequestPhases& r, const Phase& p) {
  // A decode phase begins in the step of the last chunk; only a prefill or a recompute owns chunks.
  if (p.kind != PhaseKind::Prefill && p.kind != PhaseKind::Recompute) return {};
  const auto lo = std::lower_bound(r.chunks.begin(), r.chunks.end(), p.first_step,
                                   [](const PhaseChunk& c, int64_t s) { return c.step < s; });
  const auto hi = std::upper_bound(lo, r.chunks.end(), p.last_step,
                                   [](int64_t s, const PhaseChunk& c) { return s < c.step; });
  return {lo, hi};
}

std::vector<RequestPhases> request_phases(const Recording& rec) {
  PhaseTracker t = track_recording(rec);
  t.close_open();
  return t.requests();
}

}  // namespace inferscope::record
