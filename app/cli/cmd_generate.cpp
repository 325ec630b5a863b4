// inferscope-cli generate: one prompt through the serving engine, text streamed as it is produced.
#include <cstdio>
#include <iostream>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "engine/spec/spec_stats.h"

namespace inferscope::cli {

namespace {

struct GenerateOptions {
  ModelOptions model;
  std::string prompt;
  std::string system;
  bool chat = false;
  bool json = false;
  SamplingOptions sampling;
  EngineOptions engine;
};

int run_generate(const GenerateOptions& o) {
  auto m = load_model_or_throw(o.model);
  EngineConfig cfg = to_engine_config(o.engine);
  LLMEngine engine(m, cfg);
  Request req;
  req.params = to_params(o.sampling);
  req.prompt_ids = o.chat ? m->encode_chat(o.prompt, o.system) : m->encode_prompt(o.prompt);
  const auto t0 = Clock::now();
  const int64_t id = engine.submit(req);
  Clock::time_point t_first{};
  int n_events = 0;
  while (engine.has_unfinished()) {
    StepResult r = engine.step();
    for (const TokenEvent& ev : r.events) {
      if (n_events++ == 0) t_first = Clock::now();
      if (!o.json) {
        std::fwrite(ev.text.data(), 1, ev.text.size(), stdout);
        std::fflush(stdout);
      }
    }
  }
  const auto t_end = Clock::now();
  const RequestInfo info = engine.request_info(id);
  if (info.state == RequestState::Failed) throw std::runtime_error(info.error);
  const double prefill_s = std::chrono::duration<double>(t_first - t0).count();
  const double decode_s = std::chrono::duration<double>(t_end - t_first).count();
  const int generated = info.n_generated;
  const double prefill_tps = prefill_s > 0 ? info.n_prompt / prefill_s : 0.0;
  const double decode_tps = decode_s > 0 && generated > 1 ? (generated - 1) / decode_s : 0.0;
  if (o.json) {
    nlohmann::json j;
    j["prompt_ids"] = info.prompt_ids;
    j["token_ids"] = info.token_ids.at(0);
    j["text"] = info.texts.at(0);
    j["prompt_tokens"] = info.n_prompt;
    j["generated_tokens"] = generated;
    j["prefill_tok_s"] = prefill_tps;
    j["decode_tok_s"] = decode_tps;
    j["stop_reason"] = info.finish_reason;
    j["parallel"] = engine.config().parallel.label();
    if (engine.config().parallel.enabled()) {
      int64_t comm = 0;
      for (const auto& m : engine.metrics().full_log()) comm += m.comm_bytes;
      j["comm_bytes"] = comm;  // between the virtual devices, over the whole run
    }
    if (const auto last = engine.metrics().latest()) {
      j["kv_bytes_peak"] = last->kv_bytes_peak;
      j["kv_bytes_peak_full_attention"] = last->kv_bytes_peak_full_attention;
    }
    if (info.finish_reason == "kv_full") j["stop_message"] = info.error + " (--kv-budget-mib)";
    spec::SpecStats st{info.spec_drafted, info.spec_accepted, info.spec_passes, info.spec_rejections};
    st.add_to_json(j, engine.config().spec);
    std::printf("%s\n", j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    return 0;
  }
  if (info.finish_reason == "kv_full") std::fprintf(stderr, "\n\nstopped early: %s (--kv-budget-mib)", info.error.c_str());
  std::fprintf(stderr, "\n\n[%s] prompt %d tokens, prefill %.1f tok/s | generated %d tokens, decode %.1f tok/s\n",
               info.finish_reason.c_str(), info.n_prompt, prefill_tps, generated, decode_tps);
  if (engine.config().spec.enabled())
    std::fprintf(stderr, "[spec %s, k=%d] drafted %lld, accepted %lld (%.1f%%), %.2f tokens per verifying pass\n",
                 spec::to_string(engine.config().spec).c_str(), engine.config().spec.k,
                 static_cast<long long>(info.spec_drafted), static_cast<long long>(info.spec_accepted),
                 info.spec_drafted ? 100.0 * info.spec_accepted / info.spec_drafted : 0.0,
                 info.spec_passes ? double(info.spec_accepted + info.spec_passes) / info.spec_passes : 0.0);
  return 0;
}

}  // namespace

Command add_generate_command(CLI::App& root) {
  auto o = std::make_shared<GenerateOptions>();
  CLI::App* app = root.add_subcommand("generate", "generate text from a prompt, streamed, with prefill/decode tokens/s");
  add_model_option(app, o->model);
  add_weight_options(app, o->model);
  app->add_option("-p,--prompt", o->prompt, "prompt text")->required();
  app->add_flag("--chat", o->chat, "format the prompt as a user message with the model's chat template");
  app->add_option("--system", o->system, "system message for --chat (default: the template's own)");
  app->add_flag("--json", o->json, "print one JSON document instead of streaming");
  add_sampling_options(app, o->sampling);
  add_engine_options(app, o->engine);
  return {app, [o] { return run_generate(*o); }};
}

}  // namespace inferscope::cli
