#pragma once
// The webhooks service's error answer read into a webapi::ServiceError: the description's Error,
// {"category": "VALIDATION_ERROR", "correlationId": "...", "message": "...", "subCategory": "...",
//  "errors": [...], "context": {...}, "links": {...}}. The category is the code; the correlation id is the
// reference to quote to the service's support.

#include <optional>
#include <string_view>

#include <webapi/core/error_body.hpp>
#include <webapi/core/service_error.hpp>

namespace webapi::webhooks {

namespace detail {
inline webapi::ErrorCategory category_of(std::string_view c, int status) {
  using C = webapi::ErrorCategory;
  if (c == "VALIDATION_ERROR" || c == "BAD_REQUEST") return C::invalid_argument;
  if (c == "INVALID_AUTHENTICATION" || c == "EXPIRED_AUTHENTICATION" || c == "UNAUTHORIZED") return C::unauthenticated;
  if (c == "MISSING_SCOPES" || c == "FORBIDDEN") return C::permission_denied;
  if (c == "OBJECT_NOT_FOUND" || c == "NOT_FOUND") return C::not_found;
  if (c == "CONFLICT" || c == "OBJECT_ALREADY_EXISTS") return C::conflict;
  if (c == "RATE_LIMITS" || c == "TOO_MANY_REQUESTS") return C::rate_limited;
  return webapi::category_for_status(status);
}
}  // namespace detail

inline std::optional<webapi::ServiceError> decode_error(int status, std::string_view body) {
  namespace eb = webapi::error_body;
  auto root = eb::object(body);
  if (!root || !root->contains("category")) return std::nullopt;
  webapi::ServiceError s;
  s.code = eb::text(*root, "category");
  s.status = eb::text(*root, "subCategory");
  s.message = eb::text(*root, "message");
  s.reference = eb::text(*root, "correlationId");
  s.details = eb::pick(*root, {"errors", "context", "links"});
  s.category = detail::category_of(s.code, status);
  return s;
}

}  // namespace webapi::webhooks
