#pragma once
// The binary encoding of one recorded step (docs/recording-format.md, "Steps frame"): its metrics row,
// its block map (a keyframe or the changes since the previous step), the requests whose state changed,
// the tokens streamed and the log lines. Shared by RecordingWriter and Recording so both sides agree.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/llm_engine.h"
#include "engine/metrics/block_map_snapshot.h"
#include "engine/metrics/step_metrics.h"
#include "engine/record/record_bytes.h"

namespace inferscope::record {

// ---- metrics rows: one value per column, the column list (name, type) travels in the meta frame ----

// (name, type) of every StepMetrics column in for_each_field order; type is i32 | i64 | u32 | u64 | f32 |
// f64 | bool.
std::vector<std::pair<std::string, std::string>> metric_columns();
void encode_metrics(ByteWriter& w, const StepMetrics& m);

// Reads rows written with some column list: columns this build knows (same name and type) are set,
// others are skipped, and columns the recording lacks keep their defaults. Throws RecordingError for
// a type it cannot skip.
class MetricsDecoder {
 public:
  explicit MetricsDecoder(const std::vector<std::pair<std::string, std::string>>& columns);
  StepMetrics decode(ByteReader& r) const;

 private:
  enum class Type : uint8_t { I32, I64, U32, U64, F32, F64, Bool };
  struct Column {
    Type type;
    long offset;  // byte offset of the matching StepMetrics member; -1 = not in this build
  };
  std::vector<Column> cols_;
};

// ---- block maps ----

struct SequenceChange {
  int64_t seq_id = 0;
  int32_t num_tokens = 0;
  uint32_t keep = 0;               // leading entries kept from the previous block table
  std::vector<int32_t> appended;   // entries after those
};

struct BlockMapDelta {
  std::vector<BlockInfo> blocks;          // changed blocks (whole), ascending id
  std::vector<int64_t> removed_seqs;      // sequences gone since the previous step
  std::vector<SequenceChange> sequences;  // new or changed sequences, ascending seq_id
};

void encode_block_map(ByteWriter& w, const BlockMapSnapshot& s);
// Throws std::invalid_argument when s breaks the BlockMapSnapshot contract (blocks[i].id != i).
BlockMapDelta diff_block_maps(const BlockMapSnapshot& prev, const BlockMapSnapshot& cur);
// True when a delta can express cur relative to prev (same pool and block size).
bool delta_possible(const BlockMapSnapshot& prev, const BlockMapSnapshot& cur);
void encode_delta(ByteWriter& w, const BlockMapDelta& d);

BlockMapSnapshot decode_block_map(ByteReader& r);
BlockMapDelta decode_delta(ByteReader& r);
// Applies d to s in place. Throws RecordingError when d does not fit s (unknown block or sequence,
// an entry outside the pool): s is then unspecified.
void apply_delta(BlockMapSnapshot& s, const BlockMapDelta& d);

// ---- requests, tokens, log ----

// The request's state without its token ids (those are rebuilt from the token events); prompt_ids are
// written only when with_prompt is set (the first time a request appears). The texts are written once
// the request has ended: the final text can differ from the streamed pieces (a stop string cuts it, the
// decoder's flush completes it).
void encode_request(ByteWriter& w, const RequestInfo& info, bool with_prompt);
RequestInfo decode_request(ByteReader& r, bool* had_prompt, bool* had_texts);

struct LogLine {
  int64_t step = 0;  // the step during or before which it was logged
  int level = 0;     // spdlog level: 0 trace .. 5 critical
  std::string text;
};

void encode_token(ByteWriter& w, const TokenEvent& e);
TokenEvent decode_token(ByteReader& r);

// One step's prefill chunks (docs/recording-format.md, "Prefill chunks frame"): a list of (request id,
// tokens). The decoder refuses a chunk of no tokens or ids out of ascending order.
void encode_prefill_chunks(ByteWriter& w, const std::vector<PrefillChunk>& chunks);
std::vector<PrefillChunk> decode_prefill_chunks(ByteReader& r);

}  // namespace inferscope::record
