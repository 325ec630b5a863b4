// inferscope-cli attach: watch live serving engines (llama.cpp's server, vLLM, SGLang) from what they
// publish: /metrics (and /slots for llama.cpp) polled at an interval, optionally vLLM's KV events.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"

#ifdef INFERSCOPE_CLI_HAVE_GUI
#include <QCoreApplication>
#include <QTimer>
#include <csignal>
#include <memory>

#include "remote/kv_events/kv_event_subscriber.h"
#include "remote/kv_events/kv_prefix_cache.h"
#include "remote/net/server_poller.h"
#endif

namespace inferscope::cli {

namespace {

struct AttachOptions {
  std::vector<std::string> urls;
  std::string kv_events;
  std::string kv_replay;
  std::string kv_topic = "kv-events";
  int interval_ms = 1000;
  double duration_s = 10.0;
  std::string metrics_out;
  bool json = false;
};

#ifdef INFERSCOPE_CLI_HAVE_GUI
using remote::ServerPoint;

// The CSV's columns (documented in docs/attach.md); an empty cell is a quantity the server does not publish.
const char* kCsvHeader =
    "t_s,server,up,kind,running,waiting,kv_usage,kv_blocks_total,prompt_tokens_per_s,generation_tokens_per_s,"
    "preemptions_per_s,prefix_hit_rate,spec_acceptance_rate,spec_mean_accepted_length,tokens_per_step,"
    "ttft_p50_s,ttft_p90_s,ttft_p99_s,tpot_p50_s,tpot_p90_s,tpot_p99_s,slots,slots_busy,slots_used_tokens,slots_ctx_tokens";

std::string cell(const std::optional<double>& v) {
  if (!v) return {};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", *v);
  return buf;
}

nlohmann::json jnum(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

struct SlotTotals {
  int count = 0, busy = 0, used = 0, ctx = 0;
};
std::optional<SlotTotals> slot_totals(const ServerPoint& p) {
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

nlohmann::json point_json(const ServerPoint& p) {
  nlohmann::json j;
  j["t_s"] = p.t_s;
  j["server"] = p.url.toStdString();
  j["up"] = p.up;
  if (!p.up) {
    j["error"] = p.error.toStdString();
    j["consecutive_failures"] = p.consecutive_failures;
    return j;
  }
  const auto& s = p.scrape;
  j["kind"] = remote::server_kind_name(s.kind);
  j["running"] = jnum(s.running);
  j["waiting"] = jnum(s.waiting);
  j["kv_usage"] = jnum(s.kv_usage);
  j["kv_blocks_total"] = jnum(s.kv_blocks_total);
  j["prompt_tokens_total"] = jnum(s.prompt_tokens);
  j["generation_tokens_total"] = jnum(s.generation_tokens);
  if (p.window) {
    const auto& w = *p.window;
    j["window"] = {{"seconds", w.seconds},
                   {"prompt_tokens_per_s", jnum(w.prompt_tokens_per_s)},
                   {"generation_tokens_per_s", jnum(w.generation_tokens_per_s)},
                   {"preemptions_per_s", jnum(w.preemptions_per_s)},
                   {"prefix_hit_rate", jnum(w.prefix_hit_rate)},
                   {"spec_acceptance_rate", jnum(w.spec_acceptance_rate)},
                   {"spec_mean_accepted_length", jnum(w.spec_mean_accepted_length)},
                   {"tokens_per_step", jnum(w.tokens_per_step)},
                   {"ttft_p50_s", jnum(w.ttft_p50_s)}, {"ttft_p90_s", jnum(w.ttft_p90_s)}, {"ttft_p99_s", jnum(w.ttft_p99_s)},
                   {"tpot_p50_s", jnum(w.tpot_p50_s)}, {"tpot_p90_s", jnum(w.tpot_p90_s)}, {"tpot_p99_s", jnum(w.tpot_p99_s)}};
  }
  if (p.slot_read) {
    nlohmann::json slot_list = nlohmann::json::array();
    for (const auto& sl : p.slot_read->slot_states) {
      slot_list.push_back({{"id", sl.id}, {"n_ctx", sl.n_ctx}, {"processing", sl.processing},
                       {"prompt_tokens", sl.prompt_tokens ? nlohmann::json(*sl.prompt_tokens) : nlohmann::json(nullptr)},
                       {"prompt_cached_tokens", sl.prompt_cached_tokens ? nlohmann::json(*sl.prompt_cached_tokens) : nlohmann::json(nullptr)},
                       {"generated_tokens", sl.generated_tokens ? nlohmann::json(*sl.generated_tokens) : nlohmann::json(nullptr)}});
    }
    j["slots"] = slot_list;
  }
  return j;
}

std::string csv_row(const ServerPoint& p) {
  char t[32];
  std::snprintf(t, sizeof t, "%.3f", p.t_s);
  std::string r = std::string(t) + "," + p.url.toStdString() + "," + (p.up ? "1" : "0") + ",";
  if (!p.up) return r + std::string(21, ',');
  const auto& s = p.scrape;
  const remote::ServerWindow w = p.window.value_or(remote::ServerWindow{});
  const auto totals = slot_totals(p);
  auto opt_int = [&](int SlotTotals::*f) { return totals ? std::to_string((*totals).*f) : std::string(); };
  const std::optional<double> cols[] = {s.running, s.waiting, s.kv_usage, s.kv_blocks_total, w.prompt_tokens_per_s,
                                        w.generation_tokens_per_s, w.preemptions_per_s, w.prefix_hit_rate,
                                        w.spec_acceptance_rate, w.spec_mean_accepted_length, w.tokens_per_step,
                                        w.ttft_p50_s, w.ttft_p90_s, w.ttft_p99_s, w.tpot_p50_s, w.tpot_p90_s, w.tpot_p99_s};
  r += remote::server_kind_name(s.kind);
  for (const auto& c : cols) r += "," + cell(c);
  r += "," + opt_int(&SlotTotals::count) + "," + opt_int(&SlotTotals::busy) + "," + opt_int(&SlotTotals::used) + "," +
       opt_int(&SlotTotals::ctx);
  return r;
}

void print_line(const ServerPoint& p) {
  if (!p.up) {
    std::printf("%7.1f  %-28s  down (%s), retry %d\n", p.t_s, p.url.toStdString().c_str(), p.error.toStdString().c_str(),
                p.consecutive_failures);
    return;
  }
  const auto& s = p.scrape;
  auto num = [](const std::optional<double>& v, const char* fmt) {
    if (!v) return std::string("-");
    char buf[32];
    std::snprintf(buf, sizeof buf, fmt, *v);
    return std::string(buf);
  };
  const remote::ServerWindow w = p.window.value_or(remote::ServerWindow{});
  std::string line = num(s.running, "%.0f") + " running, " + num(s.waiting, "%.0f") + " waiting";
  if (s.kv_usage) line += ", KV " + num(*s.kv_usage * 100.0, "%.1f") + "%";
  if (auto t = slot_totals(p)) line += ", slots " + std::to_string(t->busy) + "/" + std::to_string(t->count) +
                                      " busy, " + std::to_string(t->used) + "/" + std::to_string(t->ctx) + " tokens";
  line += ", gen " + num(w.generation_tokens_per_s, "%.1f") + " tok/s, prompt " + num(w.prompt_tokens_per_s, "%.1f") + " tok/s";
  if (w.ttft_p50_s) line += ", TTFT p50 " + num(*w.ttft_p50_s * 1000.0, "%.0f") + " ms";
  if (w.prefix_hit_rate) line += ", prefix hits " + num(*w.prefix_hit_rate * 100.0, "%.0f") + "%";
  std::printf("%7.1f  %-28s  %s  %s\n", p.t_s, p.url.toStdString().c_str(), remote::server_kind_name(s.kind), line.c_str());
}

int run_attach(const AttachOptions& o) {
  static int argc = 1;
  static char arg0[] = "inferscope-cli";
  static char* argv[] = {arg0, nullptr};
  QCoreApplication app(argc, argv);
  std::signal(SIGINT, [](int) { QCoreApplication::quit(); });

  std::ofstream csv;
  if (!o.metrics_out.empty()) {
    csv.open(o.metrics_out);
    if (!csv) throw std::runtime_error("cannot write " + o.metrics_out);
    csv << kCsvHeader << "\n";
  }
  nlohmann::json polls = nlohmann::json::array();
  int good = 0;
  std::vector<std::unique_ptr<remote::ServerPoller>> pollers;
  for (const std::string& u : o.urls) {
    const QUrl url(QString::fromStdString(u));
    if (!url.isValid() || (url.scheme() != "http" && url.scheme() != "https"))
      throw std::runtime_error("not an http(s) URL: " + u);
    auto poller = std::make_unique<remote::ServerPoller>(url, o.interval_ms);
    QObject::connect(poller.get(), &remote::ServerPoller::polled, [&](const ServerPoint& p) {
      good += p.up ? 1 : 0;
      if (csv.is_open()) csv << csv_row(p) << "\n" << std::flush;
      if (o.json)
        polls.push_back(point_json(p));
      else
        print_line(p);
    });
    pollers.push_back(std::move(poller));
  }

  std::mutex kv_mutex;
  remote::KvPrefixCache prefix_cache;
  std::unique_ptr<remote::KvEventSubscriber> kv;
  if (!o.kv_events.empty()) {
    const std::string replay = o.kv_replay.empty() ? remote::default_replay_endpoint(o.kv_events) : o.kv_replay;
    kv = std::make_unique<remote::KvEventSubscriber>(o.kv_events, replay, o.kv_topic,
                                                     [&](std::int64_t, remote::KvEventBatch b) {
                                                       std::lock_guard lock(kv_mutex);
                                                       prefix_cache.apply(b);
                                                     });
    kv->start();
  }
  for (auto& p : pollers) p->start();
  if (o.duration_s > 0) QTimer::singleShot(static_cast<int>(o.duration_s * 1000), &app, &QCoreApplication::quit);
  app.exec();
  for (auto& p : pollers) p->stop();

  nlohmann::json kv_json;
  if (kv) {
    kv->stop();
    const auto st = kv->status();
    std::lock_guard lock(kv_mutex);
    const auto s = prefix_cache.summary();
    kv_json = {{"endpoint", o.kv_events}, {"batches", st.batches}, {"replayed", st.replayed}, {"missed", st.missed},
               {"decode_errors", st.decode_errors}, {"last_error", st.last_error},
               {"blocks_held", s.blocks_held}, {"cached_prefixes", s.leaves}, {"longest_prefix_blocks", s.longest_chain},
               {"blocks_stored", s.stored_total}, {"blocks_removed", s.removed_total}, {"cleared", s.cleared_total}};
    if (!o.json)
      std::printf("KV events %s: %llu batches (%llu replayed, %llu missed, %llu undecodable); %zu blocks held, %zu cached "
                  "prefixes, longest %zu blocks\n",
                  o.kv_events.c_str(), (unsigned long long)st.batches, (unsigned long long)st.replayed,
                  (unsigned long long)st.missed, (unsigned long long)st.decode_errors, s.blocks_held, s.leaves,
                  s.longest_chain);
  }
  if (o.json) {
    nlohmann::json doc{{"polls", polls}};
    if (kv) doc["kv_events"] = kv_json;
    print_json(doc);
  }
  const bool kv_ok = kv && kv->status().batches > 0;
  if (good == 0 && !kv_ok) {
    std::cerr << "inferscope-cli attach: no server answered in " << o.duration_s << " s\n";
    return 1;
  }
  return 0;
}
#endif

}  // namespace

Command add_attach_command(CLI::App& root) {
  auto o = std::make_shared<AttachOptions>();
  CLI::App* app = root.add_subcommand("attach", "watch live serving engines (llama.cpp server, vLLM, SGLang) through their metrics");
  app->add_option("urls", o->urls, "server root URLs, e.g. http://127.0.0.1:8080 (several: replicas side by side)")->required();
  app->add_option("--kv-events", o->kv_events, "vLLM KV-event publisher, e.g. tcp://HOST:5557");
  app->add_option("--kv-replay", o->kv_replay, "its replay socket (default: the next port)");
  app->add_option("--kv-topic", o->kv_topic, "the publisher's topic")->capture_default_str();
  app->add_option("--interval", o->interval_ms, "milliseconds between polls")->check(CLI::Range(50, 600000))->capture_default_str();
  app->add_option("--duration", o->duration_s, "seconds to watch (0: until Ctrl-C)")->check(CLI::Range(0.0, 1e7))->capture_default_str();
  app->add_option("--metrics-out", o->metrics_out, "write every poll as a CSV row (columns: docs/attach.md)");
  app->add_flag("--json", o->json, "print every poll and the KV-event summary as one JSON document at the end");
  return {app, [o]() -> int {
#ifdef INFERSCOPE_CLI_HAVE_GUI
            return run_attach(*o);
#else
            std::cerr << "inferscope-cli attach: this build has no Qt Network (built without the GUI)\n";
            return 1;
#endif
          }};
}

}  // namespace inferscope::cli
