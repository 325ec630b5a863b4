// libFuzzer target: what a live server sends (scrape bodies, /slots answers, KV-event payloads) goes
// through every reader. The first byte picks the reader, so one corpus covers all three.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "remote/kv_events/kv_event_batch.h"
#include "remote/kv_events/kv_prefix_cache.h"
#include "remote/metrics/llamacpp_slots.h"
#include "remote/metrics/server_metrics.h"

using namespace inferscope::remote;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 3) {
    case 0: {
      ParseLimits limits;
      limits.max_samples = 20000;
      const Exposition e = parse_prometheus_text(body, limits);
      const ServerScrape now = read_server_scrape(e, 1.0);
      const ServerScrape before = read_server_scrape(e, 0.0);
      server_window(now, before);
      break;
    }
    case 1: {
      const SlotsRead r = read_llamacpp_slots(body);
      generated_between(r, r);
      break;
    }
    default: {
      const KvDecodeResult r = decode_kv_event_batch(body.data(), body.size());
      if (r.batch) {
        KvPrefixCache cache(4096);
        cache.apply(*r.batch);
        cache.summary();
      }
    }
  }
  return 0;
}
