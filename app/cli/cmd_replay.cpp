// inferscope-cli replay: a recording (.isrec) read back without the model or an engine — its summary,
// the step metrics exactly as the run wrote them, and the charts as they were at a step.
#include <cstdio>
#include <fstream>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "app/cli/replay_export.h"
#include "engine/metrics/metrics_writers.h"
#include "engine/record/recording.h"
#include "engine/record/recording_summary.h"

namespace inferscope::cli {

namespace {

struct ReplayOptions {
  std::string file;
  bool json = false;
  std::string metrics_out;
  std::string export_dir;
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
    reqs.push_back({{"id", q.id}, {"state", q.state}, {"finish_reason", q.finish_reason}, {"n_generated", q.n_generated},
                    {"blocks_held", q.blocks_held}, {"preemptions", q.preemptions}});
  j["requests"] = std::move(reqs);
  return j;
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
  app->add_option("--export", o->export_dir, "write every chart as it was at --step into DIR (PNG 1x/2x, SVG, CSV)");
  app->add_option("--step", o->step, "the step to show or export (default: the last); adds it to the summary")
      ->check(CLI::NonNegativeNumber);
  app->add_option("--width", o->width, "export width in pixels")->check(CLI::Range(640, 8000));
  app->add_option("--height", o->height, "export height in pixels")->check(CLI::Range(480, 8000));
  return {app, [o] { return run_replay(*o); }};
}

}  // namespace inferscope::cli
