#pragma once
// vLLM's KV-cache events (its --kv-events-config publisher): every batch says which prefix-cache blocks
// the engine stored, removed, or that it cleared them all. The payloads are msgpack; a batch is array-like
// ([ts, events, dp_rank?]) or a map ({"ts":..., "events": [...]}), an event array-like ([tag, fields...],
// older vLLM) or a map ({"type": tag, ...}, vLLM 0.34, whose batches are array-like); all are read. Block hashes are integers in
// older vLLM and bytes in newer; both become text keys here. Events carry hashes, not physical block
// ids: what can be drawn is the prefix cache's content, not the block pool's layout.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace inferscope::remote {

enum class KvEventKind { BlockStored, BlockRemoved, AllBlocksCleared };

struct KvEvent {
  KvEventKind kind = KvEventKind::AllBlocksCleared;
  std::vector<std::string> block_hashes;   // "i:<decimal>" for integer hashes, "b:<hex>" for bytes
  std::optional<std::string> parent_hash;  // BlockStored: the block before the first one, if any
  std::vector<std::int64_t> token_ids;     // BlockStored: the tokens of all stored blocks, in order
  int block_size = 0;                      // BlockStored: tokens per block
  std::optional<std::int64_t> lora_id;
  std::string medium;                      // e.g. "GPU", "CPU"; empty when not sent
};

struct KvEventBatch {
  double ts = 0.0;  // the server's clock, seconds
  std::vector<KvEvent> events;
  std::optional<int> data_parallel_rank;
};

struct KvDecodeResult {
  std::optional<KvEventBatch> batch;
  std::string error;  // why nothing was read; set exactly when batch is empty
};

// Decodes one payload. Bounded: payloads over 64 MiB, arrays over 1M entries, and nesting deeper than
// 8 are refused with a message; an event of an unknown kind is skipped (a newer server's), never fatal.
KvDecodeResult decode_kv_event_batch(const void* data, std::size_t size);

}  // namespace inferscope::remote
