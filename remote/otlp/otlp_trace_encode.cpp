// ExportTraceServiceRequest written with the field numbers otlp_trace_decode.cpp lists (opentelemetry-proto).
// Every span is SPAN_KIND_SERVER (2): a served request, as vLLM marks its llm_request span.
#include "remote/otlp/otlp_trace_encode.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "remote/otlp/protobuf_wire.h"

namespace inferscope::remote {

namespace {

using pb::WireType;

constexpr uint64_t kSpanKindServer = 2;

std::string id_bytes(const std::string& hex, size_t digits, const char* what) {
  if (hex.size() != digits) throw std::invalid_argument(std::string(what) + " is not " + std::to_string(digits) + " hex digits: " + hex);
  std::string out(digits / 2, '\0');
  bool zero = true;
  for (size_t i = 0; i < digits; ++i) {
    const char c = hex[i];
    int v = -1;
    if (c >= '0' && c <= '9') v = c - '0';
    else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    if (v < 0) throw std::invalid_argument(std::string(what) + " is not lowercase hex: " + hex);
    if (v != 0) zero = false;
    out[i / 2] = char(uint8_t(out[i / 2]) | uint8_t(i % 2 == 0 ? v << 4 : v));
  }
  if (zero) throw std::invalid_argument(std::string(what) + " is all zeros (OTLP's \"no id\")");
  return out;
}

std::string any_value(const OtlpValue& v) {
  std::string out;
  switch (v.type) {
    case OtlpValue::Type::String: pb::put_len(out, 1, v.s); break;
    case OtlpValue::Type::Bool: pb::put_uint(out, 2, v.b ? 1 : 0); break;
    case OtlpValue::Type::Int: pb::put_uint(out, 3, uint64_t(v.i)); break;  // int64: two's complement varint
    case OtlpValue::Type::Double: {
      uint64_t bits = 0;
      std::memcpy(&bits, &v.d, sizeof bits);
      pb::put_fixed64(out, 4, bits);
      break;
    }
    case OtlpValue::Type::None: break;  // an empty AnyValue: "no value"
    case OtlpValue::Type::Other: throw std::invalid_argument("an attribute of a type the encoder does not write");
  }
  return out;
}

std::string key_value(const std::string& key, const OtlpValue& value) {
  std::string out;
  pb::put_len(out, 1, key);
  pb::put_len(out, 2, any_value(value));
  return out;
}

std::string span_bytes(const OtlpSpan& s) {
  std::string out;
  pb::put_len(out, 1, id_bytes(s.trace_id, 32, "trace_id"));
  pb::put_len(out, 2, id_bytes(s.span_id, 16, "span_id"));
  if (!s.parent_span_id.empty()) pb::put_len(out, 4, id_bytes(s.parent_span_id, 16, "parent_span_id"));
  pb::put_len(out, 5, s.name);
  pb::put_uint(out, 6, kSpanKindServer);
  pb::put_fixed64(out, 7, s.start_unix_ns);
  pb::put_fixed64(out, 8, s.end_unix_ns);
  for (const OtlpAttribute& a : s.attributes) pb::put_len(out, 9, key_value(a.key, a.value));
  return out;
}

}  // namespace

std::string encode_export_trace_request(const std::vector<OtlpSpan>& spans, std::string_view scope_name) {
  std::vector<std::string> services;  // in order of first appearance
  for (const OtlpSpan& s : spans)
    if (std::find(services.begin(), services.end(), s.service_name) == services.end()) services.push_back(s.service_name);
  std::string request;
  for (const std::string& service : services) {
    std::string scope;
    pb::put_len(scope, 1, scope_name);
    std::string scope_spans;
    pb::put_len(scope_spans, 1, scope);
    for (const OtlpSpan& s : spans)
      if (s.service_name == service) pb::put_len(scope_spans, 2, span_bytes(s));
    std::string resource;
    if (!service.empty()) {
      OtlpValue name;
      name.type = OtlpValue::Type::String;
      name.s = service;
      pb::put_len(resource, 1, key_value("service.name", name));
    }
    std::string resource_spans;
    pb::put_len(resource_spans, 1, resource);
    pb::put_len(resource_spans, 2, scope_spans);
    pb::put_len(request, 1, resource_spans);
  }
  return request;
}

std::vector<std::string> encode_export_trace_batches(const std::vector<OtlpSpan>& spans, size_t max_spans,
                                                     std::string_view scope_name) {
  if (max_spans == 0) throw std::invalid_argument("max_spans must be at least 1");
  std::vector<std::string> out;
  for (size_t i = 0; i < spans.size(); i += max_spans) {
    const auto end = spans.begin() + std::ptrdiff_t(std::min(spans.size(), i + max_spans));
    out.push_back(encode_export_trace_request(std::vector<OtlpSpan>(spans.begin() + std::ptrdiff_t(i), end), scope_name));
  }
  return out;
}

}  // namespace inferscope::remote
