#include "engine/record/step_codec.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace inferscope::record {

namespace {

template <class T>
constexpr const char* type_name() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, int32_t>) return "i32";
  else if constexpr (std::is_same_v<T, int64_t>) return "i64";
  else if constexpr (std::is_same_v<T, uint32_t>) return "u32";
  else if constexpr (std::is_same_v<T, uint64_t>) return "u64";
  else if constexpr (std::is_same_v<T, float>) return "f32";
  else if constexpr (std::is_same_v<T, double>) return "f64";
  else static_assert(sizeof(T) == 0, "StepMetrics column of a type the recording format does not know: add it");
}

constexpr int32_t kMaxI32 = INT32_MAX;

}  // namespace

std::vector<std::pair<std::string, std::string>> metric_columns() {
  std::vector<std::pair<std::string, std::string>> out;
  const StepMetrics m;
  for_each_field(m, [&](const char* name, const auto& v) {
    out.emplace_back(name, type_name<std::decay_t<decltype(v)>>());
  });
  return out;
}

void encode_metrics(ByteWriter& w, const StepMetrics& m) {
  for_each_field(m, [&](const char*, const auto& v) {
    using T = std::decay_t<decltype(v)>;
    if constexpr (std::is_same_v<T, bool>) w.u8(v ? 1 : 0);
    else if constexpr (std::is_unsigned_v<T>) w.uvar(v);
    else if constexpr (std::is_integral_v<T>) w.svar(v);
    else if constexpr (std::is_same_v<T, float>) w.f32(v);
    else w.f64(v);
  });
}

MetricsDecoder::MetricsDecoder(const std::vector<std::pair<std::string, std::string>>& columns) {
  StepMetrics probe;
  for (const auto& col : columns) {
    const std::string& name = col.first;  // plain references: clang 14 cannot capture structured bindings
    const std::string& type = col.second;
    Column c{};
    if (type == "i32") c.type = Type::I32;
    else if (type == "i64") c.type = Type::I64;
    else if (type == "f32") c.type = Type::F32;
    else if (type == "f64") c.type = Type::F64;
    else if (type == "bool") c.type = Type::Bool;
    else if (type == "u32") c.type = Type::U32;
    else if (type == "u64") c.type = Type::U64;
    else throw RecordingError("metrics column " + name + " has unknown type '" + type + "'");
    c.offset = -1;
    for_each_field(probe, [&](const char* n, auto& v) {
      if (name != n || type != type_name<std::decay_t<decltype(v)>>()) return;
      c.offset = long(reinterpret_cast<const char*>(&v) - reinterpret_cast<const char*>(&probe));
    });
    cols_.push_back(c);
  }
}

StepMetrics MetricsDecoder::decode(ByteReader& r) const {
  StepMetrics m;
  char* base = reinterpret_cast<char*>(&m);
  for (const Column& c : cols_) {
    switch (c.type) {
      case Type::I32: {
        const int32_t v = int32_t(r.svar_in(INT32_MIN, INT32_MAX, "metrics value"));
        if (c.offset >= 0) std::memcpy(base + c.offset, &v, sizeof v);
        break;
      }
      case Type::I64: {
        const int64_t v = r.svar();
        if (c.offset >= 0) std::memcpy(base + c.offset, &v, sizeof v);
        break;
      }
      case Type::U32: {
        const uint32_t v = uint32_t(r.uvar_max(UINT32_MAX, "metrics value"));
        if (c.offset >= 0) std::memcpy(base + c.offset, &v, sizeof v);
        break;
      }
      case Type::U64: {
        const uint64_t v = r.uvar();
        if (c.offset >= 0) std::memcpy(base + c.offset, &v, sizeof v);
        break;
      }
      case Type::F32: {
        const float v = r.f32();
        if (c.offset >= 0) std::memcpy(base + c.offset, &v, sizeof v);
        break;
      }
      case Type::F64: {
        const double v = r.f64();
        if (c.offset >= 0) std::memcpy(base + c.offset, &v, sizeof v);
        break;
      }
      case Type::Bool: {
        const uint8_t b = r.u8();
        if (b > 1) r.fail("bool metrics value not 0 or 1");
        const bool v = b == 1;
        if (c.offset >= 0) std::memcpy(base + c.offset, &v, sizeof v);
        break;
      }
    }
  }
  return m;
}

// ---- block maps ----

