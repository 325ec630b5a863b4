// inferscope-cli info: metadata, tensor table, sizes and KV bytes per token of a GGUF model, where its
// parameters are, and how its computation departs from llama's (the GUI's model card, in text).
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"

namespace inferscope::cli {

namespace {

struct InfoOptions {
  ModelOptions model;
  bool json = false;
  bool tensors = false;
};

const char* activation_name(FfnActivation a) { return a == FfnActivation::GeluTanh ? "gelu_tanh" : "silu"; }

// The model card's departures from llama's graph, one line each: {what, llama's, this model's, differs}.
struct Difference {
  std::string what, llama, here;
  bool differs;
};

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::vector<Difference> differences(const ModelCard& c) {
  std::vector<Difference> d;
  const std::string pre = "RMSNorm before attention and FFN";
  d.push_back({"norms", pre, c.post_norms ? "RMSNorm before and after attention and FFN" : pre, c.post_norms});
  d.push_back({"Q/K norms", "none", c.qk_norm ? "RMSNorm over each Q and K head, before RoPE" : "none", c.qk_norm});
  d.push_back({"QKV bias", "none", c.qkv_bias ? "on Q, K and V" : "none", c.qkv_bias});
  const bool gelu = c.ffn_act == FfnActivation::GeluTanh;
  d.push_back({"FFN activation", "SiLU, gated", gelu ? "GELU (tanh form), gated" : "SiLU, gated", gelu});
  const std::string whole = "every layer sees the whole context";
  if (c.sliding_window > 0) {
    std::string globals;
    for (size_t i = 0; i < c.global_layers.size(); ++i) globals += (i ? ", " : "") + std::to_string(c.global_layers[i]);
    d.push_back({"attention span", whole,
                 "a window of the last " + std::to_string(c.sliding_window) + " tokens in " +
                     std::to_string(c.n_layers - int(c.global_layers.size())) + " of " + std::to_string(c.n_layers) +
                     " layers; layers " + globals + " see the whole context",
                 true});
  } else {
    d.push_back({"attention span", whole, whole, false});
  }
  std::string rope = c.sliding_window > 0 ? "base " + fmt("%g", c.rope_freq_base) + " in the global layers, " +
                                                fmt("%g", c.rope_freq_base_swa) + " in the window layers"
                                          : "base " + fmt("%g", c.rope_freq_base) + " in every layer";
  if (c.rope_freq_scale != 1.0f) rope += "; positions scaled by 1/" + fmt("%g", 1.0 / c.rope_freq_scale);
  if (c.rope_freq_factors) rope += "; per-dimension frequency factors (rope_freqs)";
  d.push_back({"RoPE", "one base, no scaling", rope, c.sliding_window > 0 || c.rope_freq_scale != 1.0f || c.rope_freq_factors});
  const bool scaled = c.embd_scale != 1.0f;
  d.push_back({"embedding scale", "none",
               scaled ? "x " + fmt("%.2f", c.embd_scale) + " (sqrt " + std::to_string(c.n_embd) + ")" : "none", scaled});
  const bool default_scale = c.head_dim > 0 && std::abs(c.attn_scale * std::sqrt(float(c.head_dim)) - 1.0f) < 1e-6f;
  const std::string rsqrt = "1/sqrt " + std::to_string(c.head_dim);
  d.push_back({"attention scale", "1/sqrt head dim", default_scale ? rsqrt : fmt("%.6g", c.attn_scale) + " instead of " + rsqrt,
               !default_scale});
  return d;
}

double share(uint64_t n, uint64_t total) { return total ? 100.0 * double(n) / double(total) : 0.0; }

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
  j["parameters_by_place"] = {{"token_embedding", c.n_embedding_parameters},
                              {"output_head", c.n_output_parameters},  // 0 when tied to the embedding
                              {"layers_and_norms", c.n_layer_parameters}};
  j["architecture_details"] = {{"post_norms", c.post_norms},
                               {"qk_norm", c.qk_norm},
                               {"qkv_bias", c.qkv_bias},
                               {"ffn_activation", activation_name(c.ffn_act)},
                               {"sliding_window", c.sliding_window},
                               {"global_layers", c.global_layers},
                               {"rope_freq_base_swa", c.rope_freq_base_swa},
                               {"rope_freq_scale", c.rope_freq_scale},
                               {"rope_freq_factors", c.rope_freq_factors},
                               {"embedding_scale", c.embd_scale},
                               {"attention_scale", c.attn_scale}};
  nlohmann::json diffs = nlohmann::json::array();
  for (const Difference& d : differences(c))
    if (d.differs) diffs.push_back({{"what", d.what}, {"llama", d.llama}, {"this_model", d.here}});
  j["differences_from_llama"] = diffs;
  j["tokenizer"] = {{"model", c.tokenizer_model}, {"pre", c.tokenizer_pre}, {"chat_template", c.chat_template_family}};
  nlohmann::json kv;
  for (auto d : kKvDtypes) kv[kv_dtype_name(d)] = c.kv_bytes_per_token(d);
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
              (unsigned long long)c.kv_bytes_per_token(KvDtype::F32),
              (unsigned long long)c.kv_bytes_per_token(KvDtype::F16),
              (unsigned long long)c.kv_bytes_per_token(KvDtype::BF16),
              (unsigned long long)c.kv_bytes_per_token(KvDtype::FP8_E4M3),
              (unsigned long long)c.kv_bytes_per_token(KvDtype::INT8));
  const uint64_t n = c.n_parameters;
  std::printf("by place     token embedding %.2f M (%.1f%%), output head %s, layers and norms %.2f M (%.1f%%)\n",
              c.n_embedding_parameters / 1e6, share(c.n_embedding_parameters, n),
              c.n_output_parameters > 0
                  ? fmt("%.2f M", c.n_output_parameters / 1e6).append(fmt(" (%.1f%%)", share(c.n_output_parameters, n))).c_str()
                  : "tied (the token embedding, read again)",
              c.n_layer_parameters / 1e6, share(c.n_layer_parameters, n));
  const std::vector<Difference> diffs = differences(c);
  int n_diff = 0;
  for (const Difference& d : diffs) n_diff += d.differs ? 1 : 0;
  if (n_diff == 0) {
    std::printf("against llama: the same computation as llama's graph\n");
  } else {
    std::printf("against llama: %d difference%s\n", n_diff, n_diff == 1 ? "" : "s");
    for (const Difference& d : diffs)
      if (d.differs) std::printf("  %-16s %s (llama: %s)\n", d.what.c_str(), d.here.c_str(), d.llama.c_str());
  }
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
