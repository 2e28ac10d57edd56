#pragma once
// The kinds of transport failure an Error carries, and the phase of a request each happened in. They live
// in core so that Error can hold them as values; core/transport_error.hpp makes and reads them.

#include <ostream>
#include <string_view>

namespace webapi {

/// What failed between the caller and the server. Set where the failure happens; never parsed from text.
enum class TransportFailure {
  none,                        ///< not a transport error
  resolve,                     ///< the host name has no address, or could not be looked up; nothing was sent
  connect,                     ///< no TCP connection to any of the host's addresses; nothing was sent
  connect_timeout,             ///< Timeouts::connect fired (name resolution or TCP); nothing was sent
  tls_handshake_timeout,       ///< Timeouts::tls_handshake fired; nothing was sent
  request_timeout,             ///< Timeouts::request fired; the phase says whether the request had left
  tls,                         ///< the TLS session failed or was cut short, other than by its certificate
  certificate,                 ///< the peer's certificate was not trusted or does not name the host
  proxy,                       ///< the proxy refused or broke the tunnel, or its URL is unusable
  connection_lost,             ///< the connection broke before the request was sent; it had no effect
  connection_lost_after_send,  ///< the connection broke after the request was sent: its outcome is unknown
  header_too_large,            ///< the response header exceeded Limits::max_header_bytes
  body_too_large,              ///< the response body exceeded Limits::max_body_bytes
  protocol,                    ///< the response was not valid HTTP/1.1, or a redirect must not be followed
  cancelled,                   ///< the caller cancelled an asynchronous send; the phase says whether it had left
  other,                       ///< a transport error from elsewhere, e.g. a fake's injected fault
};

/// Where in a request a transport failure happened.
enum class TransportPhase {
  none,           ///< not known, or not a transport error
  resolve,        ///< looking the host name up
  connect,        ///< opening the TCP connection (or the SOCKS/CONNECT tunnel through a proxy)
  tls_handshake,  ///< the TLS handshake, with the proxy or the server
  send,           ///< writing the request: part of it may have reached the server
  receive,        ///< reading the response: the whole request had been sent
  redirect,       ///< deciding whether and where to follow a redirect
};

/// The failure's phrase for a person, e.g. "connect timeout"; it starts an Error's message.
constexpr std::string_view to_string(TransportFailure f) noexcept {
  switch (f) {
    case TransportFailure::none: return "none";
    case TransportFailure::resolve: return "resolve";
    case TransportFailure::connect: return "connect";
    case TransportFailure::connect_timeout: return "connect timeout";
    case TransportFailure::tls_handshake_timeout: return "TLS handshake timeout";
    case TransportFailure::request_timeout: return "request timeout";
    case TransportFailure::tls: return "TLS";
    case TransportFailure::certificate: return "certificate";
    case TransportFailure::proxy: return "proxy";
    case TransportFailure::connection_lost: return "connection lost";
    case TransportFailure::connection_lost_after_send:
      return "connection lost after the request was sent (outcome unknown)";
    case TransportFailure::header_too_large: return "header too large";
    case TransportFailure::body_too_large: return "body too large";
    case TransportFailure::protocol: return "protocol";
    case TransportFailure::cancelled: return "cancelled";
    case TransportFailure::other: return "other";
  }
  return "other";
}

/// The phase's name for a person, e.g. "TLS handshake".
constexpr std::string_view to_string(TransportPhase p) noexcept {
  switch (p) {
    case TransportPhase::none: return "none";
    case TransportPhase::resolve: return "resolve";
    case TransportPhase::connect: return "connect";
    case TransportPhase::tls_handshake: return "TLS handshake";
    case TransportPhase::send: return "send";
    case TransportPhase::receive: return "receive";
    case TransportPhase::redirect: return "redirect";
  }
  return "none";
}

/// Writes the failure's phrase.
inline std::ostream& operator<<(std::ostream& os, TransportFailure f) { return os << to_string(f); }
/// Writes the phase's name.
inline std::ostream& operator<<(std::ostream& os, TransportPhase p) { return os << to_string(p); }

}  // namespace webapi
