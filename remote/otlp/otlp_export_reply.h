#pragma once
// What a collector's answer to an OTLP/HTTP trace export means (the OTLP specification's "OTLP/HTTP
// Response"): 2xx with an ExportTraceServiceResponse (whose partial_success may reject some spans), or
// an error status with a google.rpc.Status body. Qt-free.
#include <cstdint>
#include <string>
#include <string_view>

namespace inferscope::remote {

struct OtlpExportReply {
  bool accepted = false;       // 2xx
  int64_t rejected_spans = 0;  // partial_success.rejected_spans (2xx only)
  std::string message;         // the collector's words: partial_success.error_message or Status.message
  bool retryable = false;      // 429, 502, 503, 504: the specification's "retry later"
};

// Reads the reply to one export. The body is read as protobuf when content_type says so (or is empty
// and the body is not JSON), as OTLP/JSON when it says application/json, otherwise taken as text; a
// body that cannot be read leaves message empty (it never throws).
OtlpExportReply read_otlp_export_reply(int http_status, std::string_view content_type, std::string_view body);

// One line for a person: "" for a 2xx that rejected nothing, else e.g. "HTTP 400: span.trace_id has 3
// bytes" or "the collector rejected 4 span(s): ...".
std::string describe_otlp_export_reply(int http_status, const OtlpExportReply& reply);

}  // namespace inferscope::remote
