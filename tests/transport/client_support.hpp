#pragma once
// What the transport tests need to call a loopback server: options bounded in time that ignore the
// environment's proxies, a request, the text of a failure for a test message, and a header the server saw.

#include <chrono>
#include <string>
#include <string_view>
#include <utility>

#include <webapi/transport.hpp>

#include "loopback_server.hpp"

namespace webapi::test {

/// Each phase bounded; `proxy_url` (none by default) for http:// and https:// targets alike, whatever the
/// environment says.
inline BeastTransportOptions local_options(const std::string& proxy_url = {}) {
  using namespace std::chrono_literals;
  BeastTransportOptions o;
  o.timeouts = {.connect = 2s, .tls_handshake = 2s, .request = 5s};
  o.proxy = ProxyConfig{.http = proxy_url, .https = proxy_url};
  return o;
}

inline Request make_request(const std::string& base, std::string path = "/", Method m = Method::get) {
  Request r;
  r.method = m;
  r.base_url = base;
  r.path = std::move(path);
  r.operation = "test_call";
  return r;
}

/// The failure of `r` in words; empty when there is none.
template <class T>
std::string why(const Result<T>& r) {
  return r ? std::string() : r.error().what();
}

/// The value of header `name` in a request the server received, or "<absent>".
inline std::string field_of(const BeastRequest& r, std::string_view name) {
  auto it = r.find(name);
  return it == r.end() ? std::string("<absent>") : std::string(it->value());
}

}  // namespace webapi::test
