#pragma once
// MemoryRecording: a recording kept in memory while a run goes on (the workbench records every live run,
// bounded by RecordingLimits), saved to a file whenever asked without stopping: File > Save recording.
#include <sstream>
#include <string>
#include <vector>

#include "engine/record/recording_writer.h"

namespace inferscope::record {

class MemoryRecording {
 public:
  MemoryRecording(const RecordingSetup& setup, RecordingLimits limits);

  RecordingWriter& writer() { return writer_; }
  bool record_step(const LLMEngine& engine, const StepResult& step) { return writer_.record_step(engine, step); }
  // A complete recording of every step so far (the recording goes on).
  std::vector<uint8_t> bytes();
  // Writes bytes() to path (through a temporary file, so a failed save leaves no half file). Returns
  // false with *error set.
  bool save(const std::string& path, std::string* error = nullptr);

 private:
  std::ostringstream out_;
  RecordingWriter writer_;
};

}  // namespace inferscope::record
