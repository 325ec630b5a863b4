#include "remote/otlp/listen_address.h"

#include <arpa/inet.h>

#include <charconv>
#include <cstring>

namespace inferscope::remote {

std::string ListenAddress::text() const {
  return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

std::optional<ListenAddress> parse_listen_address(const std::string& s, std::string* error) {
  auto bad = [&](const std::string& why) -> std::optional<ListenAddress> {
    if (error) *error = "'" + s + "' " + why;
    return std::nullopt;
  };
  const size_t colon = s.rfind(':');
  if (colon == std::string::npos || colon + 1 == s.size()) return bad("is not HOST:PORT");
  std::string host = s.substr(0, colon);
  const std::string port_text = s.substr(colon + 1);
  unsigned port = 0;
  const auto [p, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (ec != std::errc() || p != port_text.data() + port_text.size() || port > 65535) return bad("has no port 0-65535");
  ListenAddress a;
  a.port = uint16_t(port);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
    in6_addr v6{};
    if (inet_pton(AF_INET6, host.c_str(), &v6) != 1) return bad("has no IPv6 address in its brackets");
    a.ipv6 = true;
    a.host = host;
    a.loopback = std::memcmp(&v6, &in6addr_loopback, sizeof v6) == 0;
    return a;
  }
  if (host == "localhost") host = "127.0.0.1";
  in_addr v4{};
  if (inet_pton(AF_INET, host.c_str(), &v4) != 1)
    return bad("does not name an IP address (IPv4, [IPv6] or localhost)");
  a.host = host;
  a.loopback = (ntohl(v4.s_addr) >> 24) == 127;
  return a;
}

}  // namespace inferscope::remote
