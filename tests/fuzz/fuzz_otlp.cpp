// libFuzzer target: what an OTLP trace exporter sends `attach --otlp-listen` (remote/otlp), and what a
// collector answers our exports. The first byte picks the way in, so one corpus covers all four: 0 the
// protobuf decoder (and what it takes, written back by the encoder and read again: the same spans), 1 the
// OTLP/JSON decoder, 2 the HTTP framing and the receiver behind it, the bytes fed in pieces whose sizes the
// next bytes choose (as a socket would hand them over), 3 a collector's reply to an export.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include "remote/otlp/http_request_reader.h"
#include "remote/otlp/llm_request_span.h"
#include "remote/otlp/otlp_export_reply.h"
#include "remote/otlp/otlp_trace.h"
#include "remote/otlp/otlp_trace_encode.h"
#include "remote/otlp/otlp_trace_receiver.h"

using namespace inferscope::remote;

namespace {

bool same_value(const OtlpValue& a, const OtlpValue& b) {
  if (a.type != b.type) return false;
  switch (a.type) {
    case OtlpValue::Type::String: return a.s == b.s;
    case OtlpValue::Type::Bool: return a.b == b.b;
    case OtlpValue::Type::Int: return a.i == b.i;
    case OtlpValue::Type::Double: return std::memcmp(&a.d, &b.d, sizeof a.d) == 0;
    default: return true;
  }
}

// Spans the decoder took, written by the encoder and decoded again, are the same spans (grouped by service).
void round_trip(const std::vector<OtlpSpan>& spans) {
  std::string bytes;
  try {
    bytes = encode_export_trace_request(spans);
  } catch (const std::invalid_argument&) {
    return;  // an all-zero id or a non-scalar attribute: the encoder refuses those by contract
  }
  const OtlpDecodeResult again = decode_export_trace_request(bytes);
  if (!again.ok() || again.spans.size() != spans.size()) __builtin_trap();
  for (const OtlpSpan& b : again.spans) {
    bool found = false;
    for (const OtlpSpan& a : spans) {
      if (a.span_id != b.span_id || a.trace_id != b.trace_id || a.name != b.name || a.parent_span_id != b.parent_span_id ||
          a.start_unix_ns != b.start_unix_ns || a.end_unix_ns != b.end_unix_ns || a.service_name != b.service_name ||
          a.attributes.size() != b.attributes.size())
        continue;
      bool same = true;
      for (size_t i = 0; i < a.attributes.size() && same; ++i)
        same = a.attributes[i].key == b.attributes[i].key && same_value(a.attributes[i].value, b.attributes[i].value);
      found = found || same;
    }
    if (!found) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 4) {
    case 0:
    case 1: {
      const OtlpDecodeResult d = data[0] % 3 == 0 ? decode_export_trace_request(body) : decode_export_trace_request_json(body);
      if (!d.ok() && !d.spans.empty()) __builtin_trap();  // refused means nothing taken
      for (const OtlpSpan& s : d.spans) read_llm_request(s, 0.0);
      if (data[0] % 4 == 0 && d.ok()) round_trip(d.spans);
      break;
    }
    case 3: {
      if (body.size() < 3) break;
      const int status = 100 + (uint8_t(body[0]) | uint8_t(body[1]) << 8) % 500;
      static const char* const types[] = {"application/x-protobuf", "application/json", "text/plain", ""};
      const std::string_view type = types[uint8_t(body[2]) % 4];
      const OtlpExportReply r = read_otlp_export_reply(status, type, body.substr(3));
      if (r.rejected_spans < 0 || r.accepted != (status >= 200 && status < 300)) __builtin_trap();
      describe_otlp_export_reply(status, r);
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
