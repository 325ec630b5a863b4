// ExportTraceServiceRequest in the OTLP/JSON encoding: the protobuf messages of otlp_trace_decode.cpp
// mapped to JSON with lowerCamelCase keys (resourceSpans, scopeSpans, spans, traceId, spanId, parentSpanId,
// name, startTimeUnixNano, endTimeUnixNano, attributes; AnyValue's stringValue, boolValue, intValue,
// doubleValue, arrayValue, kvlistValue, bytesValue). OTLP/JSON writes trace and span ids as hex (not base64)
// and 64-bit integers as decimal strings; numbers are accepted too. Unknown keys are ignored.
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

#include "remote/otlp/otlp_trace.h"

namespace inferscope::remote {

namespace {

using json = nlohmann::json;

struct JsonShapeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const json* member(const json& obj, const char* key, json::value_t want, const char* where) {
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return nullptr;
  const bool ok = it->type() == want || (want == json::value_t::number_integer && it->is_number_integer()) ||
                  (want == json::value_t::number_float && it->is_number());
  if (!ok) throw JsonShapeError(std::string(where) + "." + key + " has the wrong type");
  return &*it;
}

const json& object(const json& j, const char* where) {
  if (!j.is_object()) throw JsonShapeError(std::string(where) + " is not an object");
  return j;
}

uint64_t u64_of(const json& v, const char* where) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer() && v.get<int64_t>() >= 0) return uint64_t(v.get<int64_t>());
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    uint64_t out = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) return out;
  }
  throw JsonShapeError(std::string(where) + " is not an unsigned 64-bit integer");
}

int64_t i64_of(const json& v, const char* where) {
  if (v.is_number_integer()) {
    if (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX)) throw JsonShapeError(std::string(where) + " overflows int64");
    return v.get<int64_t>();
  }
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    int64_t out = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) return out;
  }
  throw JsonShapeError(std::string(where) + " is not a 64-bit integer");
}

std::string hex_id(const json& span, const char* key, size_t digits, bool may_be_empty) {
  const json* v = member(span, key, json::value_t::string, "span");
  std::string s = v ? v->get<std::string>() : std::string();
  if (s.empty() && may_be_empty) return s;
  if (s.size() != digits) throw JsonShapeError(std::string("span.") + key + " is not " + std::to_string(digits) + " hex digits");
  for (char& c : s) {
    if (c >= 'A' && c <= 'F') c = char(c - 'A' + 'a');
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) throw JsonShapeError(std::string("span.") + key + " is not hex");
  }
  return s;
}

void any_value(const json& j, OtlpValue& v, int depth, const OtlpDecodeLimits& lim);

void key_value(const json& j, OtlpAttribute& kv, int depth, const OtlpDecodeLimits& lim) {
  object(j, "KeyValue");
  if (const json* k = member(j, "key", json::value_t::string, "KeyValue")) kv.key = k->get<std::string>();
  if (const auto it = j.find("value"); it != j.end() && !it->is_null()) any_value(*it, kv.value, depth, lim);
}

void any_value(const json& j, OtlpValue& v, int depth, const OtlpDecodeLimits& lim) {
  if (depth > lim.max_value_depth) throw JsonShapeError("AnyValue nested deeper than " + std::to_string(lim.max_value_depth));
  object(j, "AnyValue");
  v = OtlpValue{};
  if (const json* s = member(j, "stringValue", json::value_t::string, "AnyValue")) {
    v.type = OtlpValue::Type::String;
    v.s = s->get<std::string>();
  } else if (const json* b = member(j, "boolValue", json::value_t::boolean, "AnyValue")) {
    v.type = OtlpValue::Type::Bool;
    v.b = b->get<bool>();
  } else if (const auto it = j.find("intValue"); it != j.end() && !it->is_null()) {
    v.type = OtlpValue::Type::Int;
    v.i = i64_of(*it, "AnyValue.intValue");
  } else if (const auto dt = j.find("doubleValue"); dt != j.end() && !dt->is_null()) {
    v.type = OtlpValue::Type::Double;
    // JSON has no NaN or infinity literals; protobuf's JSON mapping writes them as these strings.
    if (dt->is_number()) v.d = dt->get<double>();
    else if (dt->is_string() && *dt == "NaN") v.d = std::nan("");
    else if (dt->is_string() && *dt == "Infinity") v.d = INFINITY;
    else if (dt->is_string() && *dt == "-Infinity") v.d = -INFINITY;
    else throw JsonShapeError("AnyValue.doubleValue is not a number");
  } else if (const json* a = member(j, "arrayValue", json::value_t::object, "AnyValue")) {
    if (const json* vals = member(*a, "values", json::value_t::array, "ArrayValue")) {
      if (vals->size() > lim.max_attributes) throw JsonShapeError("ArrayValue has too many values");
      for (const json& e : *vals) {
        OtlpValue inner;
        any_value(e, inner, depth + 1, lim);
      }
    }
    v.type = OtlpValue::Type::Other;
  } else if (const json* l = member(j, "kvlistValue", json::value_t::object, "AnyValue")) {
    if (const json* vals = member(*l, "values", json::value_t::array, "KeyValueList")) {
      if (vals->size() > lim.max_attributes) throw JsonShapeError("KeyValueList has too many values");
      for (const json& e : *vals) {
        OtlpAttribute inner;
        key_value(e, inner, depth + 1, lim);
      }
    }
    v.type = OtlpValue::Type::Other;
  } else if (member(j, "bytesValue", json::value_t::string, "AnyValue")) {
    v.type = OtlpValue::Type::Other;
  }
}

