// inferscope-cli attach: watch live serving engines (llama.cpp's server, vLLM, SGLang) from what they
// publish: /metrics (and /slots for llama.cpp) polled at an interval, optionally vLLM's KV events; the
// polls printed, written as CSV and/or recorded for `inferscope-cli replay` and the workbench.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"

#ifdef INFERSCOPE_CLI_HAVE_GUI
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <csignal>
#include <memory>

#include "engine/record/poll_recording_writer.h"
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
  std::string record;
  bool json = false;
};

#ifdef INFERSCOPE_CLI_HAVE_GUI
using remote::ServerPoint;

nlohmann::json jnum(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

std::optional<remote::SlotTotals> slot_totals(const ServerPoint& p) { return remote::slot_totals(remote::poll_facts(p)); }

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
                       {"context_tokens", sl.context_tokens ? nlohmann::json(*sl.context_tokens) : nlohmann::json(nullptr)},
                       {"prompt_cached_tokens", sl.prompt_cached_tokens ? nlohmann::json(*sl.prompt_cached_tokens) : nlohmann::json(nullptr)},
                       {"generated_tokens", sl.generated_tokens ? nlohmann::json(*sl.generated_tokens) : nlohmann::json(nullptr)}});
    }
    j["slots"] = slot_list;
  }
  return j;
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
    csv << remote::attach_csv_header() << "\n";
  }
  // The session as a recording (docs/recording-format.md): every poll as it comes, so a session cut short
  // keeps what it saw; `inferscope-cli replay` reads it back.
  std::ofstream rec_file;
  std::unique_ptr<record::PollRecordingWriter> recorder;
  if (!o.record.empty()) {
    rec_file.open(o.record, std::ios::binary | std::ios::trunc);
    if (!rec_file) throw std::runtime_error("cannot write " + o.record);
    recorder = std::make_unique<record::PollRecordingWriter>(
        rec_file, record::PollRecordingSetup{"inferscope-cli attach", o.urls, o.interval_ms, o.kv_events});
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
      if (csv.is_open()) csv << remote::attach_csv_row(remote::poll_facts(p)) << "\n" << std::flush;
      if (recorder) recorder->add_poll(remote::to_record(remote::poll_facts(p)));
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
  QElapsedTimer clock;
  clock.start();
  auto kv_facts = [&] {
    const auto st = kv->status();
    remote::KvEventsFacts k{clock.elapsed() / 1000.0, o.kv_events, st.batches, st.replayed, st.missed,
                            st.decode_errors, st.last_error, {}};
    std::lock_guard lock(kv_mutex);
    k.summary = prefix_cache.summary();
    return k;
  };
  QTimer kv_record_timer;
  if (kv && recorder) {
    QObject::connect(&kv_record_timer, &QTimer::timeout, [&] { recorder->add_kv_events(remote::to_record(kv_facts())); });
    kv_record_timer.start(o.interval_ms);
  }
  for (auto& p : pollers) p->start();
  if (o.duration_s > 0) QTimer::singleShot(static_cast<int>(o.duration_s * 1000), &app, &QCoreApplication::quit);
  app.exec();
  for (auto& p : pollers) p->stop();

  kv_record_timer.stop();
  nlohmann::json kv_json;
  if (kv) {
    kv->stop();
    if (recorder) recorder->add_kv_events(remote::to_record(kv_facts()));
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
  if (recorder) {
    recorder->finish();
    if (!o.json)
      std::printf("recorded %lld polls to %s\n", static_cast<long long>(recorder->polls_recorded()), o.record.c_str());
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
  app->add_option("--record", o->record, "record the session (.isrec) for `inferscope-cli replay` and the GUI");
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
