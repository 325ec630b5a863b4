// inferscope-cli requantize: re-encode a model's weights into a mode and write them as a GGUF file.
#include <cstdio>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "engine/quant/gguf_export.h"
#include "engine/quant/quantized_model.h"

namespace inferscope::cli {

namespace {

struct RequantizeCliOptions {
  ModelOptions model;
  std::string out;
  bool json = false;
};

int run_requantize(const RequantizeCliOptions& o) {
  const quant::WeightMode mode = weight_mode_of(o.model);
  if (mode.simulated())
    std::fprintf(stderr, "inferscope-cli requantize: %s is simulated; the file stores its values as F32\n",
                 mode.name().c_str());
  auto m = load_model_or_throw(o.model);
  quant::write_model_gguf(*m, o.out);
  if (o.json) {
    print_json({{"weights", mode.name()}, {"simulated", mode.simulated()}, {"model_bytes", m->card.weight_bytes},
                {"out", o.out}});
  } else {
    std::printf("wrote %s (%s, %.2f MiB of tensors)\n", o.out.c_str(), mode.label().c_str(),
                m->card.weight_bytes / 1048576.0);
  }
  return 0;
}

}  // namespace

Command add_requantize_command(CLI::App& root) {
  auto o = std::make_shared<RequantizeCliOptions>();
  CLI::App* app = root.add_subcommand("requantize", "re-encode a model's weights into a weight mode and write a GGUF");
  add_model_option(app, o->model);
  add_weight_options(app, o->model);
  app->add_option("-o,--out", o->out, "output GGUF file")->required();
  app->add_flag("--json", o->json, "print one JSON document");
  return {app, [o] { return run_requantize(*o); }};
}

}  // namespace inferscope::cli
