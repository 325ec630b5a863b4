#include "remote/metrics/server_metrics.h"

#include <initializer_list>
#include <string_view>

namespace inferscope::remote {
namespace {

// The sum over label sets of every sample named exactly `name` (a server with several models or
// data-parallel ranks reads as one).
std::optional<double> sum_named(const Exposition& scrape, std::string_view name) {
  std::optional<double> total;
  for (const MetricFamily& f : scrape.families)
    for (const Sample& s : f.samples)
      if (s.name == name) total = total.value_or(0.0) + s.value;
  return total;
}

// The first of several spellings (newest first) that the scrape publishes.
std::optional<double> first_of(const Exposition& scrape, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names)
    if (auto v = sum_named(scrape, n)) return v;
  return std::nullopt;
}

std::optional<Histogram> first_histogram(const Exposition& scrape, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names)
    if (auto h = read_histogram(scrape, n)) return h;
  return std::nullopt;
}

std::optional<double> label_number(const Exposition& scrape, std::string_view sample, std::string_view key) {
  for (const MetricFamily& f : scrape.families)
    for (const Sample& s : f.samples)
      if (s.name == sample)
        if (const std::string* v = s.label(key)) return parse_prometheus_value(*v);
  return std::nullopt;
}

ServerKind kind_of(const Exposition& scrape) {
  for (const MetricFamily& f : scrape.families) {
    const std::string_view n = f.name;
    if (n.starts_with("vllm:")) return ServerKind::Vllm;
    if (n.starts_with("sglang:")) return ServerKind::SGLang;
    if (n.starts_with("llamacpp:")) return ServerKind::LlamaCpp;
  }
  return ServerKind::Unknown;
}

std::optional<double> delta(const std::optional<double>& now, const std::optional<double>& before) {
  if (!now || !before || *now < *before) return std::nullopt;
  return *now - *before;
}

std::optional<double> per_second(const std::optional<double>& d, double seconds) {
  if (!d || !(seconds > 0.0)) return std::nullopt;
  return *d / seconds;
}

void quantiles(const std::optional<Histogram>& now, const std::optional<Histogram>& before,
               std::optional<double>& p50, std::optional<double>* p90, std::optional<double>* p99) {
  if (!now) return;
  const Histogram w = before ? histogram_window(*now, *before) : *now;
  p50 = histogram_quantile(0.5, w);
  if (p90) *p90 = histogram_quantile(0.9, w);
  if (p99) *p99 = histogram_quantile(0.99, w);
}

}  // namespace

const char* server_kind_name(ServerKind kind) {
  switch (kind) {
    case ServerKind::LlamaCpp: return "llama.cpp";
    case ServerKind::Vllm: return "vLLM";
    case ServerKind::SGLang: return "SGLang";
    case ServerKind::Unknown: break;
  }
  return "unknown";
}

