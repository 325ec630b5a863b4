#include "engine/record/poll_recording_writer.h"

#include <chrono>
#include <ctime>
#include <stdexcept>

#include "engine/record/record_format.h"

#ifndef INFERSCOPE_VERSION
#define INFERSCOPE_VERSION "unknown"
#endif

namespace inferscope::record {

namespace {
std::vector<uint8_t> json_bytes(const nlohmann::json& j) {
  const std::string s = j.dump();
  return {s.begin(), s.end()};
}
}  // namespace

nlohmann::json poll_recording_meta(const PollRecordingSetup& setup) {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char created[32];
  std::strftime(created, sizeof created, "%Y-%m-%dT%H:%M:%SZ", &tm);
  nlohmann::json meta = {{"format", kAttachFormatVersion},
                         {"kind", "attach"},
                         {"writer", std::string("InferScope ") + INFERSCOPE_VERSION},
                         {"created", created},
                         {"source", setup.source},
                         {"servers", setup.servers},
                         {"interval_ms", setup.interval_ms},
                         // No step metrics: the reader's column list is empty.
                         {"columns", nlohmann::json::array()}};
  if (!setup.kv_events.empty()) meta["kv_events"] = setup.kv_events;
  return meta;
}

PollRecordingWriter::PollRecordingWriter(std::ostream& out, const PollRecordingSetup& setup) : out_(out) {
  write(file_header(kAttachFormatVersion));
  write(encode_frame(FrameType::Meta, json_bytes(poll_recording_meta(setup))));
  out_.flush();
}

PollRecordingWriter::~PollRecordingWriter() = default;

void PollRecordingWriter::write(const std::vector<uint8_t>& bytes) {
  out_.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  if (!out_) throw std::runtime_error("recording: write failed");
}

void PollRecordingWriter::add_poll(const ServerPollRecord& poll) {
  if (finished_) return;
  write(encode_frame(FrameType::Polls, encode_polls_frame({poll}, {})));
  out_.flush();
  ++polls_;
}

void PollRecordingWriter::add_kv_events(const KvEventsRecord& kv) {
  if (finished_) return;
  write(encode_frame(FrameType::Polls, encode_polls_frame({}, {kv})));
  out_.flush();
}

void PollRecordingWriter::add_request_spans(const std::vector<RequestSpanRecord>& spans) {
  if (finished_ || spans.empty()) return;
  write(encode_frame(FrameType::Polls, encode_polls_frame({}, {}, spans)));
  out_.flush();
  spans_ += int64_t(spans.size());
}

std::vector<uint8_t> PollRecordingWriter::end_frame(int64_t polls) {
  return encode_frame(FrameType::End, json_bytes({{"polls", polls}, {"steps", 0}, {"limited", false}}));
}

void PollRecordingWriter::finish() {
  if (finished_) return;
  write(end_frame(polls_));
  out_.flush();
  finished_ = true;
}

}  // namespace inferscope::record
