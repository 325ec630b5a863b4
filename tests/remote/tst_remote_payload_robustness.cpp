// Scrape and /slots bodies mutated at random (bytes flipped, cut, repeated): every reader returns
// without crashing and within its limits. Run under ASan+UBSan in CI (label engine). Deterministic seed.
#include <QtTest>
#include <random>

#include "remote/metrics/histogram_window.h"
#include "remote/metrics/llamacpp_slots.h"
#include "remote/metrics/server_metrics.h"
#include "tests/remote/remote_test_data.h"

using namespace inferscope::remote;

namespace {
std::string mutate(const std::string& in, std::mt19937& rng) {
  std::string s = in;
  std::uniform_int_distribution<int> kind(0, 3);
  const int edits = 1 + static_cast<int>(rng() % 8);
  for (int e = 0; e < edits && !s.empty(); ++e) {
    const std::size_t at = rng() % s.size();
    switch (kind(rng)) {
      case 0: s[at] = static_cast<char>(rng() & 0xff); break;
      case 1: s.resize(at); break;
      case 2: s.insert(at, s.substr(at, std::min<std::size_t>(s.size() - at, rng() % 64))); break;
      default: {
        static const char* kTokens[] = {"{", "}", "\"", "\\", "=", ",", " ", "\n", "+Inf", "NaN", "1e308", "-", "le=\"x\""};
        s.insert(at, kTokens[rng() % (sizeof(kTokens) / sizeof(kTokens[0]))]);
      }
    }
  }
  return s;
}
}  // namespace

class TestRemotePayloadRobustness : public QObject {
  Q_OBJECT
 private slots:
  void mutatedScrapes() {
    const char* files[] = {"published/prometheus_exposition_example.txt", "published/vllm_v1_t0.txt",
                           "published/vllm_0.8.txt", "published/sglang.txt", "llamacpp-0.3.36/metrics_busy.txt"};
    std::mt19937 rng(20261205);
    ParseLimits limits;
    limits.max_samples = 1000;
    std::size_t parsed = 0;
    for (const char* f : files) {
      const std::string body = remote_test_data(f);
      for (int i = 0; i < 2000; ++i) {
        const std::string m = mutate(body, rng);
        const Exposition e = parse_prometheus_text(m, limits);
        QVERIFY(e.sample_count() <= limits.max_samples);
        const ServerScrape s = read_server_scrape(e, 1.0);
        server_window(s, read_server_scrape(parse_prometheus_text(body), 0.0));
        parsed += e.sample_count();
      }
    }
    QVERIFY(parsed > 0);
  }

  void mutatedSlots() {
    std::mt19937 rng(7);
    const std::string body = remote_test_data("llamacpp-0.3.36/slots_busy.json");
    int readable = 0;
    for (int i = 0; i < 3000; ++i) {
      const SlotsRead r = read_llamacpp_slots(mutate(body, rng));
      if (r.error.empty()) ++readable;
      for (const SlotState& s : r.slot_states) {
        QVERIFY(s.n_ctx >= 0);
        if (s.used_tokens()) QVERIFY(*s.used_tokens() <= s.n_ctx);
      }
    }
    QVERIFY(readable > 0);  // some mutations keep the JSON valid: those are read, not refused
  }
};

QTEST_GUILESS_MAIN(TestRemotePayloadRobustness)
#include "tst_remote_payload_robustness.moc"
