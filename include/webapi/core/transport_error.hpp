#pragma once
// Making and reading the transport failure an Error carries (core/transport_failure.hpp lists the kinds). In
// core, so that fakes and decorators use it without the HTTP transport.
//
// The kind and the phase are fields of the Error, set where the failure happens. The message starts with
// the kind's phrase and ": " for a person reading it; code reads the fields, never the text.

#include <string>
#include <string_view>

#include <webapi/core/error.hpp>
#include <webapi/core/transport_failure.hpp>

namespace webapi {

/// A transport Error of kind `f` in phase `p`; the message is the kind's phrase, ": " and `detail`.
inline Error transport_error(TransportFailure f, TransportPhase p, std::string_view detail,
                             std::string operation = {}) {
  std::string message(to_string(f));
  message += ": ";
  message += detail;
  Error e = make_error(ErrorKind::transport, std::move(message), std::move(operation));
  e.transport_failure = f;
  e.transport_phase = p;
  return e;
}

/// A transport Error of kind `f`, in no particular phase.
inline Error transport_error(TransportFailure f, std::string_view detail, std::string operation = {}) {
  return transport_error(f, TransportPhase::none, detail, std::move(operation));
}

/// The failure an Error describes: none for other kinds of error, other for a transport error that was made
/// without one (e.g. by a fake).
constexpr TransportFailure transport_failure(const Error& e) noexcept {
  if (e.kind != ErrorKind::transport) return TransportFailure::none;
  return e.transport_failure == TransportFailure::none ? TransportFailure::other : e.transport_failure;
}

/// Whether the failure is a timeout of any phase.
constexpr bool is_timeout(TransportFailure f) noexcept {
  return f == TransportFailure::connect_timeout || f == TransportFailure::tls_handshake_timeout ||
         f == TransportFailure::request_timeout;
}

/// Whether a response header or body was larger than its limit.
constexpr bool is_too_large(TransportFailure f) noexcept {
  return f == TransportFailure::header_too_large || f == TransportFailure::body_too_large;
}

/// Whether the request certainly never reached the server, so sending it again cannot repeat its effect.
constexpr bool nothing_was_sent(const Error& e) noexcept {
  switch (transport_failure(e)) {
    case TransportFailure::resolve:
    case TransportFailure::connect:
    case TransportFailure::connect_timeout:
    case TransportFailure::tls_handshake_timeout:
    case TransportFailure::certificate:
    case TransportFailure::proxy:
    case TransportFailure::connection_lost:
      return true;
    case TransportFailure::request_timeout:
    case TransportFailure::cancelled:
    case TransportFailure::tls:
      return e.transport_phase == TransportPhase::resolve || e.transport_phase == TransportPhase::connect ||
             e.transport_phase == TransportPhase::tls_handshake;
    default:
      return false;
  }
}

}  // namespace webapi
