// libFuzzer target for the recording reader (engine/record). A RecordingError is the expected answer to
// malformed input; any other exception, a sanitizer report, a crash or an allocation past libFuzzer's
// -rss_limit is a finding. Inputs whose first byte has its high bit set get every frame's CRC
// recomputed first, so that mutations reach the decoders behind the checksum.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "engine/record/record_format.h"
#include "engine/record/recording.h"
#include "engine/record/request_phases.h"

using namespace inferscope;
using namespace inferscope::record;

namespace {

void fix_crcs(std::vector<uint8_t>& f) {
  size_t off = kFileHeaderBytes;
  while (off + kFrameHeaderBytes <= f.size()) {
    const uint32_t stored = uint32_t(f[off + 4]) | uint32_t(f[off + 5]) << 8 | uint32_t(f[off + 6]) << 16 |
                            uint32_t(f[off + 7]) << 24;
    if (stored > f.size() - off - kFrameHeaderBytes) return;
    uint32_t crc = crc32(std::span(f.data() + off, 12));
    crc = crc32(std::span(f.data() + off + kFrameHeaderBytes, stored), crc);
    for (int i = 0; i < 4; ++i) f[off + 12 + size_t(i)] = uint8_t(crc >> (8 * i));
    off += kFrameHeaderBytes + stored;
  }
}

// What the reader promises for an opened recording: every step answers, and what it answers is
// consistent (block tables inside the pool, markers in order, token spans growing).
void check(const Recording& r) {
  const int64_t n = r.step_count();
  size_t tokens = 0;
  for (int64_t i = 0; i < n; ++i) {
    (void)r.metrics(i);
    if (r.tokens_up_to(i).size() < tokens) std::abort();
    tokens = r.tokens_up_to(i).size();
    (void)r.log_up_to(i);
  }
  for (int64_t i : {int64_t(0), n / 2, n - 1}) {
    if (i < 0 || i >= n) continue;
    const BlockMapSnapshot s = r.block_map_at(i);
    for (const SequenceBlocks& q : s.sequences)
      for (int32_t e : q.block_table)
        if (e < 0 || size_t(e) >= s.blocks.size()) std::abort();
    for (size_t b = 0; b < s.blocks.size(); ++b)
      if (s.blocks[b].id != int32_t(b)) std::abort();
    (void)r.requests_at(i);
  }
  for (size_t i = 1; i < r.markers().size(); ++i)
    if (r.markers()[i - 1].step > r.markers()[i].step) std::abort();
  // Prefill chunks: at steps read, in step order, adding up to each step's prefill tokens; the request
  // timeline's tracker takes them as the GUI would.
  std::vector<int64_t> sums(size_t(n), 0);
  for (size_t i = 0; i < r.prefill_chunks().size(); ++i) {
    const RecordedPrefillChunk& c = r.prefill_chunks()[i];
    if (c.step < 0 || c.step >= n || c.chunk.tokens <= 0) std::abort();
    if (i > 0 && r.prefill_chunks()[i - 1].step > c.step) std::abort();
    sums[size_t(c.step)] += c.chunk.tokens;
  }
  for (const RecordedPrefillChunk& c : r.prefill_chunks())
    if (sums[size_t(c.step)] != r.metrics(c.step).prefill_tokens) std::abort();
  (void)request_phases(r);
  // An attached session's polls: every decoded list within what its frame held.
  size_t values = 0;
  for (const ServerPollRecord& p : r.server_polls()) values += p.values.size() + p.window.size() + p.slot_list.size();
  for (const KvEventsRecord& k : r.kv_events()) values += k.values.size();
  (void)values;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::vector<uint8_t> f(data + 1, data + size);
  if (data[0] & 0x80) fix_crcs(f);
  try {
    check(Recording::from_bytes(f));
  } catch (const RecordingError&) {
  }
  return 0;
}
