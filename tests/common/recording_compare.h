#pragma once
// Field-by-field comparisons of what a recording replays against what the live engine produced: the
// first difference as a readable line, or an empty string when equal (tests only).
#include <sstream>
#include <string>
#include <vector>

#include "engine/llm_engine.h"
#include "engine/metrics/block_map_snapshot.h"

namespace inferscope::test {

inline std::string diff_block_maps(const BlockMapSnapshot& live, const BlockMapSnapshot& replay) {
  std::ostringstream o;
  if (live.block_size != replay.block_size) o << "block_size " << live.block_size << " vs " << replay.block_size;
  else if (live.blocks.size() != replay.blocks.size()) o << "blocks " << live.blocks.size() << " vs " << replay.blocks.size();
  else if (live.sequences.size() != replay.sequences.size())
    o << "sequences " << live.sequences.size() << " vs " << replay.sequences.size();
  if (!o.str().empty()) return o.str();
  for (size_t i = 0; i < live.blocks.size(); ++i) {
    const BlockInfo& a = live.blocks[i];
    const BlockInfo& b = replay.blocks[i];
    if (a.id != b.id || a.state != b.state || a.ref_count != b.ref_count || a.filled != b.filled || a.owners != b.owners) {
      o << "block " << i << ": state " << int(a.state) << "/" << int(b.state) << " ref " << a.ref_count << "/"
        << b.ref_count << " filled " << a.filled << "/" << b.filled << " owners " << a.owners.size() << "/"
        << b.owners.size();
      return o.str();
    }
  }
  for (size_t i = 0; i < live.sequences.size(); ++i) {
    const SequenceBlocks& a = live.sequences[i];
    const SequenceBlocks& b = replay.sequences[i];
    if (a.seq_id != b.seq_id || a.num_tokens != b.num_tokens || a.block_table != b.block_table) {
      o << "sequence #" << i << ": id " << a.seq_id << "/" << b.seq_id << " tokens " << a.num_tokens << "/"
        << b.num_tokens << " table " << a.block_table.size() << "/" << b.block_table.size();
      return o.str();
    }
  }
  return {};
}

inline std::string diff_requests(const std::vector<RequestInfo>& live, const std::vector<RequestInfo>& replay) {
  std::ostringstream o;
  if (live.size() != replay.size()) {
    o << "requests " << live.size() << " vs " << replay.size();
    return o.str();
  }
  auto same_double = [](double a, double b) { return a == b || (a != a && b != b); };
  for (size_t i = 0; i < live.size(); ++i) {
    const RequestInfo& a = live[i];
    const RequestInfo& b = replay[i];
    o << "request " << a.id << ": ";
    if (a.id != b.id) o << "id vs " << b.id;
    else if (a.state != b.state) o << "state " << request_state_name(a.state) << " vs " << request_state_name(b.state);
    else if (a.finish_reason != b.finish_reason) o << "finish_reason " << a.finish_reason << " vs " << b.finish_reason;
    else if (a.error != b.error) o << "error";
    else if (a.n_prompt != b.n_prompt || a.n_prefix_hit != b.n_prefix_hit || a.n_generated != b.n_generated ||
             a.blocks_held != b.blocks_held || a.preemptions != b.preemptions)
      o << "counts";
    else if (!same_double(a.queue_ms, b.queue_ms) || !same_double(a.ttft_ms, b.ttft_ms) ||
             !same_double(a.tpot_ms, b.tpot_ms) || !same_double(a.e2e_ms, b.e2e_ms))
      o << "timings";
    else if (a.prompt_ids != b.prompt_ids) o << "prompt ids";
    else if (a.token_ids != b.token_ids) o << "token ids";
    else if (a.texts != b.texts) o << "texts";
    else if (a.seq_ids != b.seq_ids) o << "seq ids";
    else if (a.spec_drafted != b.spec_drafted || a.spec_accepted != b.spec_accepted || a.spec_passes != b.spec_passes ||
             a.spec_rejections != b.spec_rejections)
      o << "speculation counts";
    else {
      o.str("");
      continue;
    }
    return o.str();
  }
  return {};
}

}  // namespace inferscope::test
