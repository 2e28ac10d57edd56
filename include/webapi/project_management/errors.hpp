#pragma once
// The project-management service's error answer read into a webapi::ServiceError. Neither the description
// nor the requirements show its error body, so this reads the members such answers commonly carry:
// "errorMessage" or "message" for the message, "errorCode" or "code" for the code, "detailedMessage" as
// details. The category comes from the status (a 400 for an impossible status move is invalid_argument).

#include <optional>
#include <string_view>

#include <webapi/core/error_body.hpp>
#include <webapi/core/service_error.hpp>

namespace webapi::project_management {

inline std::optional<webapi::ServiceError> decode_error(int status, std::string_view body) {
  namespace eb = webapi::error_body;
  auto root = eb::object(body);
  if (!root) return std::nullopt;
  webapi::ServiceError s;
  s.message = eb::text(*root, "errorMessage");
  if (s.message.empty()) s.message = eb::text(*root, "message");
  s.code = eb::text(*root, "errorCode");
  if (s.code.empty()) s.code = eb::text(*root, "code");
  if (s.message.empty() && s.code.empty()) return std::nullopt;
  s.details = eb::pick(*root, {"detailedMessage", "details", "errors"});
  s.category = webapi::category_for_status(status);
  return s;
}

}  // namespace webapi::project_management
