#pragma once
// The migration service's error answer read into a webapi::ServiceError. Google's shape,
//   {"error": {"code": 404, "message": "...", "status": "NOT_FOUND", "details": [...]}},
// gives code (the HTTP code the body repeats), status (the canonical code, which sets the category),
// message and details; an OAuth 2.0 refusal, {"error": "invalid_token", "error_description": "..."}, gives
// its error as the code and its description as the message.

#include <optional>
#include <string_view>

#include <webapi/core/error_body.hpp>
#include <webapi/core/service_error.hpp>

namespace webapi::migration {

inline std::optional<webapi::ServiceError> decode_error(int status, std::string_view body) {
  namespace eb = webapi::error_body;
  auto root = eb::object(body);
  if (!root) return std::nullopt;
  webapi::ServiceError s;
  s.category = webapi::category_for_status(status);
  if (const auto* e = eb::object_member(*root, "error")) {
    s.code = eb::text(*e, "code");
    s.status = eb::text(*e, "status");
    s.message = eb::text(*e, "message");
    if (const auto* d = e->if_contains("details")) s.details = *d;
    if (auto c = eb::canonical_code_category(s.status)) s.category = *c;
    return s;
  }
  if (const auto* e = root->if_contains("error"); e && e->is_string()) {
    s.code = eb::text(*root, "error");
    s.message = eb::text(*root, "error_description");
    if (s.code == "invalid_token" || s.code == "invalid_grant") s.category = webapi::ErrorCategory::unauthenticated;
    else if (s.code == "invalid_request") s.category = webapi::ErrorCategory::invalid_argument;
    return s;
  }
  return std::nullopt;
}

}  // namespace webapi::migration
