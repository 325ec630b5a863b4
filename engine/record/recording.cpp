#include "engine/record/recording.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <unordered_map>
#include <unordered_set>

#include "engine/record/model_card_json.h"
#include "engine/record/record_format.h"

namespace inferscope::record {

const char* to_string(MarkerKind k) {
  switch (k) {
    case MarkerKind::Admitted: return "admitted";
    case MarkerKind::Preempted: return "preempted";
    case MarkerKind::Finished: return "finished";
    case MarkerKind::CacheFull: return "cache_full";
    case MarkerKind::PrefixHit: return "prefix_hit";
    case MarkerKind::SpecRejected: return "spec_rejected";
  }
  return "?";
}

namespace {

// The JSON parser recurses per nesting level: a forged document of deeply nested brackets must be
// refused before it reaches it.
bool nesting_within(const std::vector<uint8_t>& raw, int limit) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (uint8_t c : raw) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return false;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return true;
}

nlohmann::json parse_json(const std::vector<uint8_t>& raw, const char* what) {
  if (!nesting_within(raw, 64)) throw RecordingError(std::string(what) + ": JSON nested too deeply");
  nlohmann::json j = nlohmann::json::parse(raw.begin(), raw.end(), nullptr, false);
  if (j.is_discarded()) throw RecordingError(std::string(what) + ": not valid JSON");
  return j;
}

const nlohmann::json& empty_object() {
  static const nlohmann::json j = nlohmann::json::object();
  return j;
}

}  // namespace

Recording Recording::open(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw RecordingError("cannot open " + path);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (f.bad()) throw RecordingError("cannot read " + path);
  return from_bytes(bytes);
}

Recording Recording::from_bytes(std::span<const uint8_t> bytes) {
  Recording r;
  r.parse(bytes);
  return r;
}

void Recording::parse(std::span<const uint8_t> bytes) {
  check_file_header(bytes);
  ByteReader hdr(bytes.subspan(8, 4), "file header");
  format_version_ = hdr.u32();
  Frame meta;
  try {
    meta = read_frame(bytes, kFileHeaderBytes);
  } catch (const RecordingError& e) {
    throw RecordingError(std::string("recording header unreadable: ") + e.what());
  }
  if (meta.type != uint8_t(FrameType::Meta)) throw RecordingError("recording does not start with its meta frame");
  parse_meta(meta.raw);

  size_t offset = meta.end;
  while (offset < bytes.size()) {
    try {
      Frame f = read_frame(bytes, offset);
      switch (FrameType(f.type)) {
        case FrameType::Steps: parse_steps(f.raw, offset); break;
        case FrameType::PrefillChunks: parse_prefill_chunks(f.raw, offset); break;
        case FrameType::Polls:
          decode_polls_frame(f.raw, "polls frame at byte " + std::to_string(offset), polls_, kv_events_, request_spans_);
          break;
        case FrameType::Lessons: {
          nlohmann::json j = parse_json(f.raw, "lessons frame");
          if (!j.is_array()) throw RecordingError("lessons frame is not a list");
          for (auto& e : j) lessons_.push_back(std::move(e));
          break;
        }
        case FrameType::End: {
          const nlohmann::json j = parse_json(f.raw, "end frame");
          limited_ = j.is_object() && j.value("limited", false) == true;
          if (j.is_object() && j.contains("log") && j["log"].is_array() && step_count() > 0) {
            std::vector<LogLine> lines;
            for (const auto& line : j["log"])
              lines.push_back({step_count() - 1, line.at(0).get<int>(), line.at(1).get<std::string>()});
            log_.insert(log_.end(), lines.begin(), lines.end());
            log_end_.back() = log_.size();
          }
          complete_ = true;
          break;
        }
        default: break;  // a frame type from a later writer: skipped
      }
      offset = f.end;
      if (complete_) break;
    } catch (const RecordingError& e) {
      warning_ = damaged_at() + e.what();
      break;
    } catch (const nlohmann::json::exception& e) {
      warning_ = damaged_at() + e.what();
      break;
    }
  }
  if (warning_.empty() && !complete_)
    warning_ = is_attach() ? "recording is incomplete (the session did not close it); opened up to poll " +
                                 std::to_string(polls_.size())
                           : "recording is incomplete (the run did not close it); opened up to step " +
                                 std::to_string(step_count());
  current_map_ = {};
}

