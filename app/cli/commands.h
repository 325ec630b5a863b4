#pragma once
// Every inferscope-cli subcommand registers itself on the root app and returns the function that runs it.
#include <CLI/CLI.hpp>
#include <functional>
#include <vector>

namespace inferscope::cli {

struct Command {
  CLI::App* app;
  std::function<int()> run;
};

Command add_info_command(CLI::App& root);
Command add_tokenize_command(CLI::App& root);
Command add_generate_command(CLI::App& root);
Command add_bench_command(CLI::App& root);
Command add_run_command(CLI::App& root);
Command add_export_command(CLI::App& root);      // needs the GUI libraries; says so when built without
Command add_quality_command(CLI::App& root);     // engine/quant quality figures
Command add_lesson_command(CLI::App& root);      // engine/lessons: a lesson's computed numbers
Command add_requantize_command(CLI::App& root);  // engine/quant re-encoding to a GGUF file
Command add_attach_command(CLI::App& root);      // remote/: live serving engines' metrics and KV events
Command add_replay_command(CLI::App& root);      // engine/record: a recording read back without the model
Command add_fetch_command(CLI::App& root);       // fetch/: a catalogue model from the package index

}  // namespace inferscope::cli
