#pragma once
// OTLP trace export requests (opentelemetry-proto's ExportTraceServiceRequest), decoded into the spans they
// carry with their scalar attributes. Qt-free, no protobuf library: otlp_trace_decode.cpp reads the wire
// format, otlp_trace_json.cpp the OTLP/JSON encoding of the same messages.
//
// What the decoders promise: a request is decoded whole or refused with a one-line reason (nothing is
// half-taken); no read past the input; every string kept is valid UTF-8; trace ids are 16 bytes and span ids
// 8 (hex in the result); unknown fields are skipped, as protobuf readers must, so newer senders still work.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace inferscope::remote {

// An attribute's value. Arrays, key-value lists and bytes are checked but not kept (Other): the request
// figures this receiver reads are all scalars.
struct OtlpValue {
  enum class Type : uint8_t { None, String, Bool, Int, Double, Other };
  Type type = Type::None;
  std::string s;
  bool b = false;
  int64_t i = 0;
  double d = 0.0;
};

struct OtlpAttribute {
  std::string key;
  OtlpValue value;
};

struct OtlpSpan {
  std::string trace_id;        // 32 lowercase hex digits
  std::string span_id;         // 16
  std::string parent_span_id;  // 16, or empty for a root span
  std::string name;
  uint64_t start_unix_ns = 0, end_unix_ns = 0;
  std::string service_name;    // the resource's service.name, when it has one
  std::vector<OtlpAttribute> attributes;

  // The attribute of that key; nullptr when absent.
  const OtlpValue* attribute(std::string_view key) const;
};

struct OtlpDecodeLimits {
  size_t max_spans = 100000;             // in one request
  size_t max_attributes = 1024;          // on one span or resource
  int max_value_depth = 8;               // arrays and key-value lists inside each other
};

struct OtlpDecodeResult {
  std::vector<OtlpSpan> spans;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

// The protobuf encoding (Content-Type application/x-protobuf).
OtlpDecodeResult decode_export_trace_request(std::string_view body, const OtlpDecodeLimits& limits = {});
// The OTLP/JSON encoding (Content-Type application/json): lowerCamelCase field names, ids as hex, 64-bit
// integers as decimal strings or numbers.
OtlpDecodeResult decode_export_trace_request_json(std::string_view body, const OtlpDecodeLimits& limits = {});

}  // namespace inferscope::remote
