#pragma once
// RecordingLogSink: an spdlog sink that hands every line it receives to a RecordingWriter, so the
// engine's log travels with the recording. Add it to the logger for the run, remove it before the
// writer goes away.
#include <spdlog/sinks/base_sink.h>

#include <mutex>
#include <string>

#include "engine/record/recording_writer.h"

namespace inferscope::record {

class RecordingLogSink : public spdlog::sinks::base_sink<std::mutex> {
 public:
  explicit RecordingLogSink(RecordingWriter& writer) : writer_(writer) {}

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    writer_.add_log(int(msg.level), std::string(msg.payload.data(), msg.payload.size()));
  }
  void flush_() override {}

 private:
  RecordingWriter& writer_;
};

}  // namespace inferscope::record
