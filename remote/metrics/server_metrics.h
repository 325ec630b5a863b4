#pragma once
// One scrape of a serving engine's /metrics, read into the quantities the workbench draws, whichever
// engine served it: llama.cpp's server ("llamacpp:"), vLLM ("vllm:", V1 names and the 0.8 names where
// they differ) or SGLang ("sglang:"). A quantity the server does not publish stays empty, so a view
// hides its series instead of drawing zeros. Names we do not know are ignored.

#include <optional>
#include <string>

#include "remote/metrics/histogram_window.h"
#include "remote/metrics/prometheus_text.h"

namespace inferscope::remote {

enum class ServerKind { Unknown, LlamaCpp, Vllm, SGLang };

// What one scrape says, as published: gauges as read, counters cumulative since the server started.
struct ServerScrape {
  ServerKind kind = ServerKind::Unknown;
  double t_s = 0.0;  // when it was taken (the caller's clock, seconds)

  // Gauges
  std::optional<double> kv_usage;            // fraction of the KV cache in use, 0..1
  std::optional<double> running;             // requests running (llama.cpp: processing)
  std::optional<double> waiting;             // requests queued (llama.cpp: deferred)
  std::optional<double> kv_blocks_total;     // vLLM cache_config_info num_gpu_blocks
  std::optional<double> kv_block_size;       // vLLM cache_config_info block_size (tokens)
  std::optional<double> kv_tokens_total;     // SGLang max_total_num_tokens
  std::optional<double> prefix_hit_rate_gauge;  // vLLM 0.8 V0 / SGLang: as the server computes it, 0..1
  std::optional<double> spec_accept_length_gauge;  // SGLang: mean accepted tokens per step
  std::optional<double> spec_acceptance_gauge;     // vLLM 0.8 V0: draft acceptance rate, 0..1
  std::optional<double> gen_throughput_gauge;      // tokens/s as the server averages it
  std::optional<double> busy_slots_per_decode;     // llama.cpp

  // Counters
  std::optional<double> prompt_tokens;
  std::optional<double> generation_tokens;
  std::optional<double> preemptions;          // vLLM preemptions; SGLang retracted requests
  std::optional<double> prefix_queries;       // tokens looked up in the prefix cache
  std::optional<double> prefix_hits;          // of which found
  std::optional<double> spec_drafts;          // verification steps
  std::optional<double> spec_draft_tokens;
  std::optional<double> spec_accepted_tokens;
  std::optional<double> decode_calls;         // llama.cpp llama_decode() calls (its "steps")

  // Histograms (cumulative)
  std::optional<Histogram> ttft_s;
  std::optional<Histogram> tpot_s;            // time per output token / inter-token latency
  std::optional<Histogram> e2e_s;
  std::optional<Histogram> iteration_tokens;  // tokens per engine step
};

// Reads a parsed scrape. The kind is told by the metric prefixes.
ServerScrape read_server_scrape(const Exposition& scrape, double t_s);

// Rates and percentiles over the window between two scrapes of the same server.
struct ServerWindow {
  double seconds = 0.0;
  std::optional<double> prompt_tokens_per_s;
  std::optional<double> generation_tokens_per_s;
  std::optional<double> preemptions_per_s;
  std::optional<double> prefix_hit_rate;  // hits / queries in the window, else the server's gauge
  std::optional<double> spec_acceptance_rate;  // accepted / draft tokens
  std::optional<double> spec_mean_accepted_length;  // 1 + accepted / drafts (tokens per verify step)
  std::optional<double> tokens_per_step;  // mean of iteration_tokens, or generated / decode calls
  std::optional<double> ttft_p50_s, ttft_p90_s, ttft_p99_s;
  std::optional<double> tpot_p50_s, tpot_p90_s, tpot_p99_s;
  std::optional<double> e2e_p50_s;
};

// `before` must be an earlier scrape of the same server. A counter that went down (the server
// restarted) makes that rate empty for this window rather than negative.
ServerWindow server_window(const ServerScrape& now, const ServerScrape& before);

const char* server_kind_name(ServerKind kind);

}  // namespace inferscope::remote
