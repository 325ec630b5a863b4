#pragma once
// One poll of a serving engine as the workbench reads it, without Qt: what ServerPoller reports
// (remote/net) and what a recording of an attached session holds (engine/record/server_poll.h), with
// the conversions between the two and the CSV row `inferscope-cli attach --metrics-out` writes, so that
// a replayed recording writes the very bytes the live session wrote.
#include <cstddef>
#include <optional>
#include <string>

#include "engine/record/server_poll.h"
#include "remote/kv_events/kv_prefix_cache.h"
#include "remote/metrics/llamacpp_slots.h"
#include "remote/metrics/server_metrics.h"

namespace inferscope::remote {

struct ServerPollFacts {
  std::string url;
  double t_s = 0.0;  // seconds since polling started
  bool up = false;
  std::string error;
  int consecutive_failures = 0;
  std::size_t parse_warnings = 0;
  ServerScrape scrape;                 // meaningful when up
  std::optional<ServerWindow> window;  // rates since the previous good poll
  std::optional<SlotsRead> slot_read;  // llama.cpp only
};

// Exact both ways: from_record(to_record(f)) holds f's every value bit for bit (NaN included).
record::ServerPollRecord to_record(const ServerPollFacts& f);
// Values the recording names but this build does not know are ignored; missing ones stay empty.
ServerPollFacts from_record(const record::ServerPollRecord& r);

// The KV-event stream's counts (KvEventSubscriber's status) and the prefix cache's summary as recorded.
struct KvEventsFacts {
  double t_s = 0.0;
  std::string endpoint;
  std::uint64_t batches = 0, replayed = 0, missed = 0, decode_errors = 0;
  std::string last_error;
  KvPrefixCache::Summary summary;
};
record::KvEventsRecord to_record(const KvEventsFacts& k);
KvEventsFacts from_record(const record::KvEventsRecord& r);

// The CSV of `inferscope-cli attach --metrics-out` (columns: docs/attach.md): its header line and one
// poll's row (neither ends with a newline). An empty cell is a quantity the server does not publish.
const char* attach_csv_header();
std::string attach_csv_row(const ServerPollFacts& p);

// Slot totals of a poll: slots, busy, tokens held, context tokens; nullopt without a /slots read.
struct SlotTotals {
  int count = 0, busy = 0, used = 0, ctx = 0;
};
std::optional<SlotTotals> slot_totals(const ServerPollFacts& p);

}  // namespace inferscope::remote
