#include "ui/engine/packed_state.h"

#include "engine/record/record_format.h"
#include "engine/record/step_codec.h"

namespace inferscope::ui {

namespace {

// What the recording's block-map encoding leaves out: sliding-window groups (a Gemma-3 pool), the
// group and window release of each block, every group's table of each sequence.
void packGroups(record::ByteWriter& w, const BlockMapSnapshot& m) {
  for (const BlockInfo& b : m.blocks) w.uvar(uint32_t(b.group) << 1 | uint32_t(b.window_released));
  for (const SequenceBlocks& q : m.sequences) {
    w.uvar(q.group_tables.size());
    for (const auto& t : q.group_tables) {
      w.uvar(t.size());
      for (int32_t b : t) w.svar(b);
    }
  }
  w.uvar(m.groups.size());
  for (const KvGroupInfo& g : m.groups) {
    w.svar(g.window);
    w.uvar(g.layers.size());
    for (int32_t l : g.layers) w.svar(l);
    w.svar(g.blocks_used);
    w.svar(g.blocks_released);
  }
}

void unpackGroups(record::ByteReader& r, BlockMapSnapshot& m) {
  const auto i32 = [&r](const char* what) { return int32_t(r.svar_in(INT32_MIN, INT32_MAX, what)); };
  for (BlockInfo& b : m.blocks) {
    const uint64_t v = r.uvar();
    b.group = int32_t(v >> 1);
    b.window_released = (v & 1) != 0;
  }
  for (SequenceBlocks& q : m.sequences) {
    q.group_tables.resize(r.count());
    for (auto& t : q.group_tables) {
      t.resize(r.count());
      for (int32_t& b : t) b = i32("group table entry");
    }
  }
  m.groups.resize(r.count());
  for (KvGroupInfo& g : m.groups) {
    g.window = i32("window");
    g.layers.resize(r.count());
    for (int32_t& l : g.layers) l = i32("layer");
    g.blocks_used = i32("blocks used");
    g.blocks_released = r.svar();
  }
}

// zstd's fastest level: every published snapshot is packed (~30 a second).
constexpr int kZstdLevel = 1;
}  // namespace

PackedState::PackedState(const EngineSnapshot& s)
    : timeline_(s.parallel_timeline),
      totals_(s.totals),
      totalSteps_(s.total_steps),
      running_(s.running),
      hasUnfinished_(s.has_unfinished),
      loadAllSubmitted_(s.load_all_submitted),
      hasMap_(s.block_map != nullptr) {
  record::ByteWriter w;
  if (s.block_map) {
    record::encode_block_map(w, *s.block_map);
    packGroups(w, *s.block_map);
  }
  w.uvar(s.requests.size());
  for (const RequestInfo& q : s.requests) {
    // The recording's request encoding, then what it leaves out: the token ids, and the texts of a
    // request still running (the Playground shows them as they were at the step).
    record::encode_request(w, q, /*with_prompt=*/true);
    w.uvar(q.token_ids.size());
    for (const auto& ids : q.token_ids) {
      w.uvar(ids.size());
      for (int32_t t : ids) w.svar(t);
    }
    if (!request_ended(q.state)) {
      w.uvar(q.texts.size());
      for (const std::string& t : q.texts) w.str(t);
    }
  }
  packed_ = record::encode_frame(record::FrameType::Steps, w.bytes(), true, kZstdLevel);
  packed_.shrink_to_fit();
}

EngineSnapshotPtr PackedState::unpack() const {
  const record::Frame frame = record::read_frame(packed_, 0);
  record::ByteReader r(frame.raw, "packed timeline state");
  auto s = std::make_shared<EngineSnapshot>();
  if (hasMap_) {
    auto map = std::make_shared<BlockMapSnapshot>(record::decode_block_map(r));
    unpackGroups(r, *map);
    s->block_map = std::move(map);
  }
  const size_t n = r.count();
  s->requests.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    bool hadPrompt = false, hadTexts = false;
    RequestInfo q = record::decode_request(r, &hadPrompt, &hadTexts);
    q.token_ids.resize(r.count());
    for (auto& ids : q.token_ids) {
      ids.resize(r.count());
      for (int32_t& t : ids) t = int32_t(r.svar_in(INT32_MIN, INT32_MAX, "token id"));
    }
    if (!hadTexts) {
      q.texts.resize(r.count());
      for (std::string& t : q.texts) t = r.str();
    }
    s->requests.push_back(std::move(q));
  }
  s->parallel_timeline = timeline_;
  s->totals = totals_;
  s->total_steps = totalSteps_;
  s->running = running_;
  s->has_unfinished = hasUnfinished_;
  s->load_all_submitted = loadAllSubmitted_;
  return s;
}

}  // namespace inferscope::ui
