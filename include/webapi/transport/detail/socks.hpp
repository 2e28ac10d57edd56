#pragma once
// The client side of a SOCKS5 tunnel (RFC 1928), with the username/password method of RFC 1929, spoken
// over a connection already open to the proxy. Once it succeeds the connection carries bytes to and from
// the target unchanged: plain HTTP, or a TLS handshake with the target itself.
//
//   client                                  proxy
//   05 n methods...                 ->                   greeting: 00 no authentication, 02 username/password
//                                   <-  05 method
//   01 len user len password        ->                   only when the proxy chose 02
//                                   <-  01 status        00: accepted
//   05 01 00 atyp address port      ->                   CONNECT to an IPv4 (1), name (3) or IPv6 (4) address
//                                   <-  05 reply 00 atyp address port
//
// Each step reads exactly the bytes its answer has, so nothing the target sends later is read here. This file
// makes and judges the messages; BeastTransport exchanges them over the connection.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>
#include <webapi/transport/detail/target.hpp>
#include <webapi/core/transport_error.hpp>
#include <webapi/transport/proxy.hpp>

namespace webapi::detail {

/// What a SOCKS5 reply code means, in RFC 1928's words.
constexpr std::string_view socks5_reply_text(unsigned code) noexcept {
  switch (code) {
    case 0: return "succeeded";
    case 1: return "general SOCKS server failure";
    case 2: return "connection not allowed by ruleset";
    case 3: return "network unreachable";
    case 4: return "host unreachable";
    case 5: return "connection refused";
    case 6: return "TTL expired";
    case 7: return "command not supported";
    case 8: return "address type not supported";
  }
  return "unknown reply code";
}

/// The address a socks5:// CONNECT names: the first IPv4 address of `endpoints`, else the first. The request
/// carries one address and the proxy tries no other, so the family nearly every proxy can reach goes first.
inline boost::asio::ip::address socks5_pick_address(const std::vector<boost::asio::ip::tcp::endpoint>& endpoints) {
  for (const auto& ep : endpoints)
    if (ep.address().is_v4()) return ep.address();
  return endpoints.front().address();
}

/// The CONNECT request for `target` (RFC 1928, 4): to `address` when given, else to the host name, which must
/// fit SOCKS5's 255 bytes (invalid_argument otherwise).
inline Result<std::vector<std::uint8_t>> socks5_connect_request(const Target& target,
                                                               const std::optional<boost::asio::ip::address>& address) {
  std::vector<std::uint8_t> request{0x05, 0x01, 0x00};
  if (address && address->is_v4()) {
    request.push_back(0x01);
    for (auto b : address->to_v4().to_bytes()) request.push_back(b);
  } else if (address) {
    request.push_back(0x04);
    for (auto b : address->to_v6().to_bytes()) request.push_back(b);
  } else {
    if (target.host().size() > 255)
      return make_error(ErrorKind::invalid_argument, "host name of " + target.origin() + " is " +
                                                         std::to_string(target.host().size()) +
                                                         " bytes long; a SOCKS5 proxy takes at most 255");
    request.push_back(0x03);
    request.push_back(static_cast<std::uint8_t>(target.host().size()));
    request.insert(request.end(), target.host().begin(), target.host().end());
  }
  request.push_back(static_cast<std::uint8_t>(target.port() >> 8));
  request.push_back(static_cast<std::uint8_t>(target.port() & 0xFF));
  return request;
}

/// The greeting: no authentication, and username/password when the proxy URL has credentials.
inline std::vector<std::uint8_t> socks5_greeting(bool with_password) {
  if (with_password) return {0x05, 0x02, 0x00, 0x02};
  return {0x05, 0x01, 0x00};
}

/// Judges the proxy's answer to the greeting; `via` names the proxy in errors.
inline std::optional<Error> socks5_check_choice(const std::array<std::uint8_t, 2>& chosen, bool with_password,
                                                const std::string& proxy_at, const std::string& via) {
  if (chosen[0] != 0x05)
    return transport_error(TransportFailure::proxy, TransportPhase::connect,
                           "proxy " + proxy_at + " does not speak SOCKS5: it answered the greeting with version " +
                               std::to_string(chosen[0]));
  if (chosen[1] == 0xFF)
    return transport_error(TransportFailure::proxy, TransportPhase::connect,
        via + " accepts none of the authentication methods we offer (" +
            (with_password ? "no authentication, username and password)"
                           : "no authentication; it may want a user name and password in the proxy URL)"));
  if (chosen[1] == 0x02 && !with_password)
    return transport_error(TransportFailure::proxy, TransportPhase::connect, via +
                                                        " asks for an authentication method we do not offer "
                                                        "(username and password; put them in the proxy URL)");
  if (chosen[1] != 0x00 && chosen[1] != 0x02)
    return transport_error(TransportFailure::proxy, TransportPhase::connect,
        via + " asks for an authentication method we do not offer (method " + std::to_string(chosen[1]) + ")");
  return std::nullopt;
}

/// The username/password message of RFC 1929.
inline std::vector<std::uint8_t> socks5_credentials(const ProxyEndpoint& proxy) {
  // Byte by byte: GCC 12 at -O2 takes a range insert into the two-byte start for an overflow.
  std::vector<std::uint8_t> auth;
  auth.reserve(3 + proxy.username.size() + proxy.password.size());
  auth.push_back(0x01);
  auth.push_back(static_cast<std::uint8_t>(proxy.username.size()));
  for (char c : proxy.username) auth.push_back(static_cast<std::uint8_t>(c));
  auth.push_back(static_cast<std::uint8_t>(proxy.password.size()));
  for (char c : proxy.password) auth.push_back(static_cast<std::uint8_t>(c));
  return auth;
}

/// Judges the proxy's verdict on the username and password; never quotes them.
inline std::optional<Error> socks5_check_verdict(const std::array<std::uint8_t, 2>& verdict, const std::string& via) {
  if (verdict[0] != 0x01)
    return transport_error(TransportFailure::proxy, TransportPhase::connect,
                           via + " answered the username and password with version " + std::to_string(verdict[0]) +
                               ", not 1");
  if (verdict[1] != 0x00)
    return transport_error(TransportFailure::proxy, TransportPhase::connect, via + " rejected the username and password");
  return std::nullopt;
}

/// Judges the first four bytes of the reply to CONNECT (version, code, reserved, address type): the bytes of
/// bound address and port still to read and drop (for a name, 0: its length byte comes first), or the error.
inline Result<std::size_t> socks5_check_reply(const std::array<std::uint8_t, 4>& reply, const std::string& via,
                                              const std::string& where) {
  const std::string connecting = "the request to connect to " + where;
  if (reply[0] != 0x05)
    return transport_error(TransportFailure::proxy, TransportPhase::connect,
                           via + " answered " + connecting + " with version " + std::to_string(reply[0]) + ", not 5");
  if (reply[1] != 0x00)
    return transport_error(TransportFailure::proxy, TransportPhase::connect,
                           via + " refused the connection to " + where + ": " +
                               std::string(socks5_reply_text(reply[1])) + " (reply " + std::to_string(reply[1]) + ")");
  switch (reply[3]) {
    case 0x01: return std::size_t{4 + 2};
    case 0x04: return std::size_t{16 + 2};
    case 0x03: return std::size_t{0};
    default:
      return transport_error(TransportFailure::proxy, TransportPhase::connect,
                             via + " answered " + connecting + " with address type " + std::to_string(reply[3]) +
                                 ", which SOCKS5 does not have");
  }
}

}  // namespace webapi::detail
