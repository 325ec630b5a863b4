#pragma once
// Where a receiver listens, from the command line's HOST:PORT ("127.0.0.1:4318", "[::1]:4318",
// "localhost:4318"). Qt-free. A receiver takes unauthenticated data, so the caller refuses a non-loopback
// address unless the user asked for it in so many words.
#include <cstdint>
#include <optional>
#include <string>

namespace inferscope::remote {

struct ListenAddress {
  std::string host;  // an IPv4 or IPv6 literal ("localhost" becomes 127.0.0.1)
  uint16_t port = 0; // 0: any free port
  bool ipv6 = false;
  bool loopback = false;  // 127.0.0.0/8 or ::1
  std::string text() const;  // "127.0.0.1:4318", "[::1]:4318"
};

// nullopt and *error set ("... is not HOST:PORT") when it cannot be read. Host names other than
// localhost are refused: the receiver binds an address, it does not resolve names.
std::optional<ListenAddress> parse_listen_address(const std::string& s, std::string* error);

}  // namespace inferscope::remote
