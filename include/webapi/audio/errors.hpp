#pragma once
// The audio service's error answer read into a webapi::ServiceError: the description's Error,
// {"code": 401, "message": "...", "link": "...", "status": "...", "error": ..., "errors": [...]}. The token
// endpoint puts the OAuth 2.0 error in the message ("invalid_grant"), which then sets the category.

#include <optional>
#include <string_view>

#include <webapi/core/error_body.hpp>
#include <webapi/core/service_error.hpp>

namespace webapi::audio {

inline std::optional<webapi::ServiceError> decode_error(int status, std::string_view body) {
  namespace eb = webapi::error_body;
  auto root = eb::object(body);
  if (!root || (!root->contains("code") && !root->contains("message") && !root->contains("error"))) return std::nullopt;
  webapi::ServiceError s;
  s.code = eb::text(*root, "code");
  s.status = eb::text(*root, "status");
  s.message = eb::text(*root, "message");
  if (s.message.empty()) s.message = eb::text(*root, "error");
  s.details = eb::pick(*root, {"link", "errors", "error", "spam_warning_urn"});
  s.category = webapi::category_for_status(status);
  if (s.message == "invalid_grant" || s.message == "invalid_client" || s.message == "unauthorized_client")
    s.category = webapi::ErrorCategory::unauthenticated;
  else if (s.message == "unsupported_grant" || s.message == "unsupported_grant_type" || s.message == "invalid_request")
    s.category = webapi::ErrorCategory::invalid_argument;
  return s;
}

}  // namespace webapi::audio