namespace {

void encode_block(ByteWriter& w, const BlockInfo& b) {
  w.u8(uint8_t(b.state));
  w.uvar(uint32_t(b.ref_count));
  w.uvar(uint32_t(b.filled));
  w.uvar(b.owners.size());
  int64_t prev = 0;
  for (int64_t o : b.owners) {
    w.svar(o - prev);
    prev = o;
  }
}

BlockInfo decode_block(ByteReader& r, int32_t id) {
  BlockInfo b;
  b.id = id;
  const uint8_t state = r.u8();
  if (state > uint8_t(BlockState::Cached)) r.fail("unknown block state " + std::to_string(state));
  b.state = BlockState(state);
  b.ref_count = int32_t(r.uvar_max(kMaxI32, "ref_count"));
  b.filled = int32_t(r.uvar_max(kMaxI32, "filled"));
  const size_t n = r.count();
  b.owners.reserve(n);
  int64_t prev = 0;
  for (size_t i = 0; i < n; ++i) {
    prev += r.svar_in(INT32_MIN, INT32_MAX, "owner step");
    b.owners.push_back(prev);
  }
  return b;
}

void encode_table(ByteWriter& w, std::span<const int32_t> t) {
  w.uvar(t.size());
  for (int32_t e : t) w.uvar(uint32_t(e));
}

std::vector<int32_t> decode_table(ByteReader& r, size_t n_blocks) {
  const size_t n = r.count();
  std::vector<int32_t> t;
  t.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t e = r.uvar();
    if (e >= n_blocks) r.fail("block table entry " + std::to_string(e) + " outside the pool");
    t.push_back(int32_t(e));
  }
  return t;
}

bool same_block(const BlockInfo& a, const BlockInfo& b) {
  return a.state == b.state && a.ref_count == b.ref_count && a.filled == b.filled && a.owners == b.owners;
}

void check_ids(const BlockMapSnapshot& s) {
  for (size_t i = 0; i < s.blocks.size(); ++i)
    if (s.blocks[i].id != int32_t(i)) throw std::invalid_argument("block map: blocks[i].id != i");
}

}  // namespace

void encode_block_map(ByteWriter& w, const BlockMapSnapshot& s) {
  check_ids(s);
  w.uvar(uint32_t(s.block_size));
  w.uvar(s.blocks.size());
  for (const BlockInfo& b : s.blocks) encode_block(w, b);
  w.uvar(s.sequences.size());
  int64_t prev = 0;
  for (const SequenceBlocks& q : s.sequences) {
    w.svar(q.seq_id - prev);
    prev = q.seq_id;
    w.uvar(uint32_t(q.num_tokens));
    encode_table(w, q.block_table);
  }
}

BlockMapSnapshot decode_block_map(ByteReader& r) {
  BlockMapSnapshot s;
  s.block_size = int32_t(r.uvar_max(1u << 24, "block_size"));
  const size_t n = r.count(4);  // a block takes at least 4 bytes
  s.blocks.reserve(n);
  for (size_t i = 0; i < n; ++i) s.blocks.push_back(decode_block(r, int32_t(i)));
  const size_t nq = r.count(3);
  s.sequences.reserve(nq);
  int64_t prev = 0;
  for (size_t i = 0; i < nq; ++i) {
    SequenceBlocks q;
    const int64_t d = r.svar();
    if ((i > 0 && d < 1) || __builtin_add_overflow(prev, d, &q.seq_id)) r.fail("sequence ids not ascending");
    prev = q.seq_id;
    q.num_tokens = int32_t(r.uvar_max(kMaxI32, "num_tokens"));
    q.block_table = decode_table(r, n);
    s.sequences.push_back(std::move(q));
  }
  return s;
}

bool delta_possible(const BlockMapSnapshot& prev, const BlockMapSnapshot& cur) {
  return prev.block_size == cur.block_size && prev.blocks.size() == cur.blocks.size();
}

BlockMapDelta diff_block_maps(const BlockMapSnapshot& prev, const BlockMapSnapshot& cur) {
  check_ids(cur);
  BlockMapDelta d;
  for (size_t i = 0; i < cur.blocks.size(); ++i)
    if (!same_block(prev.blocks[i], cur.blocks[i])) d.blocks.push_back(cur.blocks[i]);
  size_t a = 0, b = 0;
  const auto& P = prev.sequences;
  const auto& C = cur.sequences;
  while (a < P.size() || b < C.size()) {
    if (b == C.size() || (a < P.size() && P[a].seq_id < C[b].seq_id)) {
      d.removed_seqs.push_back(P[a++].seq_id);
      continue;
    }
    const SequenceBlocks& q = C[b++];
    const SequenceBlocks* old = nullptr;
    if (a < P.size() && P[a].seq_id == q.seq_id) old = &P[a++];
    if (old && old->num_tokens == q.num_tokens && old->block_table == q.block_table) continue;
    SequenceChange ch;
    ch.seq_id = q.seq_id;
    ch.num_tokens = q.num_tokens;
    if (old) {
      const auto mm = std::mismatch(old->block_table.begin(), old->block_table.end(), q.block_table.begin(),
                                    q.block_table.end());
      ch.keep = uint32_t(mm.first - old->block_table.begin());
    }
    ch.appended.assign(q.block_table.begin() + ch.keep, q.block_table.end());
    d.sequences.push_back(std::move(ch));
  }
  return d;
}

