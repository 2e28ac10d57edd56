#pragma once
// Who may use a served fake's control plane (/__webapi/: reset, seed, faults, snapshot with its API keys).
// Being on loopback is not enough: any web page in a local browser can send a simple cross-origin POST to
// 127.0.0.1, and after DNS rebinding read answers under its own host name. So a control request must also
//   - carry the server's control token in X-Webapi-Control (a header a page can send cross-origin only
//     after a preflight, which the server never approves), drawn anew at each start unless chosen;
//   - name the listening address in Host (a rebound name is refused), "localhost" allowed for loopback;
//   - carry no Origin, or the server's own.

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include <webapi/core/request.hpp>

namespace webapi::fakes {

/// The header a control-plane request carries the server's control token in.
inline constexpr std::string_view control_token_header = "X-Webapi-Control";

/// A fresh control token: 128 random bits as 32 hex digits.
inline std::string random_control_token() {
  std::random_device entropy;
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (int word = 0; word < 4; ++word) {
    std::uint32_t w = entropy();
    for (int i = 28; i >= 0; i -= 4) out += hex[(w >> i) & 0xF];
  }
  return out;
}

namespace detail {

/// Equal contents, compared in time that does not depend on where they differ.
inline bool same_secret(std::string_view a, std::string_view b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ (i < b.size() ? b[i] : 0));
  return diff == 0;
}

}  // namespace detail

/// Why a control-plane request from a loopback peer is refused, or nullopt when it may go on. `host` is
/// the request's Host header, `address` and `port` where the server listens.
inline std::optional<std::string> control_refusal(const Request& r, std::string_view host, std::string_view token,
                                                  std::string_view address, std::uint16_t port) {
  const std::string suffix = ":" + std::to_string(port);
  const std::string bracketed = address.find(':') != std::string_view::npos ? "[" + std::string(address) + "]"
                                                                           : std::string(address);
  // Listening on loopback, or on every address (which loopback peers reach as 127.0.0.1 or ::1).
  const bool loopback = address == "::1" || address.starts_with("127.") || address == "0.0.0.0" || address == "::";
  const bool own_host = host == bracketed + suffix ||
                        (loopback && (host == "localhost" + suffix || host == "127.0.0.1" + suffix ||
                                      host == "[::1]" + suffix));
  if (!own_host)
    return "the control plane answers requests to " + bracketed + suffix + " only, not to Host '" +
           std::string(host) + "'";
  if (auto origin = r.headers.get("Origin"); origin && *origin != "http://" + std::string(host))
    return "the control plane refuses requests from another origin ('" + std::string(*origin) + "')";
  auto sent = r.headers.get(control_token_header);
  if (!sent) return "the control plane needs the server's control token in " + std::string(control_token_header);
  if (!detail::same_secret(*sent, token)) return "wrong control token in " + std::string(control_token_header);
  return std::nullopt;
}

}  // namespace webapi::fakes
