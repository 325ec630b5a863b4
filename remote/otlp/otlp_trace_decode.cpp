// ExportTraceServiceRequest in the protobuf wire format. The field numbers, from opentelemetry-proto
// (opentelemetry/proto/collector/trace/v1/trace_service.proto, trace/v1/trace.proto, common/v1/common.proto,
// resource/v1/resource.proto):
//
//   ExportTraceServiceRequest  1 resource_spans: ResourceSpans (repeated)
//   ResourceSpans              1 resource: Resource   2 scope_spans: ScopeSpans (repeated)   3 schema_url
//   Resource                   1 attributes: KeyValue (repeated)   2 dropped_attributes_count
//   ScopeSpans                 1 scope: InstrumentationScope   2 spans: Span (repeated)   3 schema_url
//   Span                       1 trace_id: bytes(16)   2 span_id: bytes(8)   3 trace_state   4 parent_span_id: bytes
//                              5 name: string   6 kind   7 start_time_unix_nano: fixed64   8 end_time_unix_nano: fixed64
//                              9 attributes: KeyValue (repeated)   10..14 dropped counts, events, links   15 status   16 flags
//   KeyValue                   1 key: string   2 value: AnyValue
//   AnyValue (oneof)           1 string_value   2 bool_value   3 int_value: int64   4 double_value: double (fixed64)
//                              5 array_value: ArrayValue {1 values: AnyValue (repeated)}
//                              6 kvlist_value: KeyValueList {1 values: KeyValue (repeated)}   7 bytes_value
//
// Fields not listed (and those listed but not kept: scope, events, links, status) are skipped by wire type.
#include <cstring>

#include "remote/otlp/otlp_trace.h"
#include "remote/otlp/protobuf_wire.h"

