#include "engine/record/server_poll.h"

namespace inferscope::record {

namespace {

void encode_values(ByteWriter& w, const NamedValues& v) {
  w.uvar(v.size());
  for (const auto& [name, value] : v) {
    w.str(name);
    w.f64(value);
  }
}

NamedValues decode_values(ByteReader& r) {
  NamedValues v;
  const size_t n = r.count(9);  // a name's length byte and 8 value bytes at least
  v.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    std::string name = r.str();
    v.emplace_back(std::move(name), r.f64());
  }
  return v;
}

ServerPollRecord decode_server_poll(ByteReader& r) {
  ServerPollRecord p;
  p.server = r.str();
  p.t_s = r.f64();
  p.up = r.u8() != 0;
  p.error = r.str();
  p.consecutive_failures = r.uvar();
  p.parse_warnings = r.uvar();
  p.kind = r.str();
  p.values = decode_values(r);
  const size_t nh = r.count(18);
  for (size_t i = 0; i < nh; ++i) {
    RecordedHistogram h;
    h.name = r.str();
    h.sum = r.f64();
    h.count = r.f64();
    const size_t nb = r.count(16);
    h.buckets.reserve(nb);
    for (size_t b = 0; b < nb; ++b) {
      const double le = r.f64();
      h.buckets.emplace_back(le, r.f64());
    }
    p.histograms.push_back(std::move(h));
  }
  p.has_window = r.u8() != 0;
  if (p.has_window) p.window = decode_values(r);
  p.has_slots = r.u8() != 0;
  if (p.has_slots) {
    p.slots_error = r.str();
    const size_t ns = r.count(4);
    p.slot_list.reserve(ns);
    for (size_t i = 0; i < ns; ++i) {
      RecordedSlot s;
      s.id = r.svar();
      s.n_ctx = r.svar();
      s.processing = r.u8() != 0;
      const size_t nf = r.count(2);
      for (size_t f = 0; f < nf; ++f) {
        std::string name = r.str();
        s.fields.emplace_back(std::move(name), r.svar());
      }
      p.slot_list.push_back(std::move(s));
    }
  }
  return p;
}

KvEventsRecord decode_kv_events(ByteReader& r) {
  KvEventsRecord k;
  k.t_s = r.f64();
  k.endpoint = r.str();
  k.values = decode_values(r);
  k.last_error = r.str();
  return k;
}

RequestSpanRecord decode_request_span(ByteReader& r) {
  RequestSpanRecord s;
  s.t_s = r.f64();
  s.trace_id = r.str();
  s.span_id = r.str();
  s.name = r.str();
  s.start_unix_ns = r.u64();
  s.end_unix_ns = r.u64();
  const size_t nt = r.count(2);  // two length bytes at least
  s.texts.reserve(nt);
  for (size_t i = 0; i < nt; ++i) {
    std::string name = r.str();
    s.texts.emplace_back(std::move(name), r.str());
  }
  s.values = decode_values(r);
  return s;
}

}  // namespace

void encode_server_poll(ByteWriter& w, const ServerPollRecord& p) {
  w.str(p.server);
  w.f64(p.t_s);
  w.u8(p.up ? 1 : 0);
  w.str(p.error);
  w.uvar(p.consecutive_failures);
  w.uvar(p.parse_warnings);
  w.str(p.kind);
  encode_values(w, p.values);
  w.uvar(p.histograms.size());
  for (const RecordedHistogram& h : p.histograms) {
    w.str(h.name);
    w.f64(h.sum);
    w.f64(h.count);
    w.uvar(h.buckets.size());
    for (const auto& [le, cum] : h.buckets) {
      w.f64(le);
      w.f64(cum);
    }
  }
  w.u8(p.has_window ? 1 : 0);
  if (p.has_window) encode_values(w, p.window);
  w.u8(p.has_slots ? 1 : 0);
  if (p.has_slots) {
    w.str(p.slots_error);
    w.uvar(p.slot_list.size());
    for (const RecordedSlot& s : p.slot_list) {
      w.svar(s.id);
      w.svar(s.n_ctx);
      w.u8(s.processing ? 1 : 0);
      w.uvar(s.fields.size());
      for (const auto& [name, value] : s.fields) {
        w.str(name);
        w.svar(value);
      }
    }
  }
}

