// ExportTraceServiceResponse: 1 partial_success: ExportTracePartialSuccess {1 rejected_spans: int64,
// 2 error_message: string}. google.rpc.Status: 1 code: int32, 2 message: string, 3 details (repeated Any).
#include "remote/otlp/otlp_export_reply.h"

#include <nlohmann/json.hpp>

#include "remote/otlp/protobuf_wire.h"

namespace inferscope::remote {

namespace {

using pb::WireReader;
using pb::WireType;

// Field `number` of a message, as a varint or a string; the others skipped.
void read_fields(std::string_view raw, uint32_t int_field, int64_t* int_out, uint32_t str_field, std::string* str_out) {
  WireReader r(raw);
  while (!r.done()) {
    const pb::FieldTag t = r.tag();
    if (t.number == int_field && t.type == WireType::Varint) *int_out = int64_t(r.varint());
    else if (t.number == str_field && t.type == WireType::Len) *str_out = std::string(r.len());
    else r.skip(t.type);
  }
}

void read_protobuf(bool accepted, std::string_view body, OtlpExportReply& reply) {
  try {
    if (accepted) {
      WireReader r(body);
      while (!r.done()) {
        const pb::FieldTag t = r.tag();
        if (t.number == 1 && t.type == WireType::Len) read_fields(r.len(), 1, &reply.rejected_spans, 2, &reply.message);
        else r.skip(t.type);
      }
    } else {
      int64_t code = 0;
      read_fields(body, 1, &code, 2, &reply.message);
    }
  } catch (const pb::WireError&) {
    reply.rejected_spans = 0;
    reply.message.clear();
  }
  if (!pb::valid_utf8(reply.message)) reply.message.clear();
}

void read_json(bool accepted, std::string_view body, OtlpExportReply& reply) {
  const nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (!j.is_object()) return;
  if (accepted) {
    const auto ps = j.find("partialSuccess");
    if (ps == j.end() || !ps->is_object()) return;
    const auto n = ps->find("rejectedSpans");  // int64: a decimal string or a number
    if (n != ps->end() && n->is_number_integer()) reply.rejected_spans = n->get<int64_t>();
    else if (n != ps->end() && n->is_string()) reply.rejected_spans = std::strtoll(n->get<std::string>().c_str(), nullptr, 10);
    if (const auto m = ps->find("errorMessage"); m != ps->end() && m->is_string()) reply.message = m->get<std::string>();
  } else if (const auto m = j.find("message"); m != j.end() && m->is_string()) {
    reply.message = m->get<std::string>();
  }
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

}  // namespace

OtlpExportReply read_otlp_export_reply(int http_status, std::string_view content_type, std::string_view body) {
  OtlpExportReply reply;
  reply.accepted = http_status >= 200 && http_status < 300;
  reply.retryable = http_status == 429 || http_status == 502 || http_status == 503 || http_status == 504;
  if (body.empty()) return reply;
  const bool json = starts_with(content_type, "application/json");
  if (json) read_json(reply.accepted, body, reply);
  else if (starts_with(content_type, "application/x-protobuf") || content_type.empty()) read_protobuf(reply.accepted, body, reply);
  else if (!reply.accepted && pb::valid_utf8(body)) reply.message = std::string(body.substr(0, 300));
  if (reply.rejected_spans < 0) reply.rejected_spans = 0;
  return reply;
}

std::string describe_otlp_export_reply(int http_status, const OtlpExportReply& reply) {
  if (reply.accepted) {
    if (reply.rejected_spans == 0) return {};
    return "the collector rejected " + std::to_string(reply.rejected_spans) + " span(s)" +
           (reply.message.empty() ? std::string() : ": " + reply.message);
  }
  return "HTTP " + std::to_string(http_status) + (reply.message.empty() ? std::string() : ": " + reply.message) +
         (reply.retryable ? " (the collector asks to retry later)" : "");
}

}  // namespace inferscope::remote