void Recording::parse_meta(const std::vector<uint8_t>& raw) {
  try {
    meta_ = parse_json(raw, "meta frame");
    if (!meta_.is_object()) throw RecordingError("meta frame is not an object");
    std::vector<std::pair<std::string, std::string>> cols;
    const auto& jc = meta_.at("columns");
    if (!jc.is_array()) throw RecordingError("meta frame: columns is not a list");
    for (const auto& c : jc) cols.emplace_back(c.at(0).get<std::string>(), c.at(1).get<std::string>());
    decoder_ = std::make_unique<MetricsDecoder>(cols);
    if (auto it = meta_.find("model"); it != meta_.end()) card_ = model_card_from_json(*it);
  } catch (const nlohmann::json::exception& e) {
    throw RecordingError(std::string("recording header unreadable: meta frame: ") + e.what());
  }
}

void Recording::parse_steps(const std::vector<uint8_t>& raw, size_t offset) {
  ByteReader r(raw, "steps frame at byte " + std::to_string(offset));
  const uint64_t first = r.uvar();
  if (first != uint64_t(step_count())) r.fail("starts at step " + std::to_string(first) + ", expected " +
                                              std::to_string(step_count()));
  const size_t n = r.count(4);

  // Decoded into temporaries and checked; committed only when the whole frame is good.
  struct Step {
    StepMetrics m;
    bool keyframe = false;
    BlockMapSnapshot key;
    BlockMapDelta delta;
    std::vector<std::pair<RequestInfo, bool>> requests;  // (state, has its texts)
    std::vector<TokenEvent> tokens;
    std::vector<std::pair<int, std::string>> log;
  };
  std::vector<Step> steps;
  steps.reserve(n);
  BlockMapSnapshot map = current_map_;
  bool have_map = step_count() > 0;
  for (size_t k = 0; k < n; ++k) {
    Step s;
    s.m = decoder_->decode(r);
    const uint8_t kind = r.u8();
    if (kind == 0) {
      s.keyframe = true;
      s.key = decode_block_map(r);
      map = s.key;
      have_map = true;
    } else if (kind == 1) {
      if (!have_map) r.fail("block map change before any keyframe");
      s.delta = decode_delta(r);
      apply_delta(map, s.delta);
    } else {
      r.fail("unknown block map record " + std::to_string(kind));
    }
    const size_t nq = r.count(8);
    for (size_t i = 0; i < nq; ++i) {
      bool had_prompt = false, had_texts = false;
      RequestInfo q = decode_request(r, &had_prompt, &had_texts);
      s.requests.emplace_back(std::move(q), had_texts);
    }
    const size_t nt = r.count(5);
    s.tokens.reserve(nt);
    for (size_t i = 0; i < nt; ++i) s.tokens.push_back(decode_token(r));
    const size_t nl = r.count(2);
    for (size_t i = 0; i < nl; ++i) {
      const int level = r.u8();
      s.log.emplace_back(level, r.str());
    }
    steps.push_back(std::move(s));
  }
  if (!r.done()) r.fail("trailing bytes after its steps");

  for (Step& s : steps) {
    const int64_t step = step_count();
    // Step-wide markers first, then the requests' own.
    const bool full = s.m.kv_blocks_total > 0 && s.m.kv_blocks_used >= s.m.kv_blocks_total;
    const bool was_full = step > 0 && metrics_.back().kv_blocks_total > 0 &&
                          metrics_.back().kv_blocks_used >= metrics_.back().kv_blocks_total;
    if (full && !was_full) markers_.push_back({step, MarkerKind::CacheFull, -1, {}});
    if (s.m.prefix_hit_tokens > 0)
      markers_.push_back({step, MarkerKind::PrefixHit, -1, std::to_string(s.m.prefix_hit_tokens) + " tokens"});
    if (s.m.spec_drafted > s.m.spec_accepted)
      markers_.push_back({step, MarkerKind::SpecRejected, -1,
                          std::to_string(s.m.spec_drafted - s.m.spec_accepted) + " drafts rejected"});
    metrics_.push_back(s.m);
    if (s.keyframe) {
      maps_.push_back({true, keyframes_.size()});
      keyframes_.emplace_back(step, std::move(s.key));
    } else {
      maps_.push_back({false, deltas_.size()});
      deltas_.push_back(std::move(s.delta));
    }
    for (auto& [q, has_texts] : s.requests) {
      auto it = std::lower_bound(request_ids_.begin(), request_ids_.end(), q.id);
      const size_t idx = size_t(it - request_ids_.begin());
      const RequestInfo* before = nullptr;
      if (it == request_ids_.end() || *it != q.id) {
        request_ids_.insert(it, q.id);
        request_changes_.insert(request_changes_.begin() + long(idx), std::vector<RequestChange>{});
      } else {
        before = &request_changes_[idx].back().info;
        if (q.prompt_ids.empty()) q.prompt_ids = before->prompt_ids;  // written only on first appearance
      }
      add_markers(step, before, q);
      request_changes_[idx].push_back({step, std::move(q), has_texts});
    }
    for (TokenEvent& e : s.tokens) tokens_.push_back({step, std::move(e)});
    tokens_end_.push_back(tokens_.size());
    for (auto& [level, text] : s.log) log_.push_back({step, level, std::move(text)});
    log_end_.push_back(log_.size());
  }
  current_map_ = std::move(map);
}

