// inferscope-cli: the headless front end over the engine (docs/architecture.md, "The command line"; README for every flag).
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <iostream>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "engine/gguf/gguf_file.h"

int main(int argc, char** argv) {
  using namespace inferscope::cli;
  CLI::App root{"inferscope-cli: run, measure and inspect LLM inference on a real GGUF model"};
  root.require_subcommand(1);
  root.set_help_all_flag("--help-all", "help for every subcommand");
  root.set_version_flag("--version", "inferscope-cli " INFERSCOPE_VERSION);
  std::string log_level = "warn";
  root.add_option("--log-level", log_level, "engine log level: trace|debug|info|warn|error|off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}));
  std::vector<Command> commands = {add_info_command(root), add_tokenize_command(root), add_generate_command(root),
                                   add_bench_command(root), add_run_command(root), add_export_command(root),
                                   add_quality_command(root), add_requantize_command(root),
                                   add_lesson_command(root), add_attach_command(root), add_replay_command(root),
                                   add_fetch_command(root)};
  // Every subcommand takes --backend (one string per command: only the parsed one is read).
  std::vector<std::string> backends(commands.size(), "cpu");
  for (size_t i = 0; i < commands.size(); ++i) add_backend_option(commands[i].app, backends[i]);
  try {
    root.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return root.exit(e);
  }
  // Logs go to stderr so that --json output on stdout stays one clean document.
  spdlog::set_default_logger(spdlog::stderr_color_mt("inferscope"));
  spdlog::set_level(spdlog::level::from_str(log_level));
  for (size_t i = 0; i < commands.size(); ++i) {
    const Command& c = commands[i];
    if (!c.app->parsed()) continue;
    try {
      if (select_backend(backends[i]) == inferscope::BackendKind::Cuda) {
        const std::string name = c.app->get_name();
        if (name != "generate" && name != "run" && name != "bench" && name != "attach")
          std::cerr << "inferscope-cli " << name << ": note: --backend cuda changes nothing here; " << name
                    << " computes on the CPU (generate, run and bench run the model on the GPU)\n";
      }
      return c.run();
    } catch (const inferscope::gguf::GgufError& e) {
      std::cerr << "inferscope-cli " << c.app->get_name() << ": invalid GGUF file: " << e.what() << "\n";
      return 1;
    } catch (const std::exception& e) {
      std::cerr << "inferscope-cli " << c.app->get_name() << ": " << e.what() << "\n";
      return 1;
    }
  }
  return 1;
}