void encode_delta(ByteWriter& w, const BlockMapDelta& d) {
  w.uvar(d.blocks.size());
  int32_t prev = -1;
  for (const BlockInfo& b : d.blocks) {
    w.uvar(uint32_t(b.id - prev - 1));
    prev = b.id;
    encode_block(w, b);
  }
  w.uvar(d.removed_seqs.size());
  for (int64_t id : d.removed_seqs) w.svar(id);
  w.uvar(d.sequences.size());
  for (const SequenceChange& c : d.sequences) {
    w.svar(c.seq_id);
    w.uvar(uint32_t(c.num_tokens));
    w.uvar(c.keep);
    w.uvar(c.appended.size());
    for (int32_t e : c.appended) w.uvar(uint32_t(e));
  }
}

BlockMapDelta decode_delta(ByteReader& r) {
  BlockMapDelta d;
  const size_t nb = r.count(5);
  d.blocks.reserve(nb);
  int64_t prev = -1;
  for (size_t i = 0; i < nb; ++i) {
    const int64_t id = prev + 1 + int64_t(r.uvar_max(kMaxI32, "block id step"));
    if (id > kMaxI32) r.fail("block id out of range");
    d.blocks.push_back(decode_block(r, int32_t(id)));
    prev = id;
  }
  const size_t nr = r.count();
  d.removed_seqs.reserve(nr);
  for (size_t i = 0; i < nr; ++i) d.removed_seqs.push_back(r.svar());
  const size_t nc = r.count(4);
  d.sequences.reserve(nc);
  for (size_t i = 0; i < nc; ++i) {
    SequenceChange c;
    c.seq_id = r.svar();
    c.num_tokens = int32_t(r.uvar_max(kMaxI32, "num_tokens"));
    c.keep = uint32_t(r.uvar_max(kMaxI32, "kept entries"));
    const size_t n = r.count();
    c.appended.reserve(n);
    for (size_t k = 0; k < n; ++k) c.appended.push_back(int32_t(r.uvar_max(kMaxI32, "block table entry")));
    d.sequences.push_back(std::move(c));
  }
  return d;
}

void apply_delta(BlockMapSnapshot& s, const BlockMapDelta& d) {
  const size_t n = s.blocks.size();
  for (const BlockInfo& b : d.blocks) {
    if (b.id < 0 || size_t(b.id) >= n) throw RecordingError("block map change names block " + std::to_string(b.id) +
                                                            " outside the pool of " + std::to_string(n));
    s.blocks[size_t(b.id)] = b;
  }
  auto& seqs = s.sequences;
  auto find = [&](int64_t id) {
    return std::lower_bound(seqs.begin(), seqs.end(), id,
                            [](const SequenceBlocks& q, int64_t v) { return q.seq_id < v; });
  };
  for (int64_t id : d.removed_seqs) {
    auto it = find(id);
    if (it == seqs.end() || it->seq_id != id)
      throw RecordingError("block map change removes unknown sequence " + std::to_string(id));
    seqs.erase(it);
  }
  for (const SequenceChange& c : d.sequences) {
    for (int32_t e : c.appended)
      if (e < 0 || size_t(e) >= n) throw RecordingError("block table entry " + std::to_string(e) + " outside the pool");
    auto it = find(c.seq_id);
    if (it == seqs.end() || it->seq_id != c.seq_id) {
      if (c.keep != 0) throw RecordingError("new sequence " + std::to_string(c.seq_id) + " keeps entries");
      it = seqs.insert(it, SequenceBlocks{c.seq_id, c.num_tokens, {}});
    }
    if (c.keep > it->block_table.size()) throw RecordingError("block table change keeps more entries than it had");
    it->num_tokens = c.num_tokens;
    it->block_table.resize(c.keep);
    it->block_table.insert(it->block_table.end(), c.appended.begin(), c.appended.end());
  }
}

// ---- requests, tokens ----

