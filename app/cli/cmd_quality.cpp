// inferscope-cli quality: perplexity of a weight mode (and KV dtype) over a text, with KL divergence and
// top-1 agreement against the unquantized baseline (the stored weights dequantized to F32, F32 KV cache).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "app/cli/data_dir.h"
#include "engine/model/default_model.h"
#include "engine/quant/quality.h"
#include "engine/quant/quantized_model.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::cli {

namespace {

struct QualityCliOptions {
  ModelOptions model;
  std::string kv_dtype = "f32";
  std::string text_file;
  int tokens = 256;
  int window = 256;
  int threads = 0;
  bool json = false;
  bool per_tensor = false;
};

// The product's own LICENSE, installed (or staged by the build) in the data folder beside the binary.
std::string default_text_file() {
  namespace fs = std::filesystem;
  const fs::path p = data_dir() / "LICENSE";
  std::error_code ec;
  if (fs::is_regular_file(p, ec)) return p.string();
  throw UsageError("cannot find the default text (" + p.string() + ", the project's LICENSE); pass one with --text FILE");
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read text file '" + path + "'");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

int run_quality(const QualityCliOptions& o) {
  const quant::WeightMode mode = weight_mode_of(o.model);
  const auto kv = kv_dtype_from_name(o.kv_dtype);
  if (!kv) throw UsageError("unknown KV dtype '" + o.kv_dtype + "': expected f32, f16, bf16, fp8 or int8");
  const std::string text_path = o.text_file.empty() ? default_text_file() : o.text_file;
  const std::string text = read_text(text_path);

  kernels::ThreadPool pool(o.threads);
  quant::RequantizeOptions ro = requantize_options_of(o.model, &pool);
  auto base = load_model(resolve_model_path(o.model.path));
  // The baseline: the stored weights at full precision (F32), F32 KV cache.
  auto baseline = quant::apply_weight_mode(*base, quant::parse_weight_mode("f32"), ro);
  quant::WeightQuantReport rep;
  std::shared_ptr<LoadedModel> cand;
  if (mode.requantizes()) {
    cand = quant::apply_weight_mode(*base, mode, ro, &rep);
  } else {
    cand = base;
    rep.mode = mode;
    rep.model_bytes = rep.stored_bytes = base->card.weight_bytes;
    rep.packed_bytes = base->model->packed().bytes;
  }
  const auto tokens = quant::quality_tokens(*base, text, o.tokens);
  quant::QualityOptions qo;
  qo.window = o.window;
  qo.pool = &pool;
  const quant::QualityResult r =
      quant::compare_quality(*baseline->model, KvDtype::F32, *cand->model, *kv, tokens, qo);

  nlohmann::json j;
  j["weights"] = mode.name();
  j["kv_dtype"] = kv_dtype_name(*kv);
  j["model_bytes"] = rep.model_bytes;
  j["perplexity"] = r.perplexity;
  j["baseline_perplexity"] = r.baseline_perplexity;
  j["kl_mean"] = r.kl_mean;
  j["top1_agreement"] = r.top1_agreement;
  j["tokens"] = r.tokens;
  j["simulated"] = mode.simulated();
  j["label"] = mode.label();
  if (mode.outlier) j["outlier"] = *mode.outlier;
  j["kl_max"] = r.kl_max;
  j["stored_bytes"] = rep.stored_bytes;
  j["packed_bytes"] = rep.packed_bytes;
  j["weight_error_mean_abs"] = rep.mean_abs;
  j["weight_error_max_abs"] = rep.max_abs;
  j["requantize_s"] = rep.seconds;
  j["text"] = text_path;
  j["window"] = o.window;
  if (rep.calibration) {
    const auto& c = *rep.calibration;
    double err = 0, err_rtn = 0, energy = 0;
    for (const auto& l : c.linears) {
      err += l.error;
      err_rtn += l.error_rtn;
      energy += l.energy;
    }
    j["calibration"] = {{"tokens", c.tokens},
                        {"from_cache", c.from_cache},
                        {"cache_file", c.cache_file},
                        {"seconds", c.seconds},
                        {"layer_output_error", energy > 0 ? err / energy : 0.0},
                        {"layer_output_error_rtn", energy > 0 ? err_rtn / energy : 0.0}};
  }
  if (o.per_tensor) {
    j["tensors"] = nlohmann::json::array();
    for (const auto& e : rep.tensors)
      j["tensors"].push_back({{"name", e.name}, {"from", kernels::type_name(e.from)}, {"to", kernels::type_name(e.to)},
                              {"bytes", e.bytes}, {"mean_abs", e.mean_abs}, {"max_abs", e.max_abs}});
  }
  if (o.json) {
    print_json(j);
    return 0;
  }
  std::printf("weights        %s\n", mode.label().c_str());
  std::printf("kv dtype       %s\n", kv_dtype_name(*kv));
  std::printf("model bytes    %zu (stored %zu)\n", rep.model_bytes, rep.stored_bytes);
  std::printf("perplexity     %.4f (baseline f32 weights, f32 KV: %.4f) over %d tokens of %s\n", r.perplexity,
              r.baseline_perplexity, r.tokens, text_path.c_str());
  std::printf("KL mean / max  %.6f / %.6f\n", r.kl_mean, r.kl_max);
  std::printf("top-1 agree    %.2f %%\n", 100.0 * r.top1_agreement);
  std::printf("weight error   mean |e| %.3g, max |e| %.3g\n", rep.mean_abs, rep.max_abs);
  if (j.contains("calibration")) {
    const auto& c = j["calibration"];
    std::printf("calibration    %d tokens, %s in %.1f s; layer output error %.4g (round-to-nearest %.4g)\n",
                c["tokens"].get<int>(), c["from_cache"].get<bool>() ? "read from the cache" : "computed",
                c["seconds"].get<double>(), c["layer_output_error"].get<double>(),
                c["layer_output_error_rtn"].get<double>());
  }
  if (o.per_tensor)
    for (const auto& e : rep.tensors)
      std::printf("  %-28s %5s -> %-5s mean %.3g max %.3g\n", e.name.c_str(), kernels::type_name(e.from),
                  kernels::type_name(e.to), e.mean_abs, e.max_abs);
  return 0;
}

}  // namespace

Command add_quality_command(CLI::App& root) {
  auto o = std::make_shared<QualityCliOptions>();
  CLI::App* app = root.add_subcommand(
      "quality", "perplexity, KL divergence and top-1 agreement of a weight mode / KV dtype against the f32 baseline");
  add_model_option(app, o->model);
  add_weight_options(app, o->model);
  app->add_option("--kv-dtype", o->kv_dtype, "KV cache dtype of the measured model (the baseline uses f32)")
      ->check(CLI::IsMember({"f32", "f16", "bf16", "fp8", "int8"}, CLI::ignore_case));
  app->add_option("--text", o->text_file, "text to score (default: the project's LICENSE file)")->check(CLI::ExistingFile);
  app->add_option("--tokens", o->tokens, "tokens of the text to predict")->check(CLI::Range(1, 1 << 20));
  app->add_option("--window", o->window, "tokens per teacher-forced pass")->check(CLI::Range(2, 1 << 16));
  app->add_option("-t,--threads", o->threads, "compute threads (0 = one per core)")->check(CLI::Range(0, 256));
  app->add_flag("--per-tensor", o->per_tensor, "also list every re-encoded tensor's weight error");
  app->add_flag("--json", o->json, "print one JSON document");
  return {app, [o] { return run_quality(*o); }};
}

}  // namespace inferscope::cli
