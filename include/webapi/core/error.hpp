#pragma once
// The one error type every webapi call reports.

#include <ostream>
#include <string>
#include <string_view>

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

inline std::ostream& operator<<(std::ostream& os, ErrorKind k) { return os << to_string(k); }

/// A failure, with enough context to act on it. Never carries credential values.
struct Error {
  ErrorKind kind = ErrorKind::transport;
  std::string message;    ///< for a person: what was wrong and where
  std::string operation;  ///< the operation being called, e.g. "get_quote_search"
  int status = 0;         ///< HTTP status where the server answered, else 0
  std::string body;       ///< the response body where the server answered

  /// "get_quote_search: http 404: not found" -- operation, kind and message in one line.
  std::string what() const {
    std::string s;
    if (!operation.empty()) s.append(operation).append(": ");
    s.append(to_string(kind));
    if (status != 0) s.append(" ").append(std::to_string(status));
    s.append(": ").append(message);
    return s;
  }

  friend bool operator==(const Error&, const Error&) = default;
  friend std::ostream& operator<<(std::ostream& os, const Error& e) { return os << e.what(); }
};

inline Error make_error(ErrorKind kind, std::string message, std::string operation = {}) {
  return Error{kind, std::move(message), std::move(operation), 0, {}};
}

}  // namespace webapi