void encode_request(ByteWriter& w, const RequestInfo& q, bool with_prompt) {
  w.svar(q.id);
  w.str(request_state_name(q.state));
  w.str(q.finish_reason);
  w.str(q.error);
  w.svar(q.n_prompt);
  w.svar(q.n_prefix_hit);
  w.svar(q.n_generated);
  w.svar(q.blocks_held);
  w.svar(q.preemptions);
  w.f64(q.queue_ms);
  w.f64(q.ttft_ms);
  w.f64(q.tpot_ms);
  w.f64(q.e2e_ms);
  w.uvar(q.seq_ids.size());
  for (int64_t s : q.seq_ids) w.svar(s);
  w.svar(q.spec_drafted);
  w.svar(q.spec_accepted);
  w.svar(q.spec_passes);
  w.svar(q.spec_rejections);
  const bool texts = request_ended(q.state);
  w.u8(texts ? 1 : 0);
  if (texts) {
    w.uvar(q.texts.size());
    for (const std::string& t : q.texts) w.str(t);
  }
  w.u8(with_prompt ? 1 : 0);
  if (with_prompt) {
    w.uvar(q.prompt_ids.size());
    for (int32_t t : q.prompt_ids) w.svar(t);
  }
}

RequestInfo decode_request(ByteReader& r, bool* had_prompt, bool* had_texts) {
  RequestInfo q;
  q.id = r.svar();
  const std::string state = r.str();
  const std::optional<RequestState> parsed = parse_request_state(state);
  if (!parsed) r.fail("unknown request state \"" + state + "\"");
  q.state = *parsed;
  q.finish_reason = r.str();
  q.error = r.str();
  auto i32 = [&](const char* f) { return int(r.svar_in(INT32_MIN, INT32_MAX, f)); };
  q.n_prompt = i32("n_prompt");
  q.n_prefix_hit = i32("n_prefix_hit");
  q.n_generated = i32("n_generated");
  q.blocks_held = i32("blocks_held");
  q.preemptions = i32("preemptions");
  q.queue_ms = r.f64();
  q.ttft_ms = r.f64();
  q.tpot_ms = r.f64();
  q.e2e_ms = r.f64();
  const size_t ns = r.count();
  q.seq_ids.reserve(ns);
  for (size_t i = 0; i < ns; ++i) q.seq_ids.push_back(r.svar());
  q.spec_drafted = r.svar();
  q.spec_accepted = r.svar();
  q.spec_passes = r.svar();
  q.spec_rejections = r.svar();
  const uint8_t t = r.u8();
  if (t > 1) r.fail("bad texts flag");
  *had_texts = t == 1;
  if (t == 1) {
    const size_t n = r.count();
    for (size_t i = 0; i < n; ++i) q.texts.push_back(r.str());
  }
  const uint8_t p = r.u8();
  if (p > 1) r.fail("bad prompt flag");
  *had_prompt = p == 1;
  if (p == 1) {
    const size_t n = r.count();
    q.prompt_ids.reserve(n);
    for (size_t i = 0; i < n; ++i) q.prompt_ids.push_back(int32_t(r.svar_in(INT32_MIN, INT32_MAX, "prompt token")));
  }
  return q;
}

void encode_token(ByteWriter& w, const TokenEvent& e) {
  w.svar(e.request_id);
  w.uvar(uint32_t(e.sample_index));
  w.svar(e.token);
  w.u8(uint8_t(e.origin));
  w.str(e.text);
}

TokenEvent decode_token(ByteReader& r) {
  TokenEvent e;
  e.request_id = r.svar();
  e.sample_index = int(r.uvar_max(4095, "sample index"));
  e.token = int32_t(r.svar_in(INT32_MIN, INT32_MAX, "token id"));
  const uint8_t o = r.u8();
  if (o > uint8_t(TokenOrigin::Accepted)) r.fail("unknown token origin");
  e.origin = TokenOrigin(o);
  e.text = r.str();
  return e;
}

void encode_prefill_chunks(ByteWriter& w, const std::vector<PrefillChunk>& chunks) {
  w.uvar(chunks.size());
  for (const PrefillChunk& c : chunks) {
    w.svar(c.request_id);
    w.uvar(uint32_t(c.tokens));
  }
}

std::vector<PrefillChunk> decode_prefill_chunks(ByteReader& r) {
  const size_t n = r.count(2);
  std::vector<PrefillChunk> chunks;
  chunks.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    PrefillChunk c;
    c.request_id = r.svar();
    c.tokens = int32_t(r.uvar_max(INT32_MAX, "prefill chunk tokens"));
    if (c.tokens == 0) r.fail("a prefill chunk of no tokens");
    if (!chunks.empty() && c.request_id <= chunks.back().request_id) r.fail("prefill chunks out of request order");
    chunks.push_back(c);
  }
  return chunks;
}

}  // namespace inferscope::record
