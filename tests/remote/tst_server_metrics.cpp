// Scrapes of vLLM (V1 and 0.8 names), SGLang and a real llama.cpp server read into the workbench's
// quantities. The vLLM / SGLang bodies follow their documented metric names with values chosen so that
// every derived figure has a closed form; the llama.cpp bodies are a real server's.
#include <QtTest>
#include <cmath>

#include "remote/metrics/server_metrics.h"
#include "tests/remote/remote_test_data.h"

using namespace inferscope::remote;

namespace {
ServerScrape scrape(const char* file, double t) {
  return read_server_scrape(parse_prometheus_text(remote_test_data(file)), t);
}
bool near(const std::optional<double>& v, double expected) { return v && std::abs(*v - expected) < 1e-9; }
}  // namespace

class TestServerMetrics : public QObject {
  Q_OBJECT
 private slots:
  void vllmV1() {
    const ServerScrape a = scrape("published/vllm_v1_t0.txt", 0.0);
    const ServerScrape b = scrape("published/vllm_v1_t10.txt", 10.0);
    QCOMPARE(a.kind, ServerKind::Vllm);
    QVERIFY(near(a.kv_usage, 0.25));
    QVERIFY(near(b.kv_usage, 0.5));
    QVERIFY(near(b.running, 8));
    QVERIFY(near(b.waiting, 0));
    QVERIFY(near(a.kv_blocks_total, 2048));
    QVERIFY(near(a.kv_block_size, 16));
    QVERIFY(!a.kv_tokens_total);  // vLLM publishes blocks, not a token pool: left empty, not zero

    const ServerWindow w = server_window(b, a);
    QVERIFY(near(w.prompt_tokens_per_s, 2000.0 / 10));
    QVERIFY(near(w.generation_tokens_per_s, 2000.0 / 10));
    QVERIFY(near(w.preemptions_per_s, 5.0 / 10));
    QVERIFY(near(w.prefix_hit_rate, 750.0 / 1000));
    QVERIFY(near(w.spec_acceptance_rate, 450.0 / 600));
    QVERIFY(near(w.spec_mean_accepted_length, 1.0 + 450.0 / 200));
    QVERIFY(near(w.tokens_per_step, (1200.0 - 400) / (100 - 50)));
    // TTFT window: 60 observations, 40 in (0.1, 0.5], 20 in (0.5, 1.0].
    QVERIFY(near(w.ttft_p50_s, 0.1 + 0.4 * 30 / 40));
    QVERIFY(near(w.ttft_p90_s, 0.5 + 0.5 * 14 / 20));
    QVERIFY(near(w.ttft_p99_s, 0.5 + 0.5 * 19.4 / 20));
    QVERIFY(!w.tpot_p50_s);  // not in these scrapes: hidden, not zero
  }

  void vllmOldNames() {
    const ServerScrape s = scrape("published/vllm_0.8.txt", 5.0);
    QCOMPARE(s.kind, ServerKind::Vllm);
    QVERIFY(near(s.kv_usage, 0.4));  // gpu_cache_usage_perc read as kv_cache_usage_perc
    QVERIFY(near(s.kv_blocks_total, 1024));
    QVERIFY(near(s.kv_block_size, 32));
    const ServerWindow w = server_window(s, ServerScrape{ServerKind::Vllm, 0.0});
    QVERIFY(near(w.prefix_hit_rate, 0.3));       // the server's own gauge when there are no counters
    QVERIFY(near(w.spec_acceptance_rate, 0.6));
    // TPOT: 100 observations, 50 in (0.01, 0.025], 50 in (0.025, 0.05]: the median is 0.025 exactly.
    QVERIFY(near(w.tpot_p50_s, 0.025));
    QVERIFY(near(w.tpot_p90_s, 0.025 + 0.025 * 40 / 50));
  }

  void sglang() {
    const ServerScrape s = scrape("published/sglang.txt", 1.0);
    QCOMPARE(s.kind, ServerKind::SGLang);
    QVERIFY(near(s.kv_usage, 0.62));
    QVERIFY(near(s.running, 5));
    QVERIFY(near(s.waiting, 3));
    QVERIFY(near(s.kv_tokens_total, 500000));
    QVERIFY(near(s.gen_throughput_gauge, 812.5));
    QVERIFY(near(s.preemptions, 2));
    const ServerWindow w = server_window(s, ServerScrape{ServerKind::SGLang, 0.0});
    QVERIFY(near(w.prefix_hit_rate, 0.41));
    QVERIFY(near(w.spec_mean_accepted_length, 2.7));
    // 100 TTFTs: 20 up to 0.1 s, 60 in (0.1, 0.2]: rank 50 -> 0.1 + 0.1 * 30 / 60.
    QVERIFY(near(w.ttft_p50_s, 0.15));
  }

  void realLlamaCppServer() {
    // llama-server (llama-cpp-python 0.3.36's vendored llama.cpp) with --metrics -np 4 on SmolLM2-135M:
    // idle, then three concurrent completions of 200 tokens each in flight, then after they finished.
    const ServerScrape idle = scrape("llamacpp-0.3.36/metrics_idle.txt", 0.0);
    const ServerScrape busy = scrape("llamacpp-0.3.36/metrics_busy.txt", 1.5);
    const ServerScrape after = scrape("llamacpp-0.3.36/metrics_after.txt", 20.0);
    QCOMPARE(busy.kind, ServerKind::LlamaCpp);
    QVERIFY(near(idle.running, 0));
    QVERIFY(near(busy.running, 3));
    QVERIFY(near(busy.waiting, 0));
    QVERIFY(near(after.running, 0));
    QVERIFY(!busy.kv_usage);  // this server no longer publishes a KV ratio; /slots shows the fill
    QVERIFY(near(after.generation_tokens, 600));  // 3 x 200 generated
    QVERIFY(*after.decode_calls > *busy.decode_calls);
    const ServerWindow w = server_window(after, idle);
    QVERIFY(w.generation_tokens_per_s && *w.generation_tokens_per_s > 0);
    // Tokens per llama_decode() call: prompt + generated over the calls of the window.
    QVERIFY(w.tokens_per_step && *w.tokens_per_step > 1.0 && *w.tokens_per_step <= 4.0);
  }

  void counterResetGivesNoRate() {
    const ServerScrape a = scrape("published/vllm_v1_t10.txt", 0.0);
    const ServerScrape b = scrape("published/vllm_v1_t0.txt", 10.0);  // counters went down: a restart
    const ServerWindow w = server_window(b, a);
    QVERIFY(!w.prompt_tokens_per_s);
    QVERIFY(!w.preemptions_per_s);
  }

  void unknownServerReadsNothing() {
    const ServerScrape s = read_server_scrape(parse_prometheus_text("process_cpu_seconds_total 3\n"), 0.0);
    QCOMPARE(s.kind, ServerKind::Unknown);
    QVERIFY(!s.running && !s.kv_usage && !s.prompt_tokens);
  }
};

QTEST_GUILESS_MAIN(TestServerMetrics)
#include "tst_server_metrics.moc"
