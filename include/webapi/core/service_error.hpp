#pragma once
// ServiceError: a service's own error answer, decoded, and the category a program branches on.
//
// Every API words its errors differently (Google's {"error":{"code","status","message","details"}},
// HubSpot's {"category","correlationId","message"}, ...). Each module decodes its shape into this one value
// (include/webapi/<module>/errors.hpp), so a caller asks "was this a rate limit?" the same way everywhere:
//
//   if (!r && r.error().category() == webapi::ErrorCategory::rate_limited) ...
//   if (const auto* s = r.error().service_error()) std::cerr << s->code << ": " << s->message;

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include <boost/json/value.hpp>

namespace webapi {

/// What a failure means to a program, the same for every API.
enum class ErrorCategory {
  none,              ///< not a failure the caller could classify (e.g. a body that did not decode)
  invalid_argument,  ///< the request was refused as malformed or out of bounds (400, 422)
  unauthenticated,   ///< no credential, or one the service did not accept (401)
  permission_denied, ///< the credential is valid but not allowed to do this (403)
  not_found,         ///< the resource does not exist (404, 410)
  conflict,          ///< the resource's state does not allow it: already exists, changed meanwhile (409, 412)
  rate_limited,      ///< too many requests or a quota ran out (429)
  unavailable,       ///< the service or the network is down for now; worth trying later (502, 503, 504, transport)
  unimplemented,     ///< the service does not offer the operation (501)
  internal,          ///< the service failed (500 and other 5xx)
  other,             ///< any other refusal
};

/// The category's name as written in the enum, e.g. "not_found"; "other" for a value outside it.
constexpr std::string_view to_string(ErrorCategory c) noexcept {
  switch (c) {
    case ErrorCategory::none: return "none";
    case ErrorCategory::invalid_argument: return "invalid_argument";
    case ErrorCategory::unauthenticated: return "unauthenticated";
    case ErrorCategory::permission_denied: return "permission_denied";
    case ErrorCategory::not_found: return "not_found";
    case ErrorCategory::conflict: return "conflict";
    case ErrorCategory::rate_limited: return "rate_limited";
    case ErrorCategory::unavailable: return "unavailable";
    case ErrorCategory::unimplemented: return "unimplemented";
    case ErrorCategory::internal: return "internal";
    case ErrorCategory::other: return "other";
  }
  return "other";
}

/// Writes the category's name.
inline std::ostream& operator<<(std::ostream& os, ErrorCategory c) { return os << to_string(c); }

/// The category an HTTP error status means when the service says nothing more specific.
constexpr ErrorCategory category_for_status(int status) noexcept {
  switch (status) {
    case 400: case 422: return ErrorCategory::invalid_argument;
    case 401: return ErrorCategory::unauthenticated;
    case 403: return ErrorCategory::permission_denied;
    case 404: case 410: return ErrorCategory::not_found;
    case 409: case 412: return ErrorCategory::conflict;
    case 429: return ErrorCategory::rate_limited;
    case 501: return ErrorCategory::unimplemented;
    case 408: case 502: case 503: case 504: return ErrorCategory::unavailable;
    default: break;
  }
  if (status >= 500 && status < 600) return ErrorCategory::internal;
  if (status >= 400 && status < 500) return ErrorCategory::other;
  return ErrorCategory::none;
}

/// A service's error answer, decoded. Text members are empty where the service's shape has no such member.
struct ServiceError {
  std::string code;             ///< the service's own code as text: "NOT_FOUND", "Y800", "instanceNotFoundError"
  std::string status;           ///< a status or category word where the shape has one besides the code
  std::string message;          ///< the service's message for a person
  std::string reference;        ///< an id to quote to the service's support (correlationId, referenceCode)
  boost::json::value details{}; ///< the rest of what the service sent about the error (details, errors, context)
  /// what the error means, in the same terms for every API
  ErrorCategory category = ErrorCategory::other;

  /// Equal when every member is equal.
  friend bool operator==(const ServiceError&, const ServiceError&) = default;
};

/// A module's decoder: the service's error from a response status and body, or nullopt when the body is
/// not in the service's error shape (an HTML page from a proxy, say).
using ErrorDecoder = std::optional<ServiceError> (*)(int status, std::string_view body);

}  // namespace webapi
