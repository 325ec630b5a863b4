#pragma once
// RecordingWriter: records a run as it goes into the .isrec format (docs/recording-format.md). It is fed
// from the engine's public per-step outputs only: after every LLMEngine::step() that ran, the step's
// StepResult, the block map the engine published with it and the requests' states; log lines and
// lesson results whenever they come. Steps are grouped into zstd-compressed frames, each written as it
// fills, so a run cut short leaves a file that opens up to its last whole frame.
//
// Thread-compatible: one thread records steps; add_log() alone may be called from any thread.
#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/llm_engine.h"
#include "engine/record/record_bytes.h"
#include "engine/record/step_codec.h"

namespace inferscope::record {

// What a recording says about the run before its first step.
struct RecordingSetup {
  EngineConfig engine;
  nlohmann::json workload = nlohmann::json::object();  // workload_to_json(), or {} for hand-fed requests
  nlohmann::json scenario;                             // the scenario document, when the run came from one
  ModelCard model;
  std::string source;                                  // what recorded it ("inferscope-cli run", ...)
};

struct RecordingLimits {
  int64_t max_steps = 0;  // 0 = no limit
  int64_t max_bytes = 0;  // 0 = no limit; the file stays within it (frames that would pass it are dropped)
  int keyframe_interval = 64;  // a whole block map every this many steps, changes in between
  int steps_per_frame = 64;    // steps per compressed frame (a frame also closes at ~1 MiB raw)
  int zstd_level = 3;
};

class RecordingWriter {
 public:
  // Writes the file header and the meta frame to out at once. out must outlive the writer; a write
  // error throws std::runtime_error (here and from every later call that writes).
  RecordingWriter(std::ostream& out, const RecordingSetup& setup, RecordingLimits limits = {});
  ~RecordingWriter();  // does not finish(): an unfinished recording reads as cut short
  RecordingWriter(const RecordingWriter&) = delete;
  RecordingWriter& operator=(const RecordingWriter&) = delete;

  // Records one step. requests: every request the engine holds (LLMEngine::all_requests()); a request
  // whose state is unchanged since the last step costs nothing. Returns false (and records nothing)
  // once a limit was reached.
  bool record_step(const StepResult& step, const BlockMapSnapshot& block_map, const std::vector<RequestInfo>& requests);
  // The same, read from the engine that just ran `step`.
  bool record_step(const LLMEngine& engine, const StepResult& step);
  // A log line; it belongs to the next recorded step.
  void add_log(int level, std::string text);
  // A lesson's result document (engine/lessons result_to_json); written by finish().
  void add_lesson(const nlohmann::json& result);
  // Writes the pending steps, the lessons and the end frame, and flushes. Idempotent.
  void finish();
  // What finish() would write now, without writing it or stopping the recording: the bytes written so
  // far followed by these form a complete recording of the steps so far ("Save recording" mid-run on a
  // writer that writes into memory).
  std::vector<uint8_t> closing_bytes();

  int64_t steps_recorded() const { return steps_; }
  int64_t bytes_written() const { return bytes_; }
  bool limit_reached() const { return limited_; }

 private:
  void flush_frame();
  // The pending steps as their steps frame and, when any of them prefilled, their prefill chunks frame.
  std::vector<uint8_t> pending_frames() const;
  void write(const std::vector<uint8_t>& bytes);

  std::ostream& out_;
  RecordingLimits limits_;
  int64_t steps_ = 0;        // steps accepted (written or pending)
  int64_t frame_first_ = 0;  // first step of the pending frame
  int frame_steps_ = 0;
  ByteWriter frame_;         // pending steps
  ByteWriter chunks_;        // their prefill chunks, one list per step
  bool frame_has_chunks_ = false;
  ByteWriter scratch_;
  int64_t bytes_ = 0;
  bool limited_ = false;
  bool finished_ = false;
  BlockMapSnapshot prev_map_;
  bool have_prev_map_ = false;
  std::unordered_map<int64_t, std::vector<uint8_t>> last_request_;  // id -> its last encoded state
  std::mutex log_mutex_;
  std::vector<std::pair<int, std::string>> pending_log_;
  nlohmann::json lessons_ = nlohmann::json::array();
};

}  // namespace inferscope::record
