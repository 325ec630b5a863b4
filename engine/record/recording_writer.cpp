#include "engine/record/recording_writer.h"

#include <chrono>
#include <ctime>
#include <stdexcept>

#include "engine/record/model_card_json.h"
#include "engine/record/record_format.h"
#include "engine/workload/scenario.h"

#ifndef INFERSCOPE_VERSION
#define INFERSCOPE_VERSION "unknown"
#endif

namespace inferscope::record {

namespace {
std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::vector<uint8_t> json_bytes(const nlohmann::json& j) {
  const std::string s = j.dump();
  return {s.begin(), s.end()};
}

// Room kept under max_bytes for the frames finish() writes (lessons, end).
constexpr int64_t kTailReserve = 4096;
}  // namespace

RecordingWriter::RecordingWriter(std::ostream& out, const RecordingSetup& setup, RecordingLimits limits)
    : out_(out), limits_(limits) {
  if (limits_.keyframe_interval < 1) limits_.keyframe_interval = 1;
  if (limits_.steps_per_frame < 1) limits_.steps_per_frame = 1;
  nlohmann::json meta = {
      {"format", kRunFormatVersion},
      {"writer", std::string("InferScope ") + INFERSCOPE_VERSION},
      {"created", utc_now()},
      {"source", setup.source},
      {"engine", engine_config_to_json(setup.engine)},
      {"workload", setup.workload},
      {"model", model_card_to_json(setup.model)},
      {"keyframe_interval", limits_.keyframe_interval},
      {"prefill_chunks", true},  // every step's prefill chunks are recorded (absent before this writer)
  };
  if (!setup.scenario.is_null()) meta["scenario"] = setup.scenario;
  nlohmann::json cols = nlohmann::json::array();
  for (const auto& [name, type] : metric_columns()) cols.push_back({name, type});
  meta["columns"] = std::move(cols);
  write(file_header());
  write(encode_frame(FrameType::Meta, json_bytes(meta), true, limits_.zstd_level));
}

RecordingWriter::~RecordingWriter() = default;

void RecordingWriter::write(const std::vector<uint8_t>& bytes) {
  out_.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  if (!out_) throw std::runtime_error("recording: write failed");
  bytes_ += int64_t(bytes.size());
}

void RecordingWriter::add_log(int level, std::string text) {
  std::lock_guard<std::mutex> lock(log_mutex_);
  pending_log_.emplace_back(level, std::move(text));
}

void RecordingWriter::add_lesson(const nlohmann::json& result) { lessons_.push_back(result); }

bool RecordingWriter::record_step(const LLMEngine& engine, const StepResult& step) {
  const auto map = engine.metrics().latest_block_map();
  return record_step(step, map ? *map : engine.block_map(), engine.all_requests());
}

bool RecordingWriter::record_step(const StepResult& step, const BlockMapSnapshot& block_map,
                                  const std::vector<RequestInfo>& requests) {
  if (finished_ || limited_) return false;
  if (limits_.max_steps > 0 && steps_ >= limits_.max_steps) {
    limited_ = true;
    return false;
  }
  ByteWriter& w = scratch_;
  w.clear();
  encode_metrics(w, step.metrics);
  const bool key = !have_prev_map_ || steps_ % limits_.keyframe_interval == 0 || !delta_possible(prev_map_, block_map);
  w.u8(key ? 0 : 1);
  if (key) encode_block_map(w, block_map);
  else encode_delta(w, diff_block_maps(prev_map_, block_map));

  // Requests whose state changed: compare the encoded state (without the prompt) with the last one.
  std::vector<std::pair<int64_t, std::vector<uint8_t>>> changed;
  ByteWriter one;
  size_t n_changed = 0;
  ByteWriter reqs;
  for (const RequestInfo& q : requests) {
    one.clear();
    encode_request(one, q, false);
    auto it = last_request_.find(q.id);
    if (it != last_request_.end() && it->second == one.bytes()) continue;
    encode_request(reqs, q, it == last_request_.end());
    changed.emplace_back(q.id, one.bytes());
    ++n_changed;
  }
  w.uvar(n_changed);
  w.raw(reqs.bytes());
  w.uvar(step.events.size());
  for (const TokenEvent& e : step.events) encode_token(w, e);
  std::vector<std::pair<int, std::string>> logs;
  {
    std::lock_guard<std::mutex> lock(log_mutex_);
    logs.swap(pending_log_);
  }
  w.uvar(logs.size());
  for (const auto& [level, text] : logs) {
    w.u8(uint8_t(level));
    w.str(text);
  }

  ByteWriter chunk;
  encode_prefill_chunks(chunk, step.prefill_chunks);

  if (limits_.max_bytes > 0) {
    auto over = [&] {
      return bytes_ + int64_t(2 * kFrameHeaderBytes + frame_.size() + w.size() + chunks_.size() + chunk.size()) +
                 kTailReserve >
             limits_.max_bytes;
    };
    if (over() && frame_steps_ > 0) flush_frame();  // compressed, the pending steps may leave room
    if (over()) {
      limited_ = true;
      std::lock_guard<std::mutex> lock(log_mutex_);
      pending_log_.insert(pending_log_.begin(), logs.begin(), logs.end());
      return false;
    }
  }
  // Accepted: commit the state the next step is compared with.
  if (frame_steps_ == 0) frame_first_ = steps_;
  frame_.raw(w.bytes());
  chunks_.raw(chunk.bytes());
  frame_has_chunks_ = frame_has_chunks_ || !step.prefill_chunks.empty();
  ++frame_steps_;
  ++steps_;
  prev_map_ = block_map;
  have_prev_map_ = true;
  for (auto& [id, bytes] : changed) last_request_[id] = std::move(bytes);
  if (frame_steps_ >= limits_.steps_per_frame || frame_.size() >= kFlushRawBytes) flush_frame();
  return true;
}

std::vector<uint8_t> RecordingWriter::pending_frames() const {
  if (frame_steps_ == 0) return {};
  auto frame = [&](FrameType type, const ByteWriter& body) {
    ByteWriter payload;
    payload.uvar(uint64_t(frame_first_));
    payload.uvar(uint64_t(frame_steps_));
    payload.raw(body.bytes());
    return encode_frame(type, payload.bytes(), true, limits_.zstd_level);
  };
  std::vector<uint8_t> out = frame(FrameType::Steps, frame_);
  if (frame_has_chunks_) {
    const std::vector<uint8_t> c = frame(FrameType::PrefillChunks, chunks_);
    out.insert(out.end(), c.begin(), c.end());
  }
  return out;
}

void RecordingWriter::flush_frame() {
  if (frame_steps_ == 0) return;
  write(pending_frames());
  frame_.clear();
  chunks_.clear();
  frame_has_chunks_ = false;
  frame_steps_ = 0;
  out_.flush();
}

std::vector<uint8_t> RecordingWriter::closing_bytes() {
  std::vector<uint8_t> out;
  auto append = [&](const std::vector<uint8_t>& frame) { out.insert(out.end(), frame.begin(), frame.end()); };
  append(pending_frames());
  if (!lessons_.empty()) append(encode_frame(FrameType::Lessons, json_bytes(lessons_), true, limits_.zstd_level));
  nlohmann::json end = {{"steps", steps_}, {"limited", limited_}};
  {
    // Lines logged after the last step (the run's closing words) travel in the end frame.
    std::lock_guard<std::mutex> lock(log_mutex_);
    if (!pending_log_.empty()) {
      nlohmann::json lines = nlohmann::json::array();
      for (const auto& [level, text] : pending_log_) lines.push_back({level, text});
      end["log"] = std::move(lines);
    }
  }
  append(encode_frame(FrameType::End, json_bytes(end), true, limits_.zstd_level));
  return out;
}

void RecordingWriter::finish() {
  if (finished_) return;
  write(closing_bytes());
  frame_.clear();
  chunks_.clear();
  frame_has_chunks_ = false;
  frame_steps_ = 0;
  {
    std::lock_guard<std::mutex> lock(log_mutex_);
    pending_log_.clear();
  }
  out_.flush();
  if (!out_) throw std::runtime_error("recording: write failed");
  finished_ = true;
}

}  // namespace inferscope::record