std::vector<OtlpAttribute> attributes(const json& owner, const char* where, const OtlpDecodeLimits& lim) {
  std::vector<OtlpAttribute> out;
  if (const json* a = member(owner, "attributes", json::value_t::array, where)) {
    if (a->size() > lim.max_attributes)
      throw JsonShapeError(std::string(where) + " has more than " + std::to_string(lim.max_attributes) + " attributes");
    for (const json& e : *a) {
      OtlpAttribute kv;
      key_value(e, kv, 0, lim);
      out.push_back(std::move(kv));
    }
  }
  return out;
}

}  // namespace

OtlpDecodeResult decode_export_trace_request_json(std::string_view body, const OtlpDecodeLimits& lim) {
  OtlpDecodeResult res;
  try {
    // Strict parse (no comments, no trailing commas); invalid UTF-8 in a string fails the parse.
    const json doc = json::parse(body.begin(), body.end());
    object(doc, "ExportTraceServiceRequest");
    const json* rss = member(doc, "resourceSpans", json::value_t::array, "ExportTraceServiceRequest");
    if (rss) {
      for (const json& rs : *rss) {
        object(rs, "ResourceSpans");
        std::string service;
        if (const json* res_obj = member(rs, "resource", json::value_t::object, "ResourceSpans"))
          for (const OtlpAttribute& a : attributes(*res_obj, "Resource", lim))
            if (a.key == "service.name" && a.value.type == OtlpValue::Type::String) service = a.value.s;
        const json* sss = member(rs, "scopeSpans", json::value_t::array, "ResourceSpans");
        if (!sss) continue;
        for (const json& ss : *sss) {
          object(ss, "ScopeSpans");
          const json* spans = member(ss, "spans", json::value_t::array, "ScopeSpans");
          if (!spans) continue;
          for (const json& sj : *spans) {
            object(sj, "Span");
            if (res.spans.size() >= lim.max_spans) throw JsonShapeError("more than " + std::to_string(lim.max_spans) + " spans in one request");
            OtlpSpan s;
            s.trace_id = hex_id(sj, "traceId", 32, false);
            s.span_id = hex_id(sj, "spanId", 16, false);
            s.parent_span_id = hex_id(sj, "parentSpanId", 16, true);
            if (const json* n = member(sj, "name", json::value_t::string, "Span")) s.name = n->get<std::string>();
            if (const auto it = sj.find("startTimeUnixNano"); it != sj.end() && !it->is_null())
              s.start_unix_ns = u64_of(*it, "Span.startTimeUnixNano");
            if (const auto it = sj.find("endTimeUnixNano"); it != sj.end() && !it->is_null())
              s.end_unix_ns = u64_of(*it, "Span.endTimeUnixNano");
            s.attributes = attributes(sj, "Span", lim);
            s.service_name = service;
            res.spans.push_back(std::move(s));
          }
        }
      }
    }
  } catch (const json::exception& e) {
    res.spans.clear();
    res.error = std::string("not OTLP/JSON: ") + e.what();
  } catch (const JsonShapeError& e) {
    res.spans.clear();
    res.error = e.what();
  }
  return res;
}

}  // namespace inferscope::remote
