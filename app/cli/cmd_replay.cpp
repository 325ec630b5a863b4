// inferscope-cli replay: a recording (.isrec) read back without the model or an engine — its summary,
// the step metrics exactly as the run wrote them, and the charts as they were at a step. A recording of
// an attached session (attach --record) gives its per-server summary and the CSV attach wrote live.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "app/cli/replay_export.h"
#include "engine/metrics/metrics_writers.h"
#include "engine/record/chrome_trace.h"
#include "engine/record/recording.h"
#include "engine/record/recording_summary.h"
#include "remote/otlp/otlp_trace_encode.h"
#include "remote/otlp/run_request_spans.h"
#include "remote/record/server_poll_facts.h"

#ifdef INFERSCOPE_CLI_HAVE_GUI
#include <QCoreApplication>

#include "remote/otlp/otlp_trace_sender.h"
#endif

namespace inferscope::cli {

namespace {

struct ReplayOptions {
  std::string file;
  bool json = false;
  std::string metrics_out;
  std::string export_dir;
  std::string trace;
  std::string otlp_endpoint;  // --otlp-traces-endpoint URL
  std::string otlp_out;       // --otlp-out FILE: the export request's bytes
  int64_t step = -1;  // -1: the last step
  int width = 1600, height = 1000;
  CLI::App* app = nullptr;
};

// What the recording shows after step i: its metrics row, the block map's counts, the requests' states.
nlohmann::json at_step(const record::Recording& r, int64_t i) {
  nlohmann::json j;
  j["step"] = i;
  j["metrics"] = r.metrics(i);
  const BlockMapSnapshot map = r.block_map_at(i);
  int used = 0, cached = 0, shared = 0;
  for (const BlockInfo& b : map.blocks) {
    used += b.state == BlockState::Used;
    cached += b.state == BlockState::Cached;
    shared += b.ref_count > 1;
  }
  j["block_map"] = {{"blocks", map.blocks.size()}, {"used", used}, {"cached", cached}, {"shared", shared},
                    {"sequences", map.sequences.size()}};
  nlohmann::json reqs = nlohmann::json::array();
  for (const RequestInfo& q : r.requests_at(i))
    reqs.push_back({{"id", q.id}, {"state", request_state_name(q.state)}, {"finish_reason", q.finish_reason},
                    {"n_prompt", q.n_prompt}, {"n_generated", q.n_generated}, {"blocks_held", q.blocks_held},
                    {"preemptions", q.preemptions}});
  j["requests"] = std::move(reqs);
  // The requests that prefilled in step i and how many tokens each (absent: a recording from before chunks).
  if (r.has_prefill_chunks()) {
    nlohmann::json chunks = nlohmann::json::array();
    const auto& all = r.prefill_chunks();
    auto it = std::lower_bound(all.begin(), all.end(), i, [](const record::RecordedPrefillChunk& c, int64_t s) { return c.step < s; });
    for (; it != all.end() && it->step == i; ++it) chunks.push_back({{"request_id", it->chunk.request_id}, {"tokens", it->chunk.tokens}});
    j["prefill_chunks"] = std::move(chunks);
  }
  return j;
}

// A recording of an attached session (`attach --record`): per server, what its polls saw; the CSV is
// written row by row with the same function `attach --metrics-out` used live, so the bytes are the same.
nlohmann::json attach_summary(const record::Recording& r) {
  nlohmann::json j;
  j["writer"] = r.writer();
  j["format"] = r.format_version();
  j["kind"] = "attach";
  j["complete"] = r.complete();
  if (!r.warning().empty()) j["warning"] = r.warning();
  j["source"] = r.meta().value("source", std::string());
  j["created"] = r.meta().value("created", std::string());
  j["interval_ms"] = r.meta().value("interval_ms", 0);
  j["polls"] = r.server_polls().size();
  nlohmann::json servers = nlohmann::json::array();
  std::vector<std::string> order;
  std::map<std::string, nlohmann::json> by_url;
  std::map<std::string, bool> last_up;
  for (const record::ServerPollRecord& rec : r.server_polls()) {
    const remote::ServerPollFacts p = remote::from_record(rec);
    auto [it, fresh] = by_url.try_emplace(p.url, nlohmann::json{{"url", p.url}, {"polls", 0}, {"up", 0}, {"down", 0},
                                                                  {"disconnects", 0}, {"max_running", 0.0},
                                                                  {"max_waiting", 0.0}, {"max_slots_busy", 0}});
    if (fresh) order.push_back(p.url);
    nlohmann::json& s = it->second;
    s["polls"] = s["polls"].get<int>() + 1;
    if (s["polls"].get<int>() == 1) s["first_t_s"] = p.t_s;
    s["last_t_s"] = p.t_s;
    if (!p.up) {
      s["down"] = s["down"].get<int>() + 1;
      if (last_up[p.url]) s["disconnects"] = s["disconnects"].get<int>() + 1;
      s["last_error"] = p.error;
      last_up[p.url] = false;
      continue;
    }
    last_up[p.url] = true;
    s["up"] = s["up"].get<int>() + 1;
    s["kind"] = remote::server_kind_name(p.scrape.kind);
    if (p.scrape.running) s["max_running"] = std::max(s["max_running"].get<double>(), *p.scrape.running);
    if (p.scrape.waiting) s["max_waiting"] = std::max(s["max_waiting"].get<double>(), *p.scrape.waiting);
    if (p.scrape.generation_tokens) s["generation_tokens_total"] = *p.scrape.generation_tokens;
    if (p.scrape.prompt_tokens) s["prompt_tokens_total"] = *p.scrape.prompt_tokens;
    if (auto t = remote::slot_totals(p)) {
      s["slots"] = t->count;
      s["max_slots_busy"] = std::max(s["max_slots_busy"].get<int>(), t->busy);
    }
  }
  for (const std::string& u : order) servers.push_back(by_url[u]);
  j["servers"] = servers;
  if (!r.kv_events().empty()) {
    const remote::KvEventsFacts k = remote::from_record(r.kv_events().back());
    j["kv_events"] = {{"endpoint", k.endpoint}, {"readings", r.kv_events().size()}, {"batches", k.batches},
                      {"replayed", k.replayed}, {"missed", k.missed}, {"decode_errors", k.decode_errors},
                      {"blocks_held", k.summary.blocks_held}, {"cached_prefixes", k.summary.leaves},
                      {"longest_prefix_blocks", k.summary.longest_chain}, {"blocks_stored", k.summary.stored_total},
                      {"blocks_removed", k.summary.removed_total}};
  }
  if (!r.request_spans().empty()) {
    // The requests the engines traced (attach --otlp-listen): how many, and the medians of the figures
    // those that carried them gave (seconds).
    nlohmann::json t{{"requests", r.request_spans().size()}};
    for (const char* name : {"queue_s", "ttft_s", "e2e_s"}) {
      std::vector<double> v;
      for (const record::RequestSpanRecord& s : r.request_spans())
        if (const double* x = record::find_value(s.values, name)) v.push_back(*x);
      if (v.empty()) continue;
      std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
      t[std::string("median_") + name] = v[v.size() / 2];
    }
    j["traced"] = t;
  }
  return j;
}

// The run's requests as OTLP spans (remote/otlp/run_request_spans.h): to a file and/or a collector.
void export_otlp(const record::Recording& r, const ReplayOptions& o) {
  if (o.otlp_endpoint.empty() && o.otlp_out.empty()) return;
  const std::vector<remote::OtlpSpan> spans = remote::run_request_spans(r);
  if (!o.otlp_out.empty()) {
    std::ofstream f(o.otlp_out, std::ios::binary);
    const std::string body = remote::encode_export_trace_request(spans);
    if (!f.write(body.data(), std::streamsize(body.size())) || !f.flush()) throw std::runtime_error("cannot write " + o.otlp_out);
  }
  if (o.otlp_endpoint.empty()) return;
#ifndef INFERSCOPE_CLI_HAVE_GUI
  throw UsageError("--otlp-traces-endpoint is unavailable: this inferscope-cli was built without Qt Network (INFERSCOPE_BUILD_GUI=OFF); "
                   "--otlp-out writes the same export to a file");
#else
  QString why;
  const QUrl url = remote::otlp_traces_url(QString::fromStdString(o.otlp_endpoint), &why);
  if (url.isEmpty()) throw UsageError("--otlp-traces-endpoint: " + why.toStdString());
  static int argc = 1;
  static char arg0[] = "inferscope-cli";
  static char* argv[] = {arg0, nullptr};
  QCoreApplication app(argc, argv);
  const std::vector<std::string> bodies = remote::encode_export_trace_batches(spans, remote::kOtlpSpansPerExport);
  why = remote::OtlpTraceSender::sendAndWait(url, bodies);
  if (!why.isEmpty()) throw std::runtime_error("--otlp-traces-endpoint: " + why.toStdString());
  std::fprintf(stderr, "sent %zu span(s) in %zu export(s) to %s\n", spans.size(), bodies.size(), url.toString().toStdString().c_str());
#endif
}

int replay_attach(const record::Recording& r, const ReplayOptions& o) {
  if (!o.otlp_endpoint.empty() || !o.otlp_out.empty())
    throw UsageError(o.file + ": --otlp-traces-endpoint and --otlp-out send a run's requests; this is a recording of an "
                              "attached session (the servers' own traces are in it already)");
  if (!o.trace.empty())
    throw UsageError(o.file + ": --trace lays out engine steps and requests; this is a recording of an attached "
                              "session (its polls are in --metrics-out)");
  if (!o.export_dir.empty())
    throw UsageError(o.file + ": --export draws a run's charts; this is a recording of an attached session "
                              "(open it in the workbench: inferscope --open FILE, Servers tab)");
  const auto& polls = r.server_polls();
  if (o.step >= int64_t(polls.size()))
    throw UsageError("--step " + std::to_string(o.step) + ": the recording has polls 0.." +
                     std::to_string(int64_t(polls.size()) - 1));
  if (!o.metrics_out.empty()) {
    std::ofstream f(o.metrics_out, std::ios::binary);
    if (!f) throw std::runtime_error("cannot write " + o.metrics_out);
    f << remote::attach_csv_header() << "\n";
    for (const record::ServerPollRecord& p : polls) f << remote::attach_csv_row(remote::from_record(p)) << "\n";
  }
  nlohmann::json summary = attach_summary(r);
  if (o.step >= 0) summary["at_poll"] = {{"poll", o.step}, {"csv", remote::attach_csv_row(remote::from_record(polls[size_t(o.step)]))}};
  if (o.json) {
    print_json(summary);
    return 0;
  }
  for (const auto& [k, val] : summary.items()) {
    if (k == "servers" || k == "at_poll") continue;
    std::printf("%-24s %s\n", k.c_str(), val.dump().c_str());
  }
  for (const auto& s : summary["servers"]) std::printf("  server %s\n", s.dump().c_str());
  if (summary.contains("at_poll")) std::printf("%-24s %s\n", "at_poll", summary["at_poll"].dump().c_str());
  return 0;
}

int run_replay(const ReplayOptions& o) {
  record::Recording r = [&] {
    try {
      return record::Recording::open(o.file);
    } catch (const record::RecordingError& e) {
      throw UsageError(o.file + ": " + e.what());
    }
  }();
  if (!r.warning().empty()) std::fprintf(stderr, "inferscope-cli replay: warning: %s\n", r.warning().c_str());
  if (r.is_attach()) return replay_attach(r, o);
  if (r.step_count() == 0 && (o.step >= 0 || !o.export_dir.empty()))
    throw UsageError(o.file + ": the recording holds no step");
  const int64_t step = o.step < 0 ? r.step_count() - 1 : o.step;
  if (o.step >= r.step_count())
    throw UsageError("--step " + std::to_string(o.step) + ": the recording has steps 0.." + std::to_string(r.step_count() - 1));
  if (!o.metrics_out.empty()) {
    std::ofstream f(o.metrics_out);
    if (!f) throw std::runtime_error("cannot write " + o.metrics_out);
    write_csv(f, r.all_metrics());
  }
  if (!o.export_dir.empty()) export_replay(r, step, o.export_dir, o.width, o.height);
  if (std::string error; !o.trace.empty() && !record::write_chrome_trace(r, o.trace, &error)) throw std::runtime_error(error);
  export_otlp(r, o);
  nlohmann::json summary = record::recording_summary(r);
  if (o.app->count("--step") > 0) summary["at_step"] = at_step(r, step);
  if (o.json) {
    print_json(summary);
  } else {
    for (const auto& [k, val] : summary.items()) {
      if (k == "engine" || k == "at_step") continue;
      std::printf("%-24s %s\n", k.c_str(), val.dump().c_str());
    }
    if (summary.contains("at_step")) {
      const auto& a = summary["at_step"];
      std::printf("%-24s %s\n", "block_map", a["block_map"].dump().c_str());
      if (a.contains("prefill_chunks")) std::printf("%-24s %s\n", "prefill_chunks", a["prefill_chunks"].dump().c_str());
      for (const auto& q : a["requests"]) std::printf("  request %s\n", q.dump().c_str());
    }
  }
  return 0;
}

}  // namespace

Command add_replay_command(CLI::App& root) {
  auto o = std::make_shared<ReplayOptions>();
  CLI::App* app = root.add_subcommand("replay", "read a recording (.isrec) back without the model: summary, metrics, charts");
  o->app = app;
  app->add_option("file", o->file, "the recording (from run/export --record)")->required()->check(CLI::ExistingFile);
  app->add_flag("--json", o->json, "print the summary as one JSON document");
  app->add_option("--metrics-out", o->metrics_out, "write the per-step metrics (CSV, exactly as the run wrote them)");
  app->add_option("--trace", o->trace, "write the run as a Chrome / Perfetto trace (JSON: steps, requests' phases, KV counters)");
  app->add_option("--otlp-traces-endpoint", o->otlp_endpoint,
                  "send the run's requests as OTLP/HTTP spans (vLLM's llm_request shape, a child span per phase) to a "
                  "collector, e.g. http://127.0.0.1:4318/v1/traces");
  app->add_option("--otlp-out", o->otlp_out, "write the same spans as one OTLP ExportTraceServiceRequest (protobuf) to FILE");
  app->add_option("--export", o->export_dir, "write every chart as it was at --step into DIR (PNG 1x/2x, SVG, CSV)");
  app->add_option("--step", o->step, "the step to show or export (default: the last); adds it to the summary (an attach recording: the poll)")
      ->check(CLI::NonNegativeNumber);
  app->add_option("--width", o->width, "export width in pixels")->check(CLI::Range(640, 8000));
  app->add_option("--height", o->height, "export height in pixels")->check(CLI::Range(480, 8000));
  return {app, [o] { return run_replay(*o); }};
}

}  // namespace inferscope::cli
