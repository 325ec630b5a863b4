#pragma once
// PollRecordingWriter: records an attached session (polls of serving engines, KV-event readings) into the
// .isrec format as version 2 (docs/recording-format.md, "Recordings of attached sessions"). Every add
// writes one polls frame at once, so a session cut short (crash, kill) opens up to its last poll.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "engine/record/server_poll.h"

namespace inferscope::record {

struct PollRecordingSetup {
  std::string source;                // what recorded it ("inferscope-cli attach", "InferScope (Servers tab)")
  std::vector<std::string> servers;  // the root URLs attached
  int interval_ms = 0;
  std::string kv_events;             // the KV-event publisher followed, if any
};

class PollRecordingWriter {
 public:
  // Writes the file header and the meta frame at once; out must outlive the writer. A write error throws
  // std::runtime_error (here and from every later call).
  PollRecordingWriter(std::ostream& out, const PollRecordingSetup& setup);
  ~PollRecordingWriter();  // does not finish(): an unfinished recording reads as cut short

  void add_poll(const ServerPollRecord& poll);
  void add_kv_events(const KvEventsRecord& kv);
  // One frame for the lot (an OTLP export's requests); nothing written for none.
  void add_request_spans(const std::vector<RequestSpanRecord>& spans);
  // Writes the end frame and flushes. Idempotent.
  void finish();

  int64_t polls_recorded() const { return polls_; }
  int64_t request_spans_recorded() const { return spans_; }
  // The whole file so far plus what finish() would add, for saving a copy while recording goes on.
  static std::vector<uint8_t> end_frame(int64_t polls);

 private:
  void write(const std::vector<uint8_t>& bytes);
  std::ostream& out_;
  int64_t polls_ = 0;
  int64_t spans_ = 0;
  bool finished_ = false;
};

// The meta document of an attached session's recording (what the writer's first frame holds).
nlohmann::json poll_recording_meta(const PollRecordingSetup& setup);

}  // namespace inferscope::record
