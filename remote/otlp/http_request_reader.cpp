#include "remote/otlp/http_request_reader.h"

#include <algorithm>
#include <charconv>

namespace inferscope::remote {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool is_token_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

}  // namespace

std::string HttpRequest::header(std::string_view name) const {
  for (const auto& [n, v] : headers)
    if (n == name) return v;
  return {};
}

const char* http_reason_phrase(int status) {
  switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 415: return "Unsupported Media Type";
    case 431: return "Request Header Fields Too Large";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Error";
  }
}

std::string HttpResponse::serialize() const {
  std::string out = "HTTP/1.1 " + std::to_string(status) + " " + http_reason_phrase(status) + "\r\n";
  if (!content_type.empty()) out += "Content-Type: " + content_type + "\r\n";
  out += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  for (const auto& [n, v] : extra_headers) out += n + ": " + v + "\r\n";
  if (close) out += "Connection: close\r\n";
  out += "\r\n";
  out += body;
  return out;
}

void HttpRequestReader::feed(std::string_view bytes) {
  if (!failed_) buf_.append(bytes);
}

HttpRequestReader::Next HttpRequestReader::fail(int status, std::string reason) {
  failed_ = true;
  buf_.clear();
  HttpResponse r;
  r.status = status;
  r.content_type = "text/plain; charset=utf-8";
  r.body = std::move(reason) + "\n";
  r.close = true;
  return {std::nullopt, std::move(r)};
}

HttpRequestReader::Next HttpRequestReader::next() {
  if (failed_) return {};
  // Blank lines before a request line are allowed (RFC 9112 2.2).
  size_t skip = 0;
  while (skip + 1 < buf_.size() && buf_[skip] == '\r' && buf_[skip + 1] == '\n') skip += 2;
  if (skip) buf_.erase(0, skip);
  const size_t end = buf_.find("\r\n\r\n");
  if (end == std::string::npos) {
    if (buf_.size() > limits_.max_header_bytes)
      return fail(431, "the request's header section is over " + std::to_string(limits_.max_header_bytes) + " bytes");
    return {};
  }
  if (end + 4 > limits_.max_header_bytes)
    return fail(431, "the request's header section is over " + std::to_string(limits_.max_header_bytes) + " bytes");

  const std::string_view head(buf_.data(), end);
  const size_t line_end = head.find("\r\n");
  const std::string_view request_line = head.substr(0, line_end);
  HttpRequest req;
  {
    const size_t sp1 = request_line.find(' ');
    const size_t sp2 = sp1 == std::string_view::npos ? sp1 : request_line.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || request_line.find(' ', sp2 + 1) != std::string_view::npos)
      return fail(400, "malformed request line");
    req.method = std::string(request_line.substr(0, sp1));
    req.target = std::string(request_line.substr(sp1 + 1, sp2 - sp1 - 1));
    const std::string_view version = request_line.substr(sp2 + 1);
    if (req.method.empty() || !std::all_of(req.method.begin(), req.method.end(), is_token_char) || req.target.empty())
      return fail(400, "malformed request line");
    if (version == "HTTP/1.0") req.keep_alive = false;
    else if (version != "HTTP/1.1") return fail(505, "only HTTP/1.1 and HTTP/1.0 are served");
  }
  std::string_view rest = line_end == std::string_view::npos ? std::string_view() : head.substr(line_end + 2);
  while (!rest.empty()) {
    const size_t e = rest.find("\r\n");
    const std::string_view line = rest.substr(0, e);
    rest = e == std::string_view::npos ? std::string_view() : rest.substr(e + 2);
    const size_t colon = line.find(':');
    if (colon == 0 || colon == std::string_view::npos) return fail(400, "malformed header line");
    const std::string_view name = line.substr(0, colon);
    if (!std::all_of(name.begin(), name.end(), is_token_char)) return fail(400, "malformed header name");
    req.headers.emplace_back(lower(name), std::string(trim(line.substr(colon + 1))));
  }

  const std::string connection = lower(req.header("connection"));
  if (connection.find("close") != std::string::npos) req.keep_alive = false;
  if (connection.find("keep-alive") != std::string::npos) req.keep_alive = true;
  if (!req.header("transfer-encoding").empty())
    return fail(411, "Transfer-Encoding is not supported; send the body with a Content-Length");

  size_t length = 0;
  int lengths = 0;
  for (const auto& [n, v] : req.headers) {
    if (n != "content-length") continue;
    size_t l = 0;
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), l);
    if (ec == std::errc::result_out_of_range)
      return fail(413, "the body is over " + std::to_string(limits_.max_body_bytes) + " bytes");
    if (ec != std::errc() || p != v.data() + v.size() || v.empty()) return fail(400, "malformed Content-Length");
    if (lengths++ && l != length) return fail(400, "conflicting Content-Length headers");
    length = l;
  }
  if (length > limits_.max_body_bytes)
    return fail(413, "the body (" + std::to_string(length) + " bytes) is over the receiver's " +
                         std::to_string(limits_.max_body_bytes) + "-byte cap");
  if (buf_.size() - (end + 4) < length) return {};
  req.body = buf_.substr(end + 4, length);
  buf_.erase(0, end + 4 + length);
  return {std::move(req), std::nullopt};
}

}  // namespace inferscope::remote