ServerScrape read_server_scrape(const Exposition& m, double t_s) {
  ServerScrape s;
  s.kind = kind_of(m);
  s.t_s = t_s;
  switch (s.kind) {
    case ServerKind::Vllm:
      s.kv_usage = first_of(m, {"vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"});
      s.running = first_of(m, {"vllm:num_requests_running"});
      s.waiting = first_of(m, {"vllm:num_requests_waiting"});
      s.kv_blocks_total = label_number(m, "vllm:cache_config_info", "num_gpu_blocks");
      s.kv_block_size = label_number(m, "vllm:cache_config_info", "block_size");
      s.prefix_hit_rate_gauge = first_of(m, {"vllm:gpu_prefix_cache_hit_rate"});
      s.spec_acceptance_gauge = first_of(m, {"vllm:spec_decode_draft_acceptance_rate"});
      s.prompt_tokens = first_of(m, {"vllm:prompt_tokens_total"});
      s.generation_tokens = first_of(m, {"vllm:generation_tokens_total"});
      s.preemptions = first_of(m, {"vllm:num_preemptions_total"});
      s.prefix_queries = first_of(m, {"vllm:prefix_cache_queries_total", "vllm:gpu_prefix_cache_queries_total"});
      s.prefix_hits = first_of(m, {"vllm:prefix_cache_hits_total", "vllm:gpu_prefix_cache_hits_total"});
      s.spec_drafts = first_of(m, {"vllm:spec_decode_num_drafts_total"});
      s.spec_draft_tokens = first_of(m, {"vllm:spec_decode_num_draft_tokens_total"});
      s.spec_accepted_tokens = first_of(m, {"vllm:spec_decode_num_accepted_tokens_total"});
      s.ttft_s = first_histogram(m, {"vllm:time_to_first_token_seconds"});
      s.tpot_s = first_histogram(m, {"vllm:inter_token_latency_seconds", "vllm:time_per_output_token_seconds",
                                     "vllm:request_time_per_output_token_seconds"});
      s.e2e_s = first_histogram(m, {"vllm:e2e_request_latency_seconds"});
      s.iteration_tokens = first_histogram(m, {"vllm:iteration_tokens_total"});
      break;
    case ServerKind::SGLang:
      s.kv_usage = first_of(m, {"sglang:token_usage"});
      s.running = first_of(m, {"sglang:num_running_reqs"});
      s.waiting = first_of(m, {"sglang:num_queue_reqs"});
      s.kv_tokens_total = first_of(m, {"sglang:max_total_num_tokens"});
      s.prefix_hit_rate_gauge = first_of(m, {"sglang:cache_hit_rate"});
      s.spec_accept_length_gauge = first_of(m, {"sglang:spec_accept_length"});
      s.gen_throughput_gauge = first_of(m, {"sglang:gen_throughput"});
      s.prompt_tokens = first_of(m, {"sglang:prompt_tokens_total"});
      s.generation_tokens = first_of(m, {"sglang:generation_tokens_total"});
      s.preemptions = first_of(m, {"sglang:num_retracted_reqs_total", "sglang:num_retracted_reqs"});
      s.ttft_s = first_histogram(m, {"sglang:time_to_first_token_seconds"});
      s.tpot_s = first_histogram(m, {"sglang:inter_token_latency_seconds", "sglang:time_per_output_token_seconds"});
      s.e2e_s = first_histogram(m, {"sglang:e2e_request_latency_seconds"});
      break;
    case ServerKind::LlamaCpp:
      s.kv_usage = first_of(m, {"llamacpp:kv_cache_usage_ratio"});  // older servers only
      s.running = first_of(m, {"llamacpp:requests_processing"});
      s.waiting = first_of(m, {"llamacpp:requests_deferred"});
      s.gen_throughput_gauge = first_of(m, {"llamacpp:predicted_tokens_seconds"});
      s.busy_slots_per_decode = first_of(m, {"llamacpp:n_busy_slots_per_decode"});
      s.prompt_tokens = first_of(m, {"llamacpp:prompt_tokens_total"});
      s.generation_tokens = first_of(m, {"llamacpp:tokens_predicted_total"});
      s.prefix_hits = first_of(m, {"llamacpp:prompt_tokens_cached_total"});
      if (s.prefix_hits && s.prompt_tokens) s.prefix_queries = *s.prefix_hits + *s.prompt_tokens;
      s.spec_drafts = first_of(m, {"llamacpp:spec_decode_num_drafts_total"});
      s.spec_draft_tokens = first_of(m, {"llamacpp:spec_decode_num_draft_tokens_total"});
      s.spec_accepted_tokens = first_of(m, {"llamacpp:spec_decode_num_accepted_tokens_total"});
      s.decode_calls = first_of(m, {"llamacpp:n_decode_total"});
      break;
    case ServerKind::Unknown:
      break;
  }
  return s;
}

ServerWindow server_window(const ServerScrape& now, const ServerScrape& before) {
  ServerWindow w;
  w.seconds = now.t_s - before.t_s;
  w.prompt_tokens_per_s = per_second(delta(now.prompt_tokens, before.prompt_tokens), w.seconds);
  w.generation_tokens_per_s = per_second(delta(now.generation_tokens, before.generation_tokens), w.seconds);
  w.preemptions_per_s = per_second(delta(now.preemptions, before.preemptions), w.seconds);

  const auto queries = delta(now.prefix_queries, before.prefix_queries);
  const auto hits = delta(now.prefix_hits, before.prefix_hits);
  if (queries && hits && *queries > 0.0)
    w.prefix_hit_rate = *hits / *queries;
  else if (now.prefix_hit_rate_gauge)
    w.prefix_hit_rate = now.prefix_hit_rate_gauge;

  const auto drafts = delta(now.spec_drafts, before.spec_drafts);
  const auto draft_tokens = delta(now.spec_draft_tokens, before.spec_draft_tokens);
  const auto accepted = delta(now.spec_accepted_tokens, before.spec_accepted_tokens);
  if (accepted && draft_tokens && *draft_tokens > 0.0)
    w.spec_acceptance_rate = *accepted / *draft_tokens;
  else if (now.spec_acceptance_gauge)
    w.spec_acceptance_rate = now.spec_acceptance_gauge;
  if (accepted && drafts && *drafts > 0.0)
    w.spec_mean_accepted_length = 1.0 + *accepted / *drafts;
  else if (now.spec_accept_length_gauge)
    w.spec_mean_accepted_length = now.spec_accept_length_gauge;

  if (now.iteration_tokens) {
    const Histogram it = before.iteration_tokens ? histogram_window(*now.iteration_tokens, *before.iteration_tokens)
                                                 : *now.iteration_tokens;
    w.tokens_per_step = histogram_mean(it);
  } else {
    const auto calls = delta(now.decode_calls, before.decode_calls);
    const auto prompt = delta(now.prompt_tokens, before.prompt_tokens);
    const auto gen = delta(now.generation_tokens, before.generation_tokens);
    if (calls && *calls > 0.0 && (prompt || gen)) w.tokens_per_step = (prompt.value_or(0.0) + gen.value_or(0.0)) / *calls;
  }
  quantiles(now.ttft_s, before.ttft_s, w.ttft_p50_s, &w.ttft_p90_s, &w.ttft_p99_s);
  quantiles(now.tpot_s, before.tpot_s, w.tpot_p50_s, &w.tpot_p90_s, &w.tpot_p99_s);
  quantiles(now.e2e_s, before.e2e_s, w.e2e_p50_s, nullptr, nullptr);
  return w;
}

}  // namespace inferscope::remote
