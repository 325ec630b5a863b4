#include "remote/record/server_poll_facts.h"

#include <cstdio>
#include <iterator>

namespace inferscope::remote {

namespace {

using record::NamedValues;

// The names a recording gives the quantities: stable, the format's vocabulary (docs/recording-format.md).
const std::pair<const char*, std::optional<double> ServerScrape::*> kScrapeValues[] = {
    {"kv_usage", &ServerScrape::kv_usage},
    {"running", &ServerScrape::running},
    {"waiting", &ServerScrape::waiting},
    {"kv_blocks_total", &ServerScrape::kv_blocks_total},
    {"kv_block_size", &ServerScrape::kv_block_size},
    {"kv_tokens_total", &ServerScrape::kv_tokens_total},
    {"prefix_hit_rate_gauge", &ServerScrape::prefix_hit_rate_gauge},
    {"spec_accept_length_gauge", &ServerScrape::spec_accept_length_gauge},
    {"spec_acceptance_gauge", &ServerScrape::spec_acceptance_gauge},
    {"gen_throughput_gauge", &ServerScrape::gen_throughput_gauge},
    {"busy_slots_per_decode", &ServerScrape::busy_slots_per_decode},
    {"prompt_tokens", &ServerScrape::prompt_tokens},
    {"generation_tokens", &ServerScrape::generation_tokens},
    {"preemptions", &ServerScrape::preemptions},
    {"prefix_queries", &ServerScrape::prefix_queries},
    {"prefix_hits", &ServerScrape::prefix_hits},
    {"spec_drafts", &ServerScrape::spec_drafts},
    {"spec_draft_tokens", &ServerScrape::spec_draft_tokens},
    {"spec_accepted_tokens", &ServerScrape::spec_accepted_tokens},
    {"decode_calls", &ServerScrape::decode_calls},
};

const std::pair<const char*, std::optional<Histogram> ServerScrape::*> kHistograms[] = {
    {"ttft_s", &ServerScrape::ttft_s},
    {"tpot_s", &ServerScrape::tpot_s},
    {"e2e_s", &ServerScrape::e2e_s},
    {"iteration_tokens", &ServerScrape::iteration_tokens},
};

const std::pair<const char*, std::optional<double> ServerWindow::*> kWindowValues[] = {
    {"prompt_tokens_per_s", &ServerWindow::prompt_tokens_per_s},
    {"generation_tokens_per_s", &ServerWindow::generation_tokens_per_s},
    {"preemptions_per_s", &ServerWindow::preemptions_per_s},
    {"prefix_hit_rate", &ServerWindow::prefix_hit_rate},
    {"spec_acceptance_rate", &ServerWindow::spec_acceptance_rate},
    {"spec_mean_accepted_length", &ServerWindow::spec_mean_accepted_length},
    {"tokens_per_step", &ServerWindow::tokens_per_step},
    {"ttft_p50_s", &ServerWindow::ttft_p50_s},
    {"ttft_p90_s", &ServerWindow::ttft_p90_s},
    {"ttft_p99_s", &ServerWindow::ttft_p99_s},
    {"tpot_p50_s", &ServerWindow::tpot_p50_s},
    {"tpot_p90_s", &ServerWindow::tpot_p90_s},
    {"tpot_p99_s", &ServerWindow::tpot_p99_s},
    {"e2e_p50_s", &ServerWindow::e2e_p50_s},
};

const std::pair<const char*, std::optional<int> SlotState::*> kSlotFields[] = {
    {"task_id", &SlotState::task_id},
    {"prompt_tokens", &SlotState::prompt_tokens},
    {"prompt_cached_tokens", &SlotState::prompt_cached_tokens},
    {"prompt_processed_tokens", &SlotState::prompt_processed_tokens},
    {"generated_tokens", &SlotState::generated_tokens},
    {"remaining_tokens", &SlotState::remaining_tokens},
    {"context_tokens", &SlotState::context_tokens},
};

ServerKind kind_from_name(const std::string& name) {
  for (ServerKind k : {ServerKind::LlamaCpp, ServerKind::Vllm, ServerKind::SGLang})
    if (name == server_kind_name(k)) return k;
  return ServerKind::Unknown;
}

std::string cell(const std::optional<double>& v) {
  if (!v) return {};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", *v);
  return buf;
}

}  // namespace

record::ServerPollRecord to_record(const ServerPollFacts& f) {
  record::ServerPollRecord r;
  r.server = f.url;
  r.t_s = f.t_s;
  r.up = f.up;
  r.error = f.error;
  r.consecutive_failures = std::uint64_t(std::max(0, f.consecutive_failures));
  r.parse_warnings = f.parse_warnings;
  r.kind = server_kind_name(f.scrape.kind);
  r.values.emplace_back("scrape_t_s", f.scrape.t_s);
  for (const auto& [name, member] : kScrapeValues)
    if (const auto& v = f.scrape.*member) r.values.emplace_back(name, *v);
  for (const auto& [name, member] : kHistograms)
    if (const auto& h = f.scrape.*member) {
      record::RecordedHistogram rh{name, h->sum, h->count, {}};
      for (const Bucket& b : h->buckets) rh.buckets.emplace_back(b.upper_bound, b.cumulative);
      r.histograms.push_back(std::move(rh));
    }
  if (f.window) {
    r.has_window = true;
    r.window.emplace_back("seconds", f.window->seconds);
    for (const auto& [name, member] : kWindowValues)
      if (const auto& v = (*f.window).*member) r.window.emplace_back(name, *v);
  }
  if (f.slot_read) {
    r.has_slots = true;
    r.slots_error = f.slot_read->error;
    for (const SlotState& s : f.slot_read->slot_states) {
      record::RecordedSlot rs{s.id, s.n_ctx, s.processing, {}};
      for (const auto& [name, member] : kSlotFields)
        if (const auto& v = s.*member) rs.fields.emplace_back(name, *v);
      r.slot_list.push_back(std::move(rs));
    }
  }
  return r;
}

ServerPollFacts from_record(const record::ServerPollRecord& r) {
  ServerPollFacts f;
  f.url = r.server;
  f.t_s = r.t_s;
  f.up = r.up;
  f.error = r.error;
  f.consecutive_failures = int(std::min<std::uint64_t>(r.consecutive_failures, 1u << 30));
  f.parse_warnings = std::size_t(r.parse_warnings);
  f.scrape.kind = kind_from_name(r.kind);
  if (const double* t = record::find_value(r.values, "scrape_t_s")) f.scrape.t_s = *t;
  for (const auto& [name, member] : kScrapeValues)
    if (const double* v = record::find_value(r.values, name)) f.scrape.*member = *v;
  for (const record::RecordedHistogram& rh : r.histograms)
    for (const auto& [name, member] : kHistograms)
      if (rh.name == name) {
        Histogram h;
        h.sum = rh.sum;
        h.count = rh.count;
        for (const auto& [le, cum] : rh.buckets) h.buckets.push_back({le, cum});
        f.scrape.*member = std::move(h);
      }
  if (r.has_window) {
    ServerWindow w;
    if (const double* s = record::find_value(r.window, "seconds")) w.seconds = *s;
    for (const auto& [name, member] : kWindowValues)
      if (const double* v = record::find_value(r.window, name)) w.*member = *v;
    f.window = w;
  }
  if (r.has_slots) {
    SlotsRead sr;
    sr.error = r.slots_error;
    for (const record::RecordedSlot& rs : r.slot_list) {
      SlotState s;
      s.id = int(rs.id);
      s.n_ctx = int(rs.n_ctx);
      s.processing = rs.processing;
      for (const auto& [name, value] : rs.fields)
        for (const auto& [known, member] : kSlotFields)
          if (name == known) s.*member = int(value);
      sr.slot_states.push_back(s);
    }
    f.slot_read = std::move(sr);
  }
  return f;
}

record::KvEventsRecord to_record(const KvEventsFacts& k) {
  record::KvEventsRecord r;
  r.t_s = k.t_s;
  r.endpoint = k.endpoint;
  r.last_error = k.last_error;
  const auto& s = k.summary;
  r.values = {{"batches", double(k.batches)},
              {"replayed", double(k.replayed)},
              {"missed", double(k.missed)},
              {"decode_errors", double(k.decode_errors)},
              {"blocks_held", double(s.blocks_held)},
              {"roots", double(s.roots)},
              {"cached_prefixes", double(s.leaves)},
              {"longest_prefix_blocks", double(s.longest_chain)},
              {"blocks_stored", double(s.stored_total)},
              {"blocks_removed", double(s.removed_total)},
              {"cleared", double(s.cleared_total)},
              {"unknown_removals", double(s.unknown_removals)},
              {"truncated", s.truncated ? 1.0 : 0.0}};
  return r;
}

KvEventsFacts from_record(const record::KvEventsRecord& r) {
  KvEventsFacts k;
  k.t_s = r.t_s;
  k.endpoint = r.endpoint;
  k.last_error = r.last_error;
  // Counts are whole and non-negative; anything else in a (forged) file reads as 0.
  auto count = [&](const char* name) -> std::uint64_t {
    const double* v = record::find_value(r.values, name);
    return v && *v >= 0 && *v < 1.8e19 ? std::uint64_t(*v) : 0;
  };
  k.batches = count("batches");
  k.replayed = count("replayed");
  k.missed = count("missed");
  k.decode_errors = count("decode_errors");
  k.summary.blocks_held = count("blocks_held");
  k.summary.roots = count("roots");
  k.summary.leaves = count("cached_prefixes");
  k.summary.longest_chain = count("longest_prefix_blocks");
  k.summary.stored_total = count("blocks_stored");
  k.summary.removed_total = count("blocks_removed");
  k.summary.cleared_total = count("cleared");
  k.summary.unknown_removals = count("unknown_removals");
  k.summary.truncated = count("truncated") != 0;
  return k;
}

const char* attach_csv_header() {
  return "t_s,server,up,kind,running,waiting,kv_usage,kv_blocks_total,prompt_tokens_per_s,generation_tokens_per_s,"
         "preemptions_per_s,prefix_hit_rate,spec_acceptance_rate,spec_mean_accepted_length,tokens_per_step,"
         "ttft_p50_s,ttft_p90_s,ttft_p99_s,tpot_p50_s,tpot_p90_s,tpot_p99_s,slots,slots_busy,slots_used_tokens,"
         "slots_ctx_tokens";
}

std::optional<SlotTotals> slot_totals(const ServerPollFacts& p) {
  if (!p.slot_read) return std::nullopt;
  SlotTotals t;
  for (const auto& s : p.slot_read->slot_states) {
    ++t.count;
    t.busy += s.processing ? 1 : 0;
    t.used += s.used_tokens().value_or(0);
    t.ctx += s.n_ctx;
  }
  return t;
}

std::string attach_csv_row(const ServerPollFacts& p) {
  char t[32];
  std::snprintf(t, sizeof t, "%.3f", p.t_s);
  std::string r = std::string(t) + "," + p.url + "," + (p.up ? "1" : "0") + ",";
  if (!p.up) return r + std::string(21, ',');
  const auto& s = p.scrape;
  const ServerWindow w = p.window.value_or(ServerWindow{});
  const auto totals = slot_totals(p);
  auto opt_int = [&](int SlotTotals::*f) { return totals ? std::to_string((*totals).*f) : std::string(); };
  const std::optional<double> cols[] = {s.running, s.waiting, s.kv_usage, s.kv_blocks_total, w.prompt_tokens_per_s,
                                        w.generation_tokens_per_s, w.preemptions_per_s, w.prefix_hit_rate,
                                        w.spec_acceptance_rate, w.spec_mean_accepted_length, w.tokens_per_step,
                                        w.ttft_p50_s, w.ttft_p90_s, w.ttft_p99_s, w.tpot_p50_s, w.tpot_p90_s, w.tpot_p99_s};
  r += server_kind_name(s.kind);
  for (const auto& c : cols) r += "," + cell(c);
  r += "," + opt_int(&SlotTotals::count) + "," + opt_int(&SlotTotals::busy) + "," + opt_int(&SlotTotals::used) + "," +
       opt_int(&SlotTotals::ctx);
  return r;
}

}  // namespace inferscope::remote