void Recording::parse_prefill_chunks(const std::vector<uint8_t>& raw, size_t offset) {
  ByteReader r(raw, "prefill chunks frame at byte " + std::to_string(offset));
  const uint64_t first = r.uvar();
  const uint64_t n = r.uvar();
  if (first < uint64_t(chunk_steps_end_) || first > uint64_t(step_count()) || n > uint64_t(step_count()) - first)
    r.fail("covers steps " + std::to_string(first) + "+" + std::to_string(n) + ", not steps read after step " +
           std::to_string(chunk_steps_end_));
  std::vector<RecordedPrefillChunk> got;
  for (uint64_t k = 0; k < n; ++k) {
    const int64_t step = int64_t(first + k);
    int64_t sum = 0;
    for (const PrefillChunk& c : decode_prefill_chunks(r)) {
      got.push_back({step, c});
      sum += c.tokens;
    }
    if (sum != metrics_[size_t(step)].prefill_tokens)
      r.fail("step " + std::to_string(step) + ": prefill chunks of " + std::to_string(sum) + " tokens, the step's " +
             std::to_string(metrics_[size_t(step)].prefill_tokens));
  }
  if (!r.done()) r.fail("trailing bytes after its steps");
  chunks_.insert(chunks_.end(), got.begin(), got.end());
  chunk_steps_end_ = int64_t(first + n);
}

bool Recording::has_prefill_chunks() const {
  const auto it = meta_.find("prefill_chunks");
  return it != meta_.end() && it->is_boolean() && it->get<bool>();
}

void Recording::add_markers(int64_t step, const RequestInfo* before, const RequestInfo& after) {
  if (after.state == RequestState::Running && (!before || before->state != RequestState::Running))
    markers_.push_back({step, MarkerKind::Admitted, after.id, {}});
  if (after.preemptions > (before ? before->preemptions : 0))
    markers_.push_back({step, MarkerKind::Preempted, after.id, {}});
  if (request_ended(after.state) && (!before || before->state != after.state))
    markers_.push_back({step, MarkerKind::Finished, after.id, after.finish_reason});
}

