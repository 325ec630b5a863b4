#include "remote/otlp/otlp_trace_receiver.h"

#include <nlohmann/json.hpp>

#include "remote/otlp/llm_request_span.h"
#include "remote/otlp/protobuf_wire.h"

namespace inferscope::remote {

namespace {

// The media type without its parameters, lowercased ("application/json; charset=utf-8" -> "application/json").
std::string media_type(std::string v) {
  if (const size_t semi = v.find(';'); semi != std::string::npos) v.resize(semi);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.pop_back();
  for (char& c : v)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return v;
}

constexpr int32_t kInvalidArgument = 3;  // google.rpc.Code

}  // namespace

std::string encode_rpc_status(int32_t code, const std::string& message) {
  std::string out;
  if (code != 0) pb::put_uint(out, 1, uint64_t(int64_t(code)));
  if (!message.empty()) pb::put_len(out, 2, message);
  return out;
}

bool decode_rpc_status(std::string_view bytes, int32_t& code, std::string& message) {
  code = 0;
  message.clear();
  try {
    pb::WireReader r(bytes);
    while (!r.done()) {
      const auto t = r.tag();
      if (t.number == 1 && t.type == pb::WireType::Varint) code = int32_t(r.varint());
      else if (t.number == 2 && t.type == pb::WireType::Len) message = std::string(r.len());
      else r.skip(t.type);
    }
  } catch (const pb::WireError&) {
    return false;
  }
  return true;
}

OtlpTraceReceiver::OtlpTraceReceiver(size_t keep, OtlpDecodeLimits limits) : store_(keep), limits_(limits) {}

void OtlpTraceReceiver::count_refusal(const HttpResponse& r) {
  ++stats_.refused;
  stats_.last_error = std::to_string(r.status) + " " + r.body;
  while (!stats_.last_error.empty() && stats_.last_error.back() == '\n') stats_.last_error.pop_back();
}

HttpResponse OtlpTraceReceiver::refuse(int status, std::string reason, bool protobuf_status, bool json) {
  HttpResponse r;
  r.status = status;
  if (protobuf_status) {
    r.content_type = "application/x-protobuf";
    r.body = encode_rpc_status(kInvalidArgument, reason);
  } else if (json) {
    r.content_type = "application/json";
    r.body = nlohmann::json{{"code", kInvalidArgument}, {"message", reason}}.dump();
  } else {
    r.content_type = "text/plain; charset=utf-8";
    r.body = reason + "\n";
  }
  ++stats_.refused;
  stats_.last_error = std::to_string(status) + " " + reason;
  return r;
}

HttpResponse OtlpTraceReceiver::handle(const HttpRequest& req, double now_s) {
  std::string path = req.target;
  if (const size_t q = path.find('?'); q != std::string::npos) path.resize(q);
  if (path != "/v1/traces") return refuse(404, "not found: this receiver takes OTLP traces at POST /v1/traces", false, false);
  if (req.method != "POST") {
    HttpResponse r = refuse(405, "method " + req.method + " not allowed: POST /v1/traces", false, false);
    r.extra_headers.emplace_back("Allow", "POST");
    return r;
  }
  const std::string encoding = media_type(req.header("content-encoding"));
  if (!encoding.empty() && encoding != "identity")
    return refuse(415, "Content-Encoding " + encoding + " is not supported; send uncompressed (OTEL_EXPORTER_OTLP_COMPRESSION=none)",
                  false, false);
  const std::string type = media_type(req.header("content-type"));
  const bool protobuf = type == "application/x-protobuf";
  const bool json = type == "application/json";
  if (!protobuf && !json)
    return refuse(415, "Content-Type " + (type.empty() ? std::string("(none)") : type) +
                           " is not supported: application/x-protobuf or application/json",
                  false, false);

  OtlpDecodeResult d = protobuf ? decode_export_trace_request(req.body, limits_) : decode_export_trace_request_json(req.body, limits_);
  if (!d.ok()) return refuse(400, "malformed ExportTraceServiceRequest: " + d.error, protobuf, json);

  ++stats_.exports;
  stats_.spans += d.spans.size();
  std::vector<LlmRequestSpan> got;
  for (const OtlpSpan& s : d.spans) {
    if (auto r = read_llm_request(s, now_s)) got.push_back(std::move(*r));
    else ++stats_.other_spans;
  }
  stats_.requests += got.size();
  for (const LlmRequestSpan& r : got) store_.add(r);
  if (!got.empty() && on_requests_) on_requests_(got);

  HttpResponse ok;
  ok.status = 200;
  // An empty ExportTraceServiceResponse: no bytes in protobuf, {} in JSON.
  ok.content_type = protobuf ? "application/x-protobuf" : "application/json";
  ok.body = protobuf ? std::string() : std::string("{}");
  return ok;
}

}  // namespace inferscope::remote
