#pragma once
// Recording: a .isrec file opened for replay (docs/recording-format.md). Needs no model file and no
// engine: everything a view shows at any step comes from the file.
//
// What it promises:
// - open() either throws RecordingError with a one-line reason (not a recording, a newer format, the
//   header or the meta frame corrupt) or returns a Recording whose every accessor works for every step
//   in [0, step_count()): the whole file is decoded and checked on open (each frame's length against the
//   bytes left, its CRC, its payload, every block map change against the map it changes).
// - A file cut short or corrupt after its meta frame opens up to its last whole step (frames are whole
//   or absent) and warning() says what was lost; a complete file has an empty warning() and complete().
// - No length read from the file sizes an allocation beyond what the remaining bytes can hold.
// - Step i is the i-th recorded step (metrics(i).step is the engine's own number for it; they are equal
//   when recording started with the engine). "At step i" means after step i ran.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "engine/llm_engine.h"
#include "engine/record/record_bytes.h"
#include "engine/record/server_poll.h"
#include "engine/record/step_codec.h"

namespace inferscope::record {

struct RecordedToken {
  int64_t step = 0;
  TokenEvent event;
};

struct RecordedPrefillChunk {
  int64_t step = 0;
  PrefillChunk chunk;
};

enum class MarkerKind : uint8_t { Admitted, Preempted, Finished, CacheFull, PrefixHit, SpecRejected };
const char* to_string(MarkerKind k);

// An event worth a mark on a timeline.
struct Marker {
  int64_t step = 0;
  MarkerKind kind = MarkerKind::Admitted;
  int64_t request_id = -1;  // the request it concerns; -1 for a step-wide event (cache full, prefix hit, rejection)
  std::string detail;       // finish reason, tokens hit, drafts rejected
};

class Recording {
 public:
  // Reads and checks the whole file. Throws RecordingError (unreadable file included).
  static Recording open(const std::string& path);
  static Recording from_bytes(std::span<const uint8_t> bytes);

  // Empty for a complete file; otherwise what was lost ("cut short after step 1234: ...").
  const std::string& warning() const { return warning_; }
  bool complete() const { return complete_; }   // the end frame was read
  bool limited() const { return limited_; }     // the writer stopped at a size or step limit

  uint32_t format_version() const { return format_version_; }
  std::string writer() const;                   // "InferScope 0.1.0"
  const nlohmann::json& meta() const { return meta_; }  // the whole meta document
  const nlohmann::json& engine_json() const;    // engine_config_to_json() form
  // The engine settings; throws std::invalid_argument when the recording's are not valid here.
  EngineConfig engine_config() const;
  const nlohmann::json& workload_json() const;
  const ModelCard& model_card() const { return card_; }

  int64_t step_count() const { return int64_t(metrics_.size()); }
  // Throws std::out_of_range outside [0, step_count()) (here and below).
  const StepMetrics& metrics(int64_t i) const;
  const std::vector<StepMetrics>& all_metrics() const { return metrics_; }
  // The block map as the engine published it after step i: the keyframe at or before i plus the
  // changes up to i (at most keyframe_interval - 1 of them).
  BlockMapSnapshot block_map_at(int64_t i) const;
  // Every request seen up to step i, ascending id, in its state after step i; token_ids and texts hold
  // the tokens streamed up to step i.
  std::vector<RequestInfo> requests_at(int64_t i) const;
  // The tokens streamed in steps [0, i], in order.
  std::span<const RecordedToken> tokens_up_to(int64_t i) const;
  // The log lines up to step i, in order.
  std::span<const LogLine> log_up_to(int64_t i) const;
  const std::vector<LogLine>& log() const { return log_; }
  // Lesson result documents, in the order they were added (empty when no lesson ran).
  const nlohmann::json& lessons() const { return lessons_; }
  // Whether its writer recorded prefill chunks (writers before them did not: a prefill is then known
  // only as a whole, from admission to first token).
  bool has_prefill_chunks() const;
  // Every step's prefill chunks, ascending step, then request id; a step's add up to its prefill_tokens.
  const std::vector<RecordedPrefillChunk>& prefill_chunks() const { return chunks_; }
  // Timeline events, ascending step.
  const std::vector<Marker>& markers() const { return markers_; }

  // A recording of an attached session (`inferscope-cli attach --record`, the Servers tab): its meta
  // says "kind": "attach"; it has polls instead of steps (step_count() is 0).
  bool is_attach() const;
  // Every poll of every attached server, in the order they were taken (several servers interleave).
  const std::vector<ServerPollRecord>& server_polls() const { return polls_; }
  // The KV-event stream's readings, in order (empty when none was followed).
  const std::vector<KvEventsRecord>& kv_events() const { return kv_events_; }
  // The requests the engines traced (attach --otlp-listen), in the order they arrived (empty when none).
  const std::vector<RequestSpanRecord>& request_spans() const { return request_spans_; }

 private:
  Recording() = default;
  void parse(std::span<const uint8_t> bytes);
  void parse_meta(const std::vector<uint8_t>& raw);
  void parse_steps(const std::vector<uint8_t>& raw, size_t offset);
  void parse_prefill_chunks(const std::vector<uint8_t>& raw, size_t offset);
  void check_index(int64_t i) const;
  std::string damaged_at() const;  // the start of a damage warning: where the good part ends
  void add_markers(int64_t step, const RequestInfo* before, const RequestInfo& after);

  struct MapEntry {
    bool keyframe = false;
    size_t index = 0;  // into keyframes_ or deltas_
  };
  struct RequestChange {
    int64_t step = 0;
    RequestInfo info;  // without token ids; texts only when has_texts
    bool has_texts = false;
  };

  uint32_t format_version_ = 0;
  nlohmann::json meta_;
  ModelCard card_;
  std::unique_ptr<MetricsDecoder> decoder_;
  std::string warning_;
  bool complete_ = false, limited_ = false;
  std::vector<StepMetrics> metrics_;
  std::vector<MapEntry> maps_;                         // per step
  std::vector<std::pair<int64_t, BlockMapSnapshot>> keyframes_;  // (step, map)
  std::vector<BlockMapDelta> deltas_;
  BlockMapSnapshot current_map_;                       // the map after the last parsed step (open only)
  std::vector<int64_t> request_ids_;                   // ascending
  std::vector<std::vector<RequestChange>> request_changes_;  // parallel to request_ids_
  std::vector<RecordedToken> tokens_;
  std::vector<size_t> tokens_end_;                     // per step: tokens_ index past its last token
  std::vector<LogLine> log_;
  std::vector<size_t> log_end_;
  nlohmann::json lessons_ = nlohmann::json::array();
  std::vector<Marker> markers_;
  std::vector<RecordedPrefillChunk> chunks_;
  int64_t chunk_steps_end_ = 0;  // steps before this are covered by the chunk frames read
  std::vector<ServerPollRecord> polls_;
  std::vector<KvEventsRecord> kv_events_;
  std::vector<RequestSpanRecord> request_spans_;
};

}  // namespace inferscope::record
