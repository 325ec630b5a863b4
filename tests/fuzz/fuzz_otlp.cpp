// libFuzzer target: what an OTLP trace exporter sends `attach --otlp-listen` (remote/otlp). The first byte
// picks the way in, so one corpus covers all three: 0 the protobuf decoder, 1 the OTLP/JSON decoder, 2 the
// HTTP framing and the receiver behind it, the bytes fed in pieces whose sizes the next bytes choose (as a
// socket would hand them over).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "remote/otlp/http_request_reader.h"
#include "remote/otlp/llm_request_span.h"
#include "remote/otlp/otlp_trace.h"
#include "remote/otlp/otlp_trace_receiver.h"

using namespace inferscope::remote;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 3) {
    case 0:
    case 1: {
      const OtlpDecodeResult d = data[0] % 3 == 0 ? decode_export_trace_request(body) : decode_export_trace_request_json(body);
      if (!d.ok() && !d.spans.empty()) __builtin_trap();  // refused means nothing taken
      for (const OtlpSpan& s : d.spans) read_llm_request(s, 0.0);
      break;
    }
    default: {
      HttpRequestReader reader(HttpLimits{4096, 32768});
      OtlpTraceReceiver receiver(16);
      while (!body.empty()) {
        const size_t piece = 1 + size_t(uint8_t(body[0])) * 4;
        const std::string_view chunk = body.substr(0, piece);
        body.remove_prefix(chunk.size());
        reader.feed(chunk);
        for (;;) {
          HttpRequestReader::Next n = reader.next();
          if (n.error) receiver.count_refusal(*n.error);
          else if (n.request) receiver.handle(*n.request, 0.0).serialize();
          else break;
        }
        // The framing holds one header section and one body at most, plus the piece just fed.
        if (reader.buffered() > 4096 + 32768 + 1024) __builtin_trap();
      }
      if (receiver.store().kept().size() > 16) __builtin_trap();
    }
  }
  return 0;
}
