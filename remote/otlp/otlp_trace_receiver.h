#pragma once
// The OTLP/HTTP trace receiver's logic, without sockets: one HTTP request in, its answer out, the requests
// it carried kept (RequestSpanStore) and handed to a callback. Qt-free and single-threaded: the socket side
// (otlp_http_server.h, or the Servers tab later) calls handle() from its one thread.
//
// What handle() promises (OTLP/HTTP, opentelemetry-proto's specification):
// - POST /v1/traces with Content-Type application/x-protobuf or application/json: the export request is
//   decoded whole; on success 200 with an empty ExportTraceServiceResponse (encoded like the request) and
//   every span describing a served request (read_llm_request) added to the store and to the callback, in
//   the order sent; other spans are counted, not kept.
// - A payload that does not decode: 400 with a google.rpc.Status (code 3, INVALID_ARGUMENT) whose message
//   is the reason, encoded like the request; nothing is added, counters aside. The next request is served
//   as usual.
// - Another path 404, another method 405, another content type or a Content-Encoding (gzip: turn the
//   exporter's compression off) 415, with a plain-text reason.
#include <cstdint>
#include <functional>
#include <string>

#include "remote/otlp/http_request_reader.h"
#include "remote/otlp/otlp_trace.h"
#include "remote/otlp/request_span_store.h"

namespace inferscope::remote {

struct OtlpReceiverStats {
  uint64_t exports = 0;      // export requests accepted
  uint64_t refused = 0;      // answered with 4xx
  uint64_t spans = 0;        // spans in accepted exports
  uint64_t requests = 0;     // of them, served requests (llm_request and the like)
  uint64_t other_spans = 0;  // the rest
  std::string last_error;    // the reason of the last refusal
};

class OtlpTraceReceiver {
 public:
  using OnRequests = std::function<void(const std::vector<LlmRequestSpan>&)>;
  // keep: how many requests the store holds (oldest dropped beyond it).
  explicit OtlpTraceReceiver(size_t keep = 10000, OtlpDecodeLimits limits = {});

  // The callback gets each accepted export's requests at once (an empty export calls nothing).
  void on_requests(OnRequests cb) { on_requests_ = std::move(cb); }
  // now_s: the session clock, stored as each request's received_t_s.
  HttpResponse handle(const HttpRequest& req, double now_s);
  // Counts a refusal made before handle() (by the HTTP framing: 413, 431...).
  void count_refusal(const HttpResponse& r);

  const OtlpReceiverStats& stats() const { return stats_; }
  const RequestSpanStore& store() const { return store_; }

 private:
  HttpResponse refuse(int status, std::string reason, bool protobuf_status, bool json);
  RequestSpanStore store_;
  OtlpDecodeLimits limits_;
  OtlpReceiverStats stats_;
  OnRequests on_requests_;
};

// google.rpc.Status {1 code: int32, 2 message: string} in the protobuf wire format, as OTLP answers a
// refused export; and its reading back (tests, tools). decode returns false on a malformed one.
std::string encode_rpc_status(int32_t code, const std::string& message);
bool decode_rpc_status(std::string_view bytes, int32_t& code, std::string& message);

}  // namespace inferscope::remote