namespace inferscope::remote {

using pb::WireError;
using pb::WireReader;
using pb::WireType;

const OtlpValue* OtlpSpan::attribute(std::string_view key) const {
  for (const OtlpAttribute& a : attributes)
    if (a.key == key) return &a.value;
  return nullptr;
}

namespace {

std::string utf8(std::string_view s, const char* field) {
  if (!pb::valid_utf8(s)) throw WireError(std::string(field) + " is not valid UTF-8");
  return std::string(s);
}

std::string hex_id(std::string_view bytes, size_t want, const char* field, bool may_be_empty) {
  if (bytes.empty() && may_be_empty) return {};
  if (bytes.size() != want)
    throw WireError(std::string(field) + " has " + std::to_string(bytes.size()) + " bytes, expected " + std::to_string(want));
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * want);
  for (char c : bytes) {
    out.push_back(digits[uint8_t(c) >> 4]);
    out.push_back(digits[uint8_t(c) & 15]);
  }
  return out;
}

void decode_any(std::string_view raw, OtlpValue& v, int depth, const OtlpDecodeLimits& lim);

void decode_key_value(std::string_view raw, OtlpAttribute& kv, int depth, const OtlpDecodeLimits& lim) {
  WireReader r(raw);
  while (!r.done()) {
    const auto t = r.tag();
    if (t.number == 1) {
      pb::expect(t, WireType::Len, "KeyValue.key");
      kv.key = utf8(r.len(), "KeyValue.key");
    } else if (t.number == 2) {
      pb::expect(t, WireType::Len, "KeyValue.value");
      decode_any(r.len(), kv.value, depth, lim);
    } else {
      r.skip(t.type);
    }
  }
}

void decode_any(std::string_view raw, OtlpValue& v, int depth, const OtlpDecodeLimits& lim) {
  if (depth > lim.max_value_depth) throw WireError("AnyValue nested deeper than " + std::to_string(lim.max_value_depth));
  WireReader r(raw);
  v = OtlpValue{};
  while (!r.done()) {
    const auto t = r.tag();
    switch (t.number) {
      case 1:
        pb::expect(t, WireType::Len, "AnyValue.string_value");
        v = OtlpValue{};
        v.type = OtlpValue::Type::String;
        v.s = utf8(r.len(), "AnyValue.string_value");
        break;
      case 2:
        pb::expect(t, WireType::Varint, "AnyValue.bool_value");
        v = OtlpValue{};
        v.type = OtlpValue::Type::Bool;
        v.b = r.varint() != 0;
        break;
      case 3:
        pb::expect(t, WireType::Varint, "AnyValue.int_value");
        v = OtlpValue{};
        v.type = OtlpValue::Type::Int;
        v.i = int64_t(r.varint());  // int64: two's complement in 10 bytes when negative
        break;
      case 4: {
        pb::expect(t, WireType::Fixed64, "AnyValue.double_value");
        v = OtlpValue{};
        v.type = OtlpValue::Type::Double;
        const uint64_t bits = r.fixed64();
        std::memcpy(&v.d, &bits, sizeof bits);
        break;
      }
      case 5: {  // ArrayValue: checked, not kept
        pb::expect(t, WireType::Len, "AnyValue.array_value");
        WireReader a(r.len());
        size_t n = 0;
        while (!a.done()) {
          const auto at = a.tag();
          if (at.number == 1) {
            pb::expect(at, WireType::Len, "ArrayValue.values");
            if (++n > lim.max_attributes) throw WireError("ArrayValue has more than " + std::to_string(lim.max_attributes) + " values");
            OtlpValue inner;
            decode_any(a.len(), inner, depth + 1, lim);
          } else {
            a.skip(at.type);
          }
        }
        v = OtlpValue{};
        v.type = OtlpValue::Type::Other;
        break;
      }
      case 6: {  // KeyValueList: checked, not kept
        pb::expect(t, WireType::Len, "AnyValue.kvlist_value");
        WireReader a(r.len());
        size_t n = 0;
        while (!a.done()) {
          const auto at = a.tag();
          if (at.number == 1) {
            pb::expect(at, WireType::Len, "KeyValueList.values");
            if (++n > lim.max_attributes) throw WireError("KeyValueList has more than " + std::to_string(lim.max_attributes) + " values");
            OtlpAttribute inner;
            decode_key_value(a.len(), inner, depth + 1, lim);
          } else {
            a.skip(at.type);
          }
        }
        v = OtlpValue{};
        v.type = OtlpValue::Type::Other;
        break;
      }
      case 7:
        pb::expect(t, WireType::Len, "AnyValue.bytes_value");
        r.len();
        v = OtlpValue{};
        v.type = OtlpValue::Type::Other;
        break;
      default:
        r.skip(t.type);
    }
  }
}

void add_attribute(std::string_view raw, std::vector<OtlpAttribute>& out, const char* where, const OtlpDecodeLimits& lim) {
  if (out.size() >= lim.max_attributes)
    throw WireError(std::string(where) + " has more than " + std::to_string(lim.max_attributes) + " attributes");
  OtlpAttribute kv;
  decode_key_value(raw, kv, 0, lim);
  out.push_back(std::move(kv));
}

std::string decode_resource_service(std::string_view raw, const OtlpDecodeLimits& lim) {
  WireReader r(raw);
  std::vector<OtlpAttribute> attrs;
  while (!r.done()) {
    const auto t = r.tag();
    if (t.number == 1) {
      pb::expect(t, WireType::Len, "Resource.attributes");
      add_attribute(r.len(), attrs, "Resource", lim);
    } else {
      r.skip(t.type);
    }
  }
  for (const OtlpAttribute& a : attrs)
    if (a.key == "service.name" && a.value.type == OtlpValue::Type::String) return a.value.s;
  return {};
}

OtlpSpan decode_span(std::string_view raw, const OtlpDecodeLimits& lim) {
  WireReader r(raw);
  OtlpSpan s;
  std::string_view trace_id, span_id, parent;
  while (!r.done()) {
    const auto t = r.tag();
    switch (t.number) {
      case 1: pb::expect(t, WireType::Len, "Span.trace_id"); trace_id = r.len(); break;
      case 2: pb::expect(t, WireType::Len, "Span.span_id"); span_id = r.len(); break;
      case 4: pb::expect(t, WireType::Len, "Span.parent_span_id"); parent = r.len(); break;
      case 5: pb::expect(t, WireType::Len, "Span.name"); s.name = utf8(r.len(), "Span.name"); break;
      case 7: pb::expect(t, WireType::Fixed64, "Span.start_time_unix_nano"); s.start_unix_ns = r.fixed64(); break;
      case 8: pb::expect(t, WireType::Fixed64, "Span.end_time_unix_nano"); s.end_unix_ns = r.fixed64(); break;
      case 9: pb::expect(t, WireType::Len, "Span.attributes"); add_attribute(r.len(), s.attributes, "Span", lim); break;
      default: r.skip(t.type);
    }
  }
  s.trace_id = hex_id(trace_id, 16, "Span.trace_id", false);
  s.span_id = hex_id(span_id, 8, "Span.span_id", false);
  s.parent_span_id = hex_id(parent, 8, "Span.parent_span_id", true);
  return s;
}

void decode_scope_spans(std::string_view raw, const std::string& service, std::vector<OtlpSpan>& out,
                        const OtlpDecodeLimits& lim) {
  WireReader r(raw);
  while (!r.done()) {
    const auto t = r.tag();
    if (t.number == 2) {
      pb::expect(t, WireType::Len, "ScopeSpans.spans");
      if (out.size() >= lim.max_spans) throw WireError("more than " + std::to_string(lim.max_spans) + " spans in one request");
      out.push_back(decode_span(r.len(), lim));
      out.back().service_name = service;
    } else if (t.number == 1) {
      pb::expect(t, WireType::Len, "ScopeSpans.scope");
      r.len();
    } else {
      r.skip(t.type);
    }
  }
}

void decode_resource_spans(std::string_view raw, std::vector<OtlpSpan>& out, const OtlpDecodeLimits& lim) {
  // The resource may come after the scopes on the wire (field order is not guaranteed): read it first.
  std::string service;
  {
    WireReader r(raw);
    while (!r.done()) {
      const auto t = r.tag();
      if (t.number == 1) {
        pb::expect(t, WireType::Len, "ResourceSpans.resource");
        service = decode_resource_service(r.len(), lim);
      } else {
        r.skip(t.type);
      }
    }
  }
  WireReader r(raw);
  while (!r.done()) {
    const auto t = r.tag();
    if (t.number == 2) {
      pb::expect(t, WireType::Len, "ResourceSpans.scope_spans");
      decode_scope_spans(r.len(), service, out, lim);
    } else {
      r.skip(t.type);
    }
  }
}

}  // namespace

OtlpDecodeResult decode_export_trace_request(std::string_view body, const OtlpDecodeLimits& limits) {
  OtlpDecodeResult res;
  try {
    WireReader r(body);
    while (!r.done()) {
      const auto t = r.tag();
      if (t.number == 1) {
        pb::expect(t, WireType::Len, "ExportTraceServiceRequest.resource_spans");
        decode_resource_spans(r.len(), res.spans, limits);
      } else {
        r.skip(t.type);
      }
    }
  } catch (const WireError& e) {
    res.spans.clear();
    res.error = e.what();
  }
  return res;
}

}  // namespace inferscope::remote
