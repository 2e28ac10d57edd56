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
// Each step reads exactly the bytes its answer has, so nothing the target sends later is read here.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/buffer.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/system/error_code.hpp>

#include <webapi/core/error.hpp>
#include <webapi/transport/detail/deadline.hpp>
#include <webapi/transport/detail/resolve.hpp>
#include <webapi/transport/detail/stream.hpp>
#include <webapi/transport/detail/target.hpp>
#include <webapi/transport/failure.hpp>
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

/// Asks the SOCKS5 proxy `proxy`, connected on `stream`, for a tunnel to `target`, within the connect deadline
/// `cd` already set on the stream. A socks5:// proxy is given the address the target's name resolves to here,
/// a socks5h:// proxy the name itself; an IP literal is sent as an address either way. Errors are the connect
/// timeout when `cd` passed, a connect failure when the name cannot be resolved here, invalid_argument for a
/// name or credential too long for SOCKS5, and a proxy failure for anything the proxy says or does wrong. None
/// quotes the credentials.
/// `lookup` finds the target's addresses for socks5:// (empty: getaddrinfo through resolve()).
inline std::optional<Error> socks5_connect(
    Stream& stream, const ProxyEndpoint& proxy, const Target& target, const Deadline& cd,
    const std::function<Resolved(const std::string&, std::uint16_t, Clock::time_point)>& lookup = {}) {
  namespace asio = boost::asio;
  const std::string proxy_at = Target{false, proxy.host, proxy.port, {}, {}}.host_port();
  const std::string via = "SOCKS5 proxy " + proxy_at;
  const std::string where = target.host_port();

  const bool with_password = !proxy.username.empty() || !proxy.password.empty();
  if (proxy.username.size() > 255 || proxy.password.size() > 255)
    return make_error(ErrorKind::invalid_argument,
                      "the user name or password for " + via + " is longer than the 255 bytes SOCKS5 allows");

  // ---- the CONNECT request, made first: a name too long or one that does not resolve costs no exchange
  std::vector<std::uint8_t> request{0x05, 0x01, 0x00};
  std::optional<asio::ip::address> address = ip_literal(target.host);
  if (!address && proxy.kind == ProxyKind::socks5) {
    auto resolved = lookup ? lookup(target.host, target.port, cd.at) : resolve(target.host, target.port, cd.at);
    if (resolved.timed_out) return timeout_error(cd, TransportPhase::resolve, "no address for", where);
    if (resolved.ec || resolved.endpoints.empty())
      return transport_error(TransportFailure::resolve, TransportPhase::resolve,
                             "cannot resolve " + where + " for " + via + " (" +
                                 (resolved.ec          ? resolved.ec.message()
                                  : resolved.saturated ? std::string("too many name lookups still running")
                                                       : std::string("no address")) +
                                 ")");
    address = socks5_pick_address(resolved.endpoints);
  }
  if (address && address->is_v4()) {
    request.push_back(0x01);
    for (auto b : address->to_v4().to_bytes()) request.push_back(b);
  } else if (address) {
    request.push_back(0x04);
    for (auto b : address->to_v6().to_bytes()) request.push_back(b);
  } else {
    if (target.host.size() > 255)
      return make_error(ErrorKind::invalid_argument, "host name of " + target.origin() + " is " +
                                                         std::to_string(target.host.size()) +
                                                         " bytes long; a SOCKS5 proxy takes at most 255");
    request.push_back(0x03);
    request.push_back(static_cast<std::uint8_t>(target.host.size()));
    request.insert(request.end(), target.host.begin(), target.host.end());
  }
  request.push_back(static_cast<std::uint8_t>(target.port >> 8));
  request.push_back(static_cast<std::uint8_t>(target.port & 0xFF));

  // ---- the exchange; every failed read or write is the connect timeout when the deadline ended it
  boost::system::error_code ec;
  auto broken = [&](std::string_view during) -> Error {
    if (stream.expired()) return timeout_error(cd, TransportPhase::connect, "no tunnel through " + via + " to", where);
    return transport_error(TransportFailure::proxy, TransportPhase::connect,
                           via + " broke off during " + std::string(during) + " (" + ec.message() + ")");
  };
  auto send = [&](const std::vector<std::uint8_t>& bytes) {
    asio::write(stream, asio::buffer(bytes), ec);
    return !ec;
  };
  auto receive = [&](std::uint8_t* into, std::size_t n) {
    asio::read(stream, asio::buffer(into, n), ec);
    return !ec;
  };

  // Greeting: offer no authentication, and username/password when the URL has credentials.
  std::vector<std::uint8_t> greeting{0x05, 0x01, 0x00};
  if (with_password) greeting = {0x05, 0x02, 0x00, 0x02};
  std::array<std::uint8_t, 2> chosen{};
  if (!send(greeting) || !receive(chosen.data(), chosen.size())) return broken("the greeting");
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

  // Username and password, when the proxy chose them.
  if (chosen[1] == 0x02) {
    std::vector<std::uint8_t> auth{0x01, static_cast<std::uint8_t>(proxy.username.size())};
    auth.insert(auth.end(), proxy.username.begin(), proxy.username.end());
    auth.push_back(static_cast<std::uint8_t>(proxy.password.size()));
    auth.insert(auth.end(), proxy.password.begin(), proxy.password.end());
    std::array<std::uint8_t, 2> verdict{};
    if (!send(auth) || !receive(verdict.data(), verdict.size())) return broken("authentication");
    if (verdict[0] != 0x01)
      return transport_error(
          TransportFailure::proxy, TransportPhase::connect,
          via + " answered the username and password with version " + std::to_string(verdict[0]) + ", not 1");
    if (verdict[1] != 0x00)
      return transport_error(TransportFailure::proxy, TransportPhase::connect,
                             via + " rejected the username and password");
  }

  // CONNECT, and the reply: version, code, a reserved byte (not checked), then the address the proxy bound.
  std::array<std::uint8_t, 4> reply{};
  const std::string connecting = "the request to connect to " + where;
  if (!send(request) || !receive(reply.data(), reply.size())) return broken(connecting);
  if (reply[0] != 0x05)
    return transport_error(TransportFailure::proxy, TransportPhase::connect,
                           via + " answered " + connecting + " with version " + std::to_string(reply[0]) + ", not 5");
  if (reply[1] != 0x00)
    return transport_error(TransportFailure::proxy, TransportPhase::connect,
                           via + " refused the connection to " + where + ": " +
                               std::string(socks5_reply_text(reply[1])) + " (reply " + std::to_string(reply[1]) + ")");
  std::size_t bound = 0;  // the bound address and port, read and dropped: the tunnel starts after them
  switch (reply[3]) {
    case 0x01: bound = 4 + 2; break;
    case 0x04: bound = 16 + 2; break;
    case 0x03: {
      std::uint8_t length = 0;
      if (!receive(&length, 1)) return broken(connecting);
      if (length == 0)
        return transport_error(TransportFailure::proxy, TransportPhase::connect,
                               via + " answered " + connecting + " with an empty host name");
      bound = std::size_t{length} + 2;
      break;
    }
    default:
      return transport_error(TransportFailure::proxy, TransportPhase::connect,
                             via + " answered " + connecting + " with address type " + std::to_string(reply[3]) +
                                 ", which SOCKS5 does not have");
  }
  std::array<std::uint8_t, 255 + 2> discard{};
  if (!receive(discard.data(), bound)) return broken(connecting);
  return std::nullopt;
}

}  // namespace webapi::detail
