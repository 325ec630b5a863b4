// inferscope-cli attach: watch live serving engines (llama.cpp's server, vLLM, SGLang) from what they
// publish: /metrics (and /slots for llama.cpp) polled at an interval, optionally vLLM's KV events; the
// polls printed, written as CSV and/or recorded for `inferscope-cli replay` and the workbench. With
// --otlp-listen it also receives the engines' OTLP traces (vLLM's llm_request spans): each request's queue
// time, TTFT, e2e and token counts beside the metrics, and in the recording.
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
#include "remote/otlp/otlp_http_server.h"
#include "remote/otlp/request_span_record.h"
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
  std::string otlp_listen;
  bool otlp_allow_remote = false;
  size_t otlp_max_body = 4 * 1024 * 1024;
  size_t otlp_keep = 10000;
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

std::string ms(const std::optional<double>& s) {
  if (!s) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f ms", *s * 1000.0);
  return buf;
}

std::string count_text(const std::optional<int64_t>& v) { return v ? std::to_string(*v) : std::string("-"); }

template <typename T>
nlohmann::json jopt(const std::optional<T>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

nlohmann::json request_json(const remote::LlmRequestSpan& r) {
  return {{"t_s", r.received_t_s}, {"service", r.service}, {"trace_id", r.trace_id}, {"span_id", r.span_id},
          {"name", r.name}, {"request_id", r.request_id}, {"model", r.model},
          {"start_unix_ns", r.start_unix_ns}, {"end_unix_ns", r.end_unix_ns},
          {"queue_s", jopt(r.queue_s)}, {"ttft_s", jopt(r.ttft_s)}, {"e2e_s", jopt(r.e2e_s)},
          {"prefill_s", jopt(r.prefill_s)}, {"decode_s", jopt(r.decode_s)}, {"inference_s", jopt(r.inference_s)},
          {"prompt_tokens", jopt(r.prompt_tokens)}, {"completion_tokens", jopt(r.completion_tokens)},
          {"max_tokens", jopt(r.max_tokens)}, {"n", jopt(r.n)}, {"temperature", jopt(r.temperature)},
          {"top_p", jopt(r.top_p)}};
}

void print_request(const remote::LlmRequestSpan& r) {
  std::printf("%7.1f  %-28s  request %s: queue %s, TTFT %s, e2e %s, %s prompt + %s generated tokens\n", r.received_t_s,
              r.service.empty() ? "(traces)" : r.service.c_str(), r.request_id.empty() ? r.span_id.c_str() : r.request_id.c_str(),
              ms(r.queue_s).c_str(), ms(r.ttft_s).c_str(), ms(r.e2e_s).c_str(), count_text(r.prompt_tokens).c_str(),
              count_text(r.completion_tokens).c_str());
}

int run_attach(const AttachOptions& o) {
  static int argc = 1;
  static char arg0[] = "inferscope-cli";
  static char* argv[] = {arg0, nullptr};
  // The trace receiver's address is checked before anything starts: a typo must not leave a session running.
  std::optional<remote::ListenAddress> otlp_address;
  if (!o.otlp_listen.empty()) {
    std::string why;
    otlp_address = remote::parse_listen_address(o.otlp_listen, &why);
    if (!otlp_address) throw UsageError("--otlp-listen: " + why);
    // Anyone who reaches the port can write into the session: loopback only, unless asked for in so many words.
    if (!otlp_address->loopback && !o.otlp_allow_remote)
      throw UsageError("--otlp-listen " + o.otlp_listen + " is not a loopback address; add --otlp-allow-remote to accept "
                       "traces from other hosts (unauthenticated)");
  }
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

  // The trace receiver: every accepted export's requests printed (or kept for --json) and recorded at once.
  std::unique_ptr<remote::OtlpTraceReceiver> otlp;
  std::unique_ptr<remote::OtlpHttpServer> otlp_server;
  if (otlp_address) {
    otlp = std::make_unique<remote::OtlpTraceReceiver>(o.otlp_keep);
    otlp->on_requests([&](const std::vector<remote::LlmRequestSpan>& got) {
      if (recorder) {
        std::vector<record::RequestSpanRecord> recs;
        recs.reserve(got.size());
        for (const auto& r : got) recs.push_back(remote::to_record(r));
        recorder->add_request_spans(recs);
      }
      if (!o.json)
        for (const auto& r : got) print_request(r);
    });
    remote::OtlpHttpServer::Options opts;
    opts.limits.max_body_bytes = o.otlp_max_body;
    otlp_server = std::make_unique<remote::OtlpHttpServer>(*otlp, [&clock] { return clock.elapsed() / 1000.0; }, opts);
    QString err;
    if (!otlp_server->listen(*otlp_address, &err)) throw std::runtime_error(err.toStdString());
    remote::ListenAddress bound = *otlp_address;
    bound.port = otlp_server->port();
    // On stderr, so that --json's stdout stays one document; a port of 0 shows the one chosen.
    std::fprintf(stderr, "OTLP trace receiver: listening on http://%s/v1/traces\n", bound.text().c_str());
    std::fflush(stderr);
  }
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
  nlohmann::json otlp_json;
  if (otlp) {
    otlp_server.reset();  // no export arrives while the summary is written
    const remote::OtlpReceiverStats& st = otlp->stats();
    const remote::RequestSpanStore& store = otlp->store();
    nlohmann::json reqs = nlohmann::json::array();
    for (const auto& r : store.kept()) reqs.push_back(request_json(r));
    otlp_json = {{"listen", o.otlp_listen}, {"exports", st.exports}, {"refused", st.refused}, {"spans", st.spans},
                 {"requests_received", st.requests}, {"other_spans", st.other_spans}, {"kept", store.kept().size()},
                 {"dropped", store.dropped()}, {"last_error", st.last_error}, {"requests", reqs}};
    if (!o.json)
      std::printf("OTLP traces %s: %llu exports (%llu refused), %llu requests (%llu kept, %llu dropped), %llu other spans%s%s\n",
                  o.otlp_listen.c_str(), (unsigned long long)st.exports, (unsigned long long)st.refused,
                  (unsigned long long)st.requests, (unsigned long long)store.kept().size(),
                  (unsigned long long)store.dropped(), (unsigned long long)st.other_spans,
                  st.last_error.empty() ? "" : "; last refusal: ", st.last_error.c_str());
  }
  if (recorder) {
    recorder->finish();
    if (!o.json) {
      std::printf("recorded %lld polls", static_cast<long long>(recorder->polls_recorded()));
      if (otlp) std::printf(" and %lld traced requests", static_cast<long long>(recorder->request_spans_recorded()));
      std::printf(" to %s\n", o.record.c_str());
    }
  }
  if (o.json) {
    nlohmann::json doc{{"polls", polls}};
    if (kv) doc["kv_events"] = kv_json;
    if (otlp) doc["otlp"] = otlp_json;
    print_json(doc);
  }
  const bool kv_ok = kv && kv->status().batches > 0;
  const bool otlp_ok = otlp && otlp->stats().exports > 0;
  if (good == 0 && !kv_ok && !otlp_ok) {
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
  app->add_option("--otlp-listen", o->otlp_listen,
                  "receive the engines' OTLP/HTTP traces (POST /v1/traces, protobuf or JSON) on HOST:PORT, e.g. "
                  "127.0.0.1:4318 (port 0: any free one); start vLLM with OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/protobuf and "
                  "--otlp-traces-endpoint http://HOST:PORT/v1/traces");
  app->add_flag("--otlp-allow-remote", o->otlp_allow_remote,
                "let --otlp-listen take a non-loopback address (anyone who reaches it can send traces; no authentication)");
  app->add_option("--otlp-max-body", o->otlp_max_body, "largest export accepted, in bytes (larger: HTTP 413)")
      ->check(CLI::Range(std::size_t(1024), std::size_t(256) * 1024 * 1024))
      ->capture_default_str();
  app->add_option("--otlp-keep", o->otlp_keep, "traced requests kept for --json (older ones dropped and counted; the recording keeps all)")
      ->check(CLI::Range(std::size_t(1), std::size_t(10000000)))
      ->capture_default_str();
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
