// inferscope-cli info: metadata, tensor table, sizes and KV bytes per token of a GGUF model.
#include <cstdio>
#include <iostream>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"

namespace inferscope::cli {

namespace {

struct InfoOptions {
  ModelOptions model;
  bool json = false;
  bool tensors = false;
};

nlohmann::json card_json(const ModelCard& c) {
  nlohmann::json j;
  j["path"] = c.path;
  j["name"] = c.name;
  j["architecture"] = c.architecture;
  j["file_bytes"] = c.file_bytes;
  j["parameters"] = c.n_parameters;
  j["weight_bytes"] = c.weight_bytes;
  j["layers"] = c.n_layers;
  j["heads"] = c.n_heads;
  j["kv_heads"] = c.n_kv_heads;
  j["head_dim"] = c.head_dim;
  j["embedding"] = c.n_embd;
  j["feed_forward"] = c.n_ff;
  j["vocab"] = c.n_vocab;
  j["context_length"] = c.context_length;
  j["rope_freq_base"] = c.rope_freq_base;
  j["rms_eps"] = c.rms_eps;
  j["tied_output"] = c.tied_output;
  j["tokenizer"] = {{"model", c.tokenizer_model}, {"pre", c.tokenizer_pre}, {"chat_template", c.chat_template_family}};
  nlohmann::json kv;
  for (auto d : {kernels::KvDtype::F32, kernels::KvDtype::F16, kernels::KvDtype::BF16, kernels::KvDtype::FP8_E4M3,
                 kernels::KvDtype::INT8})
    kv[kernels::kv_dtype_name(d)] = c.kv_bytes_per_token(d);
  j["kv_bytes_per_token"] = kv;
  nlohmann::json types;
  for (const auto& [t, bytes] : c.bytes_by_type) types[t] = {{"tensors", c.tensors_by_type.at(t)}, {"bytes", bytes}};
  j["tensor_types"] = types;
  nlohmann::json tensors = nlohmann::json::array();
  for (const auto& t : c.tensors)
    tensors.push_back({{"name", t.name}, {"type", t.type}, {"shape", t.shape}, {"elements", t.n_elements}, {"bytes", t.n_bytes}});
  j["tensors"] = tensors;
  return j;
}

int run_info(const InfoOptions& o) {
  auto m = load_model_or_throw(o.model);
  const ModelCard& c = m->card;
  if (o.json) {
    print_json(card_json(c));
    return 0;
  }
  std::printf("model        %s\n", c.path.c_str());
  std::printf("name         %s\n", c.name.c_str());
  std::printf("architecture %s\n", c.architecture.c_str());
  std::printf("parameters   %.2f M (%llu)\n", c.n_parameters / 1e6, static_cast<unsigned long long>(c.n_parameters));
  std::printf("weights      %.2f MiB in a %.2f MiB file\n", c.weight_bytes / 1048576.0, c.file_bytes / 1048576.0);
  std::printf("layers %d, embedding %d, feed-forward %d, heads %d, KV heads %d, head dim %d\n", c.n_layers, c.n_embd,
              c.n_ff, c.n_heads, c.n_kv_heads, c.head_dim);
  std::printf("vocab %d, context %d, rope base %g, rms eps %g, %s output\n", c.n_vocab, c.context_length,
              c.rope_freq_base, c.rms_eps, c.tied_output ? "tied" : "separate");
  std::printf("tokenizer    %s (pre: %s), chat template: %s\n", c.tokenizer_model.c_str(), c.tokenizer_pre.c_str(),
              c.chat_template_family.empty() ? "none/unsupported" : c.chat_template_family.c_str());
  std::printf("KV bytes/token: f32 %llu, f16 %llu, bf16 %llu, fp8 %llu, int8 %llu (+ per-block scales for fp8/int8)\n",
              (unsigned long long)c.kv_bytes_per_token(kernels::KvDtype::F32),
              (unsigned long long)c.kv_bytes_per_token(kernels::KvDtype::F16),
              (unsigned long long)c.kv_bytes_per_token(kernels::KvDtype::BF16),
              (unsigned long long)c.kv_bytes_per_token(kernels::KvDtype::FP8_E4M3),
              (unsigned long long)c.kv_bytes_per_token(kernels::KvDtype::INT8));
  std::printf("\n%-8s %8s %14s\n", "type", "tensors", "bytes");
  for (const auto& [t, bytes] : c.bytes_by_type)
    std::printf("%-8s %8d %14llu\n", t.c_str(), c.tensors_by_type.at(t), static_cast<unsigned long long>(bytes));
  if (o.tensors) {
    std::printf("\n%-36s %-6s %-18s %12s\n", "tensor", "type", "shape", "bytes");
    for (const auto& t : c.tensors) {
      std::string shape;
      for (size_t i = 0; i < t.shape.size(); ++i) shape += (i ? "x" : "") + std::to_string(t.shape[i]);
      std::printf("%-36s %-6s %-18s %12llu\n", t.name.c_str(), t.type.c_str(), shape.c_str(),
                  static_cast<unsigned long long>(t.n_bytes));
    }
  }
  return 0;
}

}  // namespace

Command add_info_command(CLI::App& root) {
  auto o = std::make_shared<InfoOptions>();
  CLI::App* app = root.add_subcommand("info", "model metadata, tensor table, sizes and KV bytes per token");
  add_model_option(app, o->model, /*positional=*/true);
  app->add_option("-m,--model", o->model.path, "GGUF model file (same as the positional argument)");
  app->add_flag("--tensors", o->tensors, "list every tensor");
  app->add_flag("--json", o->json, "print one JSON document (tensors included)");
  return {app, [o] { return run_info(*o); }};
}

}  // namespace inferscope::cli
