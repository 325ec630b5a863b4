#pragma once
// What a recording of an attached session holds (frame type 5, docs/recording-format.md): every poll of
// a serving engine's published metrics and every reading of its KV-event stream, as plain named values.
// The engine does not know what the quantities mean (remote/ reads them from a server and back); the
// names make the format survive quantities being added: a reader keeps the values it does not know.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/record/record_bytes.h"

namespace inferscope::record {

using NamedValues = std::vector<std::pair<std::string, double>>;

struct RecordedHistogram {
  std::string name;
  double sum = 0.0, count = 0.0;
  std::vector<std::pair<double, double>> buckets;  // (upper bound, cumulative count), ascending
};

struct RecordedSlot {
  int64_t id = 0, n_ctx = 0;
  bool processing = false;
  std::vector<std::pair<std::string, int64_t>> fields;  // the counts the server published for it
};

// One poll of one server.
struct ServerPollRecord {
  std::string server;  // its root URL
  double t_s = 0.0;    // seconds since polling started
  bool up = false;
  std::string error;   // why not, when down
  uint64_t consecutive_failures = 0, parse_warnings = 0;
  std::string kind;    // the server's kind as named by remote::server_kind_name
  NamedValues values;  // gauges and counters as read (the scrape's own time is "scrape_t_s")
  std::vector<RecordedHistogram> histograms;
  bool has_window = false;
  NamedValues window;  // rates and percentiles since the previous good poll ("seconds" included)
  bool has_slots = false;
  std::string slots_error;
  std::vector<RecordedSlot> slot_list;
};

// The KV-event stream's counts and prefix-cache summary at one moment.
struct KvEventsRecord {
  double t_s = 0.0;
  std::string endpoint;
  NamedValues values;
  std::string last_error;
};

// One request a serving engine traced (an OTLP span, `attach --otlp-listen`): its ids, times and named
// figures. The engine does not know them either; remote/otlp/request_span_record.h says what the names are.
struct RequestSpanRecord {
  double t_s = 0.0;                 // seconds since the session began, when it arrived
  std::string trace_id, span_id;    // hex
  std::string name;                 // the span's name ("llm_request")
  uint64_t start_unix_ns = 0, end_unix_ns = 0;
  std::vector<std::pair<std::string, std::string>> texts;  // request id, service, model
  NamedValues values;               // latencies and token counts; absent ones are not written
};

// Record kinds inside a polls frame; a reader skips kinds it does not know (each record carries its length),
// so a reader from before request spans (kind 3) opens a recording that has them and shows the rest.
enum class PollRecordKind : uint8_t { ServerPoll = 1, KvEvents = 2, RequestSpan = 3 };

void encode_server_poll(ByteWriter& w, const ServerPollRecord& p);
void encode_kv_events(ByteWriter& w, const KvEventsRecord& k);
void encode_request_span(ByteWriter& w, const RequestSpanRecord& s);
// A whole polls frame payload: list of (uvar kind, uvar length, record).
std::vector<uint8_t> encode_polls_frame(const std::vector<ServerPollRecord>& polls, const std::vector<KvEventsRecord>& kv,
                                        const std::vector<RequestSpanRecord>& spans = {});
// Decodes a polls frame payload into the lists (appending); throws RecordingError when malformed. The first
// form skips request spans.
void decode_polls_frame(std::span<const uint8_t> raw, const std::string& what, std::vector<ServerPollRecord>& polls,
                        std::vector<KvEventsRecord>& kv);
void decode_polls_frame(std::span<const uint8_t> raw, const std::string& what, std::vector<ServerPollRecord>& polls,
                        std::vector<KvEventsRecord>& kv, std::vector<RequestSpanRecord>& spans);

// A value by name; nullptr when absent.
const double* find_value(const NamedValues& values, std::string_view name);

}  // namespace inferscope::record
