#pragma once
// The one error type every webapi call reports.

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include <webapi/core/printable.hpp>
#include <webapi/core/service_error.hpp>
#include <webapi/core/transport_failure.hpp>

namespace webapi {

/// What went wrong, in the terms a caller branches on.
enum class ErrorKind {
  transport,         ///< connect, TLS, timeout, connection lost, body or header too large
  http,              ///< the server answered with a status outside 2xx
  decode,            ///< the response body did not match the expected type
  invalid_argument,  ///< a parameter could not be put on the wire as given
  auth,              ///< a credential the operation needs is missing
  not_implemented,   ///< the operation is not available here
  // Waiting for a long-running operation (core/poller.hpp):
  operation_failed,   ///< the service finished the operation with an error of its own
  deadline_exceeded,  ///< the operation was not done within the wait's budget
  cancelled,          ///< the caller stopped the wait
};

/// The kind's name as written in the enum, e.g. "invalid_argument"; "unknown" for a value outside it.
constexpr std::string_view to_string(ErrorKind k) noexcept {
  switch (k) {
    case ErrorKind::transport: return "transport";
    case ErrorKind::http: return "http";
    case ErrorKind::decode: return "decode";
    case ErrorKind::invalid_argument: return "invalid_argument";
    case ErrorKind::auth: return "auth";
    case ErrorKind::not_implemented: return "not_implemented";
    case ErrorKind::operation_failed: return "operation_failed";
    case ErrorKind::deadline_exceeded: return "deadline_exceeded";
    case ErrorKind::cancelled: return "cancelled";
  }
  return "unknown";
}

/// Writes the kind's name.
inline std::ostream& operator<<(std::ostream& os, ErrorKind k) { return os << to_string(k); }

/// A failure, with enough context to act on it. Never carries credential values.
struct Error {
  /// what went wrong, in the terms a caller branches on
  ErrorKind kind = ErrorKind::transport;
  std::string message;    ///< for a person: what was wrong and where
  std::string operation;  ///< the operation being called, e.g. "get_quote_search"
  int status = 0;         ///< HTTP status where the server answered, else 0
  std::string body;       ///< the response body where the server answered
  std::optional<ServiceError> service;  ///< the service's own error, where its body is in the service's error shape
  /// For a transport error: what failed, and in which phase (core/transport_error.hpp reads them).
  TransportFailure transport_failure = TransportFailure::none;
  /// the phase the transport failure happened in; none for other errors
  TransportPhase transport_phase = TransportPhase::none;

  /// The service's decoded error, or nullptr when it sent none (or the failure happened before it answered).
  const ServiceError* service_error() const noexcept { return service ? &*service : nullptr; }

  /// What the failure means, the same way for every API: from the service's own code where it sent one,
  /// else from the HTTP status, else from the kind (a transport failure is `unavailable`).
  ErrorCategory category() const noexcept {
    if (service) return service->category;
    switch (kind) {
      case ErrorKind::http: return category_for_status(status);
      case ErrorKind::transport: return ErrorCategory::unavailable;
      case ErrorKind::invalid_argument: return ErrorCategory::invalid_argument;
      case ErrorKind::auth: return ErrorCategory::unauthenticated;
      case ErrorKind::not_implemented: return ErrorCategory::unimplemented;
      case ErrorKind::deadline_exceeded: return ErrorCategory::unavailable;
      case ErrorKind::operation_failed: return ErrorCategory::other;
      case ErrorKind::decode:
      case ErrorKind::cancelled: break;
    }
    return ErrorCategory::none;
  }

  /// "get_quote_search: http 404: not found" -- operation, kind and message in one line, with control
  /// characters escaped (escape_controls), so a message quoting a peer cannot break a log line.
  std::string what() const {
    std::string s;
    if (!operation.empty()) s.append(operation).append(": ");
    s.append(to_string(kind));
    if (status != 0) s.append(" ").append(std::to_string(status));
    s.append(": ").append(message);
    return escape_controls(s);
  }

  /// Equal when every field is equal.
  friend bool operator==(const Error&, const Error&) = default;
  /// Writes what().
  friend std::ostream& operator<<(std::ostream& os, const Error& e) { return os << e.what(); }
};

/// An Error of `kind` with `message` and `operation`; every other field at its default.
inline Error make_error(ErrorKind kind, std::string message, std::string operation = {}) {
  Error e;
  e.kind = kind;
  e.message = std::move(message);
  e.operation = std::move(operation);
  return e;
}

}  // namespace webapi
