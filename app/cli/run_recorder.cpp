#include "app/cli/run_recorder.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>

#include "app/cli/cli_common.h"
#include "engine/record/recording_log_sink.h"
#include "engine/record/recording_writer.h"

namespace inferscope::cli {

void add_record_options(CLI::App* app, RecordOptions& o) {
  app->add_option("--record", o.path, "record the run into FILE (.isrec; first variant; replay it with `inferscope-cli replay`)");
  app->add_option("--record-max-steps", o.max_steps, "stop recording after N steps (0 = no limit)")
      ->check(CLI::NonNegativeNumber);
  app->add_option("--record-max-mib", o.max_mib, "keep the recording under M MiB (0 = no limit)")
      ->check(CLI::NonNegativeNumber);
}

RunRecorder::RunRecorder(const RecordOptions& o, const std::string& source, const EngineConfig& config,
                         const nlohmann::json& workload, const nlohmann::json& scenario, const ModelCard& card)
    : o_(o), file_(o.path, std::ios::binary | std::ios::trunc) {
  if (!file_) throw UsageError("--record: cannot write " + o.path);
  record::RecordingSetup setup;
  setup.engine = config;
  setup.workload = workload;
  setup.scenario = scenario;
  setup.model = card;
  setup.source = source;
  record::RecordingLimits limits;
  limits.max_steps = o.max_steps;
  limits.max_bytes = int64_t(o.max_mib * 1048576.0);
  writer_ = std::make_unique<record::RecordingWriter>(file_, setup, limits);
  // The recording keeps the engine's info lines even when the console shows only warnings: the
  // console sinks keep the level the user chose, the logger passes info on to the recording.
  auto logger = spdlog::default_logger();
  previous_level_ = int(logger->level());
  for (auto& s : logger->sinks()) s->set_level(logger->level());
  sink_ = std::make_shared<record::RecordingLogSink>(*writer_);
  sink_->set_level(spdlog::level::info);
  logger->sinks().push_back(sink_);
  logger->set_level(std::min(logger->level(), spdlog::level::info));
}

RunRecorder::~RunRecorder() { detach_log(); }

void RunRecorder::detach_log() {
  if (!sink_) return;
  auto logger = spdlog::default_logger();
  auto& sinks = logger->sinks();
  sinks.erase(std::remove(sinks.begin(), sinks.end(), sink_), sinks.end());
  logger->set_level(spdlog::level::level_enum(previous_level_));
  sink_.reset();
}

void RunRecorder::step(const LLMEngine& engine, const StepResult& result) {
  if (!result.ran) return;
  if (!writer_->record_step(engine, result) && !warned_limit_) {
    warned_limit_ = true;
    std::fprintf(stderr, "inferscope-cli: --record: limit reached after %lld steps; the rest of the run is not recorded\n",
                 static_cast<long long>(writer_->steps_recorded()));
  }
}

void RunRecorder::finish() {
  detach_log();
  writer_->finish();
  file_.close();
  if (!file_) throw std::runtime_error("--record: cannot finish writing " + o_.path);
  std::fprintf(stderr, "recorded %lld steps into %s (%.2f MiB)\n", static_cast<long long>(writer_->steps_recorded()),
               o_.path.c_str(), double(writer_->bytes_written()) / 1048576.0);
}

}  // namespace inferscope::cli