void encode_kv_events(ByteWriter& w, const KvEventsRecord& k) {
  w.f64(k.t_s);
  w.str(k.endpoint);
  encode_values(w, k.values);
  w.str(k.last_error);
}

void encode_request_span(ByteWriter& w, const RequestSpanRecord& s) {
  w.f64(s.t_s);
  w.str(s.trace_id);
  w.str(s.span_id);
  w.str(s.name);
  w.u64(s.start_unix_ns);
  w.u64(s.end_unix_ns);
  w.uvar(s.texts.size());
  for (const auto& [name, text] : s.texts) {
    w.str(name);
    w.str(text);
  }
  encode_values(w, s.values);
}

std::vector<uint8_t> encode_polls_frame(const std::vector<ServerPollRecord>& polls, const std::vector<KvEventsRecord>& kv,
                                        const std::vector<RequestSpanRecord>& spans) {
  ByteWriter out, one;
  out.uvar(polls.size() + kv.size() + spans.size());
  auto add = [&](PollRecordKind kind) {
    out.uvar(uint8_t(kind));
    out.uvar(one.size());
    out.raw(one.bytes());
    one.clear();
  };
  for (const ServerPollRecord& p : polls) {
    encode_server_poll(one, p);
    add(PollRecordKind::ServerPoll);
  }
  for (const KvEventsRecord& k : kv) {
    encode_kv_events(one, k);
    add(PollRecordKind::KvEvents);
  }
  for (const RequestSpanRecord& sp : spans) {
    encode_request_span(one, sp);
    add(PollRecordKind::RequestSpan);
  }
  return std::move(out.bytes());
}

void decode_polls_frame(std::span<const uint8_t> raw, const std::string& what, std::vector<ServerPollRecord>& polls,
                        std::vector<KvEventsRecord>& kv) {
  std::vector<RequestSpanRecord> skipped;
  decode_polls_frame(raw, what, polls, kv, skipped);
}

void decode_polls_frame(std::span<const uint8_t> raw, const std::string& what, std::vector<ServerPollRecord>& polls,
                        std::vector<KvEventsRecord>& kv, std::vector<RequestSpanRecord>& spans) {
  ByteReader r(raw, what);
  const size_t n = r.count(2);
  // Decoded into temporaries: a frame is taken whole or not at all.
  std::vector<ServerPollRecord> p;
  std::vector<KvEventsRecord> k;
  std::vector<RequestSpanRecord> sp;
  for (size_t i = 0; i < n; ++i) {
    const uint64_t kind = r.uvar();
    const auto body = r.bytes(r.uvar());
    ByteReader rec(body, what + ", record " + std::to_string(i));
    if (kind == uint64_t(PollRecordKind::ServerPoll)) p.push_back(decode_server_poll(rec));
    else if (kind == uint64_t(PollRecordKind::KvEvents)) k.push_back(decode_kv_events(rec));
    else if (kind == uint64_t(PollRecordKind::RequestSpan)) sp.push_back(decode_request_span(rec));
    else continue;  // a kind from a later writer
    if (!rec.done()) rec.fail("trailing bytes after the record");
  }
  if (!r.done()) r.fail("trailing bytes after its records");
  polls.insert(polls.end(), std::make_move_iterator(p.begin()), std::make_move_iterator(p.end()));
  kv.insert(kv.end(), std::make_move_iterator(k.begin()), std::make_move_iterator(k.end()));
  spans.insert(spans.end(), std::make_move_iterator(sp.begin()), std::make_move_iterator(sp.end()));
}

const double* find_value(const NamedValues& values, std::string_view name) {
  for (const auto& [n, v] : values)
    if (n == name) return &v;
  return nullptr;
}

}  // namespace inferscope::record
