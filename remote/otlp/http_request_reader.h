#pragma once
// HTTP/1.1 requests cut out of a connection's byte stream, for the trace receiver (no HTTP library; Qt-free,
// so the framing is tested without sockets). Only what OTLP exporters send is supported: requests with a
// Content-Length body (or none). Keep-alive and pipelined requests work.
//
// What it promises: memory bounded by the limits (the header section and one body at most); a request
// that cannot be served is answered with an error status and the connection then closes, because the
// stream's framing can no longer be trusted: 400 (malformed), 411 (chunked: no Content-Length), 413 (body
// over the cap: refused from its Content-Length before its bytes are read), 431 (header section too large),
// 505 (not HTTP/1.x).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace inferscope::remote {

struct HttpRequest {
  std::string method, target;
  std::vector<std::pair<std::string, std::string>> headers;  // names lowercased, values trimmed
  std::string body;
  bool keep_alive = true;
  // The header's value (the first of that name, lowercase); empty when absent.
  std::string header(std::string_view lowercase_name) const;
};

struct HttpResponse {
  int status = 200;
  std::string content_type;
  std::string body;
  bool close = false;  // close the connection once written
  std::vector<std::pair<std::string, std::string>> extra_headers;
  std::string serialize() const;
};

const char* http_reason_phrase(int status);

struct HttpLimits {
  size_t max_header_bytes = 16 * 1024;
  size_t max_body_bytes = 4 * 1024 * 1024;
};

class HttpRequestReader {
 public:
  explicit HttpRequestReader(HttpLimits limits = {}) : limits_(limits) {}
  void feed(std::string_view bytes);

  struct Next {
    std::optional<HttpRequest> request;  // a whole request
    std::optional<HttpResponse> error;   // or the answer to a request that cannot be served (then close)
  };
  // The next request, an error, or neither when more bytes are needed. After an error, it returns nothing
  // more (and feed ignores bytes).
  Next next();
  bool failed() const { return failed_; }
  size_t buffered() const { return buf_.size(); }

 private:
  Next fail(int status, std::string reason);
  HttpLimits limits_;
  std::string buf_;
  bool failed_ = false;
};

}  // namespace inferscope::remote
