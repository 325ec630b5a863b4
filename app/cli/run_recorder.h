#pragma once
// --record FILE for the subcommands that run the engine: a RecordingWriter on the file for one run,
// with the engine's log lines routed into it while it records.
#include <CLI/CLI.hpp>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/llm_engine.h"

namespace inferscope::record { class RecordingWriter; }
namespace spdlog::sinks { class sink; }

namespace inferscope::cli {

struct RecordOptions {
  std::string path;         // --record FILE (empty: no recording)
  int64_t max_steps = 0;    // --record-max-steps N (0: no limit)
  double max_mib = 0;       // --record-max-mib M (0: no limit)
};
void add_record_options(CLI::App* app, RecordOptions& o);

class RunRecorder {
 public:
  // Opens the file (throws UsageError when it cannot) and writes the recording's header.
  RunRecorder(const RecordOptions& o, const std::string& source, const EngineConfig& config,
              const nlohmann::json& workload, const nlohmann::json& scenario, const ModelCard& card);
  ~RunRecorder();
  void step(const LLMEngine& engine, const StepResult& result);
  // Closes the recording and says where it went (stderr, so --json output stays clean).
  void finish();

 private:
  void detach_log();
  RecordOptions o_;
  std::ofstream file_;
  std::unique_ptr<record::RecordingWriter> writer_;
  std::shared_ptr<spdlog::sinks::sink> sink_;
  int previous_level_ = 0;
  bool warned_limit_ = false;
};

}  // namespace inferscope::cli
