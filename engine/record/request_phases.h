#pragma once
// Each request's life as phases laid end to end on the engine's clock: waiting (arrival to its first
// step), prefill (its first step to the end of the step that produced its first token), decode (to the
// end of its finishing step), preempted (from the step that took its blocks to the step it runs again),
// recompute (its prompt and tokens prefilled again, to its next token), then decode again.
//
// Times are ms of the run's clock (StepMetrics::t_ms; step i spans [t_ms - step_ms, t_ms]); steps are
// stream indices (the order steps were added, 0-based). Arrival is not a step boundary: it is the first
// step's start minus the engine's queue_ms; every other edge is a step boundary. The Chrome trace export
// and the GUI's request timeline both read these phases.
//
// A tracker can also hold requests whose phases are known whole, traced by a serving engine
// (remote/otlp/span_phases.h): add_finished() keeps them as given, on whatever clock the caller chose.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/record/recording.h"

namespace inferscope::record {

// Unsplit: a stretch a traced request's figures do not split (its queue time or time to first token not
// given); the engine's own requests never have one.
enum class PhaseKind : uint8_t { Waiting, Prefill, Decode, Preempted, Recompute, Unsplit };
const char* to_string(PhaseKind k);  // "waiting", "prefill", "decode", "preempted", "recompute", "unsplit"

struct Phase {
  PhaseKind kind = PhaseKind::Waiting;
  double begin_ms = 0, end_ms = 0;
  int64_t first_step = -1, last_step = -1;  // the steps it spans (waiting: its admission step for both)
};

// Tokens of a request's prompt (or, recomputing, of its prompt and output) computed in one step.
struct PhaseChunk {
  int64_t step = -1;
  int32_t tokens = 0;
  bool operator==(const PhaseChunk&) const = default;
};

struct RequestPhases {
  int64_t id = 0;
  // Closed phases in order, end to end. While a request runs or waits to run again, its current phase
  // is the last one with open set; its end is then the newest step's end (PhaseTracker::now_ms()).
  std::vector<Phase> phases;
  bool open = false;
  bool ended = false;           // a Finished marker was seen
  double end_ms = -1;           // the end of the step it ended in
  int64_t end_step = -1;
  int64_t first_seen_step = -1; // the step it first appeared at (waiting before its admission)
  // Each step that prefilled or recomputed it, ascending; a prefill of n chunks shows n steps here. Empty
  // where the source did not say (a recording from before chunks were recorded, a traced request).
  std::vector<PhaseChunk> chunks;
  RequestInfo info;             // its newest figures (no token ids or texts)
};

// Builds the phases step by step: add_step() for each step in order, then that step's markers and the
// tokens it streamed. Bounded: at most max_requests are kept; beyond that the oldest ended ones go first.
class PhaseTracker {
 public:
  explicit PhaseTracker(size_t max_requests = SIZE_MAX) : max_(max_requests) {}

  void add_step(const StepMetrics& m);                 // the next stream step
  void on_marker(const Marker& m);                     // m.step: a stream index already added
  void on_token(int64_t request_id, int64_t step);     // a token of request_id streamed in step
  void on_prefill_chunk(int64_t request_id, int64_t step, int32_t tokens);  // it prefilled tokens in step
  void on_request(const RequestInfo& info, int64_t step);  // its state after step (figures, first seen)
  // Closes every open phase at the newest step's end (a recording ends).
  void close_open();
  // A request known whole: its phases kept as given (closed, in order), marked ended, replacing a row of
  // the same id; now_ms() and origin_ms() grow to cover it. It takes part in the bound like any ended
  // request. Steps, markers and tokens never touch such a row unless they name its id.
  void add_finished(RequestPhases r);

  int64_t step_count() const { return int64_t(ends_.size()); }
  // The newest step's end, or the latest phase end of a request given whole if that is later.
  double now_ms() const {
    const double steps = ends_.empty() ? 0.0 : ends_.back();
    return given_ ? (ends_.empty() ? given_end_ : std::max(steps, given_end_)) : steps;
  }
  // Where time starts: 0, or the earliest phase begin of any request ever given whole if that is earlier
  // (a traced request that began before the session did).
  double origin_ms() const { return given_ ? std::min(0.0, given_begin_) : 0.0; }
  double step_begin_ms(int64_t i) const { return begins_[size_t(i)]; }
  double step_end_ms(int64_t i) const { return ends_[size_t(i)]; }
  // Ascending id.
  const std::vector<RequestPhases>& requests() const { return rows_; }
  // Index into requests() of request id, or -1.
  int64_t row_of(int64_t id) const;
  size_t forgotten() const { return forgotten_; }

 private:
  struct Live {  // the open state of one request
    double running_since = -1, preempted_since = -1;
    int64_t running_step = -1, preempted_step = -1;
    bool resumed = false, admitted = false, token_seen = false;
  };
  RequestPhases& row(int64_t id);
  void open_phase(RequestPhases& r, PhaseKind k, double b, int64_t step);
  void close_running(RequestPhases& r, double e, int64_t step);
  void close_phase(RequestPhases& r, double e, int64_t step);
  void trim();

  size_t max_;
  std::vector<double> begins_, ends_;
  std::vector<RequestPhases> rows_;            // ascending id
  std::vector<Live> live_;                     // parallel to rows_
  std::unordered_map<int64_t, size_t> index_;  // id -> row
  size_t forgotten_ = 0;
  bool given_ = false;  // a request was given whole (add_finished)
  double given_begin_ = 0, given_end_ = 0;
};

// The chunks of r that lie in phase p (its steps first_step..last_step), ascending; empty unless p is a
// prefill or a recompute.
std::span<const PhaseChunk> chunks_in(const RequestPhases& r, const Phase& p);

// Every request of a recording (of engine steps; an attached session's has none) with its phases, the
// phases still open at its end closed there.
std::vector<RequestPhases> request_phases(const Recording& recording);
// The same tracker filled from the recording, open phases left open (the GUI shows them to the end).
PhaseTracker track_recording(const Recording& recording, size_t max_requests = SIZE_MAX);

}  // namespace inferscope::record
