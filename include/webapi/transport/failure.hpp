#pragma once
// What kind of transport failure an Error describes, for decorators that branch on it (Retrying).
//
// BeastTransport starts every transport error message with one of the phrases below followed by ": ",
// so a person reading the message and code classifying it see the same thing.

#include <ostream>
#include <string>
#include <string_view>

#include <webapi/core/error.hpp>

namespace webapi {

enum class TransportFailure {
  none,                   ///< not a transport error
  connect,                ///< name resolution or TCP connect failed; nothing was sent
  connect_timeout,        ///< Timeouts::connect fired
  tls_handshake_timeout,  ///< Timeouts::tls_handshake fired
  request_timeout,        ///< Timeouts::request fired
  tls,                    ///< the TLS handshake failed, e.g. the certificate was not trusted
  proxy,                  ///< the proxy refused or broke the tunnel
  connection_lost,        ///< the connection broke before the request was sent; it had no effect
  connection_lost_after_send,  ///< the connection broke after the request was sent: its outcome is unknown
  too_large,              ///< a response header or body exceeded its limit
  protocol,               ///< the response was not valid HTTP/1.1, or a redirect could not be followed
  other,                  ///< a transport error from elsewhere, e.g. a fake's injected fault
};

constexpr std::string_view to_string(TransportFailure f) noexcept {
  switch (f) {
    case TransportFailure::none: return "none";
    case TransportFailure::connect: return "connect";
    case TransportFailure::connect_timeout: return "connect timeout";
    case TransportFailure::tls_handshake_timeout: return "TLS handshake timeout";
    case TransportFailure::request_timeout: return "request timeout";
    case TransportFailure::tls: return "TLS";
    case TransportFailure::proxy: return "proxy";
    case TransportFailure::connection_lost: return "connection lost";
    case TransportFailure::connection_lost_after_send: return "connection lost after the request was sent (outcome unknown)";
    case TransportFailure::too_large: return "too large";
    case TransportFailure::protocol: return "protocol";
    case TransportFailure::other: return "other";
  }
  return "other";
}

inline std::ostream& operator<<(std::ostream& os, TransportFailure f) { return os << to_string(f); }

/// A transport Error whose message starts with the failure's phrase.
inline Error transport_error(TransportFailure f, std::string_view detail, std::string operation = {}) {
  std::string message(to_string(f));
  message += ": ";
  message += detail;
  return make_error(ErrorKind::transport, std::move(message), std::move(operation));
}

/// The failure an Error describes, read back from its message.
inline TransportFailure transport_failure(const Error& e) noexcept {
  if (e.kind != ErrorKind::transport) return TransportFailure::none;
  for (auto f : {TransportFailure::connect_timeout, TransportFailure::connect, TransportFailure::tls_handshake_timeout,
                 TransportFailure::request_timeout, TransportFailure::tls, TransportFailure::proxy,
                 TransportFailure::connection_lost_after_send, TransportFailure::connection_lost,
                 TransportFailure::too_large, TransportFailure::protocol}) {
    std::string_view phrase = to_string(f);
    std::string_view m = e.message;
    if (m.size() > phrase.size() && m.starts_with(phrase) && m[phrase.size()] == ':') return f;
  }
  return TransportFailure::other;
}

/// Whether the failure is a timeout of any phase.
constexpr bool is_timeout(TransportFailure f) noexcept {
  return f == TransportFailure::connect_timeout || f == TransportFailure::tls_handshake_timeout ||
         f == TransportFailure::request_timeout;
}

}  // namespace webapi
