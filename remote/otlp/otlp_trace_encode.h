#pragma once
// Spans into OTLP trace export requests (opentelemetry-proto's ExportTraceServiceRequest, protobuf wire
// format, Content-Type application/x-protobuf): the inverse of decode_export_trace_request() for what an
// OtlpSpan holds. Qt-free.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "remote/otlp/otlp_trace.h"

namespace inferscope::remote {

// One export request carrying every span, grouped by service_name into ResourceSpans (a resource per
// service, in order of first appearance, service.name its only attribute) with one ScopeSpans each,
// named scope_name. Spans keep their order within a service. Ids are written as bytes from their hex;
// throws std::invalid_argument for an id that is not 32 (trace) or 16 (span, parent) lowercase hex
// digits, an all-zero id, or an attribute of type Other (the encoder writes scalars only).
std::string encode_export_trace_request(const std::vector<OtlpSpan>& spans, std::string_view scope_name = "inferscope");

// The same spans as several export requests of at most max_spans each (a collector's body limit; the
// OpenTelemetry SDK's batch processor sends 512 per export). Spans of one trace may straddle requests,
// as they do with the SDK. No request for no spans.
// Spans per export that inferscope sends (replay / export --otlp-traces-endpoint, the workbench): a
// collector's default body limit (4 MiB) holds this many with room.
inline constexpr size_t kOtlpSpansPerExport = 2048;

std::vector<std::string> encode_export_trace_batches(const std::vector<OtlpSpan>& spans, size_t max_spans,
                                                     std::string_view scope_name = "inferscope");

}  // namespace inferscope::remote