bool Recording::is_attach() const { return meta_.value("kind", std::string()) == "attach"; }

std::string Recording::damaged_at() const {
  if (is_attach()) return "recording damaged after poll " + std::to_string(polls_.size()) + " (opened up to there): ";
  return "recording damaged after step " + std::to_string(step_count()) + " (opened up to there): ";
}

std::string Recording::writer() const { return meta_.value("writer", std::string()); }

const nlohmann::json& Recording::engine_json() const {
  auto it = meta_.find("engine");
  return it != meta_.end() && it->is_object() ? *it : empty_object();
}

const nlohmann::json& Recording::workload_json() const {
  auto it = meta_.find("workload");
  return it != meta_.end() && it->is_object() ? *it : empty_object();
}

void Recording::check_index(int64_t i) const {
  if (i < 0 || i >= step_count())
    throw std::out_of_range("step " + std::to_string(i) + " outside the recording's " + std::to_string(step_count()) +
                            " steps");
}

const StepMetrics& Recording::metrics(int64_t i) const {
  check_index(i);
  return metrics_[size_t(i)];
}

BlockMapSnapshot Recording::block_map_at(int64_t i) const {
  check_index(i);
  // The newest keyframe at or before i: keyframes_ is ascending by step.
  auto it = std::upper_bound(keyframes_.begin(), keyframes_.end(), i,
                             [](int64_t v, const auto& k) { return v < k.first; });
  --it;  // step 0 is always a keyframe, so one exists
  BlockMapSnapshot s = it->second;
  for (int64_t k = it->first + 1; k <= i; ++k) apply_delta(s, deltas_[maps_[size_t(k)].index]);
  return s;
}

std::vector<RequestInfo> Recording::requests_at(int64_t i) const {
  check_index(i);
  std::vector<RequestInfo> out;
  std::unordered_map<int64_t, size_t> ids;  // request id -> its place in out
  std::unordered_set<int64_t> final_texts;  // ended requests: their texts were recorded whole
  for (size_t r = 0; r < request_ids_.size(); ++r) {
    const auto& ch = request_changes_[r];
    auto it = std::upper_bound(ch.begin(), ch.end(), i, [](int64_t v, const RequestChange& c) { return v < c.step; });
    if (it == ch.begin()) continue;  // not seen yet
    const RequestChange& c = *std::prev(it);
    if (c.has_texts) final_texts.insert(request_ids_[r]);
    RequestInfo q = c.info;
    // One (empty) token list per sequence, as the engine reports it; a request still queued without
    // sequences has one (LLMEngine::request_info).
    size_t n = q.seq_ids.size();
    if (n == 0 && q.state == RequestState::Waiting) n = 1;
    q.token_ids.assign(n, {});
    if (!c.has_texts) q.texts.assign(n, {});
    ids[request_ids_[r]] = out.size();
    out.push_back(std::move(q));
  }
  for (const RecordedToken& t : tokens_up_to(i)) {
    auto p = ids.find(t.event.request_id);
    if (p == ids.end()) continue;
    RequestInfo& q = out[p->second];
    const size_t s = size_t(t.event.sample_index);
    if (s >= q.token_ids.size()) q.token_ids.resize(s + 1);
    q.token_ids[s].push_back(t.event.token);
    if (final_texts.count(t.event.request_id)) continue;
    if (s >= q.texts.size()) q.texts.resize(s + 1);
    q.texts[s] += t.event.text;
  }
  return out;
}

std::span<const RecordedToken> Recording::tokens_up_to(int64_t i) const {
  check_index(i);
  return {tokens_.data(), tokens_end_[size_t(i)]};
}

std::span<const LogLine> Recording::log_up_to(int64_t i) const {
  check_index(i);
  return {log_.data(), log_end_[size_t(i)]};
}

}  // namespace inferscope::record
